"""Old-School Essentials on the Tests screen: saving throws, ability checks, reaction rolls
and morale checks, with exact odds.

In an OSE campaign (``games.game_of(...).tests == "ose"``) the Tests screen opens on
this: the game master picks a saving throw, an ability check, a reaction roll or a
morale check, types what is rolled and its numbers (the saving throw value, the ability
score, the speaker's Charisma, the morale score) and any modifier, and sees the exact
odds before rolling (they follow each keystroke and are those of the roll the button
makes). The result and its steps go to the log. The End of the World's dice pool stays
one tap away (the "Kind of test" switch). The rules are :mod:`omen.ose.checks`'s (which
rolls reactions and morale by :mod:`omen.campaign.reaction` and :mod:`omen.ose.morale`);
the form is kept under part ``ose_tests``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign import games
from omen.campaign.reaction import CHA_HIGH, CHA_LOW, OSE_REACTIONS
from omen.campaign.state import Outcome
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.notation import read_whole
from omen.core.roll import N_, Step
from omen.ose import morale
from omen.ose.checks import (
    MAX_MODIFIER,
    MAX_REACTION_MODIFIER,
    SIDES,
    VALUE_NAME,
    VALUE_RANGE,
    Check,
    ChecksForm,
    Mode,
    check_numbers,
    check_odds,
    morale_check_odds,
    morale_roll,
    reaction_check,
    reaction_check_odds,
    roll_check,
)
from omen_web.kit import dom, fields
from omen_web.kit import screen as kit
from omen_web.screens.common import testkind

if TYPE_CHECKING:
    from omen_web.kit.app import App

TITLES = {
    (Check.SAVE, True): N_("{what}: saved ({face} against {value})"),
    (Check.SAVE, False): N_("{what}: the saving throw fails ({face} against {value})"),
    (Check.ABILITY, True): N_("{what}: the check succeeds ({face} against {value})"),
    (Check.ABILITY, False): N_("{what}: the check fails ({face} against {value})"),
}
WHAT = {
    Mode.SAVE: N_("Saving throw"),
    Mode.ABILITY: N_("Ability check"),
    Mode.REACTION: N_("Reaction roll"),
    Mode.MORALE: N_("Morale check"),
}
MORALE_TITLES = {
    morale.Outcome.BREAKS: N_("{what}: they break ({total} against {value})"),
    morale.Outcome.HOLDS: N_("{what}: they fight on ({total} against {value})"),
    morale.Outcome.NEVER_FIGHTS: N_("{what}: no check, they do not fight (morale {value})"),
    morale.Outcome.FEARLESS: N_("{what}: no check, they fight to the end (morale {value})"),
}
REACTION_KIND = {"attacks": "failure", "hostile": "failure", "indifferent": "success"}
REACTION_KIND["friendly"] = "success"
REACTION_TITLE = N_("{what}: {reaction} ({total})")
# What each result's headline says of it: the mode it was rolled in and how it is marked
# (a reload shows the last result again from its log entry).
SAID: dict[str, tuple[Mode, str]] = {
    **{
        key: (Mode(check.value), "success" if ok else "failure")
        for (check, ok), key in TITLES.items()
    },
    **{key: (Mode.MORALE, "") for key in MORALE_TITLES.values()},
    REACTION_TITLE: (Mode.REACTION, ""),
}
# Each mode's labels: the number field, the modifier field, the typed dice and the button.
LABELS: dict[Mode, tuple[str, str, str, str]] = {
    Mode.SAVE: (
        VALUE_NAME[Check.SAVE],
        N_("Modifier to the roll"),
        N_("d20 face you rolled"),
        N_("Roll 1d20"),
    ),
    Mode.ABILITY: (
        VALUE_NAME[Check.ABILITY],
        N_("Modifier to the roll"),
        N_("d20 face you rolled"),
        N_("Roll 1d20"),
    ),
    Mode.REACTION: (
        N_("Speaker's Charisma (empty: nobody talks)"),
        N_("Modifier to the roll"),
        N_("Faces you rolled, in order"),
        N_("Roll reaction (2d6)"),
    ),
    Mode.MORALE: (
        N_("Morale score (2–12)"),
        N_("Situation adjustment (−2 to +2)"),
        N_("Faces you rolled, in order"),
        N_("Roll morale (2d6)"),
    ),
}
Problem = tuple[Any, Step]


def _modifier_problem(field: Any, limit: int) -> Problem:
    return field, Step(
        N_("A modifier is a whole number from −{limit} to +{limit}."), {"limit": limit}
    )


def _read_modifier(field: Any, limit: int) -> int | None:
    text = str(field.value).replace("−", "-").strip()
    return read_whole(text, -limit, limit) if text else 0


class OseChecksScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "ose_tests"
    section = "tests"
    root_selector = '[data-bind="ose-tests-root"]'
    parts = ("ose_tests", "campaign")
    games = frozenset({"ose"})

    def build(self) -> None:
        self.title: Step | None = None
        self.steps: tuple[Step, ...] = ()
        self.kind = ""
        self.rolled: Mode | None = None
        self.show_last()

    def show_last(self) -> None:
        """After a reload: the last result as the log holds it, where it was."""
        entry = self.store.last_said(SAID)
        if entry is None:
            return
        self.title, self.steps = entry.title, entry.steps
        self.rolled, self.kind = SAID[entry.title.key]
        if self.rolled is Mode.REACTION:
            said = entry.title.args.get("reaction")
            bands = [b for b in OSE_REACTIONS.bands if b.label == said]
            self.kind = REACTION_KIND.get(bands[0].key, "") if bands else ""

    @property
    def form(self) -> ChecksForm:
        """The form as the store holds it."""
        form: ChecksForm = self.store.get("ose_tests")
        return form

    # --- reading the fields --------------------------------------------------------------

    def typed(self, mode: Mode) -> tuple[ChecksForm | None, Problem | None]:
        """The form as its fields hold it now, or the field that does not read and why."""
        what = " ".join(str(self.bound("ose-check-what").value).split())[:80]
        form = replace(self.form, what=what)
        if mode is Mode.REACTION:
            return self._typed_reaction(form)
        if mode is Mode.MORALE:
            return self._typed_morale(form)
        check = Check(mode.value)
        value_field = self.bound("ose-check-value")
        modifier_field = self.bound("ose-check-modifier")
        low, high = VALUE_RANGE[check]
        value = read_whole(str(value_field.value).replace("−", "-"), low, high)
        if value is None:
            return None, (
                value_field,
                Step(
                    N_("{what} must be a whole number from {low} to {high}."),
                    {"what": Step(VALUE_NAME[check]), "low": low, "high": high},
                ),
            )
        modifier = _read_modifier(modifier_field, MAX_MODIFIER)
        if modifier is None:
            return None, _modifier_problem(modifier_field, MAX_MODIFIER)
        form = replace(form, modifier=modifier)
        form = replace(form, save=value) if check is Check.SAVE else replace(form, ability=value)
        check_numbers(check, value, modifier)
        return form, None

    def _typed_reaction(self, form: ChecksForm) -> tuple[ChecksForm | None, Problem | None]:
        value_field = self.bound("ose-check-value")
        text = str(value_field.value).strip()
        charisma = read_whole(text, CHA_LOW, CHA_HIGH) if text else None
        if text and charisma is None:
            return None, (
                value_field,
                Step(
                    N_("A Charisma score runs from {low} to {high}."),
                    {"low": CHA_LOW, "high": CHA_HIGH},
                ),
            )
        modifier_field = self.bound("ose-check-modifier")
        modifier = _read_modifier(modifier_field, MAX_REACTION_MODIFIER)
        if modifier is None:
            return None, _modifier_problem(modifier_field, MAX_REACTION_MODIFIER)
        return replace(form, charisma=charisma, reaction_modifier=modifier), None

    def _typed_morale(self, form: ChecksForm) -> tuple[ChecksForm | None, Problem | None]:
        value_field = self.bound("ose-check-value")
        score = read_whole(str(value_field.value), morale.LOWEST, morale.HIGHEST)
        if score is None:
            return None, (
                value_field,
                Step(
                    N_("A morale score is a whole number from {low} to {high}."),
                    {"low": morale.LOWEST, "high": morale.HIGHEST},
                ),
            )
        modifier_field = self.bound("ose-check-modifier")
        adjustment = _read_modifier(modifier_field, morale.MAX_ADJUSTMENT)
        if adjustment is None:
            return None, _modifier_problem(modifier_field, morale.MAX_ADJUSTMENT)
        return replace(form, morale=score, adjustment=adjustment), None

    # --- actions ---------------------------------------------------------------------

    def on_ose_tests_mode(self, target: Any, _event: Any) -> None:
        for bind in ("ose-check-value", "ose-check-modifier"):
            fields.error(self.bound(bind), None)  # the fields are the next mode's now
        self.store.put("ose_tests", replace(self.form, mode=Mode(str(target.value))))

    def on_ose_check_field(self, _target: Any, _event: Any) -> None:
        mode = self.form.mode
        if mode is Mode.POOL:
            return
        form, problem = self.typed(mode)
        for bind in ("ose-check-value", "ose-check-modifier"):
            fields.error(self.bound(bind), None)
        if problem is not None:
            fields.error(*problem)
        if form is None or form == self.form:
            self.render()
        else:
            self.store.put("ose_tests", form)

    def _source(self) -> Dice | int:
        field = self.bound("ose-check-typed")
        text = str(field.value).strip()
        if not text:
            return self.app.dice()
        face = read_whole(text, 1, SIDES)
        if face is None:
            step = Step(N_("A d20 shows a whole number from 1 to 20."))
            fields.error(field, step)
            raise RulesError(step)
        fields.error(field, None)
        return face

    def on_ose_check_roll(self, _target: Any, _event: Any) -> None:
        mode = self.form.mode
        if mode is Mode.POOL:
            return
        form, problem = self.typed(mode)
        if problem is not None:
            fields.error(*problem)
            raise RulesError(problem[1])
        assert form is not None  # no problem: a form
        if mode is Mode.REACTION:
            self._roll_reaction(form)
        elif mode is Mode.MORALE:
            self._roll_morale(form)
        else:
            self._roll_d20(form, Check(mode.value))
        self.bound("ose-check-typed").value = ""
        fields.error(self.bound("ose-check-typed"), None)
        self.rolled = mode
        assert self.title is not None  # each roll above sets it
        self.store.act(Outcome(self.title, self.steps, self.kind), ose_tests=form)

    def _two_dice(self) -> Dice:
        return self.app.dice(str(self.bound("ose-check-typed").value))

    def _roll_d20(self, form: ChecksForm, check: Check) -> None:
        value = form.value(check)
        result = roll_check(check, value, self._source(), form.modifier)
        what = form.what or Step(WHAT[form.mode])
        self.title = Step(
            TITLES[(check, result.success)],
            {"what": what, "face": result.face, "value": value},
        )
        self.steps = result.steps
        self.kind = "success" if result.success else "failure"

    def _roll_reaction(self, form: ChecksForm) -> None:
        result = reaction_check(form.charisma, form.reaction_modifier, self._two_dice())
        what = form.what or Step(WHAT[Mode.REACTION])
        self.title = Step(
            REACTION_TITLE,
            {"what": what, "reaction": result.band.label, "total": result.total},
        )
        self.steps = result.steps
        self.kind = REACTION_KIND.get(result.band.key, "")

    def _roll_morale(self, form: ChecksForm) -> None:
        odds = morale_check_odds(form.morale, form.adjustment)
        result = morale_roll(form.morale, form.adjustment, self._two_dice())
        what = form.what or Step(WHAT[Mode.MORALE])
        self.title = Step(
            MORALE_TITLES[result.outcome],
            {"what": what, "total": result.value or 0, "value": odds.target},
        )
        self.steps = result.steps
        self.kind = ""

    # --- drawing ---------------------------------------------------------------------

    def render(self) -> None:
        form = self.form
        own = games.game_of(self.app.campaign.game).tests == "ose"
        switch = self.bound("ose-tests-mode")
        dom.show(switch, own)
        testkind.show_pool(self.app)
        mode = form.mode if own else Mode.POOL
        dom.show(self.bound("ose-tests"), mode is not Mode.POOL)
        if mode is Mode.POOL:
            return
        for radio in switch.querySelectorAll("input"):
            radio.checked = str(radio.value) == form.mode.value
        self._draw_fields(form, mode)
        dom.text(self.bound("ose-check-odds"), self._odds(mode))
        if self.store.took_back(self.title, self.steps):  # Undo took the roll back
            self.title, self.steps, self.kind, self.rolled = None, (), "", None
        title = self.bound("ose-check-title")
        shown_result = self.title is not None and self.rolled is mode
        dom.text(
            title,
            self.t(self.title)
            if shown_result and self.title
            else self.tr(N_("Type the value to reach, check the odds, then roll.")),
        )
        title.dataset.kind = self.kind if shown_result else ""
        dom.show(self.bound("ose-check-details"), shown_result)
        self.app.fill_list(self.bound("ose-check-steps"), self.steps if shown_result else ())

    def _draw_fields(self, form: ChecksForm, mode: Mode) -> None:
        value_label, modifier_label, typed_label, button = LABELS[mode]
        for bind, label in (
            ("ose-check-value-label", value_label),
            ("ose-check-modifier-label", modifier_label),
            ("ose-check-typed-label", typed_label),
            ("ose-check-roll", button),
        ):
            dom.text(self.bound(bind), self.tr(label))
        low, high, modifiers, value, modifier = self._numbers(form, mode)
        value_field = self.bound("ose-check-value")
        value_field.min, value_field.max = str(low), str(high)
        modifier_field = self.bound("ose-check-modifier")
        modifier_field.min, modifier_field.max = str(-modifiers), str(modifiers)
        typed_field = self.bound("ose-check-typed")
        two = mode in (Mode.REACTION, Mode.MORALE)
        typed_field.placeholder = self.tr(N_("for example 6 3")) if two else ""
        active = self.root.ownerDocument.activeElement
        for bind, shown in (
            ("ose-check-what", form.what),
            ("ose-check-value", value),
            ("ose-check-modifier", str(modifier)),
        ):
            field = self.bound(bind)
            if field != active and not field.hasAttribute("aria-invalid"):
                field.value = shown

    @staticmethod
    def _numbers(form: ChecksForm, mode: Mode) -> tuple[int, int, int, str, int]:
        """The value field's range, the modifier's limit, and both as the form keeps them."""
        if mode is Mode.REACTION:
            charisma = "" if form.charisma is None else str(form.charisma)
            return CHA_LOW, CHA_HIGH, MAX_REACTION_MODIFIER, charisma, form.reaction_modifier
        if mode is Mode.MORALE:
            return (
                morale.LOWEST,
                morale.HIGHEST,
                morale.MAX_ADJUSTMENT,
                str(form.morale),
                form.adjustment,
            )
        check = Check(mode.value)
        low, high = VALUE_RANGE[check]
        return low, high, MAX_MODIFIER, str(form.value(check)), form.modifier

    def _odds(self, mode: Mode) -> str:
        """The odds line for the fields as typed now (or why there are none)."""
        typed, problem = self.typed(mode)
        if typed is None:
            why = problem[1] if problem else Step(N_("Type the value to reach."))
            return self.t(Step(N_("No odds until the fields read: {why}"), {"why": why}))
        percent = self.app.translator.percent
        if mode is Mode.REACTION:
            odds = reaction_check_odds(typed.charisma, typed.reaction_modifier)
            parts = [
                self.t(
                    Step(
                        N_("{reaction}: {percent}"),
                        {"reaction": band.label, "percent": percent(chance)},
                    )
                )
                for band, chance in odds.items()
            ]
            return "; ".join(parts)
        if mode is Mode.MORALE:
            odds_m = morale_check_odds(typed.morale, typed.adjustment)
            said = " ".join(self.t(step) for step in odds_m.steps)
            if not odds_m.rolled:
                return said
            breaks = Step(N_("They break: {percent}."), {"percent": percent(odds_m.breaks)})
            return f"{self.t(breaks)} {said}"
        check = Check(mode.value)
        chance = check_odds(check, typed.value(check), typed.modifier)
        return self.t(
            Step(
                N_("Success: {percent} ({count} in 20)"),
                {"percent": percent(chance), "count": int(chance * SIDES)},
            )
        )
