"""The Log screen: the session's memory, newest first, with undo of the last action.

It shows the newest entries (:data:`omen.logbook.SHOWN`) and reads older pages only when
the game master asks ("Show older entries"). When storage runs low it says how much is
left and offers the old entries as a file (a backup holding only the log, which Restore
reads back), after which they may be removed from the device.
"""

from __future__ import annotations

from typing import Any

from omen.campaign import Outcome
from omen.logbook import SHOWN
from omen.roll import N_, Step
from omen_web import dom, kit
from omen_web.app import translate_markup


class LogScreen(kit.Screen):
    name = "log"
    parts = ("log",)

    def build(self) -> None:
        self.shown = SHOWN  # how many entries are on show: more on "Show older entries"
        self.exported: range | None = None  # the old pages saved to a file, to remove
        self.drawn: list[tuple[int, bool, str]] = []  # what the list shows: id, undone, lang
        # The item drawn for each entry on show, by what it shows: a new entry adds one
        # item, and the items already drawn are kept (a long session's Log opens as fast).
        self.items: dict[tuple[int, bool, str], Any] = {}

    def on_undo(self, _target: Any, _event: Any) -> None:
        self.undo(None)

    def undo(self, _event: Any) -> None:
        """Undo the last action (also the Tables screen's own Undo of a deleted table)."""
        self.store.undo()
        self.app.render_all()

    def on_show_older(self, _target: Any, _event: Any) -> None:
        self.shown += SHOWN
        self.render()

    def on_export_old(self, _target: Any, _event: Any) -> None:
        from omen.share import Everything, export_file
        from omen_web.sharescreen import download

        book = self.store.log
        pages = book.old_pages()
        if not pages:
            self.app.notify(Step(N_("The log is short: there are no old entries to export.")))
            return
        old = book.export(pages)
        stamp = dom.now_iso()[:10]
        download(f"omen-log-{stamp}.json", export_file(Everything({"log": old})))
        self.exported = pages
        self.render()

    def on_remove_old(self, _target: Any, _event: Any) -> None:
        pages, self.exported = self.exported, None
        if pages is None:
            return
        removed = self.store.log.remove(pages)
        if removed:
            title = Step(
                N_("Removed {count} old entry from this device (it is in the file you saved)."),
                {"count": removed},
                plural=N_(
                    "Removed {count} old entries from this device (they are in the file you saved)."
                ),
            )
            self.store.record(Outcome(title, (), "log"))
        self.render()

    def render(self) -> None:
        app = self.app
        book = self.store.log
        entries = book.newest(self.shown)
        target = self.bound("log")
        language = app.translator.language
        drawn = [(e.id, e.undone, language) for e in entries]
        if drawn != self.drawn:
            items = self.items
            kept = {
                key: items[key] if key in items else self.item(entry)
                for key, entry in zip(drawn, entries, strict=True)
            }
            target.replaceChildren(*kept.values())
            self.items = kept
            self.drawn = drawn
        dom.show(self.bound("log-empty"), not entries)
        dom.show(
            self.one('[data-action="show-older"]'), bool(entries) and book.has_older(entries[-1].id)
        )
        self.one('[data-action="undo"]').disabled = book.last_undoable() is None
        self.render_room()

    def item(self, entry: Any) -> Any:
        app = self.app
        item = dom.clone("tpl-log-entry")
        translate_markup(item, app.translator)
        dom.text(dom.one("time", item), dom.local_time(entry.at))
        dom.one("time", item).setAttribute("datetime", entry.at)
        dom.text(dom.one(".title", item), app.t(entry.title))
        if entry.undone:
            item.classList.add("undone")
            dom.text(dom.one(".undone-mark", item), app.tr(N_("(undone)")))
        app.fill_list(dom.one(".steps", item), entry.steps)
        return item

    def render_room(self) -> None:
        book = self.store.log
        warning = book.room_warning()
        dom.show(self.bound("log-room"), warning is not None or self.exported is not None)
        if warning is not None:
            dom.text(self.bound("log-room-text"), self.t(warning))
        elif self.exported is not None:
            dom.text(self.bound("log-room-text"), "")
        dom.show(self.one('[data-action="remove-old"]'), self.exported is not None)
