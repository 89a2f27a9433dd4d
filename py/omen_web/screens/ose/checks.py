"""Old-School Essentials on the Tests screen: saving throws and ability checks, with exact odds.

In an OSE campaign (``games.game_of(...).tests == "ose"``) the Tests screen opens on
this: the game master picks a saving throw or an ability check, types what is rolled,
the value to reach (the saving throw value, or the ability score) and any modifier to
the roll, and sees the exact chance before rolling (the odds follow each keystroke and
are those of the roll the button makes). The result and its steps go to the log. The
End of the World's dice pool stays one tap away (the "Kind of test" switch). The rules
are :mod:`omen.ose.checks`'s; the form is kept under part ``ose_tests``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign import games
from omen.campaign.state import Outcome
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.notation import read_whole
from omen.core.roll import N_, Step
from omen.ose.checks import (
    MAX_MODIFIER,
    SIDES,
    VALUE_NAME,
    VALUE_RANGE,
    Check,
    ChecksForm,
    Mode,
    check_numbers,
    check_odds,
    roll_check,
)
from omen_web.kit import dom
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
WHAT = {Check.SAVE: N_("Saving throw"), Check.ABILITY: N_("Ability check")}


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
        self.rolled: Check | None = None

    @property
    def form(self) -> ChecksForm:
        """The form as the store holds it."""
        form: ChecksForm = self.store.get("ose_tests")
        return form

    # --- reading the fields --------------------------------------------------------------

    def typed(self, check: Check) -> tuple[ChecksForm | None, tuple[Any, Step] | None]:
        """The form as its fields hold it now, or the field that does not read and why."""
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
        text = str(modifier_field.value).replace("−", "-").strip()
        modifier = read_whole(text, -MAX_MODIFIER, MAX_MODIFIER) if text else 0
        if modifier is None:
            return None, (
                modifier_field,
                Step(
                    N_("A modifier is a whole number from −{limit} to +{limit}."),
                    {"limit": MAX_MODIFIER},
                ),
            )
        what = " ".join(str(self.bound("ose-check-what").value).split())[:80]
        form = replace(self.form, what=what, modifier=modifier)
        form = replace(form, save=value) if check is Check.SAVE else replace(form, ability=value)
        check_numbers(check, value, modifier)
        return form, None

    # --- actions ---------------------------------------------------------------------

    def on_ose_tests_mode(self, target: Any, _event: Any) -> None:
        self.store.put("ose_tests", replace(self.form, mode=Mode(str(target.value))))

    def on_ose_check_field(self, _target: Any, _event: Any) -> None:
        check = self.form.check
        if check is None:
            return
        form, problem = self.typed(check)
        for bind in ("ose-check-value", "ose-check-modifier"):
            kit.error(self.bound(bind), None)
        if problem is not None:
            kit.error(*problem)
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
            kit.error(field, step)
            raise RulesError(step)
        kit.error(field, None)
        return face

    def on_ose_check_roll(self, _target: Any, _event: Any) -> None:
        check = self.form.check
        if check is None:
            return
        form, problem = self.typed(check)
        if problem is not None:
            kit.error(*problem)
            raise RulesError(problem[1])
        assert form is not None  # no problem: a form
        value = form.value(check)
        result = roll_check(check, value, self._source(), form.modifier)
        self.bound("ose-check-typed").value = ""
        what = form.what or Step(WHAT[check])
        self.title = Step(
            TITLES[(check, result.success)],
            {"what": what, "face": result.face, "value": value},
        )
        self.steps, self.rolled = result.steps, check
        self.kind = "success" if result.success else "failure"
        self.store.act(Outcome(self.title, self.steps, self.kind), ose_tests=form)

    # --- drawing ---------------------------------------------------------------------

    def render(self) -> None:
        form = self.form
        own = games.game_of(self.app.campaign.game).tests == "ose"
        switch = self.bound("ose-tests-mode")
        dom.show(switch, own)
        testkind.show_pool(self.app)
        check = form.check if own else None
        dom.show(self.bound("ose-tests"), check is not None)
        if check is None:
            return
        for radio in switch.querySelectorAll("input"):
            radio.checked = str(radio.value) == form.mode.value
        active = self.root.ownerDocument.activeElement
        low, high = VALUE_RANGE[check]
        value_field = self.bound("ose-check-value")
        value_field.min, value_field.max = str(low), str(high)
        dom.text(self.bound("ose-check-value-label"), self.tr(VALUE_NAME[check]))
        for bind, shown in (
            ("ose-check-what", form.what),
            ("ose-check-value", str(form.value(check))),
            ("ose-check-modifier", str(form.modifier)),
        ):
            field = self.bound(bind)
            if field != active and not field.hasAttribute("aria-invalid"):
                field.value = shown
        typed, problem = self.typed(check)
        if typed is None:
            why = problem[1] if problem else Step(N_("Type the value to reach."))
            line = Step(N_("No odds until the fields read: {why}"), {"why": why})
        else:
            chance = check_odds(check, typed.value(check), typed.modifier)
            line = Step(
                N_("Success: {percent} ({count} in 20)"),
                {
                    "percent": self.app.translator.percent(chance),
                    "count": int(chance * SIDES),
                },
            )
        dom.text(self.bound("ose-check-odds"), self.t(line))
        title = self.bound("ose-check-title")
        shown_result = self.title is not None and self.rolled is check
        dom.text(
            title,
            self.t(self.title)
            if shown_result and self.title
            else self.tr(N_("Type the value to reach, check the odds, then roll.")),
        )
        title.dataset.kind = self.kind if shown_result else ""
        dom.show(self.bound("ose-check-details"), shown_result)
        self.app.fill_list(self.bound("ose-check-steps"), self.steps if shown_result else ())
