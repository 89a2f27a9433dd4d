"""The Tables screen: locations, their encounter tables, a table editor and paste import.

A screen of the kit (:mod:`omen_web.kit.screen`): the library (tables and locations) and the
Voidcrawl set-up (its die, the investigators' names) are the store's parts ``library``
and ``voidcrawl``; the screen reads them there and changes them through
:meth:`omen_web.kit.store.Store.act`, so every saved change goes to the log with the earlier
value and Undo puts it back. On a first start with nothing stored the store fills both
from the example campaign in the app's language (while untouched, it follows a change of
language); "Clear the example" empties it (undoable from the log). The table being
edited (the draft) is the screen's own until it is saved; an entry removed from it is
logged, and Undo puts the draft back through the store's restorer ``table-draft``.

Every control answers through ``data-action`` on the screen's section: rows drawn from
templates are marked when cloned, so a redraw binds nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign.state import Outcome, depth_limit
from omen.campaign.table_checks import Issue, Severity, can_save, validate_table
from omen.campaign.table_draw import roll_table
from omen.campaign.table_paste import import_pasted, read_faces
from omen.campaign.tables import (
    MAX_NAME,
    MAX_WEIGHT,
    Entry,
    Library,
    Location,
    Place,
    Stats,
    Table,
    make_id,
    read_stats,
    write_stats,
)
from omen.campaign.voidcrawl import (
    DEFAULT_LEVEL,
    KIND_NAMES,
    MAX_INVESTIGATORS,
    TOP_LEVEL,
    CrawlSetup,
    Face,
    Kind,
    Voidcrawl,
    VoidcrawlSettings,
    default_voidcrawl,
    face_level,
    resize,
    validate_voidcrawl,
)
from omen.core.errors import RulesError
from omen.core.notation import is_digits, read_whole
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit

if TYPE_CHECKING:
    from omen_web.kit.app import App

# The editor's rows made ahead in idle moments (TablesScreen.ahead): at most this many
# (a longer table makes the rest when it is opened), this many in one idle moment.
AHEAD_ROWS = 12
AHEAD_BATCH = 3
SEVERITY_TEXT = {
    Severity.ERROR: N_("Must be fixed: {problem}"),
    Severity.WARNING: N_("Worth a look: {problem}"),
    Severity.NOTE: N_("Note: {problem}"),
}


def mark(node: Any, action: str, on: str | None = None) -> Any:
    """Mark ``node`` to answer through the screen's ``on_<action>`` (kit delegation)."""
    node.dataset.action = action
    if on is not None:
        node.dataset.on = on
    return node


def row_of(target: Any, selector: str) -> Any:
    """The row (a cloned template) a control belongs to."""
    return target.closest(selector)


class TablesScreen(kit.Screen):
    """Locations, tables, the editor, paste import and the Voidcrawl set-up."""

    app: App  # the kit's Host, with all of the app this screen uses

    name = "tables"
    parts = ("library", "voidcrawl", "campaign", "exploration", "log")

    def build(self) -> None:
        self.draft: Table | None = None
        self.draft_is_new = False
        # The stored table the draft was opened or saved as: when the library's table
        # changes under an editor with no unsaved change (Undo, another tab), the editor
        # follows it (follow_library).
        self.draft_base: Table | None = None
        # What the GM typed in each row's faces and weight fields, kept as typed so a
        # redraw never replaces a half-written value with the last one that made sense.
        self.typed: list[tuple[str, str]] | None = None
        self.typed_stats: list[str] | None = None  # each row's stats field, as typed
        self.problems: list[Step] = []
        self.put_back = False  # the next redraw puts stored values back in focused fields
        # The rows on show, by the id of what each shows, and their order (keep_rows).
        self.location_rows: dict[str, Any] = {}
        self.table_rows: dict[str, Any] = {}
        self.face_rows: dict[str, Any] = {}
        self.orders: dict[str, list[str]] = {}
        self.entry_rows: list[EntryRow] = []  # the editor's rows, one per entry, in order
        # Rows a shorter table left: taken again before a row is made anew.
        self.spare_rows: list[EntryRow] = []
        self.names_of: tuple[Any, tuple[tuple[str, str], ...]] = (None, ())
        self.settings_of: tuple[Any, VoidcrawlSettings] = (None, VoidcrawlSettings())
        self.pasted: Table | None = None
        self.last: Outcome | None = None
        self.roll_problems: list[Step] = []  # what failed tries to roll the table said
        self.rolled_in_editor: tuple[str, Step] | None = None  # its table and title
        # The log entry of a table just deleted: its Undo shows in the result until the
        # next action (the Log's Undo works as well, and for longer).
        self.deleted: tuple[int, Step] | None = None
        self.store.restorers["table-draft"] = self.restore_draft
        self.store.subscribe(("prefs",), lambda _kinds: self.follow_language())
        # The static controls that are not buttons answer through the section too.
        mark(self.bound("table-editor"), "editor-submit")
        for name in ("edit-name", "edit-die", "edit-typed"):
            mark(self.bound(name), "edited", "input")
        mark(self.bound("investigators"), "investigators")
        mark(self.bound("crawl-die"), "crawl-die")
        mark(self.bound("crawl-fallout"), "crawl-fallout")
        self.follow_language()

    # --- the store's parts ----------------------------------------------------------

    @property
    def library(self) -> Library:
        library: Library = self.store.get("library")
        return library

    @property
    def setup(self) -> CrawlSetup:
        setup: CrawlSetup = self.store.get("voidcrawl")
        return setup

    def restore_draft(self, data: Any) -> None:
        """Undo of an entry removed in the editor: the table as it was being edited."""
        draft = Table.from_json(data["draft"])
        self.draft = replace(draft, die=data["die"])
        self.draft_is_new = bool(data["new"])
        self.draft_base = self.library.find_table(draft.id)
        self.forget_typing()
        self.app.show("tables")

    def change(self, library: Library, title: Step, setup: CrawlSetup | None = None) -> None:
        """Keep a changed library (and set-up), logged with the earlier ones for Undo."""
        outcome = Outcome(title, (), "tables")
        if setup is None:
            self.store.act(outcome, library=library)
        elif library == self.library:
            self.store.act(outcome, voidcrawl=setup)
        else:
            self.store.act(outcome, library=library, voidcrawl=setup)

    # --- the example, locations, investigators -----------------------------------------

    def on_clear_example(self, _target: Any, _event: Any) -> None:
        self.draft = None
        self.change(
            Library(),
            Step(N_("The example campaign was cleared.")),
            CrawlSetup(default_voidcrawl()),
        )

    def on_add_location(self, _target: Any, _event: Any) -> None:
        field = dom.bound("new-location-name")
        name = str(field.value).strip()[:MAX_NAME]
        if not name:
            raise RulesError(Step(N_("Type a name for the location first.")))
        taken = [place.id for place in self.library.locations]
        location = Location(make_id(name, taken, "place"), name)
        field.value = ""
        self.change(
            self.library.with_location(location),
            Step(N_("Location added: {name}"), {"name": name}),
        )

    def set_encounter(self, location_id: str, table_id: str) -> None:
        location = self.library.location(location_id)
        encounter = table_id or None
        tables = location.tables
        if encounter is not None and encounter not in tables:
            tables = (*tables, encounter)
        changed = replace(location, encounter=encounter, tables=tables)
        self.change(
            self.library.with_location(changed),
            Step(N_("Encounter table of {location} chosen."), {"location": location.name}),
        )

    def set_signs(self, location_id: str, table_id: str) -> None:
        location = self.library.location(location_id)
        signs = table_id or None
        tables = location.tables
        if signs is not None and signs not in tables:
            tables = (*tables, signs)
        changed = replace(location, signs=signs, tables=tables)
        self.change(
            self.library.with_location(changed),
            Step(N_("Sign table of {location} chosen."), {"location": location.name}),
        )

    def remove_location(self, location_id: str) -> None:
        location = self.library.location(location_id)
        self.change(
            self.library.without_location(location_id),
            Step(
                N_("Location removed: {name} (Undo in the log brings it back)"),
                {"name": location.name},
            ),
        )

    def edit_location(self, location_id: str, title: Any, **changes: Any) -> None:
        location = self.library.location(location_id)
        changed = replace(location, **changes)
        self.change(
            self.library.with_location(changed),
            Step(title, {"location": changed.name, "old": location.name}),
        )

    def rename_location(self, location_id: str, typed: str) -> None:
        name = " ".join(typed.split())[:MAX_NAME]
        if not name:
            self.put_back = True
            self.render()
            raise RulesError(Step(N_("Type a name for the location first.")))
        if name != self.library.location(location_id).name:
            self.edit_location(location_id, N_("Location renamed: {old} → {location}"), name=name)

    def set_place(self, location_id: str, value: str) -> None:
        self.edit_location(
            location_id, N_("Kind of place of {location} chosen."), place=Place(value)
        )

    def set_descent(self, location_id: str, value: str) -> None:
        descent = int(value) if value else None
        self.edit_location(
            location_id, N_("Dark descent level of {location} chosen."), descent=descent
        )

    def toggle_location_table(self, location_id: str, table_id: str, used: bool) -> None:
        location = self.library.location(location_id)
        chosen = set(location.tables) - {table_id} | ({table_id} if used else set())
        in_order = [t.id for t in self.library.tables if t.id in chosen]
        missing = [t for t in location.tables if t in chosen and t not in in_order]
        self.edit_location(
            location_id, N_("Tables used in {location} changed."), tables=(*in_order, *missing)
        )

    def on_investigators(self, _target: Any, _event: Any) -> None:
        lines = str(dom.bound("investigators").value).splitlines()
        names = tuple(line.strip()[:MAX_NAME] for line in lines if line.strip())
        if len(names) > MAX_INVESTIGATORS:
            raise RulesError(
                Step(
                    N_("The Omen picks from at most {limit} investigators."),
                    {"limit": MAX_INVESTIGATORS},
                )
            )
        self.regions.forget("investigators")  # the names as kept, one a line
        self.store.put("voidcrawl", replace(self.setup, investigators=names))

    # --- the Voidcrawl --------------------------------------------------------------

    def change_crawl(self, voidcrawl: Voidcrawl, title: Step) -> None:
        self.change(self.library, title, replace(self.setup, voidcrawl=voidcrawl))

    def on_crawl_die(self, target: Any, _event: Any) -> None:
        sides = int(str(target.value))
        if sides != self.setup.voidcrawl.sides:
            self.change_crawl(
                resize(self.setup.voidcrawl, sides),
                Step(N_("The Voidcrawl die is now a d{sides}."), {"sides": sides}),
            )

    def on_crawl_fallout(self, target: Any, _event: Any) -> None:
        fallout = str(target.value) or None
        self.change_crawl(
            replace(self.setup.voidcrawl, fallout=fallout),
            Step(N_("The Voidcrawl's Fallout table was chosen.")),
        )

    def change_face(self, number: int, face: Face) -> None:
        self.change_crawl(
            self.setup.voidcrawl.with_face(number, face),
            Step(
                N_("Voidcrawl face {face}: {result}, level {level}"),
                {"face": number, "result": face.label, "level": face.level},
            ),
        )

    def face(self, number: int) -> Face:
        return self.setup.voidcrawl.faces[number - 1]

    def set_face_kind(self, number: int, value: str) -> None:
        face = self.face(number)
        kind = Kind(value)
        text = face.text
        if kind is Kind.CUSTOM and not text.strip():
            label = face.label
            text = self.app.t(label) if isinstance(label, Step) else str(label)
        self.change_face(number, Face(kind, DEFAULT_LEVEL[kind], face.table, text[:MAX_NAME]))

    def set_face_words(self, number: int, typed: str) -> None:
        face = self.face(number)
        text = " ".join(typed.split())[:MAX_NAME]
        if face.kind is Kind.CUSTOM and not text:
            self.put_back = True
            self.render()
            raise RulesError(Step(N_("Face {face} needs its own words."), {"face": number}))
        if text != face.text:
            self.change_face(number, replace(face, text=text))

    def set_face_level(self, number: int, value: str) -> None:
        level = int(value)
        if 1 <= level <= TOP_LEVEL:
            self.change_face(number, replace(self.face(number), level=level))

    def set_face_table(self, number: int, value: str) -> None:
        self.change_face(number, replace(self.face(number), table=value or None))

    def edit_face_table(self, number: int) -> None:
        table = self.face(number).table
        if table is None or self.library.find_table(table) is None:
            raise RulesError(
                Step(
                    N_("Choose a table for face {face} first, or make a New table."),
                    {"face": number},
                )
            )
        self.open_table(table)

    # --- the rows' actions (a row says which location, face or entry it is) ---------

    @staticmethod
    def location_of(target: Any) -> str:
        return str(row_of(target, ".location-row").dataset.location)

    @staticmethod
    def face_of(target: Any) -> int:
        return int(str(row_of(target, ".crawl-face").dataset.face))

    @staticmethod
    def entry_of(target: Any) -> int:
        return int(str(row_of(target, ".entry-row").dataset.index))

    def on_location_encounter(self, target: Any, _event: Any) -> None:
        self.set_encounter(self.location_of(target), str(target.value))

    def on_location_signs(self, target: Any, _event: Any) -> None:
        self.set_signs(self.location_of(target), str(target.value))

    def on_share_location(self, target: Any, _event: Any) -> None:
        self.app.share("location", self.location_of(target))

    def on_remove_location(self, target: Any, _event: Any) -> None:
        self.remove_location(self.location_of(target))

    def on_rename_location(self, target: Any, _event: Any) -> None:
        self.rename_location(self.location_of(target), str(target.value))

    def on_location_place(self, target: Any, _event: Any) -> None:
        self.set_place(self.location_of(target), str(target.value))

    def on_location_descent(self, target: Any, _event: Any) -> None:
        self.set_descent(self.location_of(target), str(target.value))

    def on_location_terrain(self, target: Any, _event: Any) -> None:
        self.edit_location(
            self.location_of(target),
            N_("Terrain of {location} chosen."),
            terrain=str(target.value) or None,
        )

    def on_location_table(self, target: Any, _event: Any) -> None:
        place = self.location_of(target)
        self.toggle_location_table(place, str(target.dataset.table), bool(target.checked))

    def on_face_kind(self, target: Any, _event: Any) -> None:
        self.set_face_kind(self.face_of(target), str(target.value))

    def on_face_words(self, target: Any, _event: Any) -> None:
        self.set_face_words(self.face_of(target), str(target.value))

    def on_face_level(self, target: Any, _event: Any) -> None:
        self.set_face_level(self.face_of(target), str(target.value))

    def on_face_table(self, target: Any, _event: Any) -> None:
        self.set_face_table(self.face_of(target), str(target.value))

    def on_edit_face_table(self, target: Any, _event: Any) -> None:
        self.edit_face_table(self.face_of(target))

    def on_open_table(self, target: Any, _event: Any) -> None:
        self.open_table(str(target.dataset.table))

    def on_entry_up(self, target: Any, _event: Any) -> None:
        self.move_entry(self.entry_of(target), -1)

    def on_entry_down(self, target: Any, _event: Any) -> None:
        self.move_entry(self.entry_of(target), 1)

    def on_entry_remove(self, target: Any, _event: Any) -> None:
        self.remove_entry(self.entry_of(target))

    # --- the editor ------------------------------------------------------------------

    def forget_typing(self) -> None:
        self.typed = None
        self.typed_stats = None
        self.problems = []

    def open_table(self, table_id: str) -> None:
        self.draft = self.draft_base = self.library.table(table_id)
        self.draft_is_new = False
        self.forget_typing()
        self.render()
        # Focus goes to the editor's heading, not a text field: on a phone, a field
        # would pop the keyboard up over a table the game master came to read.
        dom.one("#table-editor-title").focus()

    def on_new_table(self, _target: Any, _event: Any) -> None:
        self.draft = Table("new", "", "d6", (Entry("", 1),))
        self.draft_is_new = True
        self.forget_typing()
        self.render()
        dom.bound("edit-name").focus()

    def on_close_table(self, _target: Any, _event: Any) -> None:
        self.draft = None
        self.forget_typing()
        self.render()

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
        self.regions.forget("editor")  # the fields show what was typed: drawn anew next
        self.draft, self.problems = self.read_editor()
        self.show_weights()
        self.render_issues()
        self.show_entry_dice()

    def on_add_entry(self, _target: Any, _event: Any) -> None:
        table = self.read_strict()
        self.forget_typing()
        self.draft = replace(table, entries=(*table.entries, Entry("")))
        self.render()
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
        self.render()
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
        self.render()

    def on_save_table(self, _target: Any, _event: Any) -> None:
        table = self.as_rolled(self.read_strict())
        if not table.name.strip():
            raise RulesError(Step(N_("Give the table a name first.")))
        if not can_save(validate_table(table, self.library)):
            raise RulesError(Step(N_("Fix the problems listed before saving.")))
        if self.draft_is_new:
            taken = [t.id for t in self.library.tables]
            table = replace(table, id=make_id(table.name, taken, "table"))
            self.draft_is_new = False
        self.draft = self.draft_base = table
        self.forget_typing()
        self.change(
            self.library.with_table(table), Step(N_("Table saved: {name}"), {"name": table.name})
        )

    def on_share_table(self, _target: Any, _event: Any) -> None:
        """Share the table as last saved (a new table is saved first)."""
        assert self.draft is not None
        if self.draft_is_new or self.library.find_table(self.draft.id) is None:
            raise RulesError(Step(N_("Save the table first, then share it.")))
        self.app.share("table", self.draft.id)

    def on_delete_table(self, _target: Any, _event: Any) -> None:
        assert self.draft is not None
        table = self.draft
        self.draft = None
        self.forget_typing()
        if self.draft_is_new or self.library.find_table(table.id) is None:
            self.render()
            return
        title = Step(
            N_("Table deleted: {name} (Undo in the log brings it back)"), {"name": table.name}
        )
        self.change(self.library.without_table(table.id), title)
        self.deleted = (self.store.log.entries[0].id, title)
        self.render()
        dom.one('[data-action="undo-delete"]').focus()

    def on_undo_delete(self, _target: Any, _event: Any) -> None:
        """Take the deletion back, as the Log's Undo would (only while it is the last action)."""
        deleted, self.deleted = self.deleted, None
        entry = self.store.log.last_undoable()
        if deleted is not None and entry is not None and entry.id == deleted[0]:
            self.store.undo()
        self.render()

    def on_roll_table(self, _target: Any, _event: Any) -> None:
        try:
            self.roll_open_table()
        except RulesError as error:
            self.roll_problems.append(error.message)  # cleared once a roll goes through
            raise
        self.clear_roll_problems()

    def roll_open_table(self) -> None:
        table = self.as_rolled(self.read_strict())
        typed = dom.bound("edit-typed")
        library = self.library.with_table(table)
        self.ask_missing_dice(library, table.id, str(typed.value))
        dice = self.app.dice(str(typed.value))
        result = roll_table(library, table.id, dice, depth_limit(self.app.campaign.values))
        typed.value = ""
        title = Step(
            N_("{table}: {result}"),
            {"table": table.name or "?", "result": result.text or "—"},
        )
        self.last = Outcome(title, (*result.steps, *result.warnings), "table")
        self.rolled_in_editor = (table.id, title)
        self.store.record(self.last)

    # --- what an entry's dice roll, shown as it is typed (#34 item 14) ----------------

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

    # --- typed physical dice for a roll from the editor (#34 item 13) ----------------

    def ask_missing_dice(self, library: Library, table_id: str, text: str) -> None:
        """With faces typed, refuse a roll that needs more, naming exactly the dice still
        to type (:func:`omen.campaign.table_dice.still_needed`), beside the field."""
        from omen.campaign.table_dice import needed_message, still_needed

        field = dom.bound("edit-typed")
        kit.error(field, None)
        if not text.strip():
            return
        parts = re.split(r"[\s,;]+", text.strip())
        if not all(is_digits(part) and len(part) <= 4 for part in parts):
            return  # not faces at all: the app's dice say so
        faces = [int(part) for part in parts]
        try:
            needs = still_needed(library, table_id, faces, depth_limit(self.app.campaign.values))
        except RulesError as error:
            kit.error(field, error.message)
            raise
        if needs:
            message = needed_message(needs)
            kit.error(field, message)
            raise RulesError(message)

    def clear_roll_problems(self) -> None:
        """A roll went through: the notices its failed tries left are taken away."""
        problems, self.roll_problems = self.roll_problems, []
        kit.error(dom.bound("edit-typed"), None)
        for node, step in list(self.app.notices):
            if step in problems:
                self.app.notices.remove((node, step))
                node.remove()

    def render_editor_result(self) -> None:
        """The last roll from the editor, shown beside its Roll button (the page stays on
        the editor; the result above says it too)."""
        shown = self.rolled_in_editor
        if self.draft is None or shown is None or shown[0] != self.draft.id:
            shown = None
        if self.unchanged("editor-result", shown):
            return
        line = dom.bound("edit-result")
        dom.show(line, shown is not None)
        dom.text(line, self.app.t(shown[1]) if shown else "")

    # --- paste import --------------------------------------------------------------

    def on_paste_read(self, _target: Any, _event: Any) -> None:
        name = str(dom.bound("paste-name").value).strip()[:MAX_NAME]
        pasted = import_pasted(str(dom.bound("paste-text").value), "pasted", name)
        self.pasted = pasted.table if pasted.ok else None
        summary = dom.bound("paste-summary")
        said = self.app.t(
            Step(
                N_("Read {count} entry with the die {die}."),
                {"count": len(pasted.table.entries), "die": pasted.table.die or "—"},
                plural=N_("Read {count} entries with the die {die}."),
            )
        )
        if not pasted.ok:
            refused = N_(
                "Nothing was saved: fix what is marked below, then read the lines again. "
                "Your text stays in the box."
            )
            said = f"{said} {self.app.tr(refused)}"
        dom.text(summary, said)
        dom.show(summary, True)
        self.show_issues(dom.bound("paste-issues"), pasted.issues)
        dom.show(dom.one('[data-action="paste-save"]'), self.pasted is not None)

    def on_paste_save(self, _target: Any, _event: Any) -> None:
        if self.pasted is None:
            return
        table = self.pasted
        name = table.name.strip() or self.app.tr(N_("Pasted table"))
        taken = [t.id for t in self.library.tables]
        table = replace(table, id=make_id(name, taken, "table"), name=name)
        self.pasted = None
        dom.bound("paste-text").value = ""
        dom.bound("paste-name").value = ""
        dom.clear(dom.bound("paste-issues"))
        dom.show(dom.bound("paste-summary"), False)
        dom.show(dom.one('[data-action="paste-save"]'), False)
        self.change(
            self.library.with_table(table),
            Step(N_("Table imported: {name}"), {"name": table.name}),
        )

    # --- rendering ---------------------------------------------------------------------
    #
    # A render draws only the regions whose state changed (kit.Screen.unchanged): the
    # result line, the example note, the investigators, each location's row, each table's
    # button, each Voidcrawl face's row, and the editor. Rows are kept by the id of what
    # they show (a location, a table, a face's number, an entry's place), so a change to
    # one location redraws its row and leaves the others, with their open <details>, as
    # they are. The editor keeps its rows and writes only the fields that differ from
    # what it is to show; what the game master types there is read into the draft as it
    # is typed (on_edited), and the editor is then drawn again at the next render.

    def show_issues(self, target: Any, issues: tuple[Issue, ...]) -> None:
        dom.clear(target)
        for issue in issues:
            item = dom.element("li")
            item.dataset.severity = issue.severity.value
            dom.text(
                item,
                self.app.t(Step(SEVERITY_TEXT[issue.severity], {"problem": issue.message})),
            )
            target.append(item)

    def render_issues(self) -> None:
        assert self.draft is not None
        draft, problems = self.draft, tuple(self.problems)
        if self.unchanged("editor-issues", draft, problems, self.library.tables):
            return
        issues = validate_table(self.as_rolled(draft), self.library)
        if not draft.name.strip():
            issues = (Issue(Severity.ERROR, Step(N_("The table needs a name."))), *issues)
        unread = tuple(Issue(Severity.ERROR, problem) for problem in problems)
        issues = (*unread, *issues)
        self.show_issues(dom.bound("edit-issues"), issues)
        dom.one('[data-action="save-table"]').disabled = not can_save(issues)

    def names(self) -> tuple[tuple[str, str], ...]:
        """Each table's id and name, in the library's order (what every table list
        shows), worked out once for each library."""
        tables = self.library.tables
        if self.names_of[0] is not tables:
            self.names_of = (tables, tuple((table.id, table.name) for table in tables))
        return self.names_of[1]

    def crawl_settings(self) -> VoidcrawlSettings:
        """The campaign's Voidcrawl settings (read once for each campaign value)."""
        campaign = self.app.campaign
        if self.settings_of[0] is not campaign:
            self.settings_of = (campaign, VoidcrawlSettings.from_values(campaign.values))
        return self.settings_of[1]

    def table_options(self, select: Any, chosen: str | None, empty: str) -> None:
        dom.fill_options(select, [("", empty), *self.names()])
        select.value = chosen or ""

    def follow_language(self) -> None:
        """The example, still untouched, in the app's language (after a change of language).

        Once the game master changes anything it is their campaign, and stays as it is.
        Each game has its own example (:func:`omen.campaign.example.which_example` says whose).
        """
        if not self.setup.example:
            return
        from omen.campaign.example import example_campaign, which_example  # only for the example

        found = which_example(self.library)
        if found is None:
            return
        game, language = found
        wanted = example_campaign(self.app.translator.language, game)
        if self.library == wanted.library:
            return
        was = example_campaign(language, game)
        untouched = CrawlSetup(was.voidcrawl, was.investigators, example=True)
        if self.setup == untouched:
            self.store.put("library", wanted.library)

    def on_editor_submit(self, _target: Any, _event: Any) -> None:
        """Enter in the editor saves nothing by itself (the kit stops the form's submit)."""

    def render(self) -> None:
        if self.put_back:  # stored values go back into the fields, focused ones too
            self.regions.forget()
        self.render_result()
        setup = self.setup
        if not self.unchanged("example", setup.example):
            dom.show(dom.bound("tables-example"), setup.example)
            if setup.example:  # the note is shown (and omen.campaign.example imported) only then
                from omen.campaign.example import EXAMPLE_NOTE

                dom.text(dom.bound("tables-example-text"), self.app.tr(EXAMPLE_NOTE))
        if not self.unchanged("investigators", setup.investigators):
            investigators = dom.bound("investigators")
            if investigators.matches(":focus"):
                self.regions.forget("investigators")  # written once the GM is done
            else:
                investigators.value = "\n".join(setup.investigators)
        # The Voidcrawl is Liminal Horror's: its set-up and investigators are offered in
        # that game, or wherever the exploration rolls on it.
        crawl = self.app.campaign.game == "liminal_horror" or (
            self.store.get("exploration").procedure.value == "voidcrawl"
        )
        if not self.unchanged("crawl-shown", crawl):
            dom.show(dom.one(".tables-crew", self.root), crawl)
            dom.show(dom.bound("crawl-box"), crawl)
        self.render_locations()
        self.render_tables()
        self.render_crawl()
        self.follow_library()
        self.render_editor()
        self.show_entry_dice()
        self.render_editor_result()
        self.put_back = False
        if self.draft is None and len(self.entry_rows) < self.rows_wanted():
            self.app.work_ahead(self.name)  # rows for the editor, made in idle moments

    def follow_library(self) -> None:
        """The open table as the library now has it, when it changed there (Undo of a
        save, another tab's edit) and the editor holds no change of the GM's not saved
        yet; a draft being edited stays as it is (Save then keeps it)."""
        draft, base = self.draft, self.draft_base
        if draft is None or self.draft_is_new:
            return
        stored = self.library.find_table(draft.id)
        if stored is base or stored is None:
            return  # unchanged; or gone (the draft stays, to be saved again or closed)
        self.draft_base = stored
        if draft == base and not self.problems:
            self.draft = stored
            self.forget_typing()

    def render_result(self) -> None:
        app = self.app
        last = self.last
        entry = self.store.log.last_undoable()
        deleted = self.deleted
        if deleted is not None and (entry is None or entry.id != deleted[0]):
            deleted = self.deleted = None  # something else happened since: Undo is the Log's
        if self.unchanged("result", deleted, last):
            return
        title = dom.bound("tables-result-title")
        dom.show(dom.one('[data-action="undo-delete"]'), deleted is not None)
        if deleted is not None:
            dom.text(title, app.t(deleted[1]))
            dom.show(dom.bound("tables-result-details"), False)
        elif last is None:
            dom.text(title, app.tr(N_("Pick a table to edit or roll it.")))
            dom.show(dom.bound("tables-result-details"), False)
        else:
            dom.text(title, app.t(last.title))
            app.fill_list(dom.bound("tables-result-steps"), last.steps)
            dom.show(dom.bound("tables-result-details"), True)

    def keep_rows(self, region: str, target: Any, rows: dict[str, Any], wanted: list[str]) -> None:
        """Make ``target``'s children the ``rows`` named in ``wanted``, in that order,
        moving as little as possible: rows gone are removed (and their regions
        forgotten), new ones appended, and only a changed order puts every row again (with
        the focus kept)."""
        order: list[str] = self.orders.setdefault(region, [])
        if order == wanted:
            return
        keep = set(wanted)
        for key in [key for key in rows if key not in keep]:
            rows.pop(key).remove()
            self.regions.forget(f"{region}:{key}")
        kept = [key for key in order if key in keep]
        if wanted[: len(kept)] == kept:
            for key in wanted[len(kept) :]:
                target.append(rows[key])
        else:
            focus = self.focused(target)
            target.replaceChildren(*(rows[key] for key in wanted))
            self.refocus(target, focus)
        self.orders[region] = list(wanted)

    def redraw_row(self, region: str, key: str, rows: dict[str, Any], row: Any) -> None:
        """Put ``row`` in place of the row drawn before for ``key`` (if any), keeping the
        focus and what was typed in the focused field."""
        old = rows.get(key)
        rows[key] = row
        if old is None:
            return  # placed by keep_rows
        focus = self.focused(old)
        old.replaceWith(row)
        self.refocus(row, focus)

    def render_locations(self) -> None:
        names, levels = self.names(), self.crawl_settings().descent_levels
        rows = self.location_rows
        for location in self.library.locations:
            old = rows.get(location.id)
            drawn = self.unchanged(
                f"location:{location.id}", location, names, levels, self.app.campaign.game
            )
            if drawn and old is not None:
                continue
            opened = old is not None and bool(dom.one(".edit-location", old).open)
            self.redraw_row("location", location.id, rows, self.location_row(location, opened))
        wanted = [location.id for location in self.library.locations]
        self.keep_rows("location", dom.bound("tables-locations"), rows, wanted)

    def location_row(self, location: Location, opened: bool) -> Any:
        row = self.app.clone("tpl-location-row")
        dom.text(dom.one(".name", row), location.name)
        select = dom.one(".encounter", row)
        select.setAttribute(
            "aria-label",
            self.app.t(Step(N_("Encounter table of {location}"), {"location": location.name})),
        )
        self.table_options(select, location.encounter, self.app.tr(N_("(none)")))
        mark(select, "location-encounter")
        signs = dom.one(".signs", row)
        signs.setAttribute(
            "aria-label",
            self.app.t(Step(N_("Sign table of {location}"), {"location": location.name})),
        )
        self.table_options(signs, location.signs, self.app.tr(N_("(none)")))
        mark(signs, "location-signs")
        self.render_location_edit(row, location, opened)
        share = dom.one(".share-location", row)
        share.setAttribute(
            "aria-label",
            self.app.t(Step(N_("Share the location {location}"), {"location": location.name})),
        )
        mark(share, "share-location")
        remove = dom.one(".remove-location", row)
        remove.setAttribute(
            "aria-label",
            self.app.t(Step(N_("Remove the location {location}"), {"location": location.name})),
        )
        mark(remove, "remove-location")
        row.dataset.location = location.id
        return row

    def focused(self, target: Any) -> tuple[str, str | None] | None:
        """The key of the control with focus inside ``target`` and, for a text field,
        what is typed in it (so a redraw can put both back)."""
        found = dom.every("[data-key]:focus", target)
        if not found:
            return None
        node = found[0]
        typed = str(node.value) if str(node.type) == "text" and not self.put_back else None
        return str(node.dataset.key), typed

    @staticmethod
    def refocus(target: Any, focus: tuple[str, str | None] | None) -> None:
        if focus is None:
            return
        found = dom.every(f'[data-key="{focus[0]}"]', target)
        if found:
            if focus[1] is not None:
                found[0].value = focus[1]
            found[0].focus()

    def render_location_edit(self, row: Any, location: Location, opened: bool) -> None:
        app, place_id = self.app, location.id
        dom.one(".edit-location", row).open = opened
        name = dom.one(".location-name", row)
        name.value = location.name
        name.dataset.key = f"{place_id}:name"
        name.setAttribute(
            "aria-label", app.t(Step(N_("Name of {location}"), {"location": location.name}))
        )
        mark(name, "rename-location")
        place = dom.one(".place", row)
        place.value = location.place.value
        place.dataset.key = f"{place_id}:place"
        place.setAttribute(
            "aria-label",
            app.t(Step(N_("Kind of place of {location}"), {"location": location.name})),
        )
        mark(place, "location-place")
        descent = dom.one(".descent", row)
        descent.dataset.key = f"{place_id}:descent"
        descent.setAttribute(
            "aria-label",
            app.t(Step(N_("Dark descent level of {location}"), {"location": location.name})),
        )
        levels = self.crawl_settings().descent_levels
        choices = sorted({*range(1, levels + 1), *filter(None, [location.descent])})
        dom.fill_options(
            descent, [("", app.tr(N_("(none)")))] + [(str(n), str(n)) for n in choices]
        )
        descent.value = "" if location.descent is None else str(location.descent)
        mark(descent, "location-descent")
        self.render_location_terrain(row, location)
        listing = dom.one(".location-table-list", row)
        for table_id, table_name in self.names():
            item = dom.element("li")
            label = dom.element("label")
            box = dom.element("input")
            box.type = "checkbox"
            box.checked = table_id in location.tables
            box.dataset.key = f"{place_id}:table:{table_id}"
            box.dataset.table = table_id
            mark(box, "location-table")
            words = dom.element("span")
            dom.text(words, table_name)
            label.append(box)
            label.append(words)
            item.append(label)
            listing.append(item)

    # --- what a row and a location carry into an encounter ----------------------------

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
            stats = read_stats(text)
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
        hint = STATS_HINT.get(game)
        dom.show(row.stats_label, hint is not None)
        if hint is None:
            return
        row.stats.setAttribute("placeholder", hint)
        typed = self.typed_stats
        put(
            row.stats,
            typed[index] if typed and index < len(typed) else write_stats(entry.stats, game),
        )

    def render_location_terrain(self, row: Any, location: Location) -> None:
        """The location's terrain, chosen from the campaign's game's list (the field only
        in a game whose procedures read terrain)."""
        field = dom.one(".terrain-field", row)
        choices = location_terrains(self.app.campaign.game)
        dom.show(field, bool(choices))
        if not choices:
            return
        select = dom.one(".terrain", row)
        select.dataset.key = f"{location.id}:terrain"
        select.setAttribute(
            "aria-label",
            self.app.t(Step(N_("Terrain of {location}"), {"location": location.name})),
        )
        options = [("", self.app.tr(N_("(none)")))]
        options += [(key, self.app.tr(name)) for key, name in choices]
        if location.terrain and location.terrain not in dict(choices):
            options.append((location.terrain, location.terrain))  # another game's: kept
        dom.fill_options(select, options)
        select.value = location.terrain or ""
        mark(select, "location-terrain")

    def render_crawl(self) -> None:
        app = self.app
        config = self.setup.voidcrawl
        names = self.names()
        crawl_settings = self.crawl_settings()
        by_position = crawl_settings.levels == "position"
        if not self.unchanged("crawl", config.sides, config.fallout, names, by_position):
            dom.bound("crawl-die").value = str(config.sides)
            self.table_options(dom.bound("crawl-fallout"), config.fallout, app.tr(N_("(none)")))
            dom.bound("crawl-levels-hint").hidden = not by_position
        rows = self.face_rows
        for number, face in enumerate(config.faces, 1):
            key, level = str(number), face_level(config, number, crawl_settings)
            old = rows.get(key)
            if self.unchanged(f"face:{key}", face, level, by_position, names) and old is not None:
                continue
            self.redraw_row("face", key, rows, self.face_row(number, face, level, by_position))
        wanted = [str(number) for number in range(1, len(config.faces) + 1)]
        self.keep_rows("face", dom.bound("crawl-faces"), rows, wanted)
        if not self.unchanged("crawl-issues", config, self.library.tables):
            self.show_issues(dom.bound("crawl-issues"), validate_voidcrawl(config, self.library))

    def face_row(self, number: int, face: Face, level: int, by_position: bool) -> Any:
        app = self.app
        row = app.clone("tpl-crawl-face")
        dom.text(dom.one(".face-number", row), app.t(Step(N_("Face {face}"), {"face": number})))
        for selector, message in (
            (".kind", N_("Face {face}: result")),
            (".words", N_("Face {face}: own words")),
            (".level", N_("Face {face}: level")),
            (".face-table", N_("Face {face}: table")),
            (".edit-face-table", N_("Edit this table: face {face}")),
        ):
            node = dom.one(selector, row)
            node.setAttribute("aria-label", app.t(Step(message, {"face": number})))
            node.dataset.key = f"{number}{selector}"
        kind = dom.one(".kind", row)
        dom.fill_options(kind, [(choice.value, app.tr(KIND_NAMES[choice])) for choice in Kind])
        kind.value = face.kind.value
        words = dom.one(".words", row)
        words.value = face.text
        shown = dom.one(".level", row)
        # With levels from the face's place on the die, the face's own level is kept but
        # not used: show the level that counts, and say why it cannot be changed.
        shown.value = str(level)
        shown.disabled = by_position
        if by_position:
            shown.setAttribute("aria-describedby", "crawl-levels-hint")
        table = dom.one(".face-table", row)
        self.table_options(table, face.table, app.tr(N_("(none)")))
        mark(kind, "face-kind")
        mark(words, "face-words")
        mark(shown, "face-level")
        mark(table, "face-table")
        mark(dom.one(".edit-face-table", row), "edit-face-table")
        row.dataset.face = str(number)
        return row

    def render_tables(self) -> None:
        rows = self.table_rows
        for table_id, table_name in self.names():
            item = rows.get(table_id)
            if self.unchanged(f"table:{table_id}", table_name) and item is not None:
                continue
            if item is None:
                item = rows[table_id] = dom.element("li")
                button = dom.element("button")
                button.type = "button"
                button.className = "secondary table-open"
                button.dataset.table = table_id
                mark(button, "open-table")
                item.append(button)
            dom.text(item.firstElementChild, table_name)
        wanted = [table_id for table_id, _name in self.names()]
        self.keep_rows("table", dom.bound("tables-list"), rows, wanted)

    # --- the editor's rows ---------------------------------------------------------

    def render_editor(self) -> None:
        draft = self.draft
        if not self.unchanged("editor-open", draft is not None):
            dom.show(dom.bound("table-editor"), draft is not None)
        if draft is None:
            return
        typed = self.typed if self.typed and len(self.typed) == len(draft.entries) else None
        problems = tuple(self.problems)
        game = self.app.campaign.game
        if self.unchanged("editor", draft, tuple(typed or ()), problems, self.library.tables, game):
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
        names = self.names()
        for row in rows:
            if row.names != names:  # a table added, renamed or removed: each list anew
                self.table_options(row.link, None, self.app.tr(N_("(nothing)")))
                row.names = names
        put(dom.bound("edit-name"), draft.name)
        put(dom.bound("edit-die"), draft.die or "")
        for index, (row, entry) in enumerate(zip(rows, draft.entries, strict=True)):
            faces, weight = typed[index] if typed else (entry.faces, str(entry.weight))
            put(row.faces, faces)
            put(row.weight, weight)
            put(row.text, entry.text)
            put(row.link, entry.link or "")
            tick(row.violent, entry.violent)
            tick(row.reaction, entry.reaction)
            self.fill_row_stats(row, entry, index)
        self.show_weights()
        self.render_issues()

    def rows_in_language(self) -> None:
        """After a change of language every row is made anew (its label says "Entry 2"
        in the language it was made in)."""
        if not self.unchanged("editor-rows"):
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
        self.table_options(row.link, None, self.app.tr(N_("(nothing)")))
        row.names = self.names()
        return row

    def rows_wanted(self) -> int:
        """How many rows the closed editor holds ready: as many as the longest table has,
        up to :data:`AHEAD_ROWS`."""
        longest = max((len(table.entries) for table in self.library.tables), default=1)
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
        self.regions.forget("editor")  # the rows differ from what it last showed
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
    "gurps": "SM 0, Vision 12, Stealth 12, Group 6",
    "eotw": "DEX 2, VIT 2, LOG 1, WIL 2, CHA 1, EMP 1",
}


def location_terrains(game: str) -> list[tuple[str, str]]:
    """The terrains a location may name in ``game`` (key, name to translate), as the
    game's procedures read them; none in a game that reads no terrain. The game's
    procedures are imported only here, when a location is drawn in that game."""
    if game == "ose":
        from omen.ose.turn import TERRAIN_NAMES

        return [(terrain.value, name) for terrain, name in TERRAIN_NAMES.items()]
    if game == "gurps":
        from omen.gurps.distance import TERRAINS

        return [(row.key, row.name) for row in TERRAINS]
    return []


class EntryRow:
    """One row of the table editor and its fields, found once when it is cloned."""

    def __init__(self, row: Any) -> None:
        self.row = row
        self.faces = dom.one(".faces", row)
        self.weight = dom.one(".weight", row)
        self.text = dom.one(".text", row)
        self.violent = dom.one(".violent", row)
        self.reaction = dom.one(".reaction", row)
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
