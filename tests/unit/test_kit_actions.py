"""The kit's delegation (``omen_web.kit.screen.Actions``): a tap on an element marked
``data-action`` reaches the method that answers it, on the screen itself or on one of its
parts by job (the Tables screen's editor, list, locations ...), and an action nobody
answers is a wiring mistake that fails loudly.

Run on CPython with stand-ins for ``pyscript`` and ``pyodide.ffi`` and a few elements
that know their parent, in a process of its own (the stand-ins stay out of this one).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys, types

window = types.SimpleNamespace()
pyscript = types.ModuleType("pyscript")
pyscript.document, pyscript.window = types.SimpleNamespace(), window
ffi = types.ModuleType("pyodide.ffi")
ffi.create_proxy = lambda handler: handler  # a listener is the Python function itself
ffi.to_js = lambda value, **kwargs: value
pyodide = types.ModuleType("pyodide")
pyodide.ffi = ffi
sys.modules.update({"pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi})

from omen_web.kit import dom
from omen_web.kit.screen import Actions


class Node:
    def __init__(self, tag, parent=None, action=None):
        self.tagName, self.parent, self.attributes, self.listeners = tag, parent, {}, {}
        self.dataset = types.SimpleNamespace(action=action)

    def setAttribute(self, name, value):
        self.attributes[name] = value

    def getAttribute(self, name):
        return self.attributes.get(name)

    def addEventListener(self, event, handler):
        self.listeners[event] = handler

    def closest(self, selector):
        node = self
        while node is not None:
            if selector == "[data-action]" and node.dataset.action:
                return node
            if selector == "[data-kit-root]" and "data-kit-root" in node.attributes:
                return node
            node = node.parent
        return None


said = []


class Editor(Actions):
    name = "editor"

    def on_save_table(self, target, event):
        said.append("the editor saves")

    def on_close_table(self, target, event):
        said.append("the editor closes")


class Listing(Actions):
    name = "listing"

    def on_open_table(self, target, event):
        said.append("the list opens a table")


class Screen(Actions):
    name = "tables"

    def on_close_table(self, target, event):
        said.append("the screen closes")


root = Node("SECTION")
screen = Screen()
screen.jobs = (Listing(), Editor())
screen.delegate([root], lambda handler: handler)


def tap(action, event="click", tag="BUTTON"):
    button = Node(tag, parent=Node("DIV", parent=root), action=action)
    root.listeners[event](types.SimpleNamespace(target=button, type=event))


tap("save-table")
tap("open-table")
tap("close-table")
tap("save-table", event="change")  # a button answers a click only
try:
    tap("roll-the-moon")
except dom.WiringError as error:
    said.append(str(error))
print(json.dumps({"said": said, "events": sorted(root.listeners)}))
"""


def probe() -> dict[str, list[str]]:
    run = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
    )
    answer: dict[str, list[str]] = json.loads(run.stdout)
    return answer


def test_an_action_reaches_the_part_that_answers_it_and_the_screen_first() -> None:
    said = probe()["said"]
    assert said[:3] == ["the editor saves", "the list opens a table", "the screen closes"]


def test_an_action_nobody_answers_fails_loudly_and_a_wrong_event_reaches_nobody() -> None:
    said = probe()["said"]
    assert said[3:] == ["tables has no on_roll_the_moon"]


def test_the_delegation_listens_once_for_each_event_on_the_root() -> None:
    assert probe()["events"] == ["change", "click", "input", "keydown", "submit"]
