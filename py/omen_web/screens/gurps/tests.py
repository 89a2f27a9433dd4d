"""GURPS on the Tests screen: success rolls and Quick Contests, with exact odds.

In a GURPS campaign (``games.game_of(...).tests == "gurps"``) the Tests screen opens on
this: the game master types what is rolled, the skill and its modifiers, and sees the
effective skill, the exact chance of success, of a critical success and of a critical
failure, and the margin each 3d6 total would give, before rolling. A Quick Contest
shows each side's chance to win, the tie and the margins of victory. The result shows
the margin (each side's, in a contest) and goes to the log with every step. The End of
the World's dice pool stays one tap away (the "Kind of test" switch); in other games this part
stays hidden (OSE has its own checks, :mod:`omen_web.screens.ose.checks`; whether the pool
shows is :mod:`omen_web.screens.common.testkind`'s to say).

The form (:data:`omen.gurps.tests.GURPS_TESTS`) is kept under its own key, part ``gurps_tests``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, NoReturn

from omen.campaign import games
from omen.campaign.state import Outcome
from omen.core.dice import Dice
from omen.core.errors import RulesError
from omen.core.notation import read_whole
from omen.core.roll import N_, ArgValue, Step
from omen.gurps.rolls import (
    RESULT_TEXT,
    QuickContest,
    Result,
    SuccessRoll,
    Winner,
    check_total,
    contest_odds,
    effective_skill,
    modifiers_text,
    no_roll,
    read_modifiers,
    roll_odds,
    signed,
)
from omen.gurps.tests import SAID, GurpsTestsForm, Mode, Roller, contest_for, roll_for, said
from omen_web.kit import dom, fields
from omen_web.kit import screen as kit
from omen_web.screens.common import testkind

if TYPE_CHECKING:
    from omen_web.kit.app import App

WHICH = ("roll", "a", "b")
LEGEND = {"roll": N_("Success roll"), "a": N_("Side A"), "b": N_("Side B")}
NAME_LABEL = {
    "roll": N_("What is rolled"),
    "a": N_("Name of the side"),
    "b": N_("Name of the side"),
}
KIND = {
    Result.CRITICAL_SUCCESS: "success",
    Result.SUCCESS: "success",
    Result.FAILURE: "failure",
    Result.CRITICAL_FAILURE: "failure",
}


def gurps_mode(campaign: Any, form: GurpsTestsForm) -> Mode:
    """What the Tests screen shows: the pool outside GURPS campaigns, else the form's mode."""
    if games.game_of(campaign.game).tests != "gurps":
        return Mode.POOL
    return form.mode


def fail(field: Any, step: Step) -> NoReturn:
    """Refuse the action; the notice says why and the field shows it."""
    fields.error(field, step)
    raise RulesError(step)


def typed_roller(node: Any) -> tuple[Roller, None] | tuple[None, tuple[Any, Step]]:
    """The roller its fieldset holds as typed, or the field that does not read and why.

    The Roll button and the odds both read the fields through this, so the odds shown
    always belong to the roll the button will make.
    """
    name = " ".join(str(dom.one('[data-field="name"]', node).value).split())
    skill_field = dom.one('[data-field="skill"]', node)
    modifiers_field = dom.one('[data-field="modifiers"]', node)
    text = str(skill_field.value).strip().replace("−", "-")
    skill = read_whole(text, -50, 99) if text else None
    if skill is None:
        return None, (skill_field, Step(N_("Skill: enter a whole number, like 12.")))
    defence = bool(dom.one('[data-field="defence"]', node).checked)
    try:
        return Roller(name, skill, read_modifiers(str(modifiers_field.value)), defence), None
    except RulesError as error:
        return None, (modifiers_field, error.message)


def read_roller(node: Any, which: str) -> Roller:
    """A roller from its fieldset; a mistake names the field (and marks it)."""
    roller, problem = typed_roller(node)
    if problem is not None:
        fail(*problem)
    assert roller is not None  # no problem: a roller
    return roller


class GurpsTestsScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "gurps_tests"
    section = "tests"
    root_selector = '[data-bind="gurps-tests-root"]'
    parts = ("gurps_tests", "campaign")
    games = frozenset({"gurps"})

    @property
    def form(self) -> GurpsTestsForm:
        """The form as the store holds it."""
        form: GurpsTestsForm = self.store.get("gurps_tests")
        return form

    def build(self) -> None:
        self.roll: SuccessRoll | None = None
        self.contest: QuickContest | None = None
        self.title: Step | None = None
        self.steps: tuple[Step, ...] = ()
        self.rolled: Mode | None = None  # the mode the result shown was rolled in
        self.kind = ""
        self.rollers: dict[str, Any] = {}
        for which in WHICH:
            node = dom.clone("tpl-gurps-roller")
            node.dataset.side = which
            dom.text(dom.one("legend", node), self.tr(LEGEND[which]))
            dom.text(dom.bound("roller-name-label", node), self.tr(NAME_LABEL[which]))
            dom.show(dom.bound("roller-defence", node), which == "roll")  # a success roll's
            for field in node.querySelectorAll("[data-field]"):
                field.id = f"gurps-{which}-{field.dataset.field}"
            dom.bound(f"gurps-roller-{which}", self.root).append(node)
            self.rollers[which] = node
        self.show_last()

    def show_last(self) -> None:
        """After a reload: the last result as the log holds it (its headline and steps;
        the margins line is the roll's own, said in the steps too), where it was."""
        entry = self.store.last_said(SAID)
        said_now = None if entry is None else said(entry.title)
        if entry is None or said_now is None:
            return
        self.title, self.steps = entry.title, entry.steps
        self.rolled, result = said_now
        self.kind = "" if result is None else KIND[result]

    # --- actions ---------------------------------------------------------------------

    def on_tests_mode(self, target: Any, _event: Any) -> None:
        mode = Mode(str(target.value))
        self.store.put("gurps_tests", GurpsTestsForm(mode, *self._rest()))

    def _rest(self) -> tuple[Roller, Roller, Roller]:
        form = self.form
        return form.roll, form.a, form.b

    def on_gurps_field(self, target: Any, _event: Any) -> None:
        """A field typed in (every keystroke): kept when the side reads, else marked with
        why; the odds follow either way (none while a field does not read)."""
        node = target.closest("fieldset")
        which = str(node.dataset.side)
        roller, problem = typed_roller(node)
        self.clear_marks(node)
        if problem is not None:
            fields.error(*problem)
        form = self.form if roller is None else self.form.with_roller(which, roller)
        if form == self.form:
            self.render()  # the stored form is the same: only the odds and marks change
        else:
            self.store.put("gurps_tests", form)

    def clear_marks(self, node: Any) -> None:
        for field in node.querySelectorAll("[data-field]"):
            fields.error(field, None)

    def _typed(self, bind: str, label: ArgValue) -> Dice | int:
        field = dom.bound(bind, self.root)
        text = str(field.value).strip()
        if not text:
            return self.app.dice()
        total = read_whole(text, 3, 18)
        if total is None:
            fail(
                field,
                Step(
                    N_("{field}: type the 3d6 total, a whole number from 3 to 18."),
                    {"field": label},
                ),
            )
        check_total(total)
        return total

    def on_gurps_roll(self, _target: Any, _event: Any) -> None:
        roller = read_roller(self.rollers["roll"], "roll")
        source = self._typed("gurps-typed-roll", Step(N_("3d6 total you rolled")))
        title, rolled = roll_for(roller, source)
        dom.bound("gurps-typed-roll", self.root).value = ""
        self.roll, self.contest = rolled, None
        self.title, self.steps = title, rolled.steps
        self.rolled, self.kind = Mode.ROLL, KIND[rolled.result]
        self.clear_marks(self.rollers["roll"])
        outcome = Outcome(title, rolled.steps, KIND[rolled.result])
        self.store.act(outcome, gurps_tests=self.form.with_roller("roll", roller))

    def on_gurps_contest(self, _target: Any, _event: Any) -> None:
        a = read_roller(self.rollers["a"], "a")
        b = read_roller(self.rollers["b"], "b")
        source_a = self._typed("gurps-typed-a", self._side_name(a, "a"))
        source_b = self._typed("gurps-typed-b", self._side_name(b, "b"))
        if isinstance(source_a, int) != isinstance(source_b, int):
            raise RulesError(Step(N_("Type both sides' 3d6 totals, or leave both empty.")))
        title, decided = contest_for(a, b, source_a, source_b)
        for bind in ("gurps-typed-a", "gurps-typed-b"):
            dom.bound(bind, self.root).value = ""
        self.roll, self.contest = None, decided
        self.title, self.steps = title, decided.steps
        self.rolled, self.kind = Mode.CONTEST, ""
        kind = "nothing" if decided.winner is Winner.TIE else "sign"
        for which in ("a", "b"):
            self.clear_marks(self.rollers[which])
        form = self.form.with_roller("a", a).with_roller("b", b)
        self.store.act(Outcome(title, decided.steps, kind), gurps_tests=form)

    def _side_name(self, roller: Roller, which: str) -> ArgValue:
        return roller.name.strip() or Step(LEGEND[which])

    # --- drawing ---------------------------------------------------------------------

    def render(self) -> None:
        form = self.form
        campaign = self.app.campaign
        mode = gurps_mode(campaign, form)
        own = games.game_of(campaign.game).tests == "gurps"
        switch = dom.bound("tests-mode", self.root)
        dom.show(switch, own)
        for radio in switch.querySelectorAll("input"):
            radio.checked = str(radio.value) == mode.value
        # The dice pool is the Tests screen's own (py/omen_web/screens/common/tests.py); this
        # only says whether it is on show.
        testkind.show_pool(self.app)
        dom.show(dom.bound("gurps-tests", self.root), mode is not Mode.POOL)
        if mode is Mode.POOL:
            return
        dom.show(dom.bound("gurps-roll", self.root), mode is Mode.ROLL)
        dom.show(dom.bound("gurps-contest", self.root), mode is Mode.CONTEST)
        for which in WHICH:
            self.fill(which, getattr(form, which))
        self.render_result(mode)
        # The odds of what the fields hold as typed: the roll the button will make.
        if mode is Mode.ROLL:
            roller, problem = typed_roller(self.rollers["roll"])
            if roller is None:
                self.render_no_odds("gurps-roll-odds", problem)
            else:
                self.render_roll_odds(roller)
        else:
            (a, problem_a), (b, problem_b) = (
                typed_roller(self.rollers[which]) for which in ("a", "b")
            )
            if a is None or b is None:
                self.render_no_odds("gurps-contest-odds", problem_a or problem_b)
            else:
                self.render_contest_odds(a, b)

    def fill(self, which: str, roller: Roller) -> None:
        node = self.rollers[which]
        active = self.root.ownerDocument.activeElement
        values = {
            "name": roller.name,
            "skill": str(roller.skill),
            "modifiers": modifiers_text(roller.modifiers),
        }
        for key, value in values.items():
            field = dom.one(f'[data-field="{key}"]', node)
            # The field being typed in, or one marked as not read, keeps its text as typed.
            if field != active and not field.hasAttribute("aria-invalid"):
                field.value = value
        dom.one('[data-field="defence"]', node).checked = roller.defence

    def render_result(self, mode: Mode) -> None:
        if self.store.took_back(self.title, self.steps):  # Undo took the roll back
            self.title, self.steps, self.roll, self.contest = None, (), None, None
            self.rolled, self.kind = None, ""
        title = dom.bound("gurps-test-title", self.root)
        margins = dom.bound("gurps-test-margins", self.root)
        shown = self.title is not None and self.rolled is mode
        dom.text(title, self.t(self.title) if shown and self.title else "")
        title.dataset.kind = self.kind if shown else ""
        lines: list[Step] = []
        if shown and self.roll is not None:
            lines.append(self.margin_line(None, self.roll))
        if shown and self.contest is not None:
            for roller, rolled in (("a", self.contest.a), ("b", self.contest.b)):
                lines.append(
                    self.margin_line(self._side_name(getattr(self.form, roller), roller), rolled)
                )
        dom.text(margins, " · ".join(self.t(line) for line in lines))
        dom.show(margins, bool(lines))
        details = dom.bound("gurps-test-details", self.root)
        dom.show(details, shown)
        self.app.fill_list(dom.bound("gurps-test-steps", self.root), self.steps if shown else ())

    def margin_line(self, who: ArgValue | None, rolled: SuccessRoll) -> Step:
        args: dict[str, ArgValue] = {
            "roll": rolled.roll,
            "result": Step(RESULT_TEXT[rolled.result]),
            "margin": signed(rolled.margin),
        }
        if who is None:
            return Step(N_("Rolled {roll}: {result}, margin {margin}"), args)
        return Step(N_("{who} rolled {roll}: {result}, margin {margin}"), {**args, "who": who})

    def chance(self, chance: Fraction, out_of: int = 216) -> str:
        count = chance * out_of
        percent = self.app.translator.percent(chance)
        if count.denominator == 1 and out_of == 216:
            return self.t(
                Step(
                    N_("{percent} ({count} in {total})"),
                    {"percent": percent, "count": int(count), "total": out_of},
                )
            )
        return percent

    def render_no_odds(self, bind: str, problem: tuple[Any, Step] | None) -> None:
        """No odds while a field does not read: the button would refuse that roll too."""
        why = (
            problem[1] if problem is not None else Step(N_("Skill: enter a whole number, like 12."))
        )
        line = Step(N_("No odds until the fields read: {why}"), {"why": why})
        if bind == "gurps-roll-odds":
            dom.text(dom.bound("gurps-roll-level", self.root), "")
            dom.clear(dom.bound("gurps-roll-margins", self.root))
        else:
            dom.clear(dom.bound("gurps-contest-margins", self.root))
        self.app.fill_list(dom.bound(bind, self.root), [line])

    def render_roll_odds(self, roller: Roller) -> None:
        level = effective_skill(roller.skill, roller.modifiers)
        dom.text(dom.bound("gurps-roll-level", self.root), self.t(level.steps[0]))
        why = no_roll(level.value, roller.defence)
        if why is not None:  # below effective skill 3: no roll, so no odds of one
            line = Step(
                N_(
                    "No roll: effective skill {level} is below 3 (GURPS Basic Set, p. B344); "
                    "only a defence roll may be made."
                ),
                {"level": level.value},
            )
            self.app.fill_list(dom.bound("gurps-roll-odds", self.root), [line])
            dom.clear(dom.bound("gurps-roll-margins", self.root))
            return
        odds = roll_odds(level.value)
        lines = [
            Step(N_("Success: {chance}"), {"chance": self.chance(odds.success)}),
            Step(N_("Critical success: {chance}"), {"chance": self.chance(odds.critical_success)}),
            Step(N_("Critical failure: {chance}"), {"chance": self.chance(odds.critical_failure)}),
            Step(
                N_("Succeeding by 5 or more: {chance}"),
                {"chance": self.chance(odds.margin_at_least(5))},
            ),
        ]
        self.app.fill_list(dom.bound("gurps-roll-odds", self.root), lines)
        body = dom.bound("gurps-roll-margins", self.root)
        dom.clear(body)
        for margin, chance, result in odds.margins:
            row = dom.element("tr")
            cells = (
                str(level.value - margin),
                signed(margin),
                self.t(Step(RESULT_TEXT[result])),
                self.app.translator.percent(chance),
            )
            for index, value in enumerate(cells):
                cell = dom.element("th" if index == 0 else "td")
                if index == 0:
                    cell.setAttribute("scope", "row")
                dom.text(cell, value)
                row.append(cell)
            body.append(row)

    def render_contest_odds(self, a: Roller, b: Roller) -> None:
        odds = contest_odds(a.level, b.level)
        name_a, name_b = self._side_name(a, "a"), self._side_name(b, "b")
        percent = self.app.translator.percent
        lines = [
            Step(N_("{who} at effective skill {level}"), {"who": name_a, "level": a.level}),
            Step(N_("{who} at effective skill {level}"), {"who": name_b, "level": b.level}),
            Step(N_("{who} wins: {chance}"), {"who": name_a, "chance": percent(odds.a_wins)}),
            Step(N_("{who} wins: {chance}"), {"who": name_b, "chance": percent(odds.b_wins)}),
            Step(N_("A tie: {chance}"), {"chance": percent(odds.tie)}),
        ]
        self.app.fill_list(dom.bound("gurps-contest-odds", self.root), lines)
        dom.text(dom.bound("gurps-head-a", self.root), self.t(Step(N_("{who}"), {"who": name_a})))
        dom.text(dom.bound("gurps-head-b", self.root), self.t(Step(N_("{who}"), {"who": name_b})))
        label = N_("3d6 total for {who}")
        dom.text(dom.bound("gurps-typed-a-label", self.root), self.t(Step(label, {"who": name_a})))
        dom.text(dom.bound("gurps-typed-b-label", self.root), self.t(Step(label, {"who": name_b})))
        body = dom.bound("gurps-contest-margins", self.root)
        dom.clear(body)
        top = max([m for m, _ in (*odds.a_margins, *odds.b_margins)] + [1])
        for margin in range(1, min(top, 10) + 1):
            row = dom.element("tr")
            head = dom.element("th")
            head.setAttribute("scope", "row")
            dom.text(head, str(margin))
            row.append(head)
            for chance in (odds.a_wins_by_at_least(margin), odds.b_wins_by_at_least(margin)):
                cell = dom.element("td")
                dom.text(cell, percent(chance))
                row.append(cell)
            body.append(row)
