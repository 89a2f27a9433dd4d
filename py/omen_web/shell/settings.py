"""The Settings screen: campaign, game, language, theme, every rules decision, and the
copies kept aside.

Rules settings are drawn from :func:`omen.campaign.settings.registry`, each with its label and
its one-line explanation, so a new procedure's decisions appear here by declaring them.
They are shown as :func:`omen.campaign.procedures.sections` orders them: the campaign's game
first, grouped by procedure (each group with its help sheet one tap away), then the
decisions every game shares, then the other games in closed sections whose summaries
count the decisions changed from the default. The search field filters by words in
every language Omen has, whichever the app shows (:func:`omen.campaign.procedures.matches`):
sections holding a match open, the rest hide, and a status line says how many were found.

The copies Omen kept aside (values that did not load, another tab's crossing writes;
see :class:`omen.core.store.Keeper`) are counted here; the game master can export them to a
file and then clear them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign import settings
from omen.campaign.procedures import Section, game_name, matches, sections
from omen.campaign.state import GAME_NAMES, Campaign, Prefs
from omen.core.errors import RulesError
from omen.core.i18n import LANGUAGES, Translator
from omen.core.notation import read_whole
from omen.core.roll import N_, Step
from omen.core.setting import Setting, Value
from omen.core.store import ASIDE_CHARS, ASIDE_COUNT, ROOM, kilobytes, kind_label
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.shell import feedback, helpsheet
from omen_web.shell.share import download

if TYPE_CHECKING:
    from omen_web.kit.app import App

ISO = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z")
NOTHING_FOUND = N_("No setting matches “{query}”.")


class SettingsScreen(kit.Screen):
    """Settings, drawn from the store's campaign and preferences."""

    app: App  # the kit's Host, with all of the app this screen uses

    name = "settings"
    root_selector = '[data-bind="settings-form"]'  # the share screen's part is its own
    also = ("section.kept-aside",)  # the copies kept aside, below the share screen's part
    parts = ("campaign", "prefs")

    def build(self) -> None:
        form = self.root
        dom.on(form, "submit", lambda event: event.preventDefault())  # Enter in a field
        self.name_field = dom.one('[name="campaign-name"]', form)
        self.game_field = dom.one('[name="game"]', form)
        self.language_field = dom.one('[name="language"]', form)
        self.theme_field = dom.one('[name="theme"]', form)
        self.vibrate_field = dom.one('[name="vibrate"]', form)
        self.sound_field = dom.one('[name="sound"]', form)
        self.search_field = self.bound("settings-search")
        # The buzz switch shows only where the browser can buzz.
        dom.show(self.bound("vibrate-switch"), feedback.can_vibrate())
        for game in GAME_NAMES:
            self.game_field.append(dom.option(game))
        self.fields: dict[str, Any] = {}
        self.rows: dict[str, Any] = {}
        self.known = settings.by_key()
        self.holder = self.bound("rule-settings")
        self.game_sections: dict[str, Any] = {}  # game ("" for every game): its <details>
        self.groups: dict[tuple[str, str], Any] = {}  # (game, procedure): its <section>
        self.shown_for: str | None = None  # the game the sections were last opened for
        self.opened: dict[str, bool] = {}  # each section's own state, kept while searching
        self.languages: dict[str, Translator] = {}  # every language's catalog, for search
        campaign = self.campaign
        for section in sections(campaign.game, campaign.values):
            self.holder.append(self._section(section))
        self.exported = False  # the copies kept aside are cleared only once exported

    @property
    def campaign(self) -> Campaign:
        campaign: Campaign = self.store.get("campaign")
        return campaign

    @property
    def prefs(self) -> Prefs:
        prefs: Prefs = self.store.get("prefs")
        return prefs

    def _section(self, section: Section) -> Any:
        node = dom.clone("tpl-settings-section")
        node.dataset.game = section.game or "every"
        holder = dom.one(".groups", node)
        for group in section.groups:
            box = dom.clone("tpl-settings-group")
            box.dataset.procedure = group.procedure.key
            dom.one("[data-help]", box).dataset.help = group.procedure.key
            rows = dom.one(".rows", box)
            for setting in group.settings:
                rows.append(self._row(setting))
            holder.append(box)
            self.groups[(section.game, group.procedure.key)] = box
        self.game_sections[section.game] = node
        return node

    def _row(self, setting: Setting) -> Any:
        if isinstance(setting.default, bool):
            row = dom.clone("tpl-setting-bool")
            field = dom.one("input", row)
        elif isinstance(setting.default, int):
            row = dom.clone("tpl-setting-int")
            field = dom.one("input", row)
            if setting.low is not None:
                field.min = setting.low
            if setting.high is not None:
                field.max = setting.high
        elif not setting.choices:  # a typed text
            row = dom.clone("tpl-setting-text")
            field = dom.one("input", row)
        else:
            row = dom.clone("tpl-setting-choice")
            field = dom.one("select", row)
            for value, _label in setting.choices:
                field.append(dom.option(value))
        field.name = setting.key
        field.id = "setting-" + setting.key.replace(".", "-")
        row.dataset.key = setting.key
        field.dataset.action = "change-setting"
        self.fields[setting.key] = field
        self.rows[setting.key] = row
        return row

    # --- actions -------------------------------------------------------------------

    def on_change_setting(self, target: Any, _event: Any) -> None:
        setting = self.known[str(target.name)]
        field = self.fields[setting.key]
        value: Value
        if isinstance(setting.default, bool):
            value = bool(field.checked)
        elif isinstance(setting.default, int):
            read = read_whole(str(field.value), -(10**9), 10**9)
            value = -(10**9) if read is None else read
        elif not setting.choices:
            value = str(field.value).strip()
        else:
            value = str(field.value)
        if not setting.accepts(value) and setting.refusal:
            self.render()  # put the stored value back in the field
            raise RulesError(Step(setting.refusal))
        if not setting.accepts(value):
            self.render()
            raise RulesError(
                Step(
                    N_("{setting}: enter a whole number from {low} to {high}."),
                    {
                        "setting": Step(setting.label),
                        "low": setting.low or 0,
                        "high": setting.high or 0,
                    },
                )
            )
        campaign = self.campaign
        values = {**campaign.values, setting.key: value}
        self.store.put("campaign", replace(campaign, values=values))

    def on_rename(self, _target: Any, _event: Any) -> None:
        name = " ".join(str(self.name_field.value).split())
        if not 0 < len(name) <= 120:
            self.render()
            raise RulesError(Step(N_("A campaign name needs 1 to 120 characters.")))
        self.store.put("campaign", replace(self.campaign, name=name))

    def on_choose_game(self, _target: Any, _event: Any) -> None:
        game = str(self.game_field.value)
        if game in GAME_NAMES:
            self.store.put("campaign", replace(self.campaign, game=game))

    def on_choose_language(self, _target: Any, _event: Any) -> None:
        self.store.put("prefs", replace(self.prefs, language=str(self.language_field.value)))

    def on_choose_theme(self, _target: Any, _event: Any) -> None:
        self.store.put("prefs", replace(self.prefs, theme=str(self.theme_field.value)))

    def on_choose_feedback(self, target: Any, _event: Any) -> None:
        prefs = replace(
            self.prefs,
            vibrate=bool(self.vibrate_field.checked),
            sound=bool(self.sound_field.checked),
        )
        self.store.put("prefs", prefs)
        if prefs.sound and target == self.sound_field:
            feedback.after_roll(False, True)  # let the game master hear what was switched on

    def on_search_settings(self, _target: Any, _event: Any) -> None:
        self.render_search()

    def show_procedure(self, key: str) -> None:
        """Open the section holding procedure ``key`` and bring its group into view (from
        its help sheet's "Open in Settings")."""
        for (game, procedure), box in self.groups.items():
            if procedure == key:
                self.search_field.value = ""
                self.render_search()
                self.game_sections[game].open = True
                box.scrollIntoView()
                heading = dom.one("[data-help]", box)
                heading.focus(dom.options(preventScroll=True))
                return

    def on_aside_export(self, _target: Any, _event: Any) -> None:
        text = self.app.storage.aside_file()
        download(f"omen-kept-aside-{dom.now_iso()[:10]}.json", text)
        self.exported = True
        self.render_aside()

    def on_aside_clear(self, _target: Any, _event: Any) -> None:
        if not self.exported:
            return
        count = self.app.storage.clear_aside()
        self.exported = False
        self.app.notify(
            Step(
                N_("Cleared {count} copy kept aside."),
                {"count": count},
                plural=N_("Cleared {count} copies kept aside."),
            )
        )
        self.render_aside()

    # --- rendering -----------------------------------------------------------------

    def render_aside(self) -> None:
        app = self.app
        copies = app.storage.aside()
        chars = sum(copy.chars for copy in copies)
        if not copies:
            summary = Step(N_("Nothing is kept aside."))
        else:
            summary = Step(
                N_("{count} copy kept aside: {size} KB, {share}% of the room Omen has here."),
                {
                    "count": len(copies),
                    "size": kilobytes(chars),
                    "share": max(1, round(100 * chars / ROOM)),
                },
                plural=N_(
                    "{count} copies kept aside: {size} KB, {share}% of the room Omen has here."
                ),
            )
        text = app.t(summary)
        if len(copies) >= ASIDE_COUNT or chars >= ASIDE_CHARS:
            text += " " + app.tr(
                N_("They are at their limit: nothing more is kept aside until they are cleared.")
            )
        dom.text(dom.bound("aside-summary"), text)
        items = []
        for copy in copies:
            when = copy.when
            if ISO.fullmatch(when):
                when = f"{when[:10]} {dom.local_time(when)}"
            items.append(
                Step(
                    N_("Kept {when}: {what}, {size} KB"),
                    {"what": kind_label(copy.kind), "when": when, "size": kilobytes(copy.chars)},
                )
            )
        app.fill_list(dom.bound("aside-list"), items)
        dom.one('[data-action="aside-export"]').disabled = not copies
        dom.one('[data-action="aside-clear"]').disabled = not (copies and self.exported)
        dom.show(dom.bound("aside-hint"), bool(copies))

    def render(self) -> None:
        app = self.app
        self.render_aside()
        campaign, prefs = self.campaign, self.prefs
        self.name_field.value = app.campaign_name()
        for option in self.game_field.options:
            option.textContent = app.tr(GAME_NAMES[str(option.value)])
        self.game_field.value = campaign.game
        self.language_field.value = app.translator.language
        self.theme_field.value = prefs.theme
        self.vibrate_field.checked = prefs.vibrate
        self.sound_field.checked = prefs.sound
        for setting in settings.registry():
            row, field = self.rows[setting.key], self.fields[setting.key]
            dom.text(dom.one(".label", row), app.tr(setting.label))
            dom.text(dom.one(".explanation", row), app.tr(setting.explanation))
            value = campaign.values[setting.key]
            if isinstance(setting.default, bool):
                field.checked = bool(value)
            else:
                if setting.choices:
                    for option, (_v, label) in zip(field.options, setting.choices, strict=True):
                        option.textContent = app.tr(label)
                field.value = str(value)
        self.render_sections()
        self.render_search()

    def render_sections(self) -> None:
        """The sections in the game's order, each summary with its name and changes."""
        app = self.app
        campaign = self.campaign
        game = campaign.game
        shown = sections(game, campaign.values)
        reopen = self.shown_for != game  # a new game: its section opens, the others close
        self.shown_for = game
        for section in shown:
            node = self.game_sections[section.game]
            self.holder.append(node)  # moves it: the sections follow the game's order
            dom.text(dom.one(".game-name", node), app.tr(game_name(section.game)))
            changed = dom.one(".changed", node)
            if section.open:
                dom.text(changed, "")
            else:
                dom.text(
                    changed,
                    app.t(
                        Step(
                            N_("{count} decision changed"),
                            {"count": section.changed},
                            plural=N_("{count} decisions changed"),
                        )
                    ),
                )
            if reopen:
                node.open = section.open
            for group in section.groups:
                box = self.groups[(section.game, group.procedure.key)]
                dom.text(dom.one(".procedure-name", box), app.tr(group.procedure.name))
        helpsheet.label(self.holder, app)

    def search_translators(self) -> tuple[Translator, ...]:
        """The app's translator and every other language's, loaded at the first search:
        a decision is found by its words in any language, whichever the app shows."""
        from omen_web.kit.app import LOCALE_DIR  # the kit's constant; read only here

        shown = self.app.translator
        for language in LANGUAGES:
            if language != "en" and language not in self.languages:
                self.languages[language] = (
                    shown if shown.language == language else Translator.load(language, LOCALE_DIR)
                )
        others = (t for t in self.languages.values() if t.language != shown.language)
        return (shown, *others)

    def render_search(self) -> None:  # noqa: C901 (a search's matches, sections and counts, drawn together)
        """Show only the settings the search finds (all of them when it is empty)."""
        app = self.app
        query = str(self.search_field.value)
        searching = bool(query.strip())
        if searching and not self.opened:
            self.opened = {game: bool(node.open) for game, node in self.game_sections.items()}
        found = 0
        translators = self.search_translators() if searching else ()
        for game, node in self.game_sections.items():
            in_section = 0
            for (group_game, _procedure), box in self.groups.items():
                if group_game != game:
                    continue
                in_group = 0
                for row in dom.every(".setting", box):
                    setting = self.known[str(row.dataset.key)]
                    hit = not searching or matches(query, setting, *translators)
                    dom.show(row, hit)
                    in_group += hit
                dom.show(box, in_group > 0)
                in_section += in_group
            dom.show(node, in_section > 0)
            if searching and in_section:
                node.open = True
            found += in_section
        if not searching and self.opened:
            for game, was_open in self.opened.items():  # back as the game master had them
                self.game_sections[game].open = was_open
            self.opened = {}
        status = dom.bound("settings-found")
        if not searching:
            dom.text(status, "")
        elif found:
            dom.text(
                status,
                app.t(
                    Step(
                        N_("{count} setting found"),
                        {"count": found},
                        plural=N_("{count} settings found"),
                    )
                ),
            )
        else:
            dom.text(status, app.t(Step(NOTHING_FOUND, {"query": query.strip()[:80]})))
