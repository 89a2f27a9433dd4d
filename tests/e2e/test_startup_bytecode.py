"""A first start imports the app's own modules from their bytecode, never a stale one.

tools/build.py compiles every Python file of pyscript.toml's [files] with the Pyodide
the app ships (tools/compile_app.mjs) into checked hash-based .pyc files, carried in
the app's bundle; static/engine.mjs writes each beside its source before PyScript runs
py/main.py. The compiled code keeps every line but no columns, which tells, inside the
page, code read from a .pyc from code compiled from source.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import BrowserContext, Page, Route

import build

from .conftest import ROOT, open_app
from .test_snapshot import python, roll, started_from

# For each of the app's modules Python has imported: whether its functions' code (and its
# classes' methods') was read
# from the .pyc (no instruction has a column; None for a module without functions) and
# whether the .pyc beside its source is current (Python's magic number, checked
# hash-based, the source's hash).
MODULES = """
import importlib.util, json, sys
def read_from_bytecode(module):
    own = [v for v in vars(module).values() if getattr(v, "__module__", None) == module.__name__]
    members = own + [f for v in own if isinstance(v, type) for f in vars(v).values()]
    code = [f.__code__ for f in members if hasattr(f, "__code__")]
    code = [c for c in code if c.co_filename == module.__file__]  # not dataclasses' own
    if not code:
        return None
    return all(p[2] is None for c in code for p in c.co_positions())
def current(module):
    try:
        pyc = open(module.__cached__, "rb").read()
    except OSError:
        return False
    source = open(module.__file__, "rb").read()
    return (pyc[:4] == importlib.util.MAGIC_NUMBER and pyc[4:8] == (3).to_bytes(4, "little")
            and pyc[8:16] == importlib.util.source_hash(source))
json.dumps({name: [read_from_bytecode(m), current(m)] for name, m in sorted(sys.modules.items())
            if name.split(".")[0] in ("omen", "omen_web")})
"""


def modules(page: Page) -> dict[str, list[bool | None]]:
    found: dict[str, list[bool | None]] = json.loads(python(page, MODULES))
    return found


def test_a_first_start_runs_the_apps_modules_from_their_bytecode(page: Page, base: str) -> None:
    open_app(page, base, "?snapshot=off&seed=1")
    assert started_from(page) == "normal"
    roll(page)
    found = modules(page)
    assert {
        "omen.campaign.state",
        "omen.campaign.tables",
        "omen_web.kit.app",
        "omen_web.screens.common.explore",
    } <= set(found)
    assert {name for name, (read, ok) in found.items() if read is False or not ok} == set()
    assert sum(read is True for read, _ in found.values()) >= 20


@pytest.mark.fresh_profile  # routes the bundle, which the warm service worker would serve
def test_bytecode_that_does_not_match_its_source_is_not_run(
    context: BrowserContext, page: Page, base: str
) -> None:
    """A deploy whose bundle pairs a changed source with an old .pyc (and one module
    with another module's .pyc): Python compiles those sources, and the app works."""
    files = build.unbundle((ROOT / "static" / "build" / "app-files.bin").read_bytes())
    files["./py/omen_web/kit/storage.py"] += b"\nDEPLOY_MARK = 'new source'\n"
    cached = "./py/omen/core/__pycache__/{}.cpython-314.pyc"
    files[cached.format("notation")] = files[cached.format("i18n")]
    changed = build.bundle(files)

    def serve(route: Route) -> None:
        route.fulfill(body=changed, content_type="application/octet-stream")

    context.route(re.compile(r".*/static/build/app-files\.bin$"), serve)
    open_app(page, base, "?snapshot=off&seed=1")
    assert started_from(page) == "normal"
    roll(page)
    assert python(page, "import omen_web.kit.storage as s; s.DEPLOY_MARK") == "new source"
    assert python(page, "import omen.core.notation as n; callable(n.is_digits)") is True
    found = modules(page)
    assert found["omen_web.kit.storage"] == [False, False]
    assert found["omen.core.notation"] == [False, False]
    assert found["omen.core.i18n"] == [True, True]
