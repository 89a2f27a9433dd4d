"""Paste import: lines pasted from a book or a file read as a table, its problems
shown, saved into the library when it reads."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign.table_paste import import_pasted
from omen.campaign.tables import MAX_NAME, Table, make_id
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.screens.common.tables.part import Tables

if TYPE_CHECKING:
    from omen_web.kit.app import App


class PasteImport(kit.Actions):
    """Paste import: pasted lines read as a table, and saved."""

    name = "tables-paste"

    def __init__(self, screen: Tables) -> None:
        self.screen = screen
        self.app: App = screen.app
        self.store = screen.store
        self.pasted: Table | None = None

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
        self.screen.show_issues(dom.bound("paste-issues"), pasted.issues)
        dom.show(dom.one('[data-action="paste-save"]'), self.pasted is not None)

    def on_paste_save(self, _target: Any, _event: Any) -> None:
        if self.pasted is None:
            return
        table = self.pasted
        name = table.name.strip() or self.app.tr(N_("Pasted table"))
        taken = [t.id for t in self.screen.library.tables]
        table = replace(table, id=make_id(name, taken, "table"), name=name)
        self.pasted = None
        dom.bound("paste-text").value = ""
        dom.bound("paste-name").value = ""
        dom.clear(dom.bound("paste-issues"))
        dom.show(dom.bound("paste-summary"), False)
        dom.show(dom.one('[data-action="paste-save"]'), False)
        self.screen.change(
            self.screen.library.with_table(table),
            Step(N_("Table imported: {name}"), {"name": table.name}),
        )
