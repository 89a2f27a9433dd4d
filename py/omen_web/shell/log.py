"""The Log screen: the session's memory, newest first, with undo of the last action.

It shows the newest entries (:data:`omen.campaign.logbook.SHOWN`) and reads older pages only when
the game master asks ("Show older entries"). When storage runs low it says how much is
left and offers the old entries as a file (a backup holding only the log, which Restore
reads back), after which they may be removed from the device.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omen.campaign.logbook import SHOWN
from omen.campaign.players import Showing, result_public, show_result
from omen.campaign.state import Entry, Outcome
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit

if TYPE_CHECKING:
    from omen_web.kit.app import App


class LogScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "log"
    parts = ("log", "players_shown", "campaign", "players_seats")

    def build(self) -> None:
        self.shown = SHOWN  # how many entries are on show: more on "Show older entries"
        self.exported: range | None = None  # the old pages saved to a file, to remove
        # The item drawn for each entry on show, by its id, with the entry it shows, and
        # the ids in the list's order: a new entry adds one item, an entry marked undone
        # is marked in place, and the items already drawn are kept (with their open
        # <details>), so a long session's Log opens as fast as a short one's.
        self.items: dict[int, tuple[Entry, Any]] = {}
        self.order: list[int] = []

    def on_undo(self, _target: Any, _event: Any) -> None:
        self.undo(None)

    def undo(self, _event: Any) -> None:
        """Undo the last action (also the Tables screen's own Undo of a deleted table)."""
        self.store.undo()  # the screens of the parts it puts back redraw

    def on_log_show_players(self, target: Any, _event: Any) -> None:
        """Show a result to the players, or hide it from them again."""
        entry = int(str(target.dataset.entry))
        showing: Showing = self.store.get("players_shown")
        public = result_public(showing, self.app.campaign.values, entry)
        self.store.put("players_shown", show_result(showing, entry, not public))

    def on_show_older(self, _target: Any, _event: Any) -> None:
        self.shown += SHOWN
        self.render()

    def on_export_old(self, _target: Any, _event: Any) -> None:
        from omen.campaign.share import Everything, export_file
        from omen_web.shell.share import download

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
        book = self.store.log
        entries = book.newest(self.shown)
        self.render_entries(entries)
        older = bool(entries) and book.has_older(entries[-1].id)
        undoable = book.last_undoable() is not None
        if not self.unchanged("controls", bool(entries), older, undoable):
            dom.show(self.bound("log-empty"), not entries)
            dom.show(self.one('[data-action="show-older"]'), older)
            self.one('[data-action="undo"]').disabled = not undoable
        self.render_room()
        self.render_showing()

    def render_showing(self) -> None:
        """Each entry's "Show players" or "Hide from players", as the players see it now;
        none while no player has a seat (connected or not): there is no one to show."""
        showing: Showing = self.store.get("players_shown")
        values = self.app.campaign.values
        seated = bool(self.store.get("players_seats").seats)
        for entry, item in self.items.values():
            button = dom.one(".show-players", item)
            public = result_public(showing, values, entry.id)
            if self.unchanged(f"show-{entry.id}", public, entry.undone, seated, id(item)):
                continue
            button.dataset.entry = str(entry.id)
            dom.text(button, self.tr(N_("Hide from players") if public else N_("Show players")))
            dom.show(button, seated and not entry.undone)

    def render_entries(self, entries: tuple[Entry, ...]) -> None:
        """Draw the entries on show, touching only the items whose entry changed."""
        target = self.bound("log")
        items, order = self.items, self.order
        if not self.unchanged("language"):  # a new language: every item anew
            items.clear()
            order.clear()
            dom.clear(target)
        for entry in entries:
            had = items.get(entry.id)
            if had is None:
                items[entry.id] = (entry, self.item(entry))  # placed below
                continue
            drawn, node = had
            if drawn is entry:
                continue
            if same_but_undone(drawn, entry):
                self.mark_undone(node, entry.undone)
                items[entry.id] = (entry, node)
            else:  # another entry under that id (another tab's log came in)
                fresh = self.item(entry)
                node.replaceWith(fresh)
                items[entry.id] = (entry, fresh)
        wanted = [entry.id for entry in entries]
        if wanted == order:
            return
        keep = set(wanted)
        for entry_id in [entry_id for entry_id in items if entry_id not in keep]:
            items.pop(entry_id)[1].remove()
        kept = [entry_id for entry_id in order if entry_id in keep]
        new = len(wanted) - len(kept)
        if wanted[new:] == kept:  # newer entries on top (the usual case)
            target.prepend(*(items[entry_id][1] for entry_id in wanted[:new]))
        elif wanted[: len(kept)] == kept:  # older ones below ("Show older entries")
            target.append(*(items[entry_id][1] for entry_id in wanted[len(kept) :]))
        else:
            target.replaceChildren(*(items[entry_id][1] for entry_id in wanted))
        self.order = wanted

    def item(self, entry: Entry) -> Any:
        app = self.app
        item = app.clone("tpl-log-entry")
        dom.one("time", item).dateTime = entry.at
        dom.texts(item, (("time", dom.local_time(entry.at)), (".title", app.t(entry.title))))
        if entry.undone:
            self.mark_undone(item, True)
        app.fill_list(dom.one(".steps", item), entry.steps)
        return item

    def mark_undone(self, item: Any, undone: bool) -> None:
        if undone:
            item.classList.add("undone")
        else:
            item.classList.remove("undone")
        dom.text(dom.one(".undone-mark", item), self.app.tr(N_("(undone)")) if undone else "")

    def render_room(self) -> None:
        book = self.store.log
        warning = book.room_warning()
        dom.show(self.bound("log-room"), warning is not None or self.exported is not None)
        if warning is not None:
            dom.text(self.bound("log-room-text"), self.t(warning))
        elif self.exported is not None:
            dom.text(self.bound("log-room-text"), "")
        dom.show(self.one('[data-action="remove-old"]'), self.exported is not None)


def same_but_undone(drawn: Entry, entry: Entry) -> bool:
    """Whether two entries with one id show the same but for being undone (what Undo
    changes), so the item drawn for one is marked for the other."""
    return (
        drawn.at == entry.at
        and drawn.title == entry.title
        and drawn.steps == entry.steps
        and drawn.text == entry.text
    )
