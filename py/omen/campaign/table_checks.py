"""Checking a table or a library before it is saved, or when it comes in from outside.

**Before saving.** Faces of the die that no entry claims are reported but allowed
(rolling one of them gives a result that says so); two entries claiming the same face,
ranges written backwards, and faces the die cannot show at all are errors. Links to a
missing table and loops of links are errors naming the tables.

**What saves must load.** Reading a saved library (:meth:`Library.from_json`) is the one
definition of what Omen keeps; every check before saving (:func:`validate_table`,
:func:`validate_library`) ends by reading the table or library back through it, so
whatever a check lets through loads again. Tables and locations that come in from a
link, a campaign link or a backup go through :func:`validate_library` too
(:func:`library_refusal` says why one is refused).

>>> forest = Table("forest", "Forest road", "d6", (
...     Entry("[[1d4+1]] wolves", 1, 2, violent=True),
...     Entry("A fallen tree blocks the road", 3, 5),
... ))
>>> [issue.message.english() for issue in validate_table(forest)]
['face 6 is not covered']
>>> can_save(validate_table(forest))
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from omen.campaign.tables import (
    ID_PATTERN,
    INLINE,
    LIBRARY,
    MAX_ENTRIES,
    MAX_FACE,
    MAX_INLINE,
    MAX_LOCATIONS,
    MAX_NAME,
    MAX_TABLES,
    MAX_TEXT,
    MAX_WEIGHT,
    Entry,
    Library,
    Table,
    chain_names,
    die_totals,
    faces_text,
)
from omen.core import notation, store
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import N_, ArgValue, Step


class Severity(enum.Enum):
    """How much an issue with a table matters: an error, a warning, or a note."""

    ERROR = "error"  # the table cannot be saved like this
    WARNING = "warning"  # it can, but the game master should know
    NOTE = "note"  # what an import decided


_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}


@dataclass(frozen=True)
class Issue:
    """One finding of a check; ``entries`` are the 0-based entries it concerns."""

    severity: Severity
    message: Step
    entries: tuple[int, ...] = ()


def can_save(issues: Iterable[Issue]) -> bool:
    """True when none of the issues is an error."""
    return all(issue.severity is not Severity.ERROR for issue in issues)


def and_list(numbers: Sequence[int]) -> ArgValue:
    """Numbers as a message lists them: one alone, more as "1, 2 and 3"."""
    if len(numbers) == 1:
        return numbers[0]
    return Step(
        N_("{items} and {last}"),
        {"items": ", ".join(str(n) for n in numbers[:-1]), "last": numbers[-1]},
    )


def _entry_place(index: int) -> Step:
    return Step(N_("entry {number}"), {"number": index + 1})


def _entry_places(indexes: Sequence[int]) -> Step:
    return Step(N_("entries {numbers}"), {"numbers": and_list([i + 1 for i in indexes])})


def validate_table(table: Table, library: Library | None = None) -> tuple[Issue, ...]:
    """Everything wrong or worth knowing about a table, errors first.

    With a ``library``, links are checked too: to missing tables and around in loops
    (with this version of the table in place of the stored one, as when editing it).
    """
    return check_table(table, library, _entry_place, _entry_places)


def check_table(  # noqa: C901 (every limit of a table, checked in turn, each with its own message)
    table: Table,
    library: Library | None,
    where: Callable[[int], Step],
    places: Callable[[Sequence[int]], Step],
) -> tuple[Issue, ...]:
    """Every issue of ``table``, errors first, each entry named by ``where`` (one) or
    ``places`` (several): entries in the editor, lines in a pasted table."""
    issues: list[Issue] = []

    def error(message: Step, *entries: int) -> None:
        issues.append(Issue(Severity.ERROR, message, entries))

    def warning(message: Step, *entries: int) -> None:
        issues.append(Issue(Severity.WARNING, message, entries))

    if not table.name.strip():
        error(Step(N_("The table needs a name.")))
    elif len(table.name) > MAX_NAME:
        error(Step(N_("A table's name may be at most {limit} characters."), {"limit": MAX_NAME}))
    if not ID_PATTERN.fullmatch(table.id):
        error(Step(N_("The table's id must be 1 to 40 letters, digits, '-' or '_'.")))
    if not table.entries:
        error(Step(N_("The table has no entries.")))
    if len(table.entries) > MAX_ENTRIES:
        error(Step(N_("A table may hold at most {limit} entries."), {"limit": MAX_ENTRIES}))
        return tuple(issues)
    for index, entry in enumerate(table.entries):
        for message in _entry_text_problems(entry, where(index)):
            error(message, index)
        if any(f is not None and not -MAX_FACE <= f <= MAX_FACE for f in (entry.low, entry.high)):
            error(
                Step(
                    N_("{where}: faces must be between {low} and {high}"),
                    {"where": where(index), "low": -MAX_FACE, "high": MAX_FACE},
                ),
                index,
            )
        if table.die is not None and not 1 <= entry.weight <= MAX_WEIGHT:
            error(
                Step(
                    N_("{where}: the weight must be between 1 and {limit}"),
                    {"where": where(index), "limit": MAX_WEIGHT},
                ),
                index,
            )
        if (
            entry.link is not None
            and library is not None
            and library.find_table(entry.link) is None
        ):
            error(
                Step(
                    N_("{where} links to a table that does not exist ('{id}')"),
                    {"where": where(index), "id": entry.link},
                ),
                index,
            )
    if table.entries and table.die is None:
        _check_weights(table.entries, where, error, warning)
    elif table.entries and table.die is not None:
        _check_faces(table.die, table.entries, where, places, error, warning)
    if library is not None:
        for loop in _loops_from(library.with_table(table), table.id):
            error(
                Step(
                    N_("The tables link in a loop: {chain}."), {"chain": chain_names(library, loop)}
                )
            )
    if can_save(issues):
        problem = _reads_back(lambda: Table.from_json(table.to_json()))
        if problem is not None:
            error(problem)
    return tuple(sorted(issues, key=issue_order))


def _reads_back(read: Callable[[], object]) -> Step | None:
    """Why what is about to be saved would not load again (``read`` reads it back the
    way a saved library is read), or ``None`` when it loads."""
    try:
        read()
    except StoredDataError as problem:
        return Step(
            N_("It could not be loaded again once saved: {problem}"), {"problem": problem.message}
        )
    return None


def issue_order(issue: Issue) -> tuple[int, int]:
    """Errors before warnings before notes; within each, by the first entry concerned."""
    return _ORDER[issue.severity], min(issue.entries, default=-1)


def _entry_text_problems(entry: Entry, where: Step) -> list[Step]:
    if not entry.text.strip():
        return [Step(N_("{where} has no text"), {"where": where})]
    if len(entry.text) > MAX_TEXT:
        return [
            Step(
                N_("{where}: the text is longer than {limit} characters"),
                {"where": where, "limit": MAX_TEXT},
            )
        ]
    inline = INLINE.findall(entry.text)
    if len(inline) > MAX_INLINE:
        return [
            Step(
                N_("{where}: at most {limit} bracketed dice fit in one entry"),
                {"where": where, "limit": MAX_INLINE},
            )
        ]
    problems = []
    for expression in inline:
        try:
            notation.parse(expression)
        except RulesError as problem:
            problems.append(
                Step(
                    N_("{where}: [[{dice}]] is not a dice expression: {problem}"),
                    {"where": where, "dice": expression, "problem": problem.message},
                )
            )
    return problems


def _check_weights(
    entries: Sequence[Entry],
    where: Callable[[int], Step],
    error: Callable[..., None],
    warning: Callable[..., None],
) -> None:
    for index, entry in enumerate(entries):
        if not 1 <= entry.weight <= MAX_WEIGHT:
            error(
                Step(
                    N_("{where}: the weight must be between 1 and {limit}"),
                    {"where": where(index), "limit": MAX_WEIGHT},
                ),
                index,
            )
        if entry.low is not None:
            warning(
                Step(
                    N_("{where}: the table has no die, so the faces {faces} are ignored"),
                    {"where": where(index), "faces": entry.faces},
                ),
                index,
            )


def _check_faces(  # noqa: C901 (every limit of the Voidcrawl's faces, checked in turn)
    die: str,
    entries: Sequence[Entry],
    where: Callable[[int], Step],
    places: Callable[[Sequence[int]], Step],
    error: Callable[..., None],
    warning: Callable[..., None],
) -> None:
    try:
        totals = [total for total, _ in die_totals(die)]
    except RulesError as problem:
        error(
            Step(
                N_("The die '{die}' cannot be used: {problem}"),
                {"die": die, "problem": problem.message},
            )
        )
        return
    lowest, highest = totals[0], totals[-1]
    usable: list[int] = []
    for index, entry in enumerate(entries):
        if entry.low is None or entry.high is None:
            error(Step(N_("{where} has no faces"), {"where": where(index)}), index)
            continue
        if entry.low > entry.high:
            error(
                Step(
                    N_("{where}: range {low}-{high} runs backwards"),
                    {"where": where(index), "low": entry.low, "high": entry.high},
                ),
                index,
            )
            continue
        if not any(entry.low <= total <= entry.high for total in totals):
            error(
                Step(
                    N_("{where}: {die} cannot show {faces}, so this entry never comes up"),
                    {"where": where(index), "die": die, "faces": entry.faces},
                ),
                index,
            )
            continue
        usable.append(index)
        outside = []
        if entry.low < lowest:
            outside.append(faces_text(entry.low, min(entry.high, lowest - 1)))
        if entry.high > highest:
            outside.append(faces_text(max(entry.low, highest + 1), entry.high))
        for faces in outside:
            warning(
                Step(
                    N_("{where}: {die} cannot show {faces}"),
                    {"where": where(index), "die": die, "faces": faces},
                ),
                index,
            )
    # Walk the possible totals in order, grouping neighbours with the same coverage.
    runs: list[tuple[tuple[int, ...], int, int]] = []
    for total in totals:
        claim = tuple(i for i in usable if entries[i].covers(total))
        if runs and runs[-1][0] == claim:
            runs[-1] = (claim, runs[-1][1], total)
        else:
            runs.append((claim, total, total))
    for claim, first, last in runs:
        if not claim:
            if first == last:
                warning(Step(N_("face {face} is not covered"), {"face": first}))
            else:
                warning(
                    Step(N_("faces {faces} are not covered"), {"faces": faces_text(first, last)})
                )
        elif len(claim) > 1:
            if first == last:
                error(
                    Step(
                        N_("face {face} is in {places}"), {"face": first, "places": places(claim)}
                    ),
                    *claim,
                )
            else:
                error(
                    Step(
                        N_("faces {faces} are in {places}"),
                        {"faces": faces_text(first, last), "places": places(claim)},
                    ),
                    *claim,
                )


def _loops_from(library: Library, start: str) -> list[list[str]]:
    """Loops of links through ``start``, each as the ids along it, ``start`` at both ends.

    Every table reachable from ``start`` is explored once, so a loop through ``start``
    is always found if there is one (not every such loop is listed).
    """
    found: list[list[str]] = []
    explored: set[str] = set()

    def visit(path: list[str]) -> None:
        table = library.find_table(path[-1])
        explored.add(path[-1])
        if table is None:
            return
        for link in dict.fromkeys(e.link for e in table.entries if e.link is not None):
            if link == start:
                found.append([*path, start])
            elif link not in explored:
                visit([*path, link])

    visit([start])
    return found


def validate_library(library: Library) -> tuple[tuple[str, tuple[Issue, ...]], ...]:  # noqa: C901 (every limit of a library, checked in turn, each with its own message)
    """Check every table and location; returns (table or location id, issues) pairs
    for those with something to report. Loops are reported once, on their first table.
    """
    report: list[tuple[str, tuple[Issue, ...]]] = []
    issues_by_id: dict[str, list[Issue]] = {}
    reported_loops: set[frozenset[str]] = set()
    for table in library.tables:
        issues = []
        for issue in check_table(table, None, _entry_place, _entry_places):
            issues.append(issue)
        for index, entry in enumerate(table.entries):
            if entry.link is not None and library.find_table(entry.link) is None:
                issues.append(
                    Issue(
                        Severity.ERROR,
                        Step(
                            N_("{where} links to a table that does not exist ('{id}')"),
                            {"where": _entry_place(index), "id": entry.link},
                        ),
                        (index,),
                    )
                )
        for loop in _loops_from(library, table.id):
            key = frozenset(loop)
            if key in reported_loops:
                continue
            reported_loops.add(key)
            message = Step(
                N_("The tables link in a loop: {chain}."), {"chain": chain_names(library, loop)}
            )
            issues.insert(0, Issue(Severity.ERROR, message))
        issues_by_id.setdefault(table.id, []).extend(issues)
    counts: dict[str, int] = {}
    for table in library.tables:
        counts[table.id] = counts.get(table.id, 0) + 1
    for table_id, count in counts.items():
        if count > 1:
            issues_by_id[table_id].insert(
                0,
                Issue(
                    Severity.ERROR, Step(N_("Two tables share the id '{id}'."), {"id": table_id})
                ),
            )
    if len(library.tables) > MAX_TABLES:
        report.append(
            (
                "",
                (
                    Issue(
                        Severity.ERROR,
                        Step(
                            N_("A campaign may hold at most {limit} tables."), {"limit": MAX_TABLES}
                        ),
                    ),
                ),
            )
        )
    if len(library.locations) > MAX_LOCATIONS:
        report.append(
            (
                "",
                (
                    Issue(
                        Severity.ERROR,
                        Step(
                            N_("A campaign may hold at most {limit} locations."),
                            {"limit": MAX_LOCATIONS},
                        ),
                    ),
                ),
            )
        )
    for table_id, issues in issues_by_id.items():
        if issues:
            report.append((table_id, tuple(issues)))
    for location in library.locations:
        found: list[Issue] = []
        if not location.name.strip():
            found.append(Issue(Severity.ERROR, Step(N_("The location needs a name."))))
        used = (*location.tables, *filter(None, [location.encounter, location.signs]))
        for table_id in dict.fromkeys(used):
            if library.find_table(table_id) is None:
                found.append(
                    Issue(
                        Severity.ERROR,
                        Step(
                            N_("{location} uses a table that does not exist ('{id}')."),
                            {"location": location.name, "id": table_id},
                        ),
                    )
                )
        if found:
            report.append((location.id, tuple(found)))
    if all(can_save(issues) for _, issues in report):
        stored = store.encode(LIBRARY, library.to_json())
        problem = _reads_back(lambda: store.decode(LIBRARY, stored))
        if problem is not None:
            report.append(("", (Issue(Severity.ERROR, problem),)))
    return tuple(report)


# A saved library may name tables that are gone: deleting a table keeps the links and
# locations that used it, and the editor reports them. A library that comes in whole
# (a campaign link, a backup) may hold them too; anything else wrong is refused.
_MISSING = frozenset(
    {
        "{where} links to a table that does not exist ('{id}')",
        "{location} uses a table that does not exist ('{id}').",
    }
)


def library_refusal(library: Library, missing_ok: bool = False) -> Step | None:
    """The first reason to refuse a library coming in from a link or a file, named by its
    table or location, or ``None`` to accept it: every error :func:`validate_library`
    finds, and with ``missing_ok`` none about a table that is gone.

    >>> looped = Table("a", "Ambush", "d6", (Entry("Again", 1, 6, link="a"),))
    >>> library_refusal(Library((looped,))).english()
    "Table 'Ambush': The tables link in a loop: Ambush → Ambush."
    """
    for item_id, issues in validate_library(library):
        for issue in issues:
            if issue.severity is not Severity.ERROR:
                continue
            if missing_ok and issue.message.key in _MISSING:
                continue
            table = library.find_table(item_id) if item_id else None
            if table is None:
                return issue.message
            return Step(
                N_("Table '{name}': {problem}"), {"name": table.name, "problem": issue.message}
            )
    return None
