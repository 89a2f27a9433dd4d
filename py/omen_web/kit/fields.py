"""The fields of a screen: a whole number read from one, an option list filled, and a
field's error message, shown beside it and in the current language.

A mistake in a field is said twice: under the field (its ``aria-describedby`` target)
and as a notice, through the :class:`omen.core.errors.RulesError` the reading raises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from omen.core.errors import RulesError
from omen.core.notation import read_whole
from omen.core.roll import N_, Step
from omen_web.kit import dom


def whole(field: Any, low: int, high: int, what: str) -> int:
    """The whole number typed in ``field``, from ``low`` to ``high``.

    ``what`` names the field (an ``N_`` message such as ``N_("the skill")``) in the
    sentence a game master sees, under the field and as a notice, when the text is not a
    whole number in that range. A number read well clears the field's error.
    """
    value = read_whole(str(field.value), low, high)
    if value is None:
        message = Step(
            N_("Type a whole number from {low} to {high} for {what}."),
            {"low": low, "high": high, "what": Step(what)},
        )
        error(field, message)
        raise RulesError(message)
    error(field, None)
    return value


def choices(select: Any, pairs: Iterable[tuple[str, str]], value: str) -> None:
    """Fill an option list with ``(value, label)`` pairs and choose ``value``."""
    dom.fill_options(select, pairs)
    select.value = value


def error(field: Any, message: Step | None) -> None:
    """Show ``message`` as ``field``'s error, just after it (``None`` clears it).

    The message is the field's ``aria-describedby`` target, made the first time it is
    needed, and the field is ``aria-invalid`` while it has an error. Its text is set in
    the current language, and again whenever the language changes.
    """
    field_id = str(field.id)
    if not field_id:
        raise dom.WiringError("a field with an error message needs an id")
    note_id = f"{field_id}-error"
    note = dom.by_id(note_id)
    if note is None:
        if message is None:
            return
        note = dom.element("p")
        note.id = note_id
        note.className = "field-error"
        field.insertAdjacentElement("afterend", note)
    if message is None:
        field.removeAttribute("aria-invalid")
        dom.show(note, False)
        _errors.pop(note_id, None)
        return
    field.setAttribute("aria-invalid", "true")
    described = str(field.getAttribute("aria-describedby") or "").split()
    if note_id not in described:
        field.setAttribute("aria-describedby", " ".join([*described, note_id]))
    _errors[note_id] = message
    dom.text(note, _translate[0](message))
    dom.show(note, True)


# The errors on show, by their element's id, and the translator they are shown with (set
# by the app; redrawn in a new language by retranslate()).
_errors: dict[str, Step] = {}
_translate: list[Callable[[Step], str]] = [lambda step: step.key]


def use_translator(translate: Callable[[Step], str]) -> None:
    """Show field errors through ``translate``, and show those on view again with it."""
    _translate[0] = translate
    for note_id, message in list(_errors.items()):
        note = dom.by_id(note_id)
        if note is None:
            _errors.pop(note_id)
        else:
            dom.text(note, translate(message))
