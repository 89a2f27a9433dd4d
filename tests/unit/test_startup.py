"""What a first start reads and imports: the app's bytecode, current, and nothing more.

tools/build.py compiles every Python file of pyscript.toml's [files] with Pyodide's own
Python (tools/compile_app.mjs) and carries each .pyc in static/build/app-files.bin,
beside its source; static/engine.mjs writes it where Python's import looks. A .pyc is
*checked*: Python runs it only while its source has the hash it holds, so an old one is
never run (tests/e2e/test_startup_bytecode.py shows it in the page). These tests check
the build's side: every module has its bytecode, made from the very source shipped.
"""

from __future__ import annotations

import _imp
import importlib.util
import os
import py_compile
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.unit.loaded import modules_loaded_by

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "static" / "build" / "app-files.bin"
STDLIB = ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
CHECKED = (3).to_bytes(4, "little")  # hash-based, checked against the source


def build_module():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT / "tools"))
    import build

    return build


def shipped() -> dict[str, bytes]:
    if not BUNDLE.exists():
        pytest.skip("made by the build, which `make unit` runs first")
    files: dict[str, bytes] = build_module().unbundle(BUNDLE.read_bytes())
    return files


def stdlib_magic() -> bytes:
    with zipfile.ZipFile(STDLIB) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".pyc"))
        return archive.read(name)[:4]


def current(pyc: bytes, source: bytes) -> bool:
    """Whether Python would run ``pyc`` for ``source``: checked hash-based, and the hash
    (keyed by the .pyc's own magic number, as its Python computes it) is the source's."""
    key = int.from_bytes(pyc[:4], "little")
    return pyc[4:8] == CHECKED and pyc[8:16] == _imp.source_hash(key, source)


def test_every_module_ships_with_current_bytecode_beside_its_source() -> None:
    if os.environ.get("OMEN_APP_SOURCE") == "1":
        pytest.skip("OMEN_APP_SOURCE=1 builds ship the app as source")
    files = shipped()
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    build = build_module()
    expected = {}
    for url, path in config["files"].items():
        if not url.endswith(".py"):
            continue
        cached = importlib.util.cache_from_source(path, optimization="")
        name = Path(cached).name.replace(sys.implementation.cache_tag, "cpython-314")
        expected[url] = build.bytecode_address(url, f"./__pycache__/{name}")
    compiled = {url for url in files if url.endswith(".pyc")}
    assert compiled == set(expected.values())  # one for each module, no other
    magic = stdlib_magic() if STDLIB.exists() else None
    for url, address in expected.items():
        pyc = files[address]
        assert files[url] == (ROOT / url).read_bytes(), f"{url} changed since the build"
        assert current(pyc, files[url]), f"{address} is not {url}'s"
        if magic is not None:  # the Python that reads the standard library
            assert pyc[:4] == magic
    # The snapshot's manifest tells the page where each .pyc goes, beside its source.
    manifest = (ROOT / "static" / "build" / "snapshot.js").read_text(encoding="utf-8")
    for url, path in config["files"].items():
        if url.endswith(".py"):
            target = path.rsplit("/", 1)[0] + "/__pycache__/"
            assert f'"{expected[url]}": "{target}' in manifest


def test_a_pyc_for_other_source_is_not_current() -> None:
    """The check above, and Python's own, tell a stale .pyc: another module's or an
    older version's hash does not pass."""
    files = shipped()
    if "./py/omen/core/__pycache__/dice.cpython-314.pyc" not in files:
        pytest.skip("OMEN_APP_SOURCE=1 builds ship the app as source")
    pyc = files["./py/omen/core/__pycache__/dice.cpython-314.pyc"]
    source = files["./py/omen/core/dice.py"]
    assert current(pyc, source)
    assert not current(pyc, source + b"\n")
    assert not current(pyc, files["./py/omen/core/roll.py"])


def test_cpython_runs_the_source_when_its_checked_pyc_is_stale(tmp_path: Path) -> None:
    """What the page relies on, shown with this CPython: a checked hash-based .pyc of an
    older source, beside the new source, is not run."""
    (tmp_path / "deploy.py").write_text("MARK = 'old'\n")
    py_compile.compile(
        str(tmp_path / "deploy.py"),
        invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
        doraise=True,
    )
    (tmp_path / "deploy.py").write_text("MARK = 'new'\n")
    run = subprocess.run(
        [sys.executable, "-B", "-c", "import deploy; print(deploy.MARK, deploy.__cached__)"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert run.stdout.split()[0] == "new"
    assert Path(run.stdout.split()[1]).exists()  # the old .pyc was there, and not used


def test_a_first_start_does_not_import_the_message_catalog_or_the_example() -> None:
    """omen.core.catalog is read only when a stored step is checked, omen.campaign.example only for the
    example campaign: a start's engine modules load neither."""
    loaded = modules_loaded_by(
        "from omen.core import dice, errors, i18n, notation, roll, store; "
        "from omen.campaign import exploration, state, tables, voidcrawl; from omen.core.roll import Step; Step('Turn {turn} begins.', {'turn': 1})"
    )
    assert "omen.campaign.state" in loaded and "omen.core.store" in loaded
    assert loaded & {"omen.core.catalog", "omen.campaign.example"} == set()
    checked = modules_loaded_by(
        "from omen.core.store import read_step; read_step({'k': 'Turn {turn} begins.', 'a': {'turn': 1}})"
    )
    assert "omen.core.catalog" in checked
