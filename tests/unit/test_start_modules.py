"""What a start may import: the app's own modules a game master's first screen needs.

tools/start-modules.txt lists them (kept with the build's other lists). A start imports
py/main.py's adapter (omen_web.kit.app), the screens on Explore that are not hidden
(Explore's checks, the choice of panel and the campaign's own game's panels: another
game's panel is built when chosen or when the page is idle, see App.build_unless_hidden),
and what the store reads as the page opens (preferences, campaign, the log's newest page), the first start's question
and Explore draws (the tension pool, the tables and the Voidcrawl, from the example
campaign on a new device). Everything else is imported when first needed. A module that
sneaks into the start fails here by name; one the start no longer needs must leave the
list, so the list stays what start imports.

Run on CPython with stand-ins for ``pyscript`` and ``pyodide.ffi``, as the snapshot
worker does (static/snapshot-worker.mjs): module-level imports are the browser's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = ROOT / "tools" / "start-modules.txt"

STAND_INS = """
import importlib, json, re, sys, types

class StandIn:
    def __init__(self, name):
        object.__setattr__(self, "name", name)
    def __getattr__(self, attribute):
        raise RuntimeError(f"pyscript.{self.name}.{attribute} used at import")

pyscript = types.ModuleType("pyscript")
pyscript.document, pyscript.window = StandIn("document"), StandIn("window")
ffi = types.ModuleType("pyodide.ffi")
for name in ("JsException", "JsProxy"):
    setattr(ffi, name, type(name, (Exception,), {}))
for name in ("create_proxy", "create_once_callable", "to_js"):
    setattr(ffi, name, lambda *args, **kwargs: None)
pyodide = types.ModuleType("pyodide")
pyodide.ffi = ffi
sys.modules.update({"pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi})
"""

PROBE = (
    STAND_INS
    + """

from omen_web.kit import app
from omen_web.shell import firststart  # a first start asks which game the table plays
from omen_web.kit.store import Store
from omen.campaign.games import GAMES
from omen.campaign.state import Campaign
from omen.core.store import Keeper, MemoryBackend

GAME = sys.argv[1]
page = open("index.html", encoding="utf-8").read()
sections = set(re.findall(r'data-screen="([^"]+)"', page))
panels = set(re.findall(r'data-panel="([^"]+)"', page))
own = set(GAMES[GAME].explore)
for name in app.SCREENS:  # on show in Explore, as App.on_show says
    section = app.SECTIONS.get(name, name)
    if section != "explore" and section in sections:
        continue
    if name in panels and name not in own:
        continue  # hidden: another game's panel
    importlib.import_module(app.SCREENS[name][0])
backend = MemoryBackend()
store = Store(Keeper(backend, lambda step: None, lambda: "T"), "T", lambda: "T", str, lambda: "en")
store.put("campaign", Campaign(game=GAME))
for kind in ("prefs", "campaign", "exploration", "library", "voidcrawl"):
    store.get(kind)
store.log.newest(1)
print(json.dumps(sorted(n for n in sys.modules if n.split(".")[0] in ("omen", "omen_web"))))
"""
)


def started(game: str) -> set[str]:
    """The app's modules a start imports for a campaign of ``game`` on a new device."""
    run = subprocess.run(
        [sys.executable, "-c", PROBE, game],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
    )
    return set(json.loads(run.stdout))


def allowed() -> set[str]:
    lines = ALLOWED.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


GAMES_PLAYED = ("liminal_horror", "ose", "gurps", "eotw")


@pytest.mark.parametrize("game", GAMES_PLAYED)
def test_a_start_imports_only_the_modules_on_the_list(game: str) -> None:
    extra = sorted(started(game) - allowed())
    assert not extra, f"imported at start, not on tools/start-modules.txt: {', '.join(extra)}"


def test_every_module_on_the_list_is_imported_by_some_start() -> None:
    every = set().union(*(started(game) for game in GAMES_PLAYED))
    unused = sorted(allowed() - every)
    assert not unused, f"on tools/start-modules.txt, imported by no start: {', '.join(unused)}"


def test_a_liminal_horror_start_imports_no_other_games_procedures() -> None:
    loaded = started("liminal_horror")
    assert "omen_web.screens.common.explore" in loaded and "omen.campaign.logbook" in loaded
    assert {name for name in loaded if name.startswith("omen_web.screens.")} <= {
        "omen_web.screens",
        "omen_web.screens.common",
        "omen_web.screens.common.explore",
        "omen_web.screens.common.lights",
        "omen_web.screens.common.panels",
        "omen_web.screens.common.timepasses",
        "omen_web.screens.common.turn",
    }
    hidden = {"omen.ose.turn", "omen.gurps.travel", "omen.eotw.crew", "omen.ose.sequence"}
    assert loaded & hidden == set()


def test_the_adapter_brings_neither_the_first_start_question_nor_the_examples() -> None:
    """A return visit (the question answered, the tables stored) imports neither: the
    question's module and the examples in both languages come only with a first start."""
    run = subprocess.run(
        [sys.executable, "-c", STAND_INS + "from omen_web.kit import app; print(*sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
    )
    loaded = set(run.stdout.split())
    assert "omen_web.kit.app" in loaded
    assert loaded & {"omen_web.shell.firststart", "omen.campaign.example"} == set()
