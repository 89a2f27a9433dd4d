"""The library's list: the tables (each opens in the editor), the example's note
and the investigators' names."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign.tables import MAX_NAME, Library
from omen.campaign.voidcrawl import MAX_INVESTIGATORS, CrawlSetup, default_voidcrawl
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.screens.common.tables.editor import TableEditor
from omen_web.screens.common.tables.part import Tables, mark

if TYPE_CHECKING:
    from omen_web.kit.app import App


class TablesList(kit.Actions):
    """The library's list of tables, the example's note and the investigators."""

    name = "tables-list"

    def __init__(self, screen: Tables, editor: TableEditor) -> None:
        self.screen = screen
        self.app: App = screen.app
        self.store = screen.store
        self.editor = editor
        self.table_rows: dict[str, Any] = {}  # the rows on show, by table id

    def on_clear_example(self, _target: Any, _event: Any) -> None:
        self.editor.draft = None
        self.screen.change(
            Library(),
            Step(N_("The example campaign was cleared.")),
            CrawlSetup(default_voidcrawl()),
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
        self.screen.regions.forget("investigators")  # the names as kept, one a line
        self.store.put("voidcrawl", replace(self.screen.setup, investigators=names))

    def on_open_table(self, target: Any, _event: Any) -> None:
        self.editor.open_table(str(target.dataset.table))

    def render_notes(self) -> None:
        """The example's note (while the library is the example) and the investigators."""
        setup = self.screen.setup
        game = self.app.campaign.game
        if not self.screen.unchanged("example", setup.example, game):
            dom.show(dom.bound("tables-example"), setup.example)
            if setup.example:  # the note in the game's words (its GameSpec's)
                from omen.campaign.games import game_of

                note = game_of(game).example_note
                dom.text(dom.bound("tables-example-text"), self.app.tr(note))
        if not self.screen.unchanged("investigators", setup.investigators):
            investigators = dom.bound("investigators")
            if investigators.matches(":focus"):
                self.screen.regions.forget("investigators")  # written once the GM is done
            else:
                investigators.value = "\n".join(setup.investigators)

    def render_tables(self) -> None:
        rows = self.table_rows
        for table_id, table_name in self.screen.names():
            item = rows.get(table_id)
            if self.screen.unchanged(f"table:{table_id}", table_name) and item is not None:
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
        wanted = [table_id for table_id, _name in self.screen.names()]
        self.screen.keep_rows("table", dom.bound("tables-list"), rows, wanted)
