"""The shape the project must keep: a pure engine, and a PyScript config in step with py/."""

from __future__ import annotations

import ast
import json
import os
import re
import sys
import tomllib
import zipfile
from pathlib import Path

from tests.unit.loaded import modules_loaded_by

ROOT = Path(__file__).resolve().parents[2]
BROWSER_MODULES = {"js", "pyscript", "pyodide"}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_engine_imports_nothing_from_the_browser() -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_roots(path) & BROWSER_MODULES)
        for path in (ROOT / "py" / "omen").rglob("*.py")
        if imported_roots(path) & BROWSER_MODULES
    }
    assert offenders == {}


def test_exploring_loads_no_other_games_procedures() -> None:
    """Every setting can be listed and checked without loading the encounter sequence,
    GURPS distance or dice pools, so a first start compiles only what Explore needs."""
    loaded = modules_loaded_by(
        "from omen.campaign import settings, state as campaign; "
        "settings.clean({'ose.initiative_ties': 'simultaneous'}); settings.registry(); "
        "campaign.Campaign.from_json({'name': 'x', 'game': 'liminal_horror', 'settings': {}})"
    )
    assert "omen.ose.settings" in loaded and "omen.campaign.voidcrawl" in loaded
    others = {"omen.ose.sequence", "omen.ose.session", "omen.gurps.rolls", "omen.gurps.distance"}
    others.add("omen.gurps.detection")
    assert loaded & (others | {"omen.eotw.pools", "omen.eotw.crew", "omen.campaign.share"}) == set()


def test_exploring_loads_the_tables_records_and_drawing_not_their_checks_or_paste_import() -> None:
    """An encounter rolls on a location's table and its result is stored, so a first start
    reads the records and the drawing; the checks and the paste import wait for Tables."""
    loaded = modules_loaded_by(
        "from omen.campaign import state as campaign, voidcrawl; "
        "campaign.Campaign.from_json({'name': 'x', 'game': 'liminal_horror', 'settings': {}})"
    )
    assert {"omen.campaign.tables", "omen.campaign.table_draw"} <= loaded
    assert loaded & {"omen.campaign.table_checks", "omen.campaign.table_paste"} == set()


def test_engine_import_check_would_catch_a_browser_import(tmp_path: Path) -> None:
    sample = tmp_path / "bad.py"
    sample.write_text("from pyscript import document\nimport js.console\n")
    assert imported_roots(sample) & BROWSER_MODULES == {"pyscript", "js"}


def test_pyscript_files_list_every_module_under_py() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    listed = {source for source in config["files"] if source.endswith(".py")}
    on_disk = {
        "./" + path.relative_to(ROOT).as_posix()
        for path in (ROOT / "py").rglob("*.py")
        if path.name != "main.py" and "egg-info" not in path.as_posix()
    }
    assert listed == on_disk
    for source, target in config["files"].items():
        if source.endswith(".py"):
            assert target == "./" + source.removeprefix("./py/")


def test_entry_point_is_the_page_script() -> None:
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<script type="py" src="py/main.py" config="pyscript.toml">', page)


def test_interpreter_is_self_hosted() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./static/engine.mjs"
    for name in ("index.html", "pyscript.toml", "sw.js", "static/boot.js"):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert not re.search(r"https?://(?!127\.0\.0\.1)", text), name


def test_pyodide_starts_without_stack_switching_in_the_page_and_the_worker() -> None:
    """static/engine.mjs hides JSPI from Pyodide (Chromium crashed the tab with it), and
    the snapshot worker too: each removes the names in its module body, which runs before
    it creates a Pyodide."""
    hide = (
        'for (const name of ["Suspending", "Suspender"]) Reflect.deleteProperty(WebAssembly, name);'
    )
    for name, creates in (
        ("static/engine.mjs", "await loadRuntime("),
        ("static/snapshot-worker.mjs", "await loadPyodide("),
    ):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert f"\n{hide}\n" in text, name
        assert text.index(hide) < text.index(creates), name


def test_the_app_loads_no_packages_so_the_lock_file_lists_none() -> None:
    """tools/build.py ships Pyodide's lock file without its package list (119 KB that
    every start would read); a ``[packages]`` entry would then fail to install."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert "packages" not in config
    assert "packages" not in config.get("py-config", {})
    lock = ROOT / "static" / "vendor" / "pyodide" / "pyodide-lock.json"
    if lock.exists():  # made by the build, which `make unit` runs first
        assert json.loads(lock.read_text(encoding="utf-8"))["packages"] == {}


def test_the_standard_library_ships_compiled() -> None:
    """tools/build.py ships the trimmed standard library as bytecode made by Pyodide's
    own Python (tools/compile_stdlib.mjs): every module listed in tools/stdlib-modules.txt
    that Pyodide has, as an unchecked hash-based .pyc (loaded without a source), all with
    one magic number, and no source beside them."""
    archive = ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
    if not archive.exists() or os.environ.get("OMEN_STDLIB_SOURCE") == "1":
        return  # made by the build, which `make unit` runs first
    listed = {
        line.strip()
        for line in (ROOT / "tools" / "stdlib-modules.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    with zipfile.ZipFile(archive) as shipped:
        names = shipped.namelist()
        assert names and all(name.endswith(".pyc") for name in names)
        headers = {shipped.read(name)[:8] for name in names}
    magic = {header[:4] for header in headers}
    assert len(magic) == 1 and next(iter(magic))[2:4] == b"\r\n"
    assert {header[4:8] for header in headers} == {(1).to_bytes(4, "little")}  # unchecked
    modules = {
        name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for name in names
    }
    assert modules <= listed
    assert {"dataclasses", "enum", "fractions", "gettext", "json", "random"} <= modules


def test_the_app_files_bundle_holds_every_python_file_as_it_is() -> None:
    """A start reads the app's Python files from static/build/app-files.bin (made by
    tools/build.py, read by static/app-files.mjs): py/main.py and every Python file of
    pyscript.toml's [files], byte for byte; the service worker keeps the bundle and not
    the files one by one."""
    sys.path.insert(0, str(ROOT / "tools"))
    import build

    bundle = ROOT / "static" / "build" / "app-files.bin"
    if not bundle.exists():
        return  # made by the build, which `make unit` runs first
    files = build.unbundle(bundle.read_bytes())
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    python = ["./py/main.py", *(url for url in config["files"] if url.endswith(".py"))]
    sources = {url: data for url, data in files.items() if not url.endswith(".pyc")}
    assert sorted(sources) == sorted(python)  # their bytecode: tests/unit/test_startup.py
    for url, data in sources.items():
        assert data == (ROOT / url).read_bytes(), f"{url} changed since the build"
    assert build.unbundle(build.bundle({"./a.py": b"x = 1\n", "./b.py": b""})) == {
        "./a.py": b"x = 1\n",
        "./b.py": b"",
    }
    offline = build.offline_files()
    assert "static/build/app-files.bin" in offline
    assert not any(name.endswith(".py") and name.startswith("py/") for name in offline)


def test_adapter_writes_no_html_from_python() -> None:
    for path in (ROOT / "py").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML", text), path


def test_a_screens_bound_names_are_in_the_pages_markup_once_and_in_no_template() -> None:
    """``kit.Screen.bound`` looks an element up once and keeps it: that holds only for an
    element of the page's own markup, marked once, never one a screen copies from a
    template (a copy made later would not be the element kept)."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    templates = "".join(re.findall(r"<template\b.*?</template>", page, re.S))
    markup = re.sub(r"<template\b.*?</template>", "", page, flags=re.S)
    in_markup = re.findall(r'data-bind="([^"]+)"', markup)
    in_templates = set(re.findall(r'data-bind="([^"]+)"', templates))
    asked: set[str] = set()
    for path in (ROOT / "py" / "omen_web").rglob("*.py"):
        text = path.read_text(encoding="utf-8")  # bound("x"); field("x") where it is bound
        calls = "bound|field" if "return self.bound(name)" in text else "bound"
        asked |= set(re.findall(rf'self\.(?:{calls})\("([^"]+)"\)', text))
    assert asked, "no self.bound(...) found: the check would pass on nothing"
    assert not asked & in_templates
    for name in sorted(asked):
        assert in_markup.count(name) == 1, name


GAME_PACKAGES = ("omen.liminal_horror", "omen.ose", "omen.gurps", "omen.eotw")
# The shared code of players' requests: it dispatches through GameSpec.requests.
SHARED_PLAYERS = ("py/omen_web/shell/players.py", "py/omen/campaign/players.py")


def games_named_in(source: str) -> set[str]:
    """The games a module names in its code (docstrings and comments aside): a game's
    key as a string, or an import of a game's package."""
    from omen.campaign.games import GAMES

    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    named: set[str] = set()
    for node in ast.walk(tree):
        constant = isinstance(node, ast.Constant) and id(node) not in docstrings
        if constant and isinstance(node.value, str) and node.value in GAMES:
            named.add(node.value)
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module]
        for module in modules:
            named.update(p for p in GAME_PACKAGES if module == p or module.startswith(p + "."))
    return named


def test_the_players_shared_code_names_no_game() -> None:
    """A player's request is read, rolled and priced through what its game declares
    (GameSpec.requests): the players' sheet and the players' codec name no game."""
    offenders = {
        path: sorted(games_named_in((ROOT / path).read_text(encoding="utf-8")))
        for path in SHARED_PLAYERS
        if games_named_in((ROOT / path).read_text(encoding="utf-8"))
    }
    assert offenders == {}


def test_the_check_for_named_games_would_catch_one() -> None:
    sample = (
        '"""Docstrings may say eotw."""\n'
        "from omen.gurps.players import roll_request\n"
        'if game == "eotw":\n    pass\n'
    )
    assert games_named_in(sample) == {"omen.gurps", "eotw"}
