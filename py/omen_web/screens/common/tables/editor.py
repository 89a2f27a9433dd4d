"""The table editor: a table opened or new (the draft, the screen's own until it is
saved), its entries' rows, what they roll and what is wrong with them."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign.state import Outcome
from omen.campaign.table_checks import Issue, Severity, can_save, validate_table
from omen.campaign.table_paste import read_faces
from omen.campaign.tables import (
    MAX_WEIGHT,
    Entry,
    Stats,
    Table,
    make_id,
    read_stats,
    write_stats,
)
from omen.core.errors import RulesError
from omen.core.notation import read_whole
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.screens.common.tables.part import Tables, row_of

# The editor's rows made ahead in idle moments (TableEditor.ahead): at most this many
# (a longer table makes the rest when it is opened), this many in one idle moment.
SAVED = N_("Table saved: {name}")
AHEAD_ROWS = 12
AHEAD_BATCH = 3

if TYPE_CHECKING:
    from omen_web.kit.app import App


class TableEditor(kit.Actions):
    """The table editor: the draft, its rows, what they roll and their problems."""

    name = "tables-editor"

    def __init__(self, screen: Tables) -> None:
        self.screen = screen
        self.app: App = screen.app
        self.store = screen.store
        self.draft: Table | None = None
        self.draft_is_new = False
        # The stored table the draft was opened or saved as: when the library's table
        # changes under an editor with no unsaved change (Undo, another tab), the editor
        # follows it (follow_library).
        self.draft_base: Table | None = None
        # The last thing said beside the editor's buttons: its table and what (a roll
        # drawn on it, or that it was saved).
        self.said: tuple[str, Step] | None = None
        # What the GM typed in each row's faces and weight fields, kept as typed so a
        # redraw never replaces a half-written value with the last one that made sense.
        self.typed: list[tuple[str, str]] | None = None
        self.typed_stats: list[str] | None = None  # each row's stats field, as typed
        self.problems: list[Step] = []
        self.entry_rows: list[EntryRow] = []  # the editor's rows, one per entry, in order
        # Rows a shorter table left: taken again before a row is made anew.
        self.spare_rows: list[EntryRow] = []
        # The log entry of a table just deleted: its Undo shows in the result until the
        # next action (the Log's Undo works as well, and for longer).
        self.deleted: tuple[int, Step] | None = None

    def restore_draft(self, data: Any) -> None:
        """Undo of an entry removed in the editor: the table as it was being edited."""
        draft = Table.from_json(data["draft"])
        self.draft = replace(draft, die=data["die"])
        self.draft_is_new = bool(data["new"])
        self.draft_base = self.screen.library.find_table(draft.id)
        self.forget_typing()
        self.app.show("tables")

    def forget_typing(self) -> None:
        self.typed = None
        self.typed_stats = None
        self.problems = []

    def open_table(self, table_id: str) -> None:
        self.draft = self.draft_base = self.screen.library.table(table_id)
        self.draft_is_new = False
        self.forget_typing()
        self.screen.render()
        # Focus goes to the editor's heading, not a text field: on a phone, a field
        # would pop the keyboard up over a table the game master came to read.
        dom.one("#table-editor-title").focus()

    def on_new_table(self, _target: Any, _event: Any) -> None:
        self.draft = Table("new", "", "d6", (Entry("", 1),))
        self.draft_is_new = True
        self.forget_typing()
        self.screen.render()
        dom.bound("edit-name").focus()

    def on_close_table(self, _target: Any, _event: Any) -> None:
        self.draft = None
        self.forget_typing()
        self.screen.render()

    def read_editor(self) -> tuple[Table, list[Step]]:
        """The table as the editor's fields now say, and what could not be read.

        A faces or weight field that cannot be read keeps the entry's earlier value in
        the table (and its typed text in :attr:`typed`, so redrawing shows it again).
        """
        assert self.draft is not None
        earlier = self.draft.entries
        die = str(dom.bound("edit-die").value).strip() or None
        entries = []
        typed: list[tuple[str, str]] = []
        typed_stats: list[str] = []
        problems: list[Step] = []
        for index, row in enumerate(dom.every(".entry-row", dom.bound("edit-entries"))):
            old = earlier[index] if index < len(earlier) else Entry("")
            faces = str(dom.one(".faces", row).value)
            weight_text = str(dom.one(".weight", row).value)
            typed.append((faces, weight_text))
            try:
                low, high = read_faces(faces)
            except RulesError as error:
                low, high = old.low, old.high
                problems.append(error.message)
            weight = old.weight
            plain = weight_text.strip()
            if not plain:
                weight = 1
            elif (number := read_whole(plain, 1, MAX_WEIGHT)) is not None:
                weight = number
            else:
                problems.append(
                    Step(
                        N_("Write a weight as a whole number from 1 to {limit} ({weight})."),
                        {"weight": plain[:20], "limit": MAX_WEIGHT},
                    )
                )
            link = str(dom.one(".link", row).value) or None
            entries.append(
                Entry(
                    str(dom.one(".text", row).value),
                    low,
                    high,
                    weight=weight,
                    link=link,
                    violent=bool(dom.one(".violent", row).checked),
                    reaction=bool(dom.one(".reaction", row).checked),
                    stats=self.read_row_stats(dom.one(".stats", row), old, typed_stats, problems),
                    animal=bool(dom.one(".animal", row).checked),
                )
            )
        self.typed = typed
        self.typed_stats = typed_stats
        name = str(dom.bound("edit-name").value)
        return Table(self.draft.id, name, die, tuple(entries)), problems

    def read_strict(self) -> Table:
        """The editor's table; a :class:`RulesError` if a field cannot be read."""
        table, problems = self.read_editor()
        if problems:
            raise RulesError(problems[0])
        return table

    @staticmethod
    def as_rolled(table: Table) -> Table:
        """The table as it is saved and rolled: without a die, faces do not count (they
        stay in the editor while the die is being retyped)."""
        if table.die is not None:
            return table
        entries = tuple(replace(entry, low=None, high=None) for entry in table.entries)
        return replace(table, entries=entries)

    def on_edited(self, _target: Any, _event: Any) -> None:
        if self.draft is None:
            return
        self.screen.regions.forget("editor")  # the fields show what was typed: drawn anew next
        if self.said is not None and self.said[1].key == SAVED:
            self.said = None  # changed since it was saved: no longer said to be
            self.screen.render()
        self.draft, self.problems = self.read_editor()
        self.show_weights()
        self.render_issues()
        self.show_entry_dice()

    def on_add_entry(self, _target: Any, _event: Any) -> None:
        table = self.read_strict()
        self.forget_typing()
        self.draft = replace(table, entries=(*table.entries, Entry("")))
        self.screen.render()
        rows = dom.every(".entry-row .text", dom.bound("edit-entries"))
        rows[-1].focus()

    def move_entry(self, index: int, by: int) -> None:
        table = self.read_strict()
        self.forget_typing()
        entries = list(table.entries)
        other = index + by
        if not 0 <= other < len(entries):
            return
        entries[index], entries[other] = entries[other], entries[index]
        self.draft = replace(table, entries=tuple(entries))
        self.screen.render()
        # The rows stay where they are and show the entries in their new order: the
        # focus follows the entry moved, so a second press moves it on.
        dom.one(".up" if by < 0 else ".down", self.entry_rows[other].row).focus()

    def remove_entry(self, index: int) -> None:
        table = self.read_strict()
        self.forget_typing()
        entries = list(table.entries)
        removed = entries.pop(index)
        kept = replace(table, die=None).to_json()  # the die may be half typed
        before = ("table-draft", {"draft": kept, "die": table.die, "new": self.draft_is_new})
        self.draft = replace(table, entries=tuple(entries))
        title = Step(
            N_("Entry removed from {table}: {text}"),
            {"table": table.name or "?", "text": removed.text or "—"},
        )
        self.store.record(Outcome(title, (), "tables"), before)
        self.screen.render()

    def on_save_table(self, _target: Any, _event: Any) -> None:
        table = self.as_rolled(self.read_strict())
        if not table.name.strip():
            raise RulesError(Step(N_("Give the table a name first.")))
        if not can_save(validate_table(table, self.screen.library)):
            raise RulesError(Step(N_("Fix the problems listed before saving.")))
        if self.draft_is_new:
            taken = [t.id for t in self.screen.library.tables]
            table = replace(table, id=make_id(table.name, taken, "table"))
            self.draft_is_new = False
        self.draft = self.draft_base = table
        self.forget_typing()
        saved = Step(SAVED, {"name": table.name})
        # Said beside the buttons too (the screen's result line is far above the editor).
        self.said = (table.id, saved)
        self.screen.change(self.screen.library.with_table(table), saved)

    def on_share_table(self, _target: Any, _event: Any) -> None:
        """Share the table as last saved (a new table is saved first)."""
        assert self.draft is not None
        if self.draft_is_new or self.screen.library.find_table(self.draft.id) is None:
            raise RulesError(Step(N_("Save the table first, then share it.")))
        self.app.share("table", self.draft.id)

    def on_delete_table(self, _target: Any, _event: Any) -> None:
        assert self.draft is not None
        table = self.draft
        self.draft = None
        self.forget_typing()
        if self.draft_is_new or self.screen.library.find_table(table.id) is None:
            self.screen.render()
            return
        title = Step(
            N_("Table deleted: {name} (Undo in the log brings it back)"), {"name": table.name}
        )
        self.screen.change(self.screen.library.without_table(table.id), title)
        self.deleted = (self.store.log.entries[0].id, title)
        self.screen.render()
        dom.one('[data-action="undo-delete"]').focus()

    def on_undo_delete(self, _target: Any, _event: Any) -> None:
        """Take the deletion back, as the Log's Undo would (only while it is the last action)."""
        deleted, self.deleted = self.deleted, None
        entry = self.store.log.last_undoable()
        if deleted is not None and entry is not None and entry.id == deleted[0]:
            self.store.undo()
        self.screen.render()

    @staticmethod
    def entry_of(target: Any) -> int:
        return int(str(row_of(target, ".entry-row").dataset.index))

    def on_entry_up(self, target: Any, _event: Any) -> None:
        self.move_entry(self.entry_of(target), -1)

    def on_entry_down(self, target: Any, _event: Any) -> None:
        self.move_entry(self.entry_of(target), 1)

    def on_entry_remove(self, target: Any, _event: Any) -> None:
        self.remove_entry(self.entry_of(target))

    def show_entry_dice(self) -> None:
        """Under each entry whose text holds dice: what its bracketed dice roll, which
        bare ones stay plain text, and a button that brackets those to be rolled
        (:mod:`omen.campaign.table_dice`). A row is drawn again only when its text changed."""
        from omen.campaign.table_dice import bare_dice, preview

        count = len(self.draft.entries) if self.draft is not None else 0
        for row in self.entry_rows[:count]:
            text = str(row.text.value)
            if row.row.getAttribute("data-dice-text") == text:
                continue  # drawn from this text already (a row made anew has none)
            row.row.setAttribute("data-dice-text", text)
            box = dom.one(".entry-dice", row.row)
            steps = preview(text)
            dom.show(box, bool(steps))
            dom.text(dom.one(".dice-preview", box), " ".join(self.app.t(s) for s in steps))
            bare = bare_dice(text)
            button = dom.one(".bracket", box)
            dom.show(button, bool(bare))
            if bare:
                label = Step(
                    N_("Roll {written} when the entry is drawn"), {"written": ", ".join(bare)}
                )
                dom.text(button, self.app.t(label))

    def on_entry_bracket(self, target: Any, event: Any) -> None:
        """Put the entry's bare dice in brackets, so they are rolled when it is drawn."""
        from omen.campaign.table_dice import bracket

        row = self.entry_rows[self.entry_of(target)]
        row.text.value = bracket(str(row.text.value))
        self.on_edited(target, event)
        row.text.focus()  # the button is gone: the focus stays on the entry it changed

    def render_issues(self) -> None:
        assert self.draft is not None
        draft, problems = self.draft, tuple(self.problems)
        if self.screen.unchanged("editor-issues", draft, problems, self.screen.library.tables):
            return
        issues = validate_table(self.as_rolled(draft), self.screen.library)
        if not draft.name.strip():
            issues = (Issue(Severity.ERROR, Step(N_("The table needs a name."))), *issues)
        unread = tuple(Issue(Severity.ERROR, problem) for problem in problems)
        issues = (*unread, *issues)
        self.screen.show_issues(dom.bound("edit-issues"), issues)
        dom.one('[data-action="save-table"]').disabled = not can_save(issues)

    def on_editor_submit(self, _target: Any, _event: Any) -> None:
        """Enter in the editor saves nothing by itself (the kit stops the form's submit)."""

    def follow_library(self) -> None:
        """The open table as the library now has it, when it changed there (Undo of a
        save, another tab's edit) and the editor holds no change of the GM's not saved
        yet; a draft being edited stays as it is (Save then keeps it)."""
        draft, base = self.draft, self.draft_base
        if draft is None or self.draft_is_new:
            return
        stored = self.screen.library.find_table(draft.id)
        if stored is base or stored is None:
            return  # unchanged; or gone (the draft stays, to be saved again or closed)
        self.draft_base = stored
        if draft == base and not self.problems:
            self.draft = stored
            self.forget_typing()

    def read_row_stats(
        self, field: Any, old: Entry, typed: list[str], problems: list[Step]
    ) -> Stats | None:
        """The row's stats as its field says, for the campaign's game; the stats it
        holds for other games are kept. Stats that do not read keep the row's earlier
        ones, and what is wrong goes to ``problems``."""
        text = str(field.value)
        typed.append(text)
        game = self.app.campaign.game
        if game not in STATS_HINT:
            return old.stats
        try:
            stats = read_stats(text, self.app.translator.language)
        except RulesError as error:
            problems.append(error.message)
            return old.stats
        kept = {
            stat.name: value for stat, value in (old.stats or Stats()).given() if stat.game != game
        }
        given = {stat.name: value for stat, value in stats.given()}
        merged = Stats(**{**kept, **given})  # type: ignore[arg-type]
        return merged or None

    def fill_row_stats(self, row: EntryRow, entry: Entry, index: int) -> None:
        """Show the row's stats for the campaign's game (the field only where the game
        has stats), or what was typed there when it did not read."""
        game = self.app.campaign.game
        language = self.app.translator.language
        hint = STATS_HINT.get(game)
        dom.show(row.stats_label, hint is not None)
        if hint is None:
            return
        row.stats.setAttribute(
            "placeholder", CZECH_STATS_HINT.get(game, hint) if language == "cs" else hint
        )
        typed = self.typed_stats
        written = write_stats(entry.stats, game, language)
        put(row.stats, typed[index] if typed and index < len(typed) else written)

    def render_editor(self) -> None:
        draft = self.draft
        if not self.screen.unchanged("editor-open", draft is not None):
            dom.show(dom.bound("table-editor"), draft is not None)
        if draft is None:
            return
        typed = self.typed if self.typed and len(self.typed) == len(draft.entries) else None
        problems = tuple(self.problems)
        game = self.app.campaign.game
        if self.screen.unchanged(
            "editor", draft, tuple(typed or ()), problems, self.screen.library.tables, game
        ):
            return  # what the editor shows (on_edited forgets this when the GM types)
        target = dom.bound("edit-entries")
        rows = self.entry_rows
        self.rows_in_language()
        while len(rows) > len(draft.entries):
            row = rows.pop()
            row.row.remove()
            self.spare_rows.append(row)  # taken again when a longer table is opened
        while len(rows) < len(draft.entries):
            row = self.entry_row(len(rows))
            rows.append(row)
            target.append(row.row)
        names = self.screen.names()
        for row in rows:
            if row.names != names:  # a table added, renamed or removed: each list anew
                self.screen.table_options(row.link, None, self.app.tr(N_("(nothing)")))
                row.names = names
        put(dom.bound("edit-name"), draft.name)
        put(dom.bound("edit-die"), draft.die or "")
        hunts = game == "ose"  # an OSE hunt meets the rows marked as game animals
        for index, (row, entry) in enumerate(zip(rows, draft.entries, strict=True)):
            faces, weight = typed[index] if typed else (entry.faces, str(entry.weight))
            put(row.faces, faces)
            put(row.weight, weight)
            put(row.text, entry.text)
            put(row.link, entry.link or "")
            tick(row.violent, entry.violent)
            tick(row.reaction, entry.reaction)
            tick(row.animal, entry.animal)
            dom.show(row.animal_label, hunts)  # only a game whose hunts meet game animals
            self.fill_row_stats(row, entry, index)
        self.show_weights()
        self.render_issues()

    def rows_in_language(self) -> None:
        """After a change of language every row is made anew (its label says "Entry 2"
        in the language it was made in)."""
        if not self.screen.unchanged("editor-rows"):
            dom.clear(dom.bound("edit-entries"))
            self.entry_rows.clear()
            self.spare_rows.clear()

    def entry_row(self, index: int) -> EntryRow:
        """A row of the editor for the entry at ``index`` (its fields are filled by
        render_editor): one a shorter table left, or else a new one."""
        row = self.spare_rows.pop() if self.spare_rows else self.new_row()
        if row.index != index:
            row.index = index
            row.row.dataset.index = str(index)
            label = self.app.t(Step(N_("Entry {number}"), {"number": index + 1}))
            row.row.setAttribute("aria-label", label)
        return row

    def new_row(self) -> EntryRow:
        """A row of the editor, copied from its template, its list of tables filled in;
        not yet in the page, nor for any entry."""
        row = EntryRow(self.app.clone("tpl-entry-row"))  # its controls carry their actions
        self.screen.table_options(row.link, None, self.app.tr(N_("(nothing)")))
        row.names = self.screen.names()
        return row

    def rows_wanted(self) -> int:
        """How many rows the closed editor holds ready: as many as the longest table has,
        up to :data:`AHEAD_ROWS`."""
        longest = max((len(table.entries) for table in self.screen.library.tables), default=1)
        return min(longest, AHEAD_ROWS)

    def ahead(self) -> bool:
        """While no table is open, the editor's rows are made ahead in idle moments,
        :data:`AHEAD_BATCH` at a time, as many as :meth:`rows_wanted` says, and put in
        the closed editor (hidden, it keeps its layout: ``app.css``); once all are there
        they are laid out. Opening a table then fills in rows that are there already."""
        if self.draft is not None:
            return False  # the rows are the open table's
        self.rows_in_language()
        rows, wanted = self.entry_rows, self.rows_wanted()
        if len(rows) >= wanted:
            return False
        target = dom.bound("edit-entries")
        for _ in range(min(AHEAD_BATCH, wanted - len(rows))):
            row = self.entry_row(len(rows))
            rows.append(row)
            target.append(row.row)
        self.screen.regions.forget("editor")  # the rows differ from what it last showed
        if len(rows) >= wanted:
            row.row.getBoundingClientRect()  # laid out now, so opening a table only shows it
        return True

    def show_weights(self) -> None:
        """A table without a die draws by weight: show the weights instead of faces."""
        weighted = not str(dom.bound("edit-die").value).strip()
        for row in self.entry_rows:
            if row.weighted is not weighted:
                row.weighted = weighted
                dom.show(row.weight_label, weighted)
                dom.show(row.faces_label, not weighted)


# What a row's stats field shows as an example, in the games whose rows carry stats.
STATS_HINT = {
    "ose": "NA 2d4, HD 1, AC 6, ML 7, TT R",
    "gurps": "SM 0, Vision 12, Stealth 12, Group 6, HP 11",
    "eotw": "DEX 2, VIT 2, LOG 1, WIL 2, CHA 1, EMP 1",
}
# In Czech, with the Czech labels (omen.campaign.tables.CZECH_LABELS) and k for a die.
CZECH_STATS_HINT = {"ose": "počet 2k4, KŽ 1, OČ 6, morálka 7, TP R"}


class EntryRow:
    """One row of the table editor and its fields, found once when it is cloned."""

    def __init__(self, row: Any) -> None:
        self.row = row
        self.faces = dom.one(".faces", row)
        self.weight = dom.one(".weight", row)
        self.text = dom.one(".text", row)
        self.violent = dom.one(".violent", row)
        self.reaction = dom.one(".reaction", row)
        self.animal = dom.one(".animal", row)
        self.animal_label = self.animal.closest("label")
        self.link = dom.one(".link", row)
        self.stats = dom.one(".stats", row)
        self.stats_label = dom.one(".entry-stats", row)
        self.faces_label = dom.one(".entry-faces", row)
        self.weight_label = dom.one(".entry-weight", row)
        self.weighted: bool | None = None  # which of faces and weight it shows
        self.index = -1  # the entry it is for (-1: none yet)
        self.names: tuple[tuple[str, str], ...] = ()  # the tables its list offers


def put(field: Any, value: str) -> None:
    """Show ``value`` in a field, writing it only when the field shows something else (a
    field being typed in keeps its caret)."""
    if str(field.value) != value:
        field.value = value


def tick(box: Any, checked: bool) -> None:
    """Check or uncheck a box, touching it only when it differs."""
    if bool(box.checked) is not checked:
        box.checked = checked
