"""Every ``data-action`` in the page has its handler, and every handler has a use.

A screen answers ``data-action="next-turn"`` with ``on_next_turn``, and so do the parts
of the shell that are no screen (on the kit's ``Actions``: the help sheet, the install
hint); two actions of the page's start-up script (``static/boot.js``) are bound by their
selector (``'[data-action="reload"]'``). An action with no handler would
fail only on a tap (``dom.WiringError``), so it fails here. Actions a screen sets from
Python (``dataset.action = "import-file"``, a card's buttons made with their action's
name) count as used by the string that names them, and a hook the app calls by name
(``"on_begin_encounter"``) by that name.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ADAPTER = ROOT / "py" / "omen_web"
SELECTOR = re.compile(r"""\[data-action=["']([a-z0-9-]+)["']\]""")


@cache
def page_actions() -> frozenset[str]:
    """The actions the page's markup names, its templates included."""
    return frozenset(re.findall(r'data-action="([^"]+)"', (ROOT / "index.html").read_text("utf-8")))


@cache
def handlers() -> dict[str, str]:
    """Each action a screen's ``on_`` method answers (a method of a class on the kit's
    ``Screen``, or on its ``Actions`` for the shell's parts that are no screen), with the
    file that has it."""
    found = {}
    for path in sorted(ADAPTER.rglob("*.py")):
        for cls in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(cls, ast.ClassDef):
                continue
            if not {"kit.Screen", "kit.Actions"} & {ast.unparse(base) for base in cls.bases}:
                continue
            for node in cls.body:
                if isinstance(node, ast.FunctionDef) and node.name.startswith("on_"):
                    found[node.name.removeprefix("on_").replace("_", "-")] = path.name
    return found


@cache
def bound_by_selector() -> set[str]:
    """Actions bound by their selector, in the adapter or the start-up script."""
    texts = [path.read_text(encoding="utf-8") for path in ADAPTER.rglob("*.py")]
    texts.append((ROOT / "static" / "boot.js").read_text(encoding="utf-8"))
    found = {name for text in texts for name in SELECTOR.findall(text)}
    return found


@cache
def named_in_python() -> set[str]:
    """Every string constant of the adapter that could be an action's name."""
    names = set()
    for path in ADAPTER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if re.fullmatch(r"[a-z][a-z0-9-]*", node.value):
                    names.add(node.value)
                elif re.fullmatch(r"on_[a-z0-9_]+", node.value):  # a hook the app calls
                    names.add(node.value.removeprefix("on_").replace("_", "-"))
    return names


def test_every_action_in_the_page_has_a_handler() -> None:
    actions = page_actions()
    assert len(actions) > 50, "no data-action found: the check would pass on nothing"
    missing = actions - set(handlers()) - bound_by_selector()
    assert missing == set()


def test_every_handler_has_a_use() -> None:
    unused = {
        action: where
        for action, where in handlers().items()
        if action not in page_actions() and action not in named_in_python()
    }
    assert unused == {}


def test_the_checks_find_a_missing_handler_and_an_unused_one() -> None:
    """What the two tests compute, on a made-up page and screen."""
    actions = {"next-turn", "roll-dice"}
    answered = {"next-turn": "turn.py", "old-button": "turn.py"}
    assert actions - set(answered) == {"roll-dice"}
    assert {a for a in answered if a not in actions} == {"old-button"}
    assert SELECTOR.findall("""dom.one('[data-action="help-close"]')""") == ["help-close"]
