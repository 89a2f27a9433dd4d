"""A screen drawn inside another screen's section, answering its own ``data-action``s.

One listener per screen on its section (``click`` for buttons and links, ``change`` for
fields) runs ``on_<action>(target, event)`` for the nearest ``[data-action]`` the screen
has a method for, through :meth:`App.guard`; the section's other screens answer theirs.
A mistake tied to one field (:class:`FieldProblem`) is shown by that field too. This is
the shape of the screen kit (``KIT.md``); until it lands, the GURPS and End of the World
panels use this.
"""

from __future__ import annotations

from typing import Any

from omen.errors import RulesError
from omen.roll import Step
from omen_web import dom
from omen_web.app import App


class FieldProblem(RulesError):
    """A mistake in one field: the notice says it, and the field shows it."""

    def __init__(self, field: Any, message: Step) -> None:
        super().__init__(message)
        self.field = field


def mark(field: Any, text: str | None) -> None:
    """Tie an error message to ``field`` (``aria-invalid``, ``aria-describedby``), or
    clear it. The message goes in the field's ``[data-bind="field-error"]`` sibling box
    inside its nearest fieldset or label group."""
    box = field.closest("fieldset").querySelector('[data-bind="roller-error"]')
    if text is None:
        field.removeAttribute("aria-invalid")
        field.removeAttribute("aria-describedby")
        if hasattr(box, "tagName"):
            dom.show(box, False)
        return
    field.setAttribute("aria-invalid", "true")
    if hasattr(box, "tagName"):
        box.id = f"{field.id}-error"
        dom.text(box, text)
        dom.show(box, True)
        field.setAttribute("aria-describedby", box.id)


class Panel:
    name = ""
    section = ""

    def __init__(self, app: App) -> None:
        self.app = app
        self.root = dom.one(f'[data-screen="{self.section}"]')
        self.build()
        for kind in ("click", "change"):
            dom.on(self.root, kind, app.guard(self.dispatch))

    def build(self) -> None:
        """Once: clone templates, fill static text."""

    def render(self) -> None:
        raise NotImplementedError

    def t(self, step: Step) -> str:
        return self.app.t(step)

    def tr(self, message: str) -> str:
        return self.app.tr(message)

    def dispatch(self, event: Any) -> None:
        target = event.target.closest("[data-action]")
        if not hasattr(target, "tagName"):  # JS null: no action here
            return
        wanted = "click" if str(target.tagName) in ("BUTTON", "A") else "change"
        if str(event.type) != wanted:
            return
        handler = getattr(self, "on_" + str(target.dataset.action).replace("-", "_"), None)
        if handler is None:
            return  # another screen's action in the same section
        try:
            handler(target, event)
        except FieldProblem as problem:
            mark(problem.field, self.t(problem.message))
            raise
