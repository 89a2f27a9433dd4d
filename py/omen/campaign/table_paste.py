"""Reading faces as they are typed, and a whole table pasted from text.

**Faces** are written as printed tables write them: ``3``, ``2-5``, ``11–16``, and
``96-00`` (``00`` is 100, as on percentile dice). The editor's faces field and pasted
lines read them the same way (:func:`read_faces`).

**A pasted table** is one entry a line (:func:`import_pasted`). Lines that start with
faces make a table with a die, named on a first line such as ``d8`` or worked out from
the faces (:func:`infer_die`); lines without faces make a plain list. What the import
decided and what is wrong are issues naming their lines, checked as a table is before
saving (:mod:`omen.campaign.table_checks`).

>>> pasted = import_pasted("d6 Forest road|1-2 Wolves|3-6. A fallen tree".replace("|", chr(10)))
>>> pasted.table.name, pasted.table.die, [entry.faces for entry in pasted.table.entries]
('Forest road', 'd6', ['1-2', '3-6'])
>>> pasted.ok, pasted.lines
(True, (2, 3))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from omen.campaign.table_checks import (
    Issue,
    Severity,
    and_list,
    can_save,
    check_table,
    issue_order,
)
from omen.campaign.tables import (
    MAX_ENTRIES,
    MAX_NAME,
    MAX_PASTE,
    MAX_TOTALS,
    STANDARD_DICE,
    Entry,
    Stats,
    Table,
    die_totals,
    read_stats,
    table_die,
)
from omen.core.errors import RulesError
from omen.core.roll import N_, Step

# --- writing faces ----------------------------------------------------------------------

# A face or a range of faces as printed tables write them: "3", "2-5", "11–16", "96-00"
# ("00" is 100, as on percentile dice). Digits are ASCII 0-9 only (see notation.is_digits):
# '٣' is not a face. A sign is read, so "-1" is reported as a face the die cannot show
# rather than as something unreadable. The editor's faces field and pasted lines both
# read faces with it.
_FACE_RANGE = r"(-?[0-9]{1,5})(?:\s*[-–—]\s*(-?[0-9]{1,5}))?"
_FACES = re.compile(rf"\s*{_FACE_RANGE}\s*")


def read_faces(text: str) -> tuple[int | None, int | None]:
    """The faces an entry claims, read from what was typed in its faces field.

    An empty field claims none; anything else that is not a face or a range is a
    :class:`RulesError` saying how to write one.

    >>> read_faces("2-5"), read_faces(" 96–00 "), read_faces("")
    ((2, 5), (96, 100), (None, None))
    >>> read_faces("two")
    Traceback (most recent call last):
    omen.core.errors.RulesError: Write faces as a number or a range, like 3 or 2-5 (two).
    """
    if not text.strip():
        return None, None
    match = _FACES.fullmatch(text)
    if match is None:
        raise RulesError(
            Step(
                N_("Write faces as a number or a range, like 3 or 2-5 ({faces})."),
                {"faces": text.strip()[:20]},
            )
        )
    return _face_span(match)


def _face_span(match: re.Match[str]) -> tuple[int, int]:
    """The low and high face of a match of :data:`_FACE_RANGE` (one face: both the same)."""
    low = _face(match.group(1))
    high = _face(match.group(2)) if match.group(2) else low
    return low, high


def _face(token: str) -> int:
    return 100 if token == "00" else int(token)


# --- pasting a table ------------------------------------------------------------------

# Digits are ASCII 0-9 only (see notation.is_digits): '٣' is not a face.
# A first line naming the die: "d6", "2d6 Forest", "d%:", or as Czech tables write dice
# with k (kostka): "k6:", "2k6 Les", "k%".
_HEADER = re.compile(r"\s*([0-9]*[dDkK](?:[0-9]+|%))(?=$|[\s:.])[\s:.\-–—]*(.*)")
# A line of a pasted table: its faces (as an entry's faces field reads them), then a dot,
# colon, bracket or space, then the entry's text.
_FACED = re.compile(rf"\s*{_FACE_RANGE}(?:\s*[.:)]\s*|\s+|$)(.*)")
_BULLET = re.compile(r"\s*[-*•·]\s+")


@dataclass(frozen=True)
class PastedTable:
    """A table read from pasted lines, the issues found (naming lines), and the line
    (1-based) each entry came from."""

    table: Table
    issues: tuple[Issue, ...]
    lines: tuple[int, ...]

    @property
    def ok(self) -> bool:
        """Whether the table can be saved: no issue is an error."""
        return can_save(self.issues)


def _clean_line(raw: str) -> str | None:
    """The line's content, markdown table pipes and bullets removed; None to skip it."""
    line = raw.strip()
    if line.startswith("|"):
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if all(re.fullmatch(r":?-*:?", cell) for cell in cells):
            return None
        line = " ".join(cell for cell in cells if cell)
    return line or None


def infer_die(faces: Sequence[int]) -> str | None:
    """The die a set of faces was written for: d66 when every face reads as two d6
    (11 to 66), else the smallest standard die reaching the highest face.

    >>> infer_die([1, 2, 5]), infer_die([11, 16, 21, 66]), infer_die([1, 7]), infer_die([150])
    ('d6', 'd66', 'd8', None)
    """
    if not faces:
        return None
    if min(faces) >= 11 and all(
        10 <= face <= 66 and 1 <= face // 10 <= 6 and 1 <= face % 10 <= 6 for face in faces
    ):
        return "d66"
    top = max(faces)
    return next((f"d{sides}" for sides in STANDARD_DICE if sides >= top), None)


def import_pasted(text: str, table_id: str = "pasted", name: str = "") -> PastedTable:
    r"""Read a table from lines of text, one entry a line.

    Lines that start with a face or range (``1-2 Wolves``, ``3. A fallen tree``,
    ``11–16 …``, ``96-00 …``) make a table with a die: the die from a first line such as
    ``d8`` or ``2d6 Forest``, else worked out from the faces. Lines without faces make a
    plain list: one face each when their number matches a standard die, else equal
    weights. Bullets and markdown table pipes are dropped. Every issue names its line.

    **Stats.** A line may end with the stats of the creature it brings, in braces, as
    :func:`read_stats` reads them: ``3-4 [[1d4]] lizard men {HD 2+1, AC 5, ML 12}``,
    ``5 Wolves {SM 0, Vision 12, Stealth 12, Group 6}``. Stats that do not read are an
    error naming the line.

    >>> pasted = import_pasted("d6\n1-3 Goblins {NA 2d4, HD 1-1, AC 6, ML 7}\n4-6 Rain")
    >>> pasted.table.entries[0].text, pasted.table.entries[0].stats.morale
    ('Goblins', 7)
    """
    if len(text) > MAX_PASTE:
        return _refused(
            Table(table_id, name, None),
            Step(N_("At most {limit} characters can be pasted at once."), {"limit": MAX_PASTE}),
        )
    rows = [(number, _clean_line(raw)) for number, raw in enumerate(text.splitlines(), 1)]
    lines = [(number, line) for number, line in rows if line is not None]
    die, title = _header(lines[0][1]) if lines else (None, "")
    if die is not None:
        lines = lines[1:]
        name = name or title
    if not lines:
        return _refused(
            Table(table_id, name, die), Step(N_("There is nothing to import: no lines of text."))
        )
    if len(lines) > MAX_ENTRIES:
        return _refused(
            Table(table_id, name, die),
            Step(N_("At most {limit} entries can be imported at once."), {"limit": MAX_ENTRIES}),
        )
    faced = [(number, line, _FACED.fullmatch(line)) for number, line in lines]
    if 2 * sum(1 for _, _, match in faced if match is not None) >= len(faced):
        die, entries, origin, issues = _faced_entries(faced, die)
    else:
        die, entries, origin, issues = _plain_entries(lines, die)
    table = Table(table_id, name, die, tuple(entries))

    def line_place(index: int) -> Step:
        return Step(N_("line {number}"), {"number": origin[index]})

    def line_places(indexes: Sequence[int]) -> Step:
        return Step(N_("lines {numbers}"), {"numbers": and_list([origin[i] for i in indexes])})

    issues.extend(
        issue
        for issue in check_table(table, None, line_place, line_places)
        if issue.message.key not in _IMPORT_SKIPS
    )
    issues.sort(key=issue_order)
    return PastedTable(table, tuple(issues), tuple(origin))


# The screen asks for the name and id itself; an import does not report them.
_IMPORT_SKIPS = frozenset(
    {
        "The table needs a name.",
        "The table's id must be 1 to 40 letters, digits, '-' or '_'.",
    }
)


def _refused(table: Table, message: Step) -> PastedTable:
    return PastedTable(table, (Issue(Severity.ERROR, message),), ())


def _header(line: str) -> tuple[str | None, str]:
    """A first line naming the die (``d8``, ``2d6 Forest``, or in Czech ``k8``, ``2k6 Les``):
    the die as written (lower case) and the title.

    >>> _header("2k6 Les"), _header("k%:"), _header("K6: Cesta"), _header("kočka")
    (('2k6', 'Les'), ('k%', ''), ('k6', 'Cesta'), (None, ''))
    """
    match = _HEADER.fullmatch(line)
    if match is None:
        return None, ""
    try:
        table_die(match.group(1))
    except RulesError:
        return None, ""
    return match.group(1).lower(), match.group(2).strip()[:MAX_NAME]


Parsed = tuple[str | None, list[Entry], list[int], list[Issue]]


def _faced_entries(faced: list[tuple[int, str, re.Match[str] | None]], die: str | None) -> Parsed:
    issues: list[Issue] = []
    entries: list[Entry] = []
    origin: list[int] = []
    for number, _, match in faced:
        if match is None:
            issues.append(
                Issue(
                    Severity.ERROR,
                    Step(
                        N_("line {number}: there is no face or range at the start"),
                        {"number": number},
                    ),
                )
            )
            continue
        low, high = _face_span(match)
        text, stats = _with_stats(match.group(3), number, issues)
        entries.append(Entry(_BULLET.sub("", text, count=1).strip(), low, high, stats=stats))
        origin.append(number)
    if die is not None:
        return die, entries, origin, issues
    ends = [face for entry in entries for face in (entry.low, entry.high) if face is not None]
    die = infer_die(ends)
    if die is not None:
        message = Step(N_("The die was worked out from the faces: {die}."), {"die": die})
        issues.append(Issue(Severity.NOTE, message))
    elif ends:
        top = max(ends)
        die = f"d{min(top, MAX_TOTALS)}"
        message = Step(
            N_("No standard die reaches {face}, so the table uses {die}: change it if needed."),
            {"face": top, "die": die},
        )
        issues.append(Issue(Severity.WARNING, message))
    return die, entries, origin, issues


_STATS_TAIL = re.compile(r"(.*?)\s*\{([^{}]*)\}\s*")


def _with_stats(text: str, number: int, issues: list[Issue]) -> tuple[str, Stats | None]:
    """A pasted line's text and the stats in braces at its end (an issue naming the line
    when they do not read)."""
    match = _STATS_TAIL.fullmatch(text)
    if match is None:
        return text, None
    try:
        stats = read_stats(match.group(2))
    except RulesError as problem:
        issues.append(
            Issue(
                Severity.ERROR,
                Step(
                    N_("line {number}: {problem}"), {"number": number, "problem": problem.message}
                ),
            )
        )
        return match.group(1), None
    return match.group(1), stats or None


def _plain_entries(lines: list[tuple[int, str]], die: str | None) -> Parsed:
    issues: list[Issue] = []
    entries = []
    for number, line in lines:
        text, stats = _with_stats(line, number, issues)
        entries.append(Entry(_BULLET.sub("", text, count=1).strip(), stats=stats))
    origin = [number for number, _ in lines]
    if die is None and len(entries) in STANDARD_DICE:
        die = f"d{len(entries)}"
    if die is None:
        note = Step(N_("One entry a line, all equally likely."))
        return None, entries, origin, [*issues, Issue(Severity.NOTE, note)]
    totals = [total for total, _ in die_totals(die)]
    entries = [
        replace(e, low=totals[i], high=totals[i]) if i < len(totals) else e
        for i, e in enumerate(entries)
    ]
    note = Step(N_("One entry a line, rolled on {die}."), {"die": die})
    return die, entries, origin, [*issues, Issue(Severity.NOTE, note)]
