"""The Log screen: the session's memory, newest first, with undo of the last action."""

from __future__ import annotations

from typing import Any

from omen.roll import N_
from omen_web import dom
from omen_web.app import App, translate_markup


class LogScreen:
    name = "log"

    def __init__(self, app: App) -> None:
        self.app = app
        dom.on(dom.one('[data-action="undo"]'), "click", app.guard(self.undo))

    def undo(self, _event: Any) -> None:
        self.app.every_screen()  # screens not on the kit yet register what they restore
        self.app.store.undo()
        self.app.render_all()

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
