"""The Tests screen: The End of the World's dice pools, their exact odds, opposed tests.

The game master builds a pool (a characteristic and its value, dice by reason, a push),
sees the exact odds with and without pushing side by side, and rolls, or types the faces
of physical dice. A character picked from the crew brings their characteristic values and
their traumas in the test's category (each a negative die the game master can untick);
the stress a roll leaves goes onto that character's track with one tap, and so does each
crew member's stress after an opposed test. The Crew screen sends a character here to
cling to life or for a recovery test: the pool is preset and the roll is applied to them.
The pool and the contestants are kept (:data:`omen.eotw.TESTS_FORM`) across reloads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from omen.campaign import Outcome
from omen.crew import Character, treatment_time
from omen.dice import ScriptedDice
from omen.eotw import (
    MAX_CONTESTANTS,
    NEGATIVE_REASONS,
    POSITIVE_REASONS,
    SIDES,
    TESTS_FORM,
    Category,
    Characteristic,
    Contestant,
    OpposedResult,
    Pool,
    PoolSettings,
    Reason,
    TestResult,
    TestsForm,
    opposed_test,
    pool_odds,
    push_comparison,
    resolve,
    test,
)
from omen.errors import LimitError, RulesError
from omen.roll import N_, Step
from omen_web import dom
from omen_web.app import App


def _faces(faces: tuple[int, ...]) -> str:
    return ", ".join(str(face) for face in faces) or "–"


@dataclass(frozen=True)
class Purpose:
    """A test the Crew screen asked for: clinging to life (``trauma`` None) or a recovery
    test of trauma number ``trauma``; its result is applied to the character."""

    member: str
    category: Category
    trauma: int | None = None


class TestsScreen:
    __test__ = False  # not a pytest class
    name = "tests"

    def __init__(self, app: App) -> None:
        self.app = app
        form = app.storage.load(TESTS_FORM, app.stamp) or TestsForm()
        self.pool = form.pool
        self.characteristic = form.characteristic
        self.value = form.value
        self.character_id = form.character
        self.unticked: set[int] = set(form.unticked)  # the character's traumas left out
        self.purpose: Purpose | None = None
        self.opposed: OpposedResult | None = None
        self.opposed_given: dict[int, Step] = {}
        self.title: Step | None = None
        self.steps: tuple[Step, ...] = ()
        self.result: TestResult | None = None
        self.stress_owed: tuple[str, int] | None = None  # character id, stress to give
        self.given: Step | None = None
        self.contestants: list[Contestant] = list(form.contestants)
        self.counts: dict[Reason, Any] = {}
        self.reason_buttons: dict[Reason, tuple[Any, Any]] = {}
        for reasons, holder in (
            (POSITIVE_REASONS, "positive-reasons"),
            (NEGATIVE_REASONS, "negative-reasons"),
        ):
            for reason in reasons:
                row = dom.clone("tpl-reason")
                less, more = dom.one(".less", row), dom.one(".more", row)
                dom.on(less, "click", app.guard(lambda _e, r=reason: self.change(r, -1)))
                dom.on(more, "click", app.guard(lambda _e, r=reason: self.change(r, 1)))
                self.counts[reason] = row
                self.reason_buttons[reason] = (less, more)
                dom.bound(holder).append(row)
        chooser = dom.bound("test-characteristic")
        for characteristic in Characteristic:
            chooser.append(dom.option(characteristic.value))
        dom.on(chooser, "change", app.guard(self.choose_characteristic))
        dom.on(dom.bound("test-value"), "change", app.guard(self.choose_value))
        dom.on(dom.bound("test-character"), "change", app.guard(self.choose_character))
        dom.on(dom.bound("test-push"), "change", app.guard(self.toggle_push))
        dom.on(dom.bound("trauma-ticks"), "change", app.guard(self.tick_trauma))
        dom.on(dom.one('[data-action="roll-test"]'), "click", app.guard(self.roll))
        dom.on(dom.one('[data-action="clear-pool"]'), "click", app.guard(self.clear))
        dom.on(dom.one('[data-action="give-stress"]'), "click", app.guard(self.give_stress))
        dom.on(dom.one('[data-action="add-contestant"]'), "click", app.guard(self.add_contestant))
        dom.on(dom.one('[data-action="roll-opposed"]'), "click", app.guard(self.roll_opposed))
        dom.on(dom.bound("contestants"), "click", app.guard(self.remove_contestant))
        dom.on(dom.bound("opposed-stress"), "click", app.guard(self.give_opposed_stress))
        dom.on(dom.one('[data-action="cancel-purpose"]'), "click", app.guard(self.cancel_purpose))

    # --- what is kept -----------------------------------------------------------------

    @property
    def form(self) -> TestsForm:
        """What this screen keeps (:data:`omen.eotw.TESTS_FORM`): backups and two-tab
        sync read and put it through here (``sharescreen.OWNERS``)."""
        return TestsForm(
            self.character_id,
            self.characteristic,
            self.value,
            self.pool,
            tuple(sorted(self.unticked)),
            tuple(self.contestants),
        )

    @form.setter
    def form(self, form: TestsForm) -> None:
        self.pool = form.pool
        self.characteristic = form.characteristic
        self.value = form.value
        self.character_id = form.character
        self.unticked = set(form.unticked)
        self.contestants = list(form.contestants)

    def save(self) -> None:
        self.app.storage.save(TESTS_FORM, self.form.to_json())

    # --- a test the Crew screen asked for -----------------------------------------------

    def prepare(self, member: str, category: Category, trauma: int | None) -> None:
        """Preset the pool for clinging to life or a recovery test of ``member``."""
        self.purpose = Purpose(member, category, trauma)
        self.character_id = member
        self.characteristic = category.defensive
        character = self.character()
        if character is not None:
            self.value = character.value(self.characteristic)
        self.pool = Pool()
        self.unticked = set()
        self.title, self.steps, self.result = None, (), None
        self.stress_owed, self.given, self.opposed = None, None, None
        self.save()
        self.render()

    def cancel_purpose(self, _event: Any) -> None:
        self.purpose = None
        self.render()

    def purpose_valid(self) -> bool:
        """Whether the asked-for test still fits the crew (an undo can change it)."""
        purpose = self.purpose
        character = self.character()
        if purpose is None or character is None or character.id != purpose.member:
            return False
        if purpose.trauma is None:
            return purpose.category in character.pending
        return (
            0 <= purpose.trauma < len(character.traumas)
            and character.traumas[purpose.trauma].category is purpose.category
        )

    # --- the crew ----------------------------------------------------------------

    def crew_screen(self) -> Any:
        return self.app.screen("crew")

    def character(self) -> Character | None:
        if not self.character_id:
            return None
        found: Character | None = self.crew_screen().state.find(self.character_id)
        if found is None or found.status.final:
            return None
        return found

    def hindering(self) -> list[int]:
        """Indices of the chosen character's traumas in the test's category."""
        character = self.character()
        if character is None:
            return []
        category = self.characteristic.category
        return [i for i, t in enumerate(character.traumas) if t.category is category]

    def effective_pool(self) -> Pool:
        ticked = [i for i in self.hindering() if i not in self.unticked]
        return self.pool.add(Reason.TRAUMAS, len(ticked)) if ticked else self.pool

    def settings(self) -> PoolSettings:
        return PoolSettings.from_values(self.app.campaign.values)

    # --- building the pool ----------------------------------------------------------

    def change(self, reason: Reason, delta: int) -> None:
        count = self.pool.count(reason) + delta
        if count < 0:
            return
        candidate = self.pool.with_count(reason, count)
        self.pool = candidate
        try:
            self.effective_pool()
        except LimitError:
            self.pool = self.pool.with_count(reason, count - delta)
            raise
        self.save()
        self.render()

    def choose_characteristic(self, event: Any) -> None:
        self.characteristic = Characteristic(str(event.target.value))
        character = self.character()
        if character is not None:
            self.value = character.value(self.characteristic)
        self.unticked = set()
        self.save()
        self.render()

    def choose_value(self, event: Any) -> None:
        self.value = int(str(event.target.value))
        self.save()
        self.render()

    def choose_character(self, event: Any) -> None:
        self.character_id = str(event.target.value)
        self.unticked = set()
        character = self.character()
        if character is not None:
            self.value = character.value(self.characteristic)
            dom.bound("contestant-name").value = character.name
        self.save()
        self.render()

    def toggle_push(self, event: Any) -> None:
        self.pool = self.pool.push() if event.target.checked else self.pool.unpush()
        self.save()
        self.render()

    def tick_trauma(self, event: Any) -> None:
        index = int(str(event.target.dataset.index))
        if event.target.checked:
            self.unticked.discard(index)
        else:
            self.unticked.add(index)
        self.save()
        self.render()

    def clear(self, _event: Any) -> None:
        self.pool = Pool()
        self.unticked = set()
        dom.bound("typed-positive").value = ""
        dom.bound("typed-negative").value = ""
        self.save()
        self.render()

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

    def roll(self, _event: Any) -> None:
        pool = self.effective_pool()
        settings = self.settings()
        typed_pos, typed_neg = dom.bound("typed-positive"), dom.bound("typed-negative")
        if str(typed_pos.value).strip() or str(typed_neg.value).strip():
            positive = self._typed(str(typed_pos.value), pool.positive)
            negative = self._typed(str(typed_neg.value), pool.negative)
            result = resolve(
                self.value,
                positive,
                negative,
                characteristic=self.characteristic,
                settings=settings,
            )
        else:
            result = test(
                pool,
                self.value,
                self.app.dice(),
                characteristic=self.characteristic,
                settings=settings,
            )
        typed_pos.value = ""
        typed_neg.value = ""
        self.opposed, self.opposed_given = None, {}
        if self.purpose is not None and self.purpose_valid():
            self.settle(self.purpose, pool, result)
            return
        self.purpose = None
        character = self.character()
        verdict = (
            Step(
                N_("Success: {count} success"),
                {"count": result.success_count},
                plural=N_("Success: {count} successes"),
            )
            if result.success
            else Step(N_("Failure"))
        )
        stress = Step(N_("{count} stress"), {"count": result.stress}, plural=N_("{count} stress"))
        title = Step(N_("{verdict}, {stress}"), {"verdict": verdict, "stress": stress})
        if character is not None:
            title = Step(N_("{name}: {result}"), {"name": character.name, "result": title})
        self.title = title
        self.steps = (*self.pool_steps(pool), *result.steps)
        self.result = result
        self.given = None
        self.stress_owed = (
            (character.id, result.stress) if character is not None and result.stress else None
        )
        self.app.record(Outcome(title, self.steps, "eotw-test"), None)
        self.pool = self.pool.unpush()  # a push is for one test only
        self.save()
        self.render()

    def settle(self, purpose: Purpose, pool: Pool, result: TestResult) -> None:
        """Apply the roll to the character: the Crew screen logs it, and Undo reverts it."""
        screen = self.crew_screen()
        extra = (*self.pool_steps(pool), *result.steps)
        change = screen.settle(purpose.member, purpose.category, purpose.trauma, result, extra)
        self.purpose = None
        self.title = change.steps[0] if purpose.trauma is None else change.steps[1]
        self.steps = (*extra, *change.steps)
        self.result = result
        self.stress_owed, self.given = None, None
        self.pool = self.pool.unpush()
        self.save()
        self.app.render_all()

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

    def give_stress(self, _event: Any) -> None:
        if self.stress_owed is None or self.result is None:
            return
        ident, amount = self.stress_owed
        category = (self.result.characteristic or self.characteristic).category
        screen = self.crew_screen()
        change = screen.give_stress(ident, category, amount)
        self.stress_owed = None
        self.given = change.steps[-1]
        self.app.render_all()

    # --- opposed tests -------------------------------------------------------------------

    def add_contestant(self, _event: Any) -> None:
        if len(self.contestants) >= MAX_CONTESTANTS:
            raise LimitError(
                Step(
                    N_("An opposed test has at most {limit} contestants."),
                    {"limit": MAX_CONTESTANTS},
                )
            )
        field = dom.bound("contestant-name")
        name = " ".join(str(field.value).split())
        character = self.character()
        if not name and character is not None:
            name = character.name
        if not name:
            name = self.app.t(
                Step(N_("Contestant {number}"), {"number": len(self.contestants) + 1})
            )
        # A contestant named as the chosen crew member is that member: their stress can
        # be given to them after the roll.
        member = character.id if character is not None and name == character.name else ""
        self.contestants.append(
            Contestant(name[:200], self.effective_pool(), self.value, self.characteristic, member)
        )
        field.value = ""
        self.save()
        self.render()

    def remove_contestant(self, event: Any) -> None:
        button = event.target.closest("button")
        if not hasattr(button, "tagName") or not button.hasAttribute("data-index"):
            return
        del self.contestants[int(str(button.dataset.index))]
        self.save()
        self.render()

    def roll_opposed(self, _event: Any) -> None:
        if len(self.contestants) < 2:
            raise RulesError(Step(N_("Add two or more contestants for an opposed test.")))
        typed = dom.bound("typed-opposed")
        outcome = opposed_test(self.contestants, self.app.dice(str(typed.value)), self.settings())
        typed.value = ""
        self.title = self.opposed_title(outcome)
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
        self.result = None
        self.stress_owed = None
        self.given = None
        self.opposed, self.opposed_given = outcome, {}
        self.app.record(Outcome(self.title, self.steps, "eotw-opposed"), None)
        self.render()

    def owed_after_opposed(self) -> list[tuple[int, Contestant, Character, int]]:
        """Crew members in the last opposed test with stress not yet given."""
        outcome = self.opposed
        if outcome is None:
            return []
        screen = self.crew_screen()
        owed = []
        for index, contestant in enumerate(outcome.contestants):
            stress = outcome.stress(index)
            member = screen.state.find(contestant.member) if contestant.member else None
            if (
                stress
                and member is not None
                and not member.status.final
                and contestant.characteristic is not None
                and index not in self.opposed_given
            ):
                owed.append((index, contestant, member, stress))
        return owed

    def give_opposed_stress(self, event: Any) -> None:
        button = event.target.closest("button")
        if not hasattr(button, "tagName") or not button.hasAttribute("data-index"):
            return
        index = int(str(button.dataset.index))
        for number, contestant, member, stress in self.owed_after_opposed():
            if number == index and contestant.characteristic is not None:
                category = contestant.characteristic.category
                change = self.crew_screen().give_stress(member.id, category, stress)
                self.opposed_given[index] = change.steps[-1]
                break
        self.app.render_all()

    def opposed_title(self, outcome: OpposedResult) -> Step:
        if outcome.winner is None:
            return Step(N_("The opposed test is a draw."))
        return Step(
            N_("{name} wins the opposed test."),
            {"name": outcome.contestants[outcome.winner].name},
        )

    # --- rendering -------------------------------------------------------------------------

    def render(self) -> None:
        app = self.app
        character = self.character()
        if character is None:
            self.character_id = ""
        chooser = dom.bound("test-character")
        members = [
            (member.id, member.name or member.id)
            for member in self.crew_screen().state.characters
            if not member.status.final
        ]
        dom.fill_options(chooser, [("", app.tr(N_("Nobody from the crew"))), *members])
        chooser.value = self.character_id
        for option in dom.bound("test-characteristic").options:
            option.textContent = app.t(Characteristic(str(option.value)).label)
        dom.bound("test-characteristic").value = self.characteristic.value
        dom.bound("test-value").value = str(self.value)
        self.render_purpose(character)
        for reason, row in self.counts.items():
            count = self.pool.count(reason)
            dom.text(dom.one(".label", row), app.t(reason.label))
            dom.text(dom.one(".count", row), str(count))
            less, more = self.reason_buttons[reason]
            less.setAttribute(
                "aria-label", app.t(Step(N_("One die fewer: {reason}"), {"reason": reason.label}))
            )
            more.setAttribute(
                "aria-label", app.t(Step(N_("One die more: {reason}"), {"reason": reason.label}))
            )
            less.disabled = count == 0
        dom.bound("test-push").checked = self.pool.pushed
        self.render_traumas(character)
        pool = self.effective_pool()
        dom.text(
            dom.bound("pool-total"),
            app.t(
                Step(
                    N_("Pool: {positive} positive and {negative} negative dice"),
                    {"positive": pool.positive, "negative": pool.negative},
                )
            ),
        )
        self.render_odds(pool)
        self.render_contestants()
        self.render_result()

    def render_purpose(self, character: Character | None) -> None:
        """The test the Crew screen asked for: who, what for; who and what stay fixed."""
        if not self.purpose_valid():
            self.purpose = None
        purpose = self.purpose
        banner = dom.bound("test-purpose")
        dom.show(banner, purpose is not None)
        for name in ("test-character", "test-characteristic", "test-value"):
            dom.bound(name).disabled = purpose is not None
        if purpose is None or character is None:
            return
        characteristic = purpose.category.defensive
        details = {
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
        dom.text(dom.bound("purpose-text"), self.app.t(line))

    def render_traumas(self, character: Character | None) -> None:
        holder = dom.bound("trauma-ticks")
        dom.clear(holder)
        if character is None:
            return
        for index in self.hindering():
            trauma = character.traumas[index]
            row = dom.clone("tpl-check")
            box = dom.one("input", row)
            box.dataset.index = str(index)
            box.checked = index not in self.unticked
            dom.text(
                dom.one(".label", row),
                self.app.t(
                    Step(
                        N_("Trauma: {trauma} (severity {severity})"),
                        {"trauma": trauma.title, "severity": trauma.severity},
                    )
                ),
            )
            holder.append(row)

    def render_odds(self, pool: Pool) -> None:
        app = self.app
        translator = app.translator
        plain_head, push_head = dom.bound("odds-plain-head"), dom.bound("odds-push-head")
        plain_head.classList.toggle("current", not pool.pushed)
        push_head.classList.toggle("current", pool.pushed)
        try:
            comparison = push_comparison(pool, self.value, self.settings())
            plain, pushed = comparison.without_push, comparison.with_push
        except LimitError:
            plain, pushed = pool_odds(pool.unpush(), self.value, self.settings()), None
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
        body = dom.bound("test-odds")
        dom.clear(body)
        for label, without, with_push in rows:
            row = dom.element("tr")
            head = dom.element("th")
            head.setAttribute("scope", "row")
            dom.text(head, app.t(label))
            row.append(head)
            for value, current in ((without, not pool.pushed), (with_push, pool.pushed)):
                cell = dom.element("td")
                dom.text(cell, value)
                if current:
                    cell.classList.add("current")
                row.append(cell)
            body.append(row)

    def render_contestants(self) -> None:
        app = self.app
        holder = dom.bound("contestants")
        dom.clear(holder)
        for index, contestant in enumerate(self.contestants):
            row = dom.clone("tpl-contestant")
            characteristic = contestant.characteristic or self.characteristic
            dom.text(
                dom.one(".label", row),
                app.t(
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
            remove.dataset.index = str(index)
            remove.setAttribute(
                "aria-label", app.t(Step(N_("Remove {name}"), {"name": contestant.name}))
            )
            holder.append(row)

    def render_result(self) -> None:
        app = self.app
        title = dom.bound("test-title")
        details = dom.bound("test-details")
        give = dom.one('[data-action="give-stress"]')
        dice = dom.bound("test-dice")
        if self.title is None:
            dom.text(title, app.tr(N_("Build the pool, check the odds, then roll.")))
            title.dataset.kind = ""
            for node in (details, give, dice):
                dom.show(node, False)
            return
        dom.text(title, app.t(self.title))
        result = self.result
        title.dataset.kind = "" if result is None else ("success" if result.success else "failure")
        app.fill_list(dom.bound("test-steps"), self.steps)
        dom.show(details, True)
        dom.show(dice, result is not None)
        if result is not None:
            self.render_dice(result)
        owed = self.stress_owed
        member = None
        if owed is not None:
            member = self.crew_screen().state.find(owed[0])
        if owed is not None and member is not None and not member.status.final and result:
            category = (result.characteristic or self.characteristic).category
            dom.text(
                give,
                app.t(
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
        given = dom.bound("stress-given")
        if self.given is not None:
            dom.text(given, app.t(self.given))
        dom.show(given, self.given is not None)
        self.render_opposed_stress()

    def render_opposed_stress(self) -> None:
        """After an opposed test: one button per crew member with stress to take."""
        app = self.app
        holder = dom.bound("opposed-stress")
        dom.clear(holder)
        for index, contestant, member, stress in self.owed_after_opposed():
            category = (contestant.characteristic or self.characteristic).category
            button = dom.element("button")
            button.type = "button"
            button.className = "secondary give-stress"
            button.dataset.index = str(index)
            dom.text(
                button,
                app.t(
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
            dom.text(line, app.t(step))
            holder.append(line)

    def render_dice(self, result: TestResult) -> None:
        app = self.app
        cancelled_pos = {p for p, _ in result.cancelled}
        cancelled_neg = {n for _, n in result.cancelled}
        positive = dom.bound("test-positive")
        dom.clear(positive)
        for index, face in enumerate(result.positive):
            if index in result.successes:
                kind, word = "success", N_("success")
            elif index in cancelled_pos:
                kind, word = "cancelled", N_("cancelled")
            else:
                kind, word = "miss", N_("no success")
            positive.append(self._die(face, kind, app.tr(word), "positive"))
        negative = dom.bound("test-negative")
        dom.clear(negative)
        for index, face in enumerate(result.negative):
            if index in cancelled_neg:
                kind, word = "cancelled", N_("cancelled")
            else:
                kind, word = "stress", N_("stress")
            negative.append(self._die(face, kind, app.tr(word), "negative"))
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
