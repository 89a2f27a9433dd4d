"""Help sheets: one per procedure, one tap from its screen.

Any button ``<button type="button" class="help" data-help="KEY"></button>`` (KEY a
procedure of :data:`omen.campaign.procedures.PROCEDURES`) opens that procedure's sheet in the
``help-sheet`` dialog: the rule in a few lines, what each of its settings changes and
its value now (read from the settings registry), and where the rule comes from. This
module names every such button ("Help: Tension Die", its visible text the procedure's
name) whenever the page's language is applied or a screen is built, and opens the sheet
from one click listener on the document, so a screen that adds a help button writes
nothing else.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from omen.campaign.procedures import PROCEDURES, game_name, sheet
from omen.core.roll import N_, Step
from omen.core.setting import Setting, Value
from omen_web.kit import dom
from omen_web.kit import screen as kit

HELP_NAME = N_("Help: {procedure}")
HELP = N_("Help")  # the visible text of a compact help button (a group's, in Settings)
NOW = N_("Now: {value}")
NOW_CHANGED = N_("Now: {value} (the default is {default})")
ON, OFF = N_("On"), N_("Off")


def label(root: Any, app: Any) -> None:
    """Name every help button under ``root`` in the app's language.

    A key Omen does not know is a wiring mistake in the markup, and fails loudly.
    """
    for button in root.querySelectorAll("[data-help]"):
        key = str(button.dataset.help)
        if not key:
            continue  # a template's button, named once the clone knows its procedure
        procedure = PROCEDURES.get(key)
        if procedure is None:
            raise dom.WiringError(f"no procedure {key!r} has a help sheet")
        compact = bool(button.classList.contains("compact"))
        dom.text(button, app.tr(HELP if compact else procedure.name))
        button.setAttribute(
            "aria-label", app.t(Step(HELP_NAME, {"procedure": Step(procedure.name)}))
        )
        button.setAttribute("aria-haspopup", "dialog")


def shown_value(setting: Setting, value: Value, app: Any) -> str:
    """A setting's value as Settings shows it: On or Off, a number, a choice's label."""
    if isinstance(setting.default, bool):
        return str(app.tr(ON if value else OFF))
    if isinstance(setting.default, int):
        return str(value)
    if not setting.choices:  # a typed text: empty is off
        return str(value) if value else str(app.tr(OFF))
    labels = dict(setting.choices)
    return str(app.tr(labels.get(str(value), str(value))))


class HelpSheet(kit.Actions):
    """The help dialog: opened by any ``[data-help]`` button, drawn in the app's language;
    its own buttons are actions of the kit (:class:`omen_web.kit.screen.Actions`)."""

    name = "help"

    def __init__(self, app: Any) -> None:
        self.app = app
        self.dialog = dom.bound("help-sheet")
        self.key = ""
        self.opener: Any = None
        self.delegate([self.dialog], app.guard)
        # A help button is on every screen and in the templates they copy, each marked
        # with its procedure (data-help), not an action: one listener on the document
        # answers them all, wherever a screen puts one.
        dom.on(document, "click", self.clicked)
        # The dialog closes by its button, by Escape or by the browser: the focus goes
        # back to the button that opened it whichever way (an event, not an action).
        dom.on(self.dialog, "close", self.closed)

    def clicked(self, event: Any) -> None:
        target = event.target
        if not dom.found(target) or not hasattr(target, "closest"):
            return
        button = target.closest("[data-help]")
        if dom.found(button) and str(button.dataset.help) in PROCEDURES:
            self.open(str(button.dataset.help), button)

    def on_help_close(self, _target: Any, _event: Any) -> None:
        self.dialog.close()

    def on_help_to_settings(self, _target: Any, _event: Any) -> None:
        self.to_settings()

    def open(self, key: str, opener: Any = None) -> None:
        self.key = key
        self.opener = opener
        self.render()
        if not self.dialog.open:
            self.dialog.showModal()
        # One dialog shows every sheet: each opens at its title, not where the last was read.
        self.dialog.scrollTop = 0

    def closed(self, _event: Any) -> None:
        opener, self.opener = self.opener, None
        if opener is not None and opener.isConnected:
            opener.focus()  # back where the game master was

    def to_settings(self) -> None:
        """Close the sheet and show Settings, searched for this procedure's name."""
        key = self.key
        self.opener = None
        self.dialog.close()
        self.app.show("settings")
        screen = self.app.screen("settings")
        show_procedure = getattr(screen, "show_procedure", None)
        if show_procedure is not None:
            show_procedure(key)

    def render(self) -> None:
        if not self.key:
            return
        app = self.app
        campaign = app.store.get("campaign") if hasattr(app, "store") else app.campaign
        shown = sheet(self.key, campaign.game)  # a shared procedure in the game's words
        procedure = shown.procedure
        dom.text(dom.bound("help-title", self.dialog), app.tr(procedure.name))
        dom.text(dom.bound("help-game", self.dialog), app.tr(game_name(procedure.game)))
        rule = dom.bound("help-rule", self.dialog)
        dom.clear(rule)
        for line in procedure.rule:
            item = dom.element("li")
            dom.text(item, app.tr(line))
            rule.append(item)
        listed = dom.bound("help-settings", self.dialog)
        dom.clear(listed)
        values = campaign.values
        for setting in shown.settings:
            value = values.get(setting.key, setting.default)
            term = dom.element("dt")
            dom.text(term, app.tr(setting.label))
            detail = dom.element("dd")
            now = dom.element("span")
            now.className = "now"
            shown_now = shown_value(setting, value, app)
            if value == setting.default:
                dom.text(now, app.t(Step(NOW, {"value": shown_now})))
            else:
                default = shown_value(setting, setting.default, app)
                dom.text(now, app.t(Step(NOW_CHANGED, {"value": shown_now, "default": default})))
            explanation = dom.element("span")
            dom.text(explanation, app.tr(setting.explanation))
            detail.append(now)
            detail.append(explanation)
            listed.append(term)
            listed.append(detail)
        dom.show(listed, bool(shown.settings))
        dom.show(dom.bound("help-no-settings", self.dialog), not shown.settings)
        dom.show(dom.one('[data-action="help-to-settings"]', self.dialog), bool(shown.settings))
        dom.text(dom.bound("help-source", self.dialog), app.tr(procedure.source))
