"""The Tables screen: locations, their encounter tables, a table editor and paste import.

A screen of the kit (:mod:`omen_web.kit`): the library (tables and locations) and the
Voidcrawl set-up (its die, the investigators' names) are the store's parts ``library``
and ``voidcrawl``; the screen reads them there and changes them through
:meth:`omen_web.store.Store.act`, so every saved change goes to the log with the earlier
value and Undo puts it back. On a first start with nothing stored the store fills both
from the example campaign in the app's language (while untouched, it follows a change of
language); "Clear the example" empties it (undoable from the log). The table being
edited (the draft) is the screen's own until it is saved; an entry removed from it is
logged, and Undo puts the draft back through the store's restorer ``table-draft``.

Every control answers through ``data-action`` on the screen's section: rows drawn from
templates are marked when cloned, so a redraw binds nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from omen.campaign import Outcome, depth_limit
from omen.errors import RulesError
from omen.notation import read_whole
from omen.roll import N_, Step
from omen.tables import (
    MAX_NAME,
    MAX_WEIGHT,
    Entry,
    Issue,
    Library,
    Location,
    Place,
    Severity,
    Table,
    can_save,
    import_pasted,
    make_id,
    read_faces,
    roll_table,
    validate_table,
)
from omen.voidcrawl import (
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
from omen_web import dom, kit
from omen_web.app import translate_markup

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

    name = "tables"
    parts = ("library", "voidcrawl", "campaign", "log")

    def build(self) -> None:
        self.draft: Table | None = None
        self.draft_is_new = False
        # What the GM typed in each row's faces and weight fields, kept as typed so a
        # redraw never replaces a half-written value with the last one that made sense.
        self.typed: list[tuple[str, str]] | None = None
        self.problems: list[Step] = []
        self.put_back = False  # the next redraw puts stored values back in focused fields
        self.drawn_lists: dict[str, Any] = {}  # what the lists were drawn from, by list
        self.pasted: Table | None = None
        self.last: Outcome | None = None
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
        self.problems = []

    def open_table(self, table_id: str) -> None:
        self.draft = self.library.table(table_id)
        self.draft_is_new = False
        self.forget_typing()
        self.render()
        dom.bound("edit-name").focus()

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
                )
            )
        self.typed = typed
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
        self.draft, self.problems = self.read_editor()
        self.show_weights()
        self.render_issues()

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
        self.draft = table
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
        table = self.as_rolled(self.read_strict())
        typed = dom.bound("edit-typed")
        dice = self.app.dice(str(typed.value))
        library = self.library.with_table(table)
        result = roll_table(library, table.id, dice, depth_limit(self.app.campaign.values))
        typed.value = ""
        title = Step(
            N_("{table}: {result}"),
            {"table": table.name or "?", "result": result.text or "—"},
        )
        self.last = Outcome(title, (*result.steps, *result.warnings), "table")
        self.store.record(self.last)

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
        issues = validate_table(self.as_rolled(self.draft), self.library)
        if not self.draft.name.strip():
            issues = (Issue(Severity.ERROR, Step(N_("The table needs a name."))), *issues)
        unread = tuple(Issue(Severity.ERROR, problem) for problem in self.problems)
        issues = (*unread, *issues)
        self.show_issues(dom.bound("edit-issues"), issues)
        dom.one('[data-action="save-table"]').disabled = not can_save(issues)

    def table_options(self, select: Any, chosen: str | None, empty: str) -> None:
        tables = [(table.id, table.name) for table in self.library.tables]
        dom.fill_options(select, [("", empty), *tables])
        select.value = chosen or ""

    def follow_language(self) -> None:
        """The example, still untouched, in the app's language (after a change of language).

        Once the game master changes anything it is their campaign, and stays as it is.
        Each game has its own example (:func:`omen.example.which_example` says whose).
        """
        if not self.setup.example:
            return
        from omen.example import example_campaign, which_example  # only for the example

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
        app = self.app
        last = self.last
        title = dom.bound("tables-result-title")
        entry = self.store.log.last_undoable()
        deleted = self.deleted
        if deleted is not None and (entry is None or entry.id != deleted[0]):
            deleted = self.deleted = None  # something else happened since: Undo is the Log's
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
        dom.show(dom.bound("tables-example"), self.setup.example)
        if self.setup.example:  # the note is shown (and omen.example imported) only then
            from omen.example import EXAMPLE_NOTE

            dom.text(dom.bound("tables-example-text"), app.tr(EXAMPLE_NOTE))
        investigators = dom.bound("investigators")
        if not investigators.matches(":focus"):
            investigators.value = "\n".join(self.setup.investigators)
        # The lists are drawn again only when what they show changed (or stored values
        # are to be put back in the fields): opening a table, or a tap elsewhere that the
        # log heard of, redraws the editor and the result, not every location and face.
        names = tuple((table.id, table.name) for table in self.library.tables)
        shown = (names, dict(app.campaign.values), app.translator.language)
        locations = (self.library.locations, *shown)
        crawl = (self.setup.voidcrawl, *shown)
        put_back = self.put_back
        if put_back or locations != self.drawn_lists.get("locations"):
            self.render_locations()
        if put_back or names != self.drawn_lists.get("tables"):
            self.render_tables()
        if put_back or crawl != self.drawn_lists.get("crawl"):
            self.render_crawl()
        self.drawn_lists = {"locations": locations, "tables": names, "crawl": crawl}
        self.render_editor()
        self.put_back = False

    def render_locations(self) -> None:
        target = dom.bound("tables-locations")
        opened = {
            str(row.dataset.location)
            for row in dom.every(".location-row", target)
            if dom.one(".edit-location", row).open
        }
        focus = self.focused(target)
        dom.clear(target)
        for location in self.library.locations:
            row = dom.clone("tpl-location-row")
            translate_markup(row, self.app.translator)
            dom.text(dom.one(".name", row), location.name)
            select = dom.one(".encounter", row)
            select.setAttribute(
                "aria-label",
                self.app.t(Step(N_("Encounter table of {location}"), {"location": location.name})),
            )
            self.table_options(select, location.encounter, self.app.tr(N_("(none)")))
            mark(select, "location-encounter")
            self.render_location_edit(row, location, location.id in opened)
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
            target.append(row)
        self.refocus(target, focus)

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
        levels = VoidcrawlSettings.from_values(app.campaign.values).descent_levels
        choices = sorted({*range(1, levels + 1), *filter(None, [location.descent])})
        dom.fill_options(
            descent, [("", app.tr(N_("(none)")))] + [(str(n), str(n)) for n in choices]
        )
        descent.value = "" if location.descent is None else str(location.descent)
        mark(descent, "location-descent")
        listing = dom.one(".location-table-list", row)
        for table in self.library.tables:
            item = dom.element("li")
            label = dom.element("label")
            box = dom.element("input")
            box.type = "checkbox"
            box.checked = table.id in location.tables
            box.dataset.key = f"{place_id}:table:{table.id}"
            box.dataset.table = table.id
            mark(box, "location-table")
            words = dom.element("span")
            dom.text(words, table.name)
            label.append(box)
            label.append(words)
            item.append(label)
            listing.append(item)

    def render_crawl(self) -> None:
        app = self.app
        config = self.setup.voidcrawl
        dom.bound("crawl-die").value = str(config.sides)
        self.table_options(dom.bound("crawl-fallout"), config.fallout, app.tr(N_("(none)")))
        target = dom.bound("crawl-faces")
        focus = self.focused(target)
        dom.clear(target)
        kinds = [(kind.value, app.tr(KIND_NAMES[kind])) for kind in Kind]
        crawl_settings = VoidcrawlSettings.from_values(app.campaign.values)
        by_position = crawl_settings.levels == "position"
        dom.bound("crawl-levels-hint").hidden = not by_position
        for number, face in enumerate(config.faces, 1):
            row = dom.clone("tpl-crawl-face")
            translate_markup(row, app.translator)
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
            dom.fill_options(kind, kinds)
            kind.value = face.kind.value
            words = dom.one(".words", row)
            words.value = face.text
            level = dom.one(".level", row)
            # With levels from the face's place on the die, the face's own level is kept
            # but not used: show the level that counts, and say why it cannot be changed.
            level.value = str(face_level(config, number, crawl_settings))
            level.disabled = by_position
            if by_position:
                level.setAttribute("aria-describedby", "crawl-levels-hint")
            table = dom.one(".face-table", row)
            self.table_options(table, face.table, app.tr(N_("(none)")))
            mark(kind, "face-kind")
            mark(words, "face-words")
            mark(level, "face-level")
            mark(table, "face-table")
            mark(dom.one(".edit-face-table", row), "edit-face-table")
            row.dataset.face = str(number)
            target.append(row)
        self.refocus(target, focus)
        self.show_issues(dom.bound("crawl-issues"), validate_voidcrawl(config, self.library))

    def render_tables(self) -> None:
        target = dom.bound("tables-list")
        dom.clear(target)
        for table in self.library.tables:
            item = dom.element("li")
            button = dom.element("button")
            button.type = "button"
            button.className = "secondary table-open"
            dom.text(button, table.name)
            button.dataset.table = table.id
            mark(button, "open-table")
            item.append(button)
            target.append(item)

    def render_editor(self) -> None:
        editor = dom.bound("table-editor")
        draft = self.draft
        dom.show(editor, draft is not None)
        if draft is None:
            return
        dom.bound("edit-name").value = draft.name
        dom.bound("edit-die").value = draft.die or ""
        target = dom.bound("edit-entries")
        dom.clear(target)
        typed = self.typed if self.typed and len(self.typed) == len(draft.entries) else None
        for index, entry in enumerate(draft.entries):
            row = dom.clone("tpl-entry-row")
            translate_markup(row, self.app.translator)
            faces, weight = typed[index] if typed else (entry.faces, str(entry.weight))
            dom.one(".faces", row).value = faces
            dom.one(".weight", row).value = weight
            dom.one(".text", row).value = entry.text
            dom.one(".violent", row).checked = entry.violent
            dom.one(".reaction", row).checked = entry.reaction
            self.table_options(dom.one(".link", row), entry.link, self.app.tr(N_("(nothing)")))
            for field in (".faces", ".weight", ".text", ".violent", ".reaction", ".link"):
                mark(dom.one(field, row), "edited", "input")
            mark(dom.one(".up", row), "entry-up")
            mark(dom.one(".down", row), "entry-down")
            mark(dom.one(".remove", row), "entry-remove")
            row.dataset.index = str(index)
            number = Step(N_("Entry {number}"), {"number": index + 1})
            row.setAttribute("aria-label", self.app.t(number))
            target.append(row)
        self.show_weights()
        self.render_issues()

    def show_weights(self) -> None:
        """A table without a die draws by weight: show the weights instead of faces."""
        weighted = not str(dom.bound("edit-die").value).strip()
        for row in dom.every(".entry-row", dom.bound("edit-entries")):
            dom.show(dom.one(".entry-weight", row), weighted)
            dom.show(dom.one(".entry-faces", row), not weighted)
