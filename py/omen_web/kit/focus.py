"""Keep what has focus in sight, clear of the sticky header and the fixed bars.

The style sheet's ``scroll-padding`` already makes the browser scroll a focused control
clear of the bars. A control taller than a line (a text area) is scrolled only as far as
its caret, and an action bar whose buttons wrap is taller than the padding allows for:
this moves the page the rest of the way, so the whole control shows (WCAG 2.4.11/2.4.12).
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from omen_web.kit import dom

# The bars that can cover a control: the tab bar and the action bars of the screen on
# show (a screen not on show keeps its layout, see app.css: its bars are not measured).
BARS = "nav.tabbar, main > .screen:not([hidden]) .actions"
MARGIN = 8  # px of page left between a control and a bar


def keep_in_sight(event: Any) -> None:
    node = event.target
    if not hasattr(node, "getBoundingClientRect") or node.closest(
        "header.top, nav.tabbar, .actions, dialog"
    ):
        return  # the bars are always in sight; a dialog scrolls on its own
    box = node.getBoundingClientRect()
    top = float(document.querySelector("header.top").getBoundingClientRect().bottom)
    bottom = float(window.innerHeight)
    for bar in document.querySelectorAll(BARS):
        edge = bar.getBoundingClientRect()
        if edge.height > 0 and edge.left < box.right and edge.right > box.left:
            bottom = min(bottom, float(edge.top))
    delta = 0.0
    if box.bottom > bottom - MARGIN:
        # Down far enough to show its lower edge, but never its upper edge under the header.
        delta = min(box.bottom - (bottom - MARGIN), box.top - (top + MARGIN))
    elif box.top < top + MARGIN:
        delta = box.top - (top + MARGIN)
    if abs(delta) >= 1:
        window.scrollBy(0, delta)


def wire() -> None:
    dom.on(document, "focusin", keep_in_sight)
