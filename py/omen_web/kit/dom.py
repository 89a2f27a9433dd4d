"""Small, explicit helpers over the DOM: find, clone, set text, listen.

Text always goes in through ``textContent``; there is no helper that writes HTML.
Lookups fail loudly: a missing ``data-bind`` is a wiring bug, not something to skip.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

_listeners: list[Any] = []  # keep proxies alive for the page's lifetime
_made = [0]  # proxies and once-callables made so far (window.omenProxies)
_templates: dict[str, Any] = {}  # each template's first element, by the template's id


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


def template(template_id: str) -> Any:
    """A ``<template>``'s first element: what :func:`clone` copies, looked up once.

    Controls marked ``data-needs-engine`` wait, disabled, for Python; Python is running
    when this is first asked for, so they are enabled in the template itself, and so in
    every copy. A change made to it here (a translation) is in every later copy.
    """
    node = _templates.get(template_id)
    if node is None:
        holder = document.getElementById(template_id)
        if holder is None:
            raise WiringError(f"no <template id={template_id!r}> in the page")
        node = _templates[template_id] = holder.content.firstElementChild
        for control in node.querySelectorAll("[data-needs-engine][disabled]"):
            control.removeAttribute("disabled")
    return node


def clone(template_id: str) -> Any:
    """A fresh copy of a ``<template>``'s first element (see :func:`template`)."""
    return template(template_id).cloneNode(True)


def options(**values: Any) -> Any:
    """A plain JavaScript object for an options argument (``{preventScroll: true}``)."""
    return to_js(values, dict_converter=window.Object.fromEntries)


def element(tag: str) -> Any:
    return document.createElement(tag)


def text(node: Any, value: str) -> None:
    node.textContent = value


def items(node: Any, values: Iterable[str]) -> None:
    """Replace a list's items with one ``<li>`` per text, in one call into the page
    (``static/lists.js``)."""
    window.omenItems(node, to_js(list(values)))


def texts(root: Any, pairs: Iterable[tuple[str, str]]) -> None:
    """Set the text of elements under ``root``, each ``(selector, text)`` pair one, in
    one call into the page (``static/lists.js``); a selector that finds nothing fails."""
    window.omenTexts(root, to_js([list(pair) for pair in pairs]))


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


_ISO_TIME = re.compile(  # a date, then hours and minutes, seconds, an offset or Z
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T([0-9]{2}):([0-9]{2})"
    r"(?::[0-9]{2}(?:\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})?"
)


def local_time(iso: str) -> str:
    """Hours and minutes of an ISO time, in the device's time zone.

    The browser is asked only for its offset at that moment (so summer time is right);
    the rest is arithmetic. A time without an offset is a local time already, as the
    browser reads it; one that is not an ISO time shows nothing.
    """
    match = _ISO_TIME.fullmatch(iso)
    if match is None:
        return ""
    hour, minute, zone = int(match[1]), int(match[2]), match[3]
    if hour > 23 or minute > 59:
        return ""
    if zone is None:
        return f"{hour:02d}:{minute:02d}"
    behind = _offset(iso[:16] + zone)
    if behind is None:
        return ""
    ahead = (
        0 if zone == "Z" else (int(zone[1:3]) * 60 + int(zone[4:6])) * (1 if zone[0] == "+" else -1)
    )
    minutes = (hour * 60 + minute - ahead - int(behind)) % (24 * 60)
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


@lru_cache(maxsize=512)
def _offset(minute: str) -> int | None:
    """Minutes the device is behind UTC at ``minute`` (an ISO time to the minute, with its
    offset), or None when the browser reads no date there.

    Kept by the minute: a Log of a session asks once per minute, not once per entry (an
    offset changes only on a whole minute). A device moved to another time zone shows
    the minutes it has asked for already as it did, until the page is opened again.
    """
    behind = window.Date.new(minute).getTimezoneOffset()
    return None if behind != behind else int(behind)
