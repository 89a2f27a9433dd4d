"""Keep what has focus in sight, clear of the sticky header and the fixed bars, and bring
a tap's result into view.

The style sheet's ``scroll-padding`` already makes the browser scroll a focused control
clear of the bars. A control taller than a line (a text area) is scrolled only as far as
its caret, and an action bar whose buttons wrap is taller than the padding allows for:
this moves the page the rest of the way, so the whole control shows (WCAG 2.4.11/2.4.12).

**A tap's result is never missed.** An element that shows the result of some actions
names them in the markup, ``data-result="next-turn draw-attention"``. After such an
action went through (and the screens were drawn), :func:`reveal_result` scrolls that
element to the top of the page, under the header, when any of it is out of sight (a
page scrolled down to the lights or the typed dice): smoothly, or at once when the
device asks for reduced motion. A result already in sight stays where it is.

**A refusal is said where the answer would have gone.** A tap the rules refuse, or one
that needs more input first (a :class:`omen.core.errors.RulesError`), is answered by
:func:`refuse` beside what was tapped, not in the banner at the top of the page: in
place of the action's result element (hidden meanwhile, so the result of an earlier tap
never reads as the answer to this one), else just above the action bar the button sits
in, else just after the control. It is announced (``role="alert"``) and brought into
view as a result is, and taken away by the next action (:func:`clear_refusals`) but for
a change of language or theme, after which it is said again in the new language
(:func:`reword_refusals`).
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from omen_web.kit import dom

# The bars that can cover a control: the tab bar and the action bars of the screen on
# show (a screen not on show keeps its layout, see app.css: its bars are not measured).
BARS = "nav.tabbar, main > .screen:not([hidden]) .actions"
MARGIN = 8  # px of page left between a control and a bar


# The sticky header, read once (:func:`wire`).
HEADER: list[Any] = []


def reveal_result(node: Any) -> None:
    """Bring into view the element that shows the result of the action tapped at
    ``node`` (see the module's docstring), when it is on show and not all in sight.

    In one call into the page (``omenRevealResult``, static/lists.js): the action's name,
    its result element, its box, the header's and the bars' are a dozen reads of the
    page, each a call from Python that a slow phone makes several times slower."""
    window.omenRevealResult(node, BARS)


def refuse(node: Any, text: str) -> bool:
    """Say ``text``, why the action tapped at ``node`` was refused, where its result
    would have gone (see the module's docstring); False when that action has no place
    on show, for a notice instead. One call into the page (``omenRefuse``)."""
    return bool(window.omenRefuse(node, text, BARS))


def reword_refusals(text: str) -> None:
    """Say the refusal on show again as ``text`` (the same refusal, in a new language)."""
    for note in dom.every("p.refusal"):
        dom.text(note, text)


def clear_refusals() -> None:
    """Take away the refusals on show (the next action answers for itself)."""
    window.omenClearRefusals()


def keep_in_sight(event: Any) -> None:
    node = event.target
    if not hasattr(node, "getBoundingClientRect") or node.closest(
        "header.top, nav.tabbar, .actions, dialog"
    ):
        return  # the bars are always in sight; a dialog scrolls on its own
    box = node.getBoundingClientRect()
    top = float(HEADER[0].getBoundingClientRect().bottom)
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
    """Read the page's header, and keep what gets focus in sight."""
    HEADER[:] = [dom.one("header.top")]
    dom.on(document, "focusin", keep_in_sight)
