"""The Tables screen: locations, their encounter tables, a table editor and paste import.

The library (tables and locations) and the Voidcrawl set-up (its die, the investigators'
names) are kept under their own storage keys. On a first start with nothing stored, the
example campaign is loaded and marked as such; "Clear the example" empties it (undoable
from the log). Every change that is saved goes to the log with the earlier library, so
Undo puts it back.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from omen.campaign import Outcome, depth_limit
from omen.errors import RulesError
from omen.roll import N_, Step
from omen.tables import (
    LIBRARY,
    MAX_NAME,
    Entry,
    Issue,
    Library,
    Location,
    Severity,
    Table,
    can_save,
    import_pasted,
    make_id,
    roll_table,
    validate_table,
)
from omen.voidcrawl import (
    EXAMPLE_NOTE,
    MAX_INVESTIGATORS,
    VOIDCRAWL,
    CrawlSetup,
    default_voidcrawl,
    example_campaign,
)
from omen_web import dom
from omen_web.app import App, translate_markup

SEVERITY_TEXT = {
    Severity.ERROR: N_("Must be fixed: {problem}"),
    Severity.WARNING: N_("Worth a look: {problem}"),
    Severity.NOTE: N_("Note: {problem}"),
}
FACES = re.compile(r"\s*(-?\d{1,5})\s*(?:[-–]\s*(-?\d{1,5})\s*)?")


class TablesScreen:
    name = "tables"

    def __init__(self, app: App) -> None:
        self.app = app
        library = app.storage.load(LIBRARY, app.stamp)
        setup = app.storage.load(VOIDCRAWL, app.stamp)
        if library is None and setup is None:
            example = example_campaign()
            library = example.library
            setup = CrawlSetup(example.voidcrawl, example.investigators, example=True)
            self.library, self.setup = library, setup
            self.save()
        self.library: Library = library or Library()
        self.setup: CrawlSetup = setup or CrawlSetup(default_voidcrawl())
        self.draft: Table | None = None
        self.draft_is_new = False
        self.pasted: Table | None = None
        self.last: Outcome | None = None
        app.restorers["tables"] = self.restore
        app.restorers["table-draft"] = self.restore_draft
        act = self.action
        act("clear-example", self.clear_example)
        act("add-location", self.add_location)
        act("new-table", self.new_table)
        act("paste-read", self.paste_read)
        act("paste-save", self.paste_save)
        act("add-entry", self.add_entry)
        act("delete-table", self.delete_table)
        act("close-table", self.close_table)
        act("roll-table", self.roll)
        act("save-table", self.save_table)
        editor = dom.bound("table-editor")
        dom.on(editor, "input", app.guard(self.edited))
        dom.on(editor, "change", app.guard(self.edited))
        dom.on(editor, "submit", lambda event: event.preventDefault())
        dom.on(dom.bound("investigators"), "change", app.guard(self.investigators_changed))

    def action(self, name: str, handler: Any) -> None:
        dom.on(dom.one(f'[data-action="{name}"]'), "click", self.app.guard(handler))

    # --- saving and undo ---------------------------------------------------------

    def save(self) -> None:
        self.app.storage.save(LIBRARY, self.library.to_json())
        self.app.storage.save(VOIDCRAWL, self.setup.to_json())

    def snapshot(self) -> tuple[str, Any]:
        return ("tables", {"library": self.library.to_json(), "setup": self.setup.to_json()})

    def restore(self, data: Any) -> None:
        self.library = Library.from_json(data["library"])
        self.setup = CrawlSetup.from_json(data["setup"])
        self.draft = None
        self.save()

    def restore_draft(self, data: Any) -> None:
        """Undo of an entry removed in the editor: the table as it was being edited."""
        draft = Table.from_json(data["draft"])
        self.draft = replace(draft, die=data["die"])
        self.draft_is_new = bool(data["new"])
        self.app.show("tables")

    def change(self, library: Library, title: Step, setup: CrawlSetup | None = None) -> None:
        """Keep a changed library, log it with the earlier one for Undo, show everything."""
        before = self.snapshot()
        self.library = library
        if setup is not None:
            self.setup = setup
        self.save()
        self.app.record(Outcome(title, (), "tables"), before)
        self.app.render_all()

    # --- the example, locations, investigators -----------------------------------------

    def clear_example(self, _event: Any) -> None:
        self.draft = None
        self.change(
            Library(),
            Step(N_("The example campaign was cleared.")),
            CrawlSetup(default_voidcrawl()),
        )

    def add_location(self, _event: Any) -> None:
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

    def investigators_changed(self, _event: Any) -> None:
        lines = str(dom.bound("investigators").value).splitlines()
        names = tuple(line.strip()[:MAX_NAME] for line in lines if line.strip())
        if len(names) > MAX_INVESTIGATORS:
            raise RulesError(
                Step(
                    N_("The Omen picks from at most {limit} investigators."),
                    {"limit": MAX_INVESTIGATORS},
                )
            )
        self.setup = replace(self.setup, investigators=names)
        self.save()

    # --- the editor ------------------------------------------------------------------

    def open_table(self, table_id: str) -> None:
        self.draft = self.library.table(table_id)
        self.draft_is_new = False
        self.render()
        dom.bound("edit-name").focus()

    def new_table(self, _event: Any) -> None:
        self.draft = Table("new", "", "d6", (Entry("", 1),))
        self.draft_is_new = True
        self.render()
        dom.bound("edit-name").focus()

    def close_table(self, _event: Any) -> None:
        self.draft = None
        self.render()

    def read_editor(self) -> Table:
        """The table as the editor's fields now say."""
        assert self.draft is not None
        die = str(dom.bound("edit-die").value).strip() or None
        entries = []
        for row in dom.every(".entry-row", dom.bound("edit-entries")):
            faces = str(dom.one(".faces", row).value)
            low = high = None
            match = FACES.fullmatch(faces)
            if match is not None:
                low = int(match.group(1))
                high = int(match.group(2)) if match.group(2) else low
            elif faces.strip():
                raise RulesError(
                    Step(
                        N_("Write faces as a number or a range, like 3 or 2-5 ({faces})."),
                        {"faces": faces.strip()[:20]},
                    )
                )
            link = str(dom.one(".link", row).value) or None
            entries.append(
                Entry(
                    str(dom.one(".text", row).value),
                    low,
                    high,
                    link=link,
                    violent=bool(dom.one(".violent", row).checked),
                    reaction=bool(dom.one(".reaction", row).checked),
                )
            )
        name = str(dom.bound("edit-name").value)
        return Table(self.draft.id, name, die, tuple(entries))

    def edited(self, _event: Any) -> None:
        if self.draft is None:
            return
        try:
            self.draft = self.read_editor()
        except RulesError as error:
            self.show_issues(dom.bound("edit-issues"), (Issue(Severity.ERROR, error.message),))
            dom.one('[data-action="save-table"]').disabled = True
            return
        self.render_issues()

    def add_entry(self, _event: Any) -> None:
        table = self.read_editor()
        self.draft = replace(table, entries=(*table.entries, Entry("")))
        self.render()
        rows = dom.every(".entry-row .text", dom.bound("edit-entries"))
        rows[-1].focus()

    def move_entry(self, index: int, by: int) -> None:
        table = self.read_editor()
        entries = list(table.entries)
        other = index + by
        if not 0 <= other < len(entries):
            return
        entries[index], entries[other] = entries[other], entries[index]
        self.draft = replace(table, entries=tuple(entries))
        self.render()

    def remove_entry(self, index: int) -> None:
        table = self.read_editor()
        entries = list(table.entries)
        removed = entries.pop(index)
        kept = replace(table, die=None).to_json()  # the die may be half typed
        before = ("table-draft", {"draft": kept, "die": table.die, "new": self.draft_is_new})
        self.draft = replace(table, entries=tuple(entries))
        title = Step(
            N_("Entry removed from {table}: {text}"),
            {"table": table.name or "?", "text": removed.text or "—"},
        )
        self.app.record(Outcome(title, (), "tables"), before)
        self.app.render_all()

    def save_table(self, _event: Any) -> None:
        table = self.read_editor()
        if not table.name.strip():
            raise RulesError(Step(N_("Give the table a name first.")))
        if not can_save(validate_table(table, self.library)):
            raise RulesError(Step(N_("Fix the problems listed before saving.")))
        if self.draft_is_new:
            taken = [t.id for t in self.library.tables]
            table = replace(table, id=make_id(table.name, taken, "table"))
            self.draft_is_new = False
        self.draft = table
        self.change(
            self.library.with_table(table), Step(N_("Table saved: {name}"), {"name": table.name})
        )

    def delete_table(self, _event: Any) -> None:
        assert self.draft is not None
        table = self.draft
        self.draft = None
        if self.draft_is_new or self.library.find_table(table.id) is None:
            self.render()
            return
        self.change(
            self.library.without_table(table.id),
            Step(
                N_("Table deleted: {name} (Undo in the log brings it back)"), {"name": table.name}
            ),
        )

    def roll(self, _event: Any) -> None:
        table = self.read_editor()
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
        self.app.record(self.last, None)
        self.app.render_all()

    # --- paste import --------------------------------------------------------------

    def paste_read(self, _event: Any) -> None:
        name = str(dom.bound("paste-name").value).strip()[:MAX_NAME]
        pasted = import_pasted(str(dom.bound("paste-text").value), "pasted", name)
        self.pasted = pasted.table if pasted.ok else None
        summary = dom.bound("paste-summary")
        dom.text(
            summary,
            self.app.t(
                Step(
                    N_("Read {count} entry with the die {die}."),
                    {"count": len(pasted.table.entries), "die": pasted.table.die or "—"},
                    plural=N_("Read {count} entries with the die {die}."),
                )
            ),
        )
        dom.show(summary, True)
        self.show_issues(dom.bound("paste-issues"), pasted.issues)
        dom.show(dom.one('[data-action="paste-save"]'), self.pasted is not None)

    def paste_save(self, _event: Any) -> None:
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
        issues = validate_table(self.draft, self.library)
        if not self.draft.name.strip():
            issues = (Issue(Severity.ERROR, Step(N_("The table needs a name."))), *issues)
        self.show_issues(dom.bound("edit-issues"), issues)
        dom.one('[data-action="save-table"]').disabled = not can_save(issues)

    def table_options(self, select: Any, chosen: str | None, empty: str) -> None:
        dom.clear(select)
        option = dom.element("option")
        option.value = ""
        dom.text(option, empty)
        select.append(option)
        for table in self.library.tables:
            option = dom.element("option")
            option.value = table.id
            dom.text(option, table.name)
            select.append(option)
        select.value = chosen or ""

    def render(self) -> None:
        app = self.app
        last = self.last
        title = dom.bound("tables-result-title")
        if last is None:
            dom.text(title, app.tr(N_("Pick a table to edit or roll it.")))
            dom.show(dom.bound("tables-result-details"), False)
        else:
            dom.text(title, app.t(last.title))
            steps = dom.bound("tables-result-steps")
            dom.clear(steps)
            for step in last.steps:
                item = dom.element("li")
                dom.text(item, app.t(step))
                steps.append(item)
            dom.show(dom.bound("tables-result-details"), True)
        dom.show(dom.bound("tables-example"), self.setup.example)
        dom.text(dom.bound("tables-example-text"), app.tr(EXAMPLE_NOTE))
        investigators = dom.bound("investigators")
        if not investigators.matches(":focus"):
            investigators.value = "\n".join(self.setup.investigators)
        self.render_locations()
        self.render_tables()
        self.render_editor()

    def render_locations(self) -> None:
        target = dom.bound("tables-locations")
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
            dom.on(
                select,
                "change",
                self.app.guard(
                    lambda event, place=location.id: self.set_encounter(
                        place, str(event.target.value)
                    )
                ),
            )
            remove = dom.one(".remove-location", row)
            remove.setAttribute(
                "aria-label",
                self.app.t(Step(N_("Remove the location {location}"), {"location": location.name})),
            )
            dom.on(
                remove,
                "click",
                self.app.guard(lambda _event, place=location.id: self.remove_location(place)),
            )
            target.append(row)

    def render_tables(self) -> None:
        target = dom.bound("tables-list")
        dom.clear(target)
        for table in self.library.tables:
            item = dom.element("li")
            button = dom.element("button")
            button.type = "button"
            button.className = "secondary table-open"
            dom.text(button, table.name)
            dom.on(
                button,
                "click",
                self.app.guard(lambda _event, table_id=table.id: self.open_table(table_id)),
            )
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
        for index, entry in enumerate(draft.entries):
            row = dom.clone("tpl-entry-row")
            translate_markup(row, self.app.translator)
            dom.one(".faces", row).value = entry.faces
            dom.one(".text", row).value = entry.text
            dom.one(".violent", row).checked = entry.violent
            dom.one(".reaction", row).checked = entry.reaction
            self.table_options(dom.one(".link", row), entry.link, self.app.tr(N_("(nothing)")))
            for name, handler in (
                (".up", lambda _e, i=index: self.move_entry(i, -1)),
                (".down", lambda _e, i=index: self.move_entry(i, 1)),
                (".remove", lambda _e, i=index: self.remove_entry(i)),
            ):
                dom.on(dom.one(name, row), "click", self.app.guard(handler))
            number = Step(N_("Entry {number}"), {"number": index + 1})
            row.setAttribute("aria-label", self.app.t(number))
            target.append(row)
        self.render_issues()
