"""The session recap: what the table saw, as text to share when the session ends.

Omen's own procedure (no rule book describes it). At the end of a session the game
master shares its public results (the ones players asked for, and the ones the game
master showed them) as plain text or as Markdown: a dated heading in the language
chosen, then one result a line, oldest first, with its time, its headline and its
steps folded to one line. Nothing that was not public goes in: no odds of the game
master's checks, no table contents, no other log entry. Players get the same plain
text on their page, so a recap has a size cap: past it, the oldest results are left
out and the recap says so.

>>> from omen.campaign.state import Entry
>>> from omen.core.i18n import Translator
>>> from omen.core.roll import Step
>>> entry = Entry(3, "2026-12-06T20:41:00", Step("Eva asked: Ana: Failure"),
...     (Step("Eva asks for a test of Logic"), Step("Rolled 5")), "")
>>> print(recap((entry,), Translator.english(), Day(2026, 12, 6), game="Liminal Horror"))
Session recap: Liminal Horror, 6 December 2026
<BLANKLINE>
20:41 Eva asked: Ana: Failure
  Eva asks for a test of Logic · Rolled 5
>>> print(recap((entry,), Translator.english(), Day(2026, 12, 6), markdown=True))
## Session recap, 6 December 2026
<BLANKLINE>
- **20:41 Eva asked: Ana: Failure**
  Eva asks for a test of Logic · Rolled 5
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from omen.campaign.state import Entry
from omen.core.i18n import Translator
from omen.core.roll import N_, Step

MAX_RECAP = 16_000  # characters of a recap (a player's page gets it over the channel)

MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)


@dataclass(frozen=True)
class Day:
    """A calendar day, as the device's clock gives it (Omen's browser runtime has no
    ``datetime``)."""

    year: int
    month: int  # 1 to 12
    day: int


_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T([0-9]{2}):([0-9]{2})")
_MARKDOWN = re.compile(r"([\\`*_\[\]<>|~])")  # what Markdown reads inside a line


def day_text(day: Day, t: Translator) -> str:
    """A day as the language writes it in running text (Czech: with the day's number).

    >>> day_text(Day(2026, 12, 6), Translator.english())
    '6 December 2026'
    """
    if t.language == "cs":
        return f"{day.day}. {day.month}. {day.year}"
    return f"{day.day} {t.gettext(MONTHS[day.month - 1])} {day.year}"


def clock_of(at: str) -> str:
    """Hours and minutes of an entry's ISO time as written ("" when it is not one).

    >>> clock_of("2026-12-06T20:41:07.5Z"), clock_of("soon")
    ('20:41', '')
    """
    match = _TIME.match(at)
    return f"{match[1]}:{match[2]}" if match else ""


def escaped(text: str) -> str:
    r"""Text that Markdown shows as written (a name such as ``*Bo*`` stays as typed).

    >>> escaped("*Bo* [1]")
    '\\*Bo\\* \\[1\\]'
    """
    return _MARKDOWN.sub(r"\\\1", text)


def recap(
    entries: Sequence[Entry],
    t: Translator,
    day: Day,
    *,
    game: str = "",
    times: Mapping[int, str] | None = None,
    markdown: bool = False,
    limit: int = MAX_RECAP,
) -> str:
    """The recap of the public ``entries`` (oldest first) in ``t``'s language, dated
    ``day``: plain text, or Markdown with ``markdown``. ``times`` gives an entry's time
    as the device shows it, by the entry's id (else the time as written in the entry).
    Undone entries are left out; past ``limit`` characters, the oldest are too."""
    times = times or {}
    heading = (
        Step(N_("Session recap: {game}, {day}"), {"game": game, "day": day_text(day, t)})
        if game
        else Step(N_("Session recap, {day}"), {"day": day_text(day, t)})
    )
    lines = []
    for entry in entries:
        if entry.undone:
            continue
        when = times.get(entry.id) or clock_of(entry.at)
        title = " ".join(part for part in (when, t.render(entry.title)) if part)
        steps = " · ".join(t.render(step) for step in entry.steps)
        if markdown:
            item = f"- **{escaped(title)}**" + (f"\n  {escaped(steps)}" if steps else "")
        else:
            item = title + (f"\n  {steps}" if steps else "")
        lines.append(item)
    top = ("## " + escaped(t.render(heading))) if markdown else t.render(heading)
    if not lines:
        return f"{top}\n\n{t.gettext(N_('No public results in this session.'))}"
    whole = f"{top}\n\n" + "\n".join(lines)
    if len(whole) <= limit:
        return whole
    left_out = t.gettext(N_("(earlier results left out)"))
    while len(lines) > 1 and len(top) + len(left_out) + 3 + len("\n".join(lines)) > limit:
        lines = lines[1:]
    return (f"{top}\n\n{left_out}\n" + "\n".join(lines))[:limit]
