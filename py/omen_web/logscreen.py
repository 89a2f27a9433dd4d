"""The Log screen: the session's memory, newest first, with undo of the last action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from omen.campaign import WHOLE_CAMPAIGN
from omen.roll import N_
from omen_web import dom
from omen_web.app import App, translate_markup


class LogScreen:
    name = "log"

    def __init__(self, app: App) -> None:
        self.app = app
        dom.on(dom.one('[data-action="undo"]'), "click", app.guard(self.undo))

    def undo(self, _event: Any) -> None:
        entry = self.app.log.last_undoable()
        if entry is None or entry.before is None:
            return
        kind, data = entry.before
        if kind == WHOLE_CAMPAIGN:
            # The whole campaign from before the action, the log included: its restorer
            # puts that log back, with this entry on top, marked undone.
            self.restore(kind)((data, entry))
            self.app.render_all()
            return
        # An action that changed several kinds stores ("many", {kind: data, ...}).
        parts = data.items() if kind == "many" else [(kind, data)]
        for part, part_data in parts:
            self.restore(part)(part_data)
        self.app.save_log(self.app.log.mark_undone(entry.id))
        self.app.render_all()

    def restore(self, kind: str) -> Callable[[Any], None]:
        """What puts ``kind`` back (a screen registers it)."""
        restore = self.app.restorer(kind)
        if restore is None:
            raise RuntimeError(f"no screen restores {kind!r}")  # a wiring bug: fail loudly
        return restore

    def render(self) -> None:
        app = self.app
        target = dom.bound("log")
        dom.clear(target)
        for entry in app.log.entries:
            item = dom.clone("tpl-log-entry")
            translate_markup(item, app.translator)
            dom.text(dom.one("time", item), dom.local_time(entry.at))
            dom.one("time", item).setAttribute("datetime", entry.at)
            dom.text(dom.one(".title", item), app.t(entry.title))
            if entry.undone:
                item.classList.add("undone")
                dom.text(dom.one(".undone-mark", item), app.tr(N_("(undone)")))
            app.fill_list(dom.one(".steps", item), entry.steps)
            target.append(item)
        dom.show(dom.bound("log-empty"), not app.log.entries)
        undo = dom.one('[data-action="undo"]')
        undo.disabled = app.log.last_undoable() is None
