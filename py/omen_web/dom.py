"""Small, explicit helpers over the DOM: find, clone, set text, listen.

Text always goes in through ``textContent``; there is no helper that writes HTML.
Lookups fail loudly: a missing ``data-bind`` is a wiring bug, not something to skip.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

_listeners: list[Any] = []  # keep proxies alive for the page's lifetime
_made = [0]  # proxies and once-callables made so far (window.omenProxies)


def _count() -> None:
    _made[0] += 1
    window.omenProxies = _made[0]


class WiringError(RuntimeError):
    """The markup and the adapter disagree: a bug to fix, never a user's mistake."""


def one(selector: str, root: Any = None) -> Any:
    node = (root or document).querySelector(selector)
    if node is None:
        raise WiringError(f"nothing in the page matches {selector!r}")
    return node


def found(node: Any) -> bool:
    """Whether a lookup found something: JavaScript's ``null`` may arrive as ``None`` or
    as Pyodide's ``jsnull``, and both are nothing."""
    return node is not None and bool(node)


def by_id(element_id: str) -> Any:
    """The element with this id, or None."""
    node = document.getElementById(element_id)
    return node if found(node) else None


def bound(name: str, root: Any = None) -> Any:
    return one(f'[data-bind="{name}"]', root)


def every(selector: str, root: Any = None) -> list[Any]:
    return list((root or document).querySelectorAll(selector))


def clone(template_id: str) -> Any:
    """A fresh copy of a ``<template>``'s first element.

    Controls marked ``data-needs-engine`` wait, disabled, for Python; Python is running
    when it clones, so they are enabled in the copy.
    """
    template = document.getElementById(template_id)
    if template is None:
        raise WiringError(f"no <template id={template_id!r}> in the page")
    node = template.content.firstElementChild.cloneNode(True)
    for control in node.querySelectorAll("[data-needs-engine][disabled]"):
        control.removeAttribute("disabled")
    return node


def options(**values: Any) -> Any:
    """A plain JavaScript object for an options argument (``{preventScroll: true}``)."""
    return to_js(values, dict_converter=window.Object.fromEntries)


def element(tag: str) -> Any:
    return document.createElement(tag)


def text(node: Any, value: str) -> None:
    node.textContent = value


def option(value: str, label: str = "") -> Any:
    """An ``<option>`` with its value and its text (text, never markup)."""
    node = document.createElement("option")
    node.value = value
    node.textContent = label
    return node


# The option lists made lately, by their (value, label) pairs: a list made before is
# copied in one call, not made again one option at a time (an editor row each has one).
_option_lists: dict[tuple[tuple[str, str], ...], Any] = {}
OPTION_LISTS_KEPT = 32


def fill_options(select: Any, choices: Iterable[tuple[str, str]]) -> None:
    """Replace a ``<select>``'s options with ``(value, label)`` pairs."""
    key = tuple(choices)
    made = _option_lists.pop(key, None)
    if made is None:
        made = document.createDocumentFragment()
        for value, label in key:
            made.append(option(value, label))
        if len(_option_lists) >= OPTION_LISTS_KEPT:
            _option_lists.pop(next(iter(_option_lists)))  # the one used longest ago
    _option_lists[key] = made  # kept as the newest
    select.replaceChildren(made.cloneNode(True))


def show(node: Any, visible: bool = True) -> None:
    if visible:
        node.removeAttribute("hidden")
    else:
        node.setAttribute("hidden", "")


def clear(node: Any) -> None:
    node.replaceChildren()


def proxy(handler: Callable[..., Any]) -> Any:
    """A JavaScript function that calls ``handler``, kept for the page's lifetime.

    The only place the adapter makes a proxy: each one is counted in
    ``window.omenProxies``, so a test can see that a redraw makes none.
    """
    made = create_proxy(handler)
    _listeners.append(made)
    _count()
    return made


def on(node: Any, event: str, handler: Callable[..., object]) -> None:
    node.addEventListener(event, proxy(handler))


def now_iso() -> str:
    return str(window.Date.new().toISOString())


def local_time(iso: str) -> str:
    """Hours and minutes of an ISO time, in the device's time zone."""
    date = window.Date.new(iso)
    if window.isNaN(date.getTime()):
        return ""
    return f"{int(date.getHours()):02d}:{int(date.getMinutes()):02d}"
