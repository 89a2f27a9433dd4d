"""Drawing on the table open in the editor: the app's dice or typed physical ones,
the result beside the Roll button, and the notices of failed tries. The last roll is the
screen's own (the log keeps every one); after a reload it comes back from its log entry."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from omen.campaign.games import game_of
from omen.campaign.state import Outcome, depth_limit
from omen.campaign.table_draw import roll_table
from omen.campaign.tables import Library
from omen.core.errors import RulesError
from omen.core.notation import is_digits
from omen.core.roll import N_, Step
from omen_web.kit import dom, fields
from omen_web.kit import screen as kit
from omen_web.screens.common.tables.editor import TableEditor
from omen_web.screens.common.tables.part import Tables

if TYPE_CHECKING:
    from omen_web.kit.app import App

ROLLED = N_("{table}: {result}")  # the headline of a roll on a table, in the log too


class TableDraw(kit.Actions):
    """Drawing on the table open in the editor."""

    name = "tables-draw"

    def __init__(self, screen: Tables, editor: TableEditor) -> None:
        self.screen = screen
        self.app: App = screen.app
        self.store = screen.store
        self.editor = editor
        self.last: Outcome | None = None
        self.roll_problems: list[Step] = []  # what failed tries to roll the table said
        self.show_last()

    def show_last(self) -> None:
        """After a reload: the last table rolled here, as its log entry says it."""
        entry = self.store.last_said({ROLLED})
        if entry is not None:
            self.last = Outcome(entry.title, entry.steps, "table")

    def on_roll_table(self, _target: Any, _event: Any) -> None:
        try:
            self.roll_open_table()
        except RulesError as error:
            self.roll_problems.append(error.message)  # cleared once a roll goes through
            raise
        self.clear_roll_problems()

    def roll_open_table(self) -> None:
        table = self.editor.as_rolled(self.editor.read_strict())
        typed = dom.bound("edit-typed")
        library = self.screen.library.with_table(table)
        self.ask_missing_dice(library, table.id, str(typed.value))
        dice = self.app.dice(str(typed.value))
        campaign = self.app.campaign
        violent = game_of(campaign.game).violent  # a violent row in the game's words
        result = roll_table(library, table.id, dice, depth_limit(campaign.values), violent)
        typed.value = ""
        title = Step(ROLLED, {"table": table.name or "?", "result": result.text or "—"})
        self.last = Outcome(title, (*result.steps, *result.warnings), "table")
        self.editor.said = (table.id, title)
        self.store.record(self.last)

    def ask_missing_dice(self, library: Library, table_id: str, text: str) -> None:
        """With faces typed, refuse a roll that needs more, naming exactly the dice still
        to type (:func:`omen.campaign.table_dice.still_needed`), beside the field."""
        from omen.campaign.table_dice import needed_message, still_needed

        field = dom.bound("edit-typed")
        fields.error(field, None)
        if not text.strip():
            return
        parts = re.split(r"[\s,;]+", text.strip())
        if not all(is_digits(part) and len(part) <= 4 for part in parts):
            return  # not faces at all: the app's dice say so
        faces = [int(part) for part in parts]
        try:
            needs = still_needed(library, table_id, faces, depth_limit(self.app.campaign.values))
        except RulesError as error:
            fields.error(field, error.message)
            raise
        if needs:
            message = needed_message(needs)
            fields.error(field, message)
            raise RulesError(message)

    def clear_roll_problems(self) -> None:
        """A roll went through: the notices its failed tries left are taken away."""
        problems, self.roll_problems = self.roll_problems, []
        fields.error(dom.bound("edit-typed"), None)
        for node, step in list(self.app.notices):
            if step in problems:
                self.app.notices.remove((node, step))
                node.remove()

    def render_editor_result(self) -> None:
        """The last roll from the editor, or that the table was saved, shown beside its
        buttons (the page stays on the editor; the result above says it too)."""
        shown = self.editor.said
        if self.editor.draft is None or shown is None or shown[0] != self.editor.draft.id:
            shown = None
        if self.screen.unchanged("editor-result", shown):
            return
        line = dom.bound("edit-result")
        dom.show(line, shown is not None)
        dom.text(line, self.app.t(shown[1]) if shown else "")
