"""The Tables screen: what its parts share (the store's library and set-up, the
result line, the rows kept between draws) and the order they are drawn in."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omen.campaign.state import Outcome
from omen.campaign.table_checks import Issue, Severity
from omen.campaign.tables import Library
from omen.campaign.voidcrawl import CrawlSetup, VoidcrawlSettings
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.screens.common.tables.crawl import CrawlSetupEditor
from omen_web.screens.common.tables.draw import TableDraw
from omen_web.screens.common.tables.editor import TableEditor
from omen_web.screens.common.tables.library import TablesList
from omen_web.screens.common.tables.locations import LocationEditor
from omen_web.screens.common.tables.part import mark
from omen_web.screens.common.tables.paste import PasteImport

if TYPE_CHECKING:
    from omen_web.kit.app import App

SEVERITY_TEXT = {
    Severity.ERROR: N_("Must be fixed: {problem}"),
    Severity.WARNING: N_("Worth a look: {problem}"),
    Severity.NOTE: N_("Note: {problem}"),
}


class TablesScreen(kit.Screen):
    """Locations, tables, the editor, paste import and the Voidcrawl set-up."""

    app: App  # the kit's Host, with all of the app this screen uses

    name = "tables"
    parts = ("library", "voidcrawl", "campaign", "exploration", "log")

    def build(self) -> None:
        self.put_back = False  # the next redraw puts stored values back in focused fields
        self.orders: dict[str, list[str]] = {}  # each region's rows in order (keep_rows)
        self.names_of: tuple[Any, tuple[tuple[str, str], ...]] = (None, ())
        self.settings_of: tuple[Any, VoidcrawlSettings] = (None, VoidcrawlSettings())
        self.editor = TableEditor(self)
        self.tables_list = TablesList(self, self.editor)
        self.locations = LocationEditor(self)
        self.crawl = CrawlSetupEditor(self, self.editor)
        self.draw = TableDraw(self, self.editor)
        self.paste = PasteImport(self)
        self.jobs = (
            self.tables_list,
            self.locations,
            self.crawl,
            self.editor,
            self.draw,
            self.paste,
        )
        self.store.restorers["table-draft"] = self.editor.restore_draft
        self.store.subscribe(("prefs",), lambda _kinds: self.follow_language())
        # The static controls that are not buttons answer through the section too.
        mark(self.bound("table-editor"), "editor-submit")
        for name in ("edit-name", "edit-die", "edit-typed"):
            mark(self.bound(name), "edited", "input")
        mark(self.bound("investigators"), "investigators")
        mark(self.bound("crawl-die"), "crawl-die")
        mark(self.bound("crawl-fallout"), "crawl-fallout")
        self.follow_language()

    def ahead(self) -> bool:
        """The editor's rows, made ahead in idle moments (:meth:`TableEditor.ahead`)."""
        return self.editor.ahead()

    @property
    def library(self) -> Library:
        library: Library = self.store.get("library")
        return library

    @property
    def setup(self) -> CrawlSetup:
        setup: CrawlSetup = self.store.get("voidcrawl")
        return setup

    def change(self, library: Library, title: Step, setup: CrawlSetup | None = None) -> None:
        """Keep a changed library (and set-up), logged with the earlier ones for Undo."""
        outcome = Outcome(title, (), "tables")
        if setup is None:
            self.store.act(outcome, library=library)
        elif library == self.library:
            self.store.act(outcome, voidcrawl=setup)
        else:
            self.store.act(outcome, library=library, voidcrawl=setup)

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

    def render(self) -> None:
        if self.put_back:  # stored values go back into the fields, focused ones too
            self.regions.forget()
        self.render_result()
        self.tables_list.render_notes()
        # The Voidcrawl is Liminal Horror's: its set-up and investigators are offered in
        # that game, or wherever the exploration rolls on it.
        crawl = self.app.campaign.game == "liminal_horror" or (
            self.store.get("exploration").procedure.value == "voidcrawl"
        )
        if not self.unchanged("crawl-shown", crawl):
            dom.show(dom.one(".tables-crew", self.root), crawl)
            dom.show(dom.bound("crawl-box"), crawl)
        self.locations.render_locations()
        self.tables_list.render_tables()
        self.crawl.render_crawl()
        self.editor.follow_library()
        self.editor.render_editor()
        self.editor.show_entry_dice()
        self.draw.render_editor_result()
        self.put_back = False
        if self.editor.draft is None and len(self.editor.entry_rows) < self.editor.rows_wanted():
            self.app.work_ahead(self.name)  # rows for the editor, made in idle moments

    def render_result(self) -> None:
        app = self.app
        last = self.draw.last
        entry = self.store.log.last_undoable()
        deleted = self.editor.deleted
        if deleted is not None and (entry is None or entry.id != deleted[0]):
            deleted = self.editor.deleted = None  # something else happened since: Undo is the Log's
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
