"""The Tests screen: The End of the World's dice pools, their exact odds, opposed tests.

The game master builds a pool (a characteristic and its value, dice by reason, a push),
sees the exact odds with and without pushing side by side, and rolls, or types the faces
of physical dice. A character picked from the crew brings their characteristic values and
their traumas in the test's category (each a negative die the game master can untick);
the stress a roll leaves goes onto that character's track with one tap, and so does each
crew member's stress after an opposed test.

The Crew screen (or a downtime scene) asks for a test by writing the form's ``purpose``
(:func:`omen.eotw.crew.ask_test`); the roll is then applied to that character
(:func:`omen.eotw.crew.settle`) and the crew and the form change in one action, one Undo.
State: the store's ``eotw_tests`` (:data:`omen.eotw.pools.TESTS_FORM`, kept across reloads) and
``crew``. The last result shown is this screen's own; its dice are kept in ``eotw_result``
(:class:`omen.eotw.kept.KeptTest`) and the stress given after it in ``eotw_given``
(:class:`omen.eotw.kept.GivenStress`), so after a reload the result comes back whole (the
dice, a Give stress not given yet) when the kept dice work out to the log's newest test
entry (:meth:`omen_web.kit.store.Store.last_said`), and as the entry's headline and steps
otherwise; a test the Crew screen asked for comes back with its dice too. Giving stress
changes the crew and ``eotw_given`` in one action: Undo offers it again. A render draws only the regions whose state changed (the odds, the
result, the form's parts), each keyed on what it reads.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign.state import Outcome
from omen.core.dice import ScriptedDice
from omen.core.errors import LimitError, RulesError
from omen.core.roll import N_, ArgValue, Step
from omen.eotw.crew import (
    Character,
    Crew,
    CrewSettings,
    add_contestant,
    check_testable,
    hindering,
    purpose_fits,
    rolled_pool,
    settle,
    take_stress,
    treatment_time,
    untestable,
)
from omen.eotw.kept import PLAIN_GIVEN, GivenStress, KeptTest, Kind
from omen.eotw.pools import (
    MAX_CONTESTANTS,
    NEGATIVE_REASONS,
    POSITIVE_REASONS,
    SIDES,
    Characteristic,
    Contestant,
    OpposedResult,
    Pool,
    PoolSettings,
    Purpose,
    Reason,
    TestResult,
    TestsForm,
    opposed_test,
    pool_odds,
    push_comparison,
    resolve,
    test,
)
from omen_web.kit import dom, fields
from omen_web.kit import screen as kit

if TYPE_CHECKING:
    from omen_web.kit.app import App

# The headlines of this screen's results (a plain test, someone's, an opposed test): after a
# reload the last one comes back from its log entry.
PLAIN = N_("{verdict}, {stress}")
SOMEONES = N_("{name}: {result}")
SUCCESS = "Success: {count} success"  # the key of a success's verdict (its plural too)
DRAW = N_("The opposed test is a draw.")
WINS = N_("{name} wins the opposed test.")
SAID = frozenset({PLAIN, SOMEONES, DRAW, WINS})


def said_kind(title: Step) -> str | None:
    """How a logged headline of this screen marks its result (success, failure or
    neither), or None when it is not one of this screen's."""
    if title.key == SOMEONES:
        inner = title.args.get("result")
        return said_kind(inner) if isinstance(inner, Step) and inner.key == PLAIN else None
    if title.key == PLAIN:
        verdict = title.args.get("verdict")
        return "success" if isinstance(verdict, Step) and verdict.key == SUCCESS else "failure"
    return "" if title.key in (DRAW, WINS) else None


def ends_with(steps: tuple[Step, ...], tail: tuple[Step, ...]) -> bool:
    """Whether a logged entry's ``steps`` end with a result's own ``tail``."""
    return len(tail) <= len(steps) and steps[len(steps) - len(tail) :] == tail


def holds_run(steps: tuple[Step, ...], run: tuple[Step, ...]) -> bool:
    """Whether a logged entry's ``steps`` hold a result's own ``run`` of steps, in order
    and together (a test asked for: its pool's steps before, the crew's change after)."""
    size = len(run)
    return any(steps[start : start + size] == run for start in range(len(steps) - size + 1))


def _faces(faces: tuple[int, ...]) -> str:
    return ", ".join(str(face) for face in faces) or "–"


class TestsScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    __test__ = False  # not a pytest class
    name = "tests"
    root_selector = '[data-bind="eotw-tests"]'
    parts = ("eotw_tests", "crew", "campaign", "meeting", "eotw_given")

    def build(self) -> None:
        # The last result on show: this screen's own (its dice are kept in eotw_result).
        self.title: Step | None = None
        self.steps: tuple[Step, ...] = ()
        self.result: TestResult | None = None
        self.stress_owed: tuple[str, int] | None = None  # character id, stress to give
        self.given: Step | None = None
        self.opposed: OpposedResult | None = None
        self.opposed_given: dict[int, Step] = {}
        self.kind = ""  # how a result from the log is marked (a roll in this page: its own)
        self.shown: KeptTest | None = None  # the test on show, as its dice are kept
        self.seen_given: tuple[KeptTest | None, GivenStress | None] = (None, None)
        self.show_last()
        self.counts: dict[Reason, Any] = {}
        self.reason_buttons: dict[Reason, tuple[Any, Any]] = {}
        for reasons, holder in (
            (POSITIVE_REASONS, "positive-reasons"),
            (NEGATIVE_REASONS, "negative-reasons"),
        ):
            for reason in reasons:
                row = dom.clone("tpl-reason")
                less, more = dom.one(".less", row), dom.one(".more", row)
                less.dataset.action, more.dataset.action = "less-die", "more-die"
                less.dataset.reason = more.dataset.reason = reason.value
                self.counts[reason] = row
                self.reason_buttons[reason] = (less, more)
                self.bound(holder).append(row)
        chooser = self.bound("test-characteristic")
        for characteristic in Characteristic:
            chooser.append(dom.option(characteristic.value))
        self.seen_purpose = self.form.purpose  # a new test asked for clears the last result
        self.seen_meeting: Any = None  # an NPC met names the next contestant (see render)

    def show_last(self) -> None:
        """After a reload: the last result as the log holds it, its headline and steps;
        with its dice and the stress still to give when the kept test (``eotw_result``)
        works out to that entry again."""
        kept = self.kept()
        asked = kept.said if kept.kind is Kind.ASKED else None
        entry = self.store.last_said(SAID if asked is None else SAID | {asked.key})
        if entry is not None and asked is not None and entry.title == asked:
            self.show_asked(entry.title, entry.steps, kept)
            return
        kind = None if entry is None else said_kind(entry.title)
        if entry is None or kind is None:
            return
        self.title, self.steps, self.kind = entry.title, entry.steps, kind
        try:
            if kept.kind is Kind.PLAIN and kind:
                result = kept.replay_plain()
                if ends_with(entry.steps, result.steps) and kind == (
                    "success" if result.success else "failure"
                ):
                    self.result, self.shown = result, kept
            elif kept.kind is Kind.OPPOSED and not kind:
                outcome = kept.replay_opposed()
                if (
                    ends_with(entry.steps, outcome.steps)
                    and self.opposed_title(outcome) == entry.title
                ):
                    self.opposed, self.shown = outcome, kept
        except RulesError:
            return  # kept dice that make no test: the entry's headline and steps only

    def show_asked(self, title: Step, steps: tuple[Step, ...], kept: KeptTest) -> None:
        """After a reload: a test the Crew screen asked for, as its log entry says, with
        its dice when the kept ones work out to a test those steps tell of."""
        self.title, self.steps = title, steps
        try:
            result = kept.replay_plain()
        except RulesError:
            return
        if holds_run(steps, result.steps):
            self.result, self.shown = result, kept
            self.kind = "success" if result.success else "failure"

    def kept(self) -> KeptTest:
        """The last test's dice, as the store keeps them."""
        kept: KeptTest = self.store.get("eotw_result")
        return kept

    def follow_given(self) -> None:
        """Read the stress given after the test on show (and so the stress still owed)
        from the store's record: after a roll, a give, its Undo, or a reload. A record
        for another test gives this one nothing."""
        shown, given = self.shown, self.given_stress()
        if shown is self.seen_given[0] and given is self.seen_given[1]:
            return
        self.seen_given = (shown, given)
        self.given, self.stress_owed, self.opposed_given = None, None, {}
        if shown is None:
            return
        gives = given.to(shown)
        if shown.kind is Kind.OPPOSED:
            self.opposed_given = gives
        elif shown.kind is Kind.PLAIN and self.result is not None:
            self.given = gives.get(PLAIN_GIVEN)
            if shown.owed and self.result.stress and self.given is None:
                self.stress_owed = (shown.owed, self.result.stress)

    def given_stress(self) -> GivenStress:
        given: GivenStress = self.store.get("eotw_given")
        return given

    # --- what is kept (the store's) -------------------------------------------------------

    @property
    def form(self) -> TestsForm:
        """The Tests form as the store holds it."""
        form: TestsForm = self.store.get("eotw_tests")
        return form

    def crew(self) -> Crew:
        crew: Crew = self.store.get("crew")
        return crew

    def put(self, form: TestsForm) -> None:
        """A new form: kept and saved (no log entry); the screen redraws from it."""
        if form == self.form:
            self.render()  # only what this screen shows changed
        else:
            self.store.put("eotw_tests", form)

    def character(self, form: TestsForm | None = None) -> Character | None:
        """The crew member chosen for the test (None: nobody, or one gone for good)."""
        ident = (form or self.form).character
        if not ident:
            return None
        found = self.crew().find(ident)
        if found is None or found.status.final:
            return None
        return found

    def purpose(self, form: TestsForm) -> Purpose | None:
        """The test asked for, if it still fits the crew (an Undo can change that)."""
        purpose = form.purpose
        if purpose is None or purpose.member != form.character:
            return None
        return purpose if purpose_fits(self.crew(), purpose) else None

    def effective_pool(self, form: TestsForm) -> Pool:
        """The pool as rolled: with a negative die per ticked hindering trauma."""
        return rolled_pool(form.pool, self.character(form), form.characteristic, form.unticked)

    def settings(self) -> PoolSettings:
        return PoolSettings.from_values(self.app.campaign.values)

    # --- building the pool ----------------------------------------------------------

    def _change(self, target: Any, delta: int) -> None:
        form = self.form
        reason = Reason(str(target.dataset.reason))
        count = form.pool.count(reason) + delta
        if count < 0:
            return
        changed = replace(form, pool=form.pool.with_count(reason, count))
        self.effective_pool(changed)  # a LimitError (too many dice) leaves the form as it was
        self.put(changed)

    def on_less_die(self, target: Any, _event: Any) -> None:
        self._change(target, -1)

    def on_more_die(self, target: Any, _event: Any) -> None:
        self._change(target, 1)

    def on_test_characteristic(self, target: Any, _event: Any) -> None:
        form = self.form
        characteristic = Characteristic(str(target.value))
        character = self.character(form)
        if character is not None:
            value = character.value(characteristic)
        else:  # nobody of the crew: the NPC met, if the row gives this characteristic
            value = self.npc_value(characteristic) or form.value
        self.put(replace(form, characteristic=characteristic, value=value, unticked=()))

    def npc_value(self, characteristic: Characteristic) -> int | None:
        """The rating of the NPC met (the encounter's row), when the row gives it."""
        if self.app.campaign.game != "eotw":
            return None
        from omen.eotw.npc import npc_value

        return npc_value(self.store.get("meeting").stats, characteristic)

    def name_the_npc(self) -> None:
        """A new encounter with an NPC whose row gives characteristics names the next
        contestant after it (the form's values were set when the encounter began)."""
        meeting = self.store.get("meeting")
        if meeting is self.seen_meeting:
            return
        self.seen_meeting = meeting
        if self.app.campaign.game != "eotw" or not meeting.stats.given("eotw"):
            return
        field = self.bound("contestant-name")
        if not str(field.value).strip() and not self.form.character:
            # the row's sentence as a name: "Scavengers …", not "Scavengers ….: Dexterity 2"
            field.value = " ".join(meeting.creature.split()).rstrip(".")[:200]

    def name_the_tested(self, form: TestsForm, character: Character | None) -> None:
        """An empty contestant's name takes the tested character's, however they were
        chosen (here, by the Crew screen, before a reload), unless they are in the
        opposed test already."""
        if character is None or any(c.member == character.id for c in form.contestants):
            return
        field = self.bound("contestant-name")
        if not str(field.value).strip():
            field.value = character.name

    def on_test_value(self, target: Any, _event: Any) -> None:
        self.put(replace(self.form, value=int(str(target.value))))

    def on_test_character(self, target: Any, _event: Any) -> None:
        form = replace(self.form, character=str(target.value), unticked=())
        character = self.character(form)
        if character is not None:
            form = replace(form, value=character.value(form.characteristic))
            self.bound("contestant-name").value = character.name
        self.put(form)

    def on_test_push(self, target: Any, _event: Any) -> None:
        pool = self.form.pool
        self.put(replace(self.form, pool=pool.push() if target.checked else pool.unpush()))

    def on_tick_trauma(self, target: Any, _event: Any) -> None:
        index = int(str(target.dataset.index))
        unticked = set(self.form.unticked)
        if target.checked:
            unticked.discard(index)
        else:
            unticked.add(index)
        self.put(replace(self.form, unticked=tuple(sorted(unticked))))

    def on_clear_pool(self, _target: Any, _event: Any) -> None:
        self.bound("typed-positive").value = ""
        self.bound("typed-negative").value = ""
        self.put(replace(self.form, pool=Pool(), unticked=()))

    def on_cancel_purpose(self, _target: Any, _event: Any) -> None:
        self.put(replace(self.form, purpose=None))

    # --- rolling -----------------------------------------------------------------------

    def _typed(self, text: str, count: int) -> list[int]:
        dice = self.app.dice(text) if text.strip() else ScriptedDice([])
        faces = [dice.roll(SIDES) for _ in range(count)]
        if isinstance(dice, ScriptedDice) and dice.remaining:
            raise RulesError(
                Step(
                    N_("Too many faces: this pool has {count} die of that kind."),
                    {"count": count},
                    plural=N_("Too many faces: this pool has {count} dice of that kind."),
                )
            )
        return faces

    def on_roll_test(self, _target: Any, _event: Any) -> None:
        form = self.form
        if self.purpose(form) is None:  # a plain test: the character must be in play
            check_testable(self.crew(), [form.character])
        pool = self.effective_pool(form)
        settings = self.settings()
        typed_pos, typed_neg = self.bound("typed-positive"), self.bound("typed-negative")
        if str(typed_pos.value).strip() or str(typed_neg.value).strip():
            positive = self._typed(str(typed_pos.value), pool.positive)
            negative = self._typed(str(typed_neg.value), pool.negative)
            result = resolve(
                form.value,
                positive,
                negative,
                characteristic=form.characteristic,
                settings=settings,
            )
        else:
            result = test(
                pool,
                form.value,
                self.app.dice(),
                characteristic=form.characteristic,
                settings=settings,
            )
        typed_pos.value = ""
        typed_neg.value = ""
        self.opposed = None
        after = replace(form, pool=form.pool.unpush(), purpose=None)  # a push is for one test
        purpose = self.purpose(form)
        if purpose is not None:
            self.settle(purpose, pool, result, after, settings)
            return
        character = self.character(form)
        verdict = (
            Step(
                N_("Success: {count} success"),
                {"count": result.success_count},
                plural=N_("Success: {count} successes"),
            )
            if result.success
            else Step(N_("failure") if character is not None else N_("Failure"))
        )  # after a name and a colon, lower case ("Bo: failure")
        stress = Step(N_("{count} stress"), {"count": result.stress}, plural=N_("{count} stress"))
        title = Step(PLAIN, {"verdict": verdict, "stress": stress})
        if character is not None:
            title = Step(SOMEONES, {"name": character.name, "result": title})
        self.title = title
        self.steps = (*self.pool_steps(pool), *result.steps)
        self.result = result
        owed = character.id if character is not None and result.stress else ""
        self.shown = KeptTest.plain(result, settings, owed, self.store.now())
        self.store.put("eotw_result", self.shown)
        self.store.record(Outcome(title, self.steps, "eotw-test"))  # a plain test: no Undo
        self.put(after)

    def settle(
        self,
        purpose: Purpose,
        pool: Pool,
        result: TestResult,
        after: TestsForm,
        rules: PoolSettings,
    ) -> None:
        """Apply the roll to the character it was asked for: the crew and the form change
        in one action, so one Undo puts both back."""
        crew_settings = CrewSettings.from_values(self.app.campaign.values)
        settled = settle(self.crew(), purpose, result, crew_settings)
        extra = (*self.pool_steps(pool), *result.steps)
        self.title = settled.title
        self.steps = (*extra, *settled.steps)
        self.result = result
        outcome = Outcome(settled.title, self.steps, "crew")
        # The dice are kept apart from the action: its Undo takes the test off the screen
        # and out of the log, and puts no older test's dice back over newer ones.
        self.shown = KeptTest.asked(result, rules, settled.title, self.store.now())
        self.store.put("eotw_result", self.shown)
        self.store.act(outcome, crew=settled.crew, eotw_tests=after)

    def pool_steps(self, pool: Pool) -> list[Step]:
        steps = [
            Step(
                N_("Pool: {positive} positive and {negative} negative dice"),
                {"positive": pool.positive, "negative": pool.negative},
            )
        ]
        for reason in Reason:
            if pool.count(reason):
                steps.append(
                    Step(
                        N_("{reason}: {count}"),
                        {"reason": reason.label, "count": pool.count(reason)},
                    )
                )
        if pool.pushed:
            steps.append(Step(N_("Pushed: one more positive and one more negative die")))
        return steps

    def _give(self, ident: str, characteristic: Characteristic, amount: int, index: int) -> None:
        """Put ``amount`` stress onto a crew member's track: a crew change, undoable, and
        the kept test's note of it (contestant ``index``), in the same action."""
        crew = self.crew()
        member = crew.find(ident)
        if member is None:
            raise RulesError(Step(N_("That character is no longer in the crew.")))
        change = take_stress(member, characteristic.category, amount)
        outcome = Outcome(change.steps[0], change.steps, "crew")
        changed: dict[str, Any] = {"crew": crew.put(change.character)}
        if self.shown is not None:  # noted for the test on show, whichever the store keeps
            line = change.steps[-1]
            changed["eotw_given"] = self.given_stress().with_given(self.shown, index, line)
        self.store.act(outcome, **changed)

    def on_give_stress(self, _target: Any, _event: Any) -> None:
        if self.stress_owed is None or self.result is None:
            return
        ident, amount = self.stress_owed
        characteristic = self.result.characteristic or self.form.characteristic
        self._give(ident, characteristic, amount, PLAIN_GIVEN)
        self.render()

    # --- opposed tests -------------------------------------------------------------------

    def on_add_contestant(self, _target: Any, _event: Any) -> None:
        form = self.form
        if len(form.contestants) >= MAX_CONTESTANTS:
            raise LimitError(
                Step(
                    N_("An opposed test has at most {limit} contestants."),
                    {"limit": MAX_CONTESTANTS},
                )
            )
        field = self.bound("contestant-name")
        name = " ".join(str(field.value).split())
        character = self.character(form)
        if character is not None:
            check_testable(self.crew(), [character.id])
        if not name and character is not None:
            name = character.name
        if not name:
            name = self.t(Step(N_("Contestant {number}"), {"number": len(form.contestants) + 1}))
        # A contestant named as the chosen crew member is that member: their stress can
        # be given to them after the roll.
        member = character.id if character is not None and name == character.name else ""
        contestant = Contestant(
            name[:200], self.effective_pool(form), form.value, form.characteristic, member
        )
        # The next contestant's pool starts afresh: no die of this one carries over; the
        # next crew member not in yet is chosen (or the choice stays), never nobody.
        after = add_contestant(self.crew(), form, contestant)
        following = self.character(after)
        moved = following is not None and after.character != form.character
        field.value = following.name if moved and following is not None else ""
        self.put(after)

    def on_remove_contestant(self, target: Any, _event: Any) -> None:
        form = self.form
        index = int(str(target.dataset.index))
        if not 0 <= index < len(form.contestants):
            return  # drawn before another tab's change: nothing to remove
        contestants = form.contestants[:index] + form.contestants[index + 1 :]
        self.put(replace(form, contestants=contestants))

    def on_roll_opposed(self, _target: Any, _event: Any) -> None:
        form = self.form
        if len(form.contestants) < 2:
            raise RulesError(Step(N_("Add two or more contestants for an opposed test.")))
        check_testable(self.crew(), [contestant.member for contestant in form.contestants])
        typed = self.bound("typed-opposed")
        settings = self.settings()
        outcome = opposed_test(form.contestants, self.app.dice(str(typed.value)), settings)
        typed.value = ""
        self.title, self.kind = self.opposed_title(outcome), ""
        lines: list[Step] = []
        for number, round_ in enumerate(outcome.rounds, start=1):
            if len(outcome.rounds) > 1:
                lines.append(Step(N_("Roll {round}"), {"round": number}))
            for index, result in zip(round_.taking_part, round_.results, strict=True):
                lines.append(
                    Step(
                        N_("{name}: positive {positive}; negative {negative}; {count} stress"),
                        {
                            "name": outcome.contestants[index].name,
                            "positive": _faces(result.positive),
                            "negative": _faces(result.negative),
                            "count": result.stress,
                        },
                        plural=N_(
                            "{name}: positive {positive}; negative {negative}; {count} stress"
                        ),
                    )
                )
        self.steps = (*lines, *outcome.steps)
        self.result, self.opposed = None, outcome
        self.shown = KeptTest.opposed(outcome, settings, self.store.now())
        self.store.put("eotw_result", self.shown)
        self.store.record(Outcome(self.title, self.steps, "eotw-opposed"))
        self.render()

    def owed_after_opposed(self) -> list[tuple[int, Contestant, Character, int]]:
        """Crew members in the last opposed test with stress not yet given."""
        outcome = self.opposed
        if outcome is None:
            return []
        crew = self.crew()
        owed = []
        for index, contestant in enumerate(outcome.contestants):
            stress = outcome.stress(index)
            member = crew.find(contestant.member) if contestant.member else None
            if (
                stress
                and member is not None
                and not member.status.final
                and contestant.characteristic is not None
                and index not in self.opposed_given
            ):
                owed.append((index, contestant, member, stress))
        return owed

    def on_give_opposed_stress(self, target: Any, _event: Any) -> None:
        index = int(str(target.dataset.index))
        for number, contestant, member, stress in self.owed_after_opposed():
            if number == index and contestant.characteristic is not None:
                self._give(member.id, contestant.characteristic, stress, index)
                break
        self.render()

    def opposed_title(self, outcome: OpposedResult) -> Step:
        if outcome.winner is None:
            return Step(DRAW)
        return Step(
            WINS,
            {"name": outcome.contestants[outcome.winner].name},
        )

    # --- rendering -------------------------------------------------------------------------

    def render(self) -> None:  # noqa: C901 (the Tests screen's regions, each drawn only when it changed)
        """Draw what changed since the last render: each region is keyed on what it reads
        (:meth:`omen_web.kit.screen.Screen.unchanged`), so a roll redraws the result and not the
        odds of a pool that stayed the same."""
        form = self.form
        self.name_the_npc()
        if form.purpose != self.seen_purpose:
            if form.purpose is not None:  # a test asked for: the last result is not its own
                self.title, self.steps, self.result, self.shown = None, (), None, None
                self.opposed = None
            self.seen_purpose = form.purpose
        if self.store.took_back(self.title, self.steps):  # Undo took the test back
            self.title, self.steps, self.result, self.shown = None, (), None, None
        self.follow_given()  # the stress given and still owed, for whatever is on show
        crew = self.crew()
        character = self.character(form)
        self.name_the_tested(form, character)
        chosen = form.character if character is not None else ""
        members = [
            (member.id, self.member_label(member))
            for member in crew.characters
            if not member.status.final
        ]
        if not self.unchanged("chooser", members, chosen):  # not a stress box's change
            fields.choices(
                self.bound("test-character"),
                [("", self.tr(N_("Nobody from the crew"))), *members],
                chosen,
            )
        refused = untestable(character) if character and self.purpose(form) is None else None
        if not self.unchanged("refused", refused):
            dom.text(self.bound("test-refused"), self.t(refused) if refused else "")
            dom.show(self.bound("test-refused"), refused is not None)
        if not self.unchanged("characteristic", form.characteristic, form.value):
            for option in self.bound("test-characteristic").options:
                option.textContent = self.t(Characteristic(str(option.value)).label)
            self.bound("test-characteristic").value = form.characteristic.value
            self.bound("test-value").value = str(form.value)
        if not self.unchanged("purpose", self.purpose(form), character):
            self.render_purpose(form, character)
        if not self.unchanged("reasons", form.pool):
            self.render_reasons(form.pool)
        if not self.unchanged("traumas", character, form.characteristic, form.unticked):
            self.render_traumas(form, character)
        pool = self.effective_pool(form)
        if not self.unchanged("odds", pool, form.value, self.app.campaign.values):
            dom.text(
                self.bound("pool-total"),
                self.t(
                    Step(
                        N_("Pool: {positive} positive and {negative} negative dice"),
                        {"positive": pool.positive, "negative": pool.negative},
                    )
                ),
            )
            self.render_odds(pool, form.value)
        if not self.unchanged("contestants", form.contestants, form.characteristic):
            self.render_contestants(form)
        shown = (
            self.title,
            self.steps,
            self.result,
            self.stress_owed,
            self.given,
            self.opposed,
            tuple(self.opposed_given.items()),
        )
        # The crew members the result names (stress to give them): only they count.
        named = [self.stress_owed[0]] if self.stress_owed is not None else []
        if self.opposed is not None:
            named += [contestant.member for contestant in self.opposed.contestants]
        named_members = tuple(crew.find(ident) for ident in named if ident)
        if not self.unchanged("result", *shown, named_members, form.characteristic):
            self.render_result(form)

    def member_label(self, member: Character) -> str:
        """A crew member in the chooser: the name, and a word when they cannot be tested."""
        name = member.name or member.id
        if untestable(member) is None:
            return name
        return self.t(Step(N_("{name} (cannot be tested now)"), {"name": name}))

    def render_reasons(self, pool: Pool) -> None:
        """The dice by reason: a count and its two buttons each, and the push."""
        for reason, row in self.counts.items():
            count = pool.count(reason)
            dom.text(dom.one(".label", row), self.t(reason.label))
            dom.text(dom.one(".count", row), str(count))
            less, more = self.reason_buttons[reason]
            less.setAttribute(
                "aria-label", self.t(Step(N_("One die fewer: {reason}"), {"reason": reason.label}))
            )
            more.setAttribute(
                "aria-label", self.t(Step(N_("One die more: {reason}"), {"reason": reason.label}))
            )
            less.disabled = count == 0
        self.bound("test-push").checked = pool.pushed

    def render_purpose(self, form: TestsForm, character: Character | None) -> None:
        """The test the Crew screen asked for: who, what for; who and what stay fixed."""
        purpose = self.purpose(form)
        banner = self.bound("test-purpose")
        dom.show(banner, purpose is not None)
        for name in ("test-character", "test-characteristic", "test-value"):
            self.bound(name).disabled = purpose is not None
        if purpose is None or character is None:
            return
        characteristic = purpose.category.defensive
        details: dict[str, ArgValue] = {
            "name": character.name,
            "category": purpose.category.label,
            "characteristic": characteristic.label,
            "value": character.value(characteristic),
        }
        if purpose.trauma is None:
            line = Step(
                N_(
                    "Cling to life: {name} tests {characteristic} ({value}) to survive the"
                    " full track ({category}). Adjust the pool, then roll."
                ),
                details,
            )
        else:
            trauma = character.traumas[purpose.trauma]
            line = Step(
                N_(
                    "Recovery test for {trauma}: after {time} of treatment, {name} tests"
                    " {characteristic} ({value}). Adjust the pool, then roll."
                ),
                {**details, "trauma": trauma.title, "time": treatment_time(trauma.severity)},
            )
        dom.text(self.bound("purpose-text"), self.t(line))

    def render_traumas(self, form: TestsForm, character: Character | None) -> None:
        holder = self.bound("trauma-ticks")
        dom.clear(holder)
        if character is None:
            return
        for index in hindering(character, form.characteristic):
            trauma = character.traumas[index]
            row = dom.clone("tpl-check")
            box = dom.one("input", row)
            box.dataset.action = "tick-trauma"
            box.dataset.index = str(index)
            box.checked = index not in form.unticked
            dom.text(
                dom.one(".label", row),
                self.t(
                    Step(
                        N_("Trauma: {trauma} (severity {severity})"),
                        {"trauma": trauma.title, "severity": trauma.severity},
                    )
                    if trauma.name.strip()
                    else Step(  # one pair of brackets, not "(Body) (severity 3)"
                        N_("Unnamed trauma ({category}, severity {severity})"),
                        {"category": trauma.category.label, "severity": trauma.severity},
                    )
                ),
            )
            holder.append(row)

    def render_odds(self, pool: Pool, value: int) -> None:
        app = self.app
        translator = app.translator
        plain_head, push_head = self.bound("odds-plain-head"), self.bound("odds-push-head")
        plain_head.classList.toggle("current", not pool.pushed)
        push_head.classList.toggle("current", pool.pushed)
        try:
            comparison = push_comparison(pool, value, self.settings())
            plain, pushed = comparison.without_push, comparison.with_push
        except LimitError:
            plain, pushed = pool_odds(pool.unpush(), value, self.settings()), None
        rows: list[tuple[Step, str, str]] = [
            (
                Step(N_("At least one success")),
                translator.percent(plain.success),
                translator.percent(pushed.success) if pushed else "—",
            ),
            (
                Step(N_("Expected successes")),
                translator.number(plain.expected_successes, 2),
                translator.number(pushed.expected_successes, 2) if pushed else "—",
            ),
            (
                Step(N_("Expected stress")),
                translator.number(plain.expected_stress, 2),
                translator.number(pushed.expected_stress, 2) if pushed else "—",
            ),
        ]
        most = len(pushed.stress) if pushed else len(plain.stress)
        for count in range(most):
            rows.append(
                (
                    Step(
                        N_("Exactly {count} stress"),
                        {"count": count},
                        plural=N_("Exactly {count} stress"),
                    ),
                    translator.percent(plain.stress[count])
                    if count < len(plain.stress)
                    else translator.percent(0 * plain.success),
                    translator.percent(pushed.stress[count]) if pushed else "—",
                )
            )
        body = self.bound("test-odds")
        dom.clear(body)
        for label, without, with_push in rows:
            row = dom.element("tr")
            head = dom.element("th")
            head.setAttribute("scope", "row")
            dom.text(head, app.t(label))
            row.append(head)
            for shown, current in ((without, not pool.pushed), (with_push, pool.pushed)):
                cell = dom.element("td")
                dom.text(cell, shown)
                if current:
                    cell.classList.add("current")
                row.append(cell)
            body.append(row)

    def render_contestants(self, form: TestsForm) -> None:
        holder = self.bound("contestants")
        dom.clear(holder)
        for index, contestant in enumerate(form.contestants):
            row = dom.clone("tpl-contestant")
            characteristic = contestant.characteristic or form.characteristic
            dom.text(
                dom.one(".label", row),
                self.t(
                    Step(
                        N_(
                            "{name}: {characteristic} {value}, {positive} positive and {negative} negative dice"
                        ),
                        {
                            "name": contestant.name,
                            "characteristic": characteristic.label,
                            "value": contestant.value,
                            "positive": contestant.pool.positive,
                            "negative": contestant.pool.negative,
                        },
                    )
                ),
            )
            remove = dom.one(".remove", row)
            remove.dataset.action = "remove-contestant"
            remove.dataset.index = str(index)
            remove.setAttribute(
                "aria-label", self.t(Step(N_("Remove {name}"), {"name": contestant.name}))
            )
            holder.append(row)

    def render_result(self, form: TestsForm) -> None:
        title = self.bound("test-title")
        details = self.bound("test-details")
        give = self.one('[data-action="give-stress"]')
        dice = self.bound("test-dice")
        if self.title is None:
            dom.text(title, self.tr(N_("Build the pool, check the odds, then roll.")))
            title.dataset.kind = ""
            for node in (details, give, dice):
                dom.show(node, False)
            dom.show(self.bound("stress-given"), False)
            dom.clear(self.bound("opposed-stress"))
            return
        dom.text(title, self.t(self.title))
        result = self.result
        title.dataset.kind = (
            self.kind if result is None else ("success" if result.success else "failure")
        )
        self.fill_steps("test-steps", self.steps)
        dom.show(details, True)
        dom.show(dice, result is not None)
        if result is not None:
            self.render_dice(result)
        owed = self.stress_owed
        member = self.crew().find(owed[0]) if owed is not None else None
        if owed is not None and member is not None and not member.status.final and result:
            category = (result.characteristic or form.characteristic).category
            dom.text(
                give,
                self.t(
                    Step(
                        N_("Give {count} stress ({category}) to {name}"),
                        {"count": owed[1], "category": category.label, "name": member.name},
                        plural=N_("Give {count} stress ({category}) to {name}"),
                    )
                ),
            )
            dom.show(give, True)
        else:
            dom.show(give, False)
        given = self.bound("stress-given")
        if self.given is not None:
            dom.text(given, self.t(self.given))
        dom.show(given, self.given is not None)
        self.render_opposed_stress(form)

    def render_opposed_stress(self, form: TestsForm) -> None:
        """After an opposed test: one button per crew member with stress to take."""
        holder = self.bound("opposed-stress")
        dom.clear(holder)
        for index, contestant, member, stress in self.owed_after_opposed():
            category = (contestant.characteristic or form.characteristic).category
            button = dom.element("button")
            button.type = "button"
            button.className = "secondary give-stress"
            button.dataset.action = "give-opposed-stress"
            button.dataset.index = str(index)
            dom.text(
                button,
                self.t(
                    Step(
                        N_("Give {count} stress ({category}) to {name}"),
                        {"count": stress, "category": category.label, "name": member.name},
                        plural=N_("Give {count} stress ({category}) to {name}"),
                    )
                ),
            )
            holder.append(button)
        for step in self.opposed_given.values():
            line = dom.element("p")
            line.className = "hint"
            dom.text(line, self.t(step))
            holder.append(line)

    def render_dice(self, result: TestResult) -> None:
        cancelled_pos = {p for p, _ in result.cancelled}
        cancelled_neg = {n for _, n in result.cancelled}
        positive = self.bound("test-positive")
        dom.clear(positive)
        for index, face in enumerate(result.positive):
            if index in result.successes:
                kind, word = "success", N_("success")
            elif index in cancelled_pos:
                kind, word = "cancelled", N_("cancelled")
            else:
                kind, word = "miss", N_("no success")
            positive.append(self._die(face, kind, self.tr(word), "positive"))
        negative = self.bound("test-negative")
        dom.clear(negative)
        for index, face in enumerate(result.negative):
            if index in cancelled_neg:
                kind, word = "cancelled", N_("cancelled")
            else:
                kind, word = "stress", N_("stress")
            negative.append(self._die(face, kind, self.tr(word), "negative"))
        dom.show(negative, bool(result.negative))

    def _die(self, face: int, kind: str, word: str, side: str) -> Any:
        item = dom.element("li")
        item.className = f"die {side} {kind}"
        number = dom.element("span")
        number.className = "face"
        dom.text(number, str(face))
        label = dom.element("span")
        label.className = "word"
        dom.text(label, word)
        item.append(number, " ", label)
        return item
