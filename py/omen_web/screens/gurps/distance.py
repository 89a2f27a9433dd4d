"""The GURPS wilderness encounter distance, inside the Encounter screen.

The GM fills in both sides, the terrain, the light and the weather (the defaults work as
they are), sees the exact odds of the stealth contest, and taps *Find the distance*. The
maximum encounter distance is rolled or taken as the average (the ``gurps.med`` setting),
or typed in from physical dice, as are both sides' 3d6 totals. When a side spots the
other first and nobody sneaks, it may *try for surprise*. The form is the store's part
``gurps_form`` (:data:`omen.gurps.distance.GURPS_FORM`), read from the store on every
draw and kept there on every change; every result goes to the log with all its steps.
The last result is the screen's own (the log keeps every one). The store keeps what it was
found from (``gurps_found``, :class:`omen.gurps.detection.FoundDistance`), so after a reload
the result comes back whole, the offer to try for surprise too, when that works out to
the log's newest distance entry (:meth:`omen_web.kit.store.Store.last_said`); otherwise its
headline and steps come back from the entry.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign.state import Outcome as LogOutcome
from omen.core.dice import Dice, RecordedDice
from omen.core.errors import RulesError
from omen.core.notation import read_whole
from omen.core.roll import N_, ArgValue, Step
from omen.gurps.detection import (
    HEADLINES,
    FoundDistance,
    Outcome,
    Plan,
    Stealthy,
    plan,
    resolve,
)
from omen.gurps.distance import (
    DARKNESS,
    TERRAINS,
    Conditions,
    DistanceRules,
    GurpsForm,
    Shape,
    Side,
    SideId,
    Unit,
    maximum_encounter_distance,
    size_modifier,
    terrain_rating,
)
from omen.gurps.rolls import signed
from omen_web.kit import dom
from omen_web.kit import screen as kit

if TYPE_CHECKING:
    from omen.campaign.meeting import Meeting
    from omen_web.kit.app import App

SIDE_LEGEND = {SideId.A: N_("Side A"), SideId.B: N_("Side B")}
NUMBER_FIELDS = (
    ("group_size", N_("Group size"), False),
    ("sm", N_("SM"), False),
    ("vision", N_("Vision"), False),
    ("hearing", N_("Hearing"), True),
    ("observation", N_("Observation"), True),
    ("night_vision", N_("Night Vision"), False),
    ("stealth", N_("Stealth"), True),
    ("perception_stealth", N_("Perception-based Stealth"), True),
    ("camouflage", N_("Camouflage"), True),
)
FLAG_FIELDS = ("stealthy", "camouflaged", "flying")


def _whole(raw: str, label: str) -> int | None:
    """A whole number from a field; None when it is empty."""
    text = raw.strip().replace("−", "-")
    if not text:
        return None
    value = read_whole(text, -999_999_999, 999_999_999)
    if value is None:
        raise RulesError(
            Step(N_("{field}: enter a whole number, like 10."), {"field": Step(label)})
        )
    return value


class GurpsScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "gurps"
    section = "encounter"
    root_selector = '[data-procedure="gurps"]'
    parts = ("gurps_form", "campaign")
    games = frozenset({"gurps"})

    def build(self) -> None:
        self.panel = self.root
        # The last result, shown until the next one (the log keeps every one).
        self.plan: Plan | None = None
        self.outcome: Outcome | None = None
        self.logged: LogOutcome | None = None  # the result in the log that Undo can take back
        self.med_steps: tuple[Step, ...] = ()
        self.show_last()
        holder = self.bound("gurps-sides")
        self.sides: dict[SideId, Any] = {}
        for which in SideId:
            node = dom.clone("tpl-gurps-side")
            node.dataset.side = which.value
            holder.append(node)
            self.sides[which] = node
        terrain = self.field("terrain")
        for row in TERRAINS:
            terrain.append(dom.option(row.key))
        darkness = self.field("darkness")
        for penalty, _name in DARKNESS:
            darkness.append(dom.option(str(penalty)))

    def show_last(self) -> None:
        """After a reload: the last result as the log holds it, its headline and every
        step; and all of it (the facts, the offer to try for surprise) when the distance
        kept in the store (``gurps_found``) works out to exactly that entry again."""
        entry = self.store.last_said(HEADLINES)
        if entry is None:
            return
        self.logged = LogOutcome(entry.title, entry.steps, "gurps_distance")
        found: FoundDistance = self.store.get("gurps_found")
        if not found.kept:
            return
        try:
            setup, outcome = found.replay()
        except RulesError:
            return  # kept from rules or a form that no longer make a result
        cut = len(entry.steps) - len(outcome.steps)
        if outcome.headline == entry.title and cut >= 0 and entry.steps[cut:] == outcome.steps:
            self.plan, self.outcome, self.med_steps = setup, outcome, entry.steps[:cut]

    @property
    def form(self) -> GurpsForm:
        """The form as the store holds it (``gurps_form``)."""
        form: GurpsForm = self.store.get("gurps_form")
        return form

    def keep(self, form: GurpsForm) -> None:
        """Keep a changed form (the store redraws the screen), or draw it again."""
        if form == self.form:
            self.render()
        else:
            self.store.put("gurps_form", form)

    # --- the form ------------------------------------------------------------------

    def field(self, name: str, root: Any = None) -> Any:
        return dom.one(f'[data-field="{name}"]', root or self.panel)

    def read_side(self, which: SideId) -> Side:
        node = self.sides[which]
        values: dict[str, Any] = {"name": " ".join(str(self.field("name", node).value).split())}
        for name, label, optional in NUMBER_FIELDS:
            number = _whole(str(self.field(name, node).value), label)
            if number is None and not optional:
                raise RulesError(
                    Step(N_("{field}: enter a whole number, like 10."), {"field": Step(label)})
                )
            values[name] = number
        for name in FLAG_FIELDS:
            values[name] = bool(self.field(name, node).checked)
        return Side(**values)

    def read_form(self) -> GurpsForm:
        weather = _whole(str(self.field("weather").value), N_("Weather penalty")) or 0
        per = _whole(str(self.field("weather_per_yards").value), N_("Yards per weather step")) or 0
        conditions = Conditions(
            terrain=str(self.field("terrain").value),
            darkness=int(str(self.field("darkness").value)),
            weather=weather,
            weather_per_yards=per,
        )
        return GurpsForm(self.read_side(SideId.A), self.read_side(SideId.B), conditions)

    def on_gurps_field(self, _target: Any, _event: Any) -> None:
        """A field of the form changed: the form is kept; a mistake puts the last good
        value back and says what is wrong."""
        try:
            form = self.read_form()
        except RulesError:
            self.fill_fields()
            raise
        self.keep(form)

    def on_gurps_typed(self, _target: Any, _event: Any) -> None:
        """A total typed from physical dice: the odds are worked out at it."""
        self.render()

    def on_begin_encounter(self, meeting: Meeting) -> None:
        """Side B is the creature met while exploring, as many as came, with the
        row's SM, Vision and Stealth; the terrain is the location's (called by the app)."""
        self.keep(self.form.met(meeting))

    def on_gurps_use_sm(self, target: Any, _event: Any) -> None:
        node = target.closest("[data-side]")
        which = SideId(str(node.dataset.side))
        length = str(dom.one('[data-sm="length"]', node).value)
        if not length.strip():
            raise RulesError(Step(N_("Type the longest dimension first, like 2 or 1.5.")))
        unit = Unit(str(dom.one('[data-sm="unit"]', node).value))
        shape = Shape(str(dom.one('[data-sm="shape"]', node).value))
        sm = size_modifier(length, unit, shape)
        dom.text(dom.bound("sm-steps", node), "; ".join(self.t(step) for step in sm.steps))
        form = self.form
        side = replace(form.a if which is SideId.A else form.b, sm=sm.value)
        self.keep(replace(form, a=side) if which is SideId.A else replace(form, b=side))

    # --- dice ----------------------------------------------------------------------

    def typed(self, bind: str, label: str) -> int | None:
        return _whole(str(dom.bound(bind, self.panel).value), label)

    def contest_rolls(self) -> tuple[Dice | int, Dice | int]:
        """Each side's 3d6: the total typed in, or the app's dice, their faces kept (so
        the distance found can be worked out again after a reload)."""
        roll_a = self.typed("gurps-roll-a", N_("Side A: 3d6 total for the contest"))
        roll_b = self.typed("gurps-roll-b", N_("Side B: 3d6 total for the contest"))
        dice = self.app.dice()
        return (
            RecordedDice(dice) if roll_a is None else roll_a,
            RecordedDice(dice) if roll_b is None else roll_b,
        )

    def clear_typed(self, *binds: str) -> None:
        for bind in binds:
            dom.bound(bind, self.panel).value = ""

    def rules(self) -> DistanceRules:
        return DistanceRules.from_settings(self.store.get("campaign").values)

    # --- actions ---------------------------------------------------------------------

    def on_gurps_find(self, _target: Any, _event: Any) -> None:
        form = self.read_form()
        if form != self.form:
            self.store.put("gurps_form", form)
        rules = self.rules()
        row = form.conditions.terrain_row
        total = self.typed("gurps-med-total", N_("Maximum encounter distance: dice total"))
        if total is not None:
            med = maximum_encounter_distance(row, total)
        elif rules.med_average:
            med = maximum_encounter_distance(row, None)
        else:
            med = maximum_encounter_distance(row, self.app.dice())
        setup = plan(form.a, form.b, form.conditions, med.value, rules)
        rolls = self.contest_rolls()
        outcome = resolve(setup, *rolls)
        self.clear_typed("gurps-med-total")
        self.finish(setup, med.steps, outcome, rolls)

    def on_gurps_try_surprise(self, _target: Any, _event: Any) -> None:
        if self.plan is None:
            return
        rolls = self.contest_rolls()
        outcome = resolve(self.plan, *rolls, try_surprise=True)
        self.finish(self.plan, self.med_steps, outcome, rolls, try_surprise=True)

    def finish(
        self,
        setup: Plan,
        med_steps: tuple[Step, ...],
        outcome: Outcome,
        rolls: tuple[Dice | int, Dice | int],
        try_surprise: bool = False,
    ) -> None:
        if outcome.contest is not None:
            self.clear_typed("gurps-roll-a", "gurps-roll-b")
        self.plan, self.med_steps, self.outcome = setup, med_steps, outcome
        logged = LogOutcome(outcome.headline, (*med_steps, *outcome.steps), "gurps_distance")
        # All of it, for a reload: kept apart from the action, so that its Undo (or an
        # older one's) never puts an older distance back over a newer one.
        self.store.put("gurps_found", FoundDistance.of(setup, outcome, try_surprise, rolls))
        travel = self.store.get("gurps_travel")
        if travel.encounter:
            from omen.gurps.travel import encounter_run

            # The travel turn's encounter has been run: Explore offers it no longer, and
            # Undo offers it again (and takes this result off the screen).
            self.logged = logged
            self.store.act(logged, gurps_travel=encounter_run(travel), gurps_form=self.form)
        else:
            self.logged = None
            self.store.record(logged)  # the roll changes no other stored part: no Undo
        self.render()

    # --- rendering -------------------------------------------------------------------

    def name_text(self, value: ArgValue) -> str:
        return self.app.t(value) if isinstance(value, Step) else str(value)

    def fill_fields(self) -> None:
        app, form = self.app, self.form
        for which, side in ((SideId.A, form.a), (SideId.B, form.b)):
            node = self.sides[which]
            dom.text(dom.one("legend", node), app.tr(SIDE_LEGEND[which]))
            self.field("name", node).value = side.name
            self.field("name", node).placeholder = app.tr(
                N_("side A") if which is SideId.A else N_("side B")
            )
            for name, _label, _optional in NUMBER_FIELDS:
                value = getattr(side, name)
                self.field(name, node).value = "" if value is None else str(value)
            for name in FLAG_FIELDS:
                self.field(name, node).checked = bool(getattr(side, name))
        conditions = form.conditions
        terrain = self.field("terrain")
        for option, row in zip(terrain.options, TERRAINS, strict=True):
            option.textContent = app.tr(row.name)
        terrain.value = conditions.terrain
        darkness = self.field("darkness")
        for option, (penalty, name) in zip(darkness.options, DARKNESS, strict=True):
            option.textContent = f"{signed(penalty)} {app.tr(name)}"
        darkness.value = str(conditions.darkness)
        self.field("weather").value = str(conditions.weather)
        self.field("weather_per_yards").value = str(conditions.weather_per_yards)

    def render(self) -> None:
        app = self.app
        self.fill_fields()
        rules = self.rules()
        row = self.form.conditions.terrain_row
        dom.text(
            dom.bound("gurps-terrain-hint", self.panel),
            app.t(
                Step(
                    N_("{dice} yards (average {average} yards), Terrain Rating {rating}"),
                    {"dice": row.med, "average": row.average, "rating": terrain_rating(row, rules)},
                )
            ),
        )
        dom.text(
            dom.bound("gurps-med-dice-hint", self.panel),
            app.t(
                Step(
                    N_("{terrain}: roll {dice} and type the total of the dice alone."),
                    {"terrain": row.label, "dice": row.med},
                )
            ),
        )
        dom.text(
            dom.bound("gurps-med-mode", self.panel),
            app.t(
                Step(
                    N_("Maximum encounter distance: the average, {yards} yards (see Settings)"),
                    {"yards": row.average},
                )
                if rules.med_average
                else Step(
                    N_("Maximum encounter distance: rolled, {dice} yards (see Settings)"),
                    {"dice": row.med},
                )
            ),
        )
        self.render_odds(rules)
        self.render_result()

    def render_odds(self, rules: DistanceRules) -> None:  # noqa: C901 (the odds of each step the form can show)
        app, form = self.app, self.form
        row = form.conditions.terrain_row
        lines: list[Step] = []
        med, basis = (
            row.average,
            N_("Worked out at the terrain's average maximum encounter distance, {yards} yards."),
        )
        try:
            total = self.typed("gurps-med-total", N_("Maximum encounter distance: dice total"))
            if total is not None:
                med = maximum_encounter_distance(row, total).value
                basis = N_(
                    "Worked out at the maximum encounter distance you rolled, {yards} yards."
                )
        except RulesError:
            pass  # the roll itself will say what is wrong with the typed total
        dom.text(dom.bound("gurps-odds-basis", self.panel), app.t(Step(basis, {"yards": med})))
        try:
            setup = plan(form.a, form.b, form.conditions, med, rules)
        except RulesError as error:
            lines.append(error.message)
            setup = None
        if setup is not None:
            names = {which: setup.name(which) for which in SideId}
            lines.append(
                Step(
                    N_("Without surprise the encounter starts at {yards} yards."),
                    {"yards": setup.distance},
                )
            )
            if setup.spotter is not None:
                lines.append(
                    Step(
                        N_("{side} sees {other} first and may evade."),
                        {"side": names[setup.spotter], "other": names[setup.spotter.other]},
                    )
                )
            odds, contest = setup.odds, setup.contest
            if odds is None or contest is None:
                lines.append(Step(N_("No stealth contest is called for.")))
            else:
                if contest.optional and setup.spotter is not None:
                    lines.append(
                        Step(N_("If {side} tries for surprise:"), {"side": names[setup.spotter]})
                    )
                percent = app.translator.percent
                for which, chance in ((SideId.A, odds.a_wins), (SideId.B, odds.b_wins)):
                    lines.append(
                        Step(
                            N_("{side} wins the contest: {chance}"),
                            {"side": names[which], "chance": percent(chance)},
                        )
                    )
                lines.append(Step(N_("a tie: {chance}"), {"chance": percent(odds.tie)}))
                for which, chance in ((SideId.A, odds.a_surprises), (SideId.B, odds.b_surprises)):
                    if contest.sneak in (None, which):
                        lines.append(
                            Step(
                                N_("{side} achieves surprise: {chance}"),
                                {"side": names[which], "chance": percent(chance)},
                            )
                        )
                if contest.sneak is None:
                    lines.append(
                        Step(
                            N_("both sides are surprised: {chance}"),
                            {"chance": percent(odds.both_surprised)},
                        )
                    )
        app.fill_list(dom.bound("gurps-odds", self.panel), lines)

    def render_logged(self, title: Any) -> None:
        """No roll made in this page: the last result as the log holds it (after a
        reload), its headline and steps, or what to do when there is none."""
        logged = self.logged
        dom.show(dom.bound("gurps-facts", self.panel), False)
        dom.show(self.one('[data-action="gurps-try-surprise"]'), False)
        dom.show(dom.bound("gurps-details", self.panel), logged is not None)
        if logged is None:
            dom.text(
                title,
                self.app.tr(
                    N_("Fill in what you know and tap Find the distance; the defaults work.")
                ),
            )
            title.dataset.kind = ""
            return
        dom.text(title, self.app.t(logged.title))
        title.dataset.kind = "encounter" if HEADLINES.get(logged.title.key) else ""
        self.app.fill_list(dom.bound("gurps-steps", self.panel), logged.steps)

    def render_result(self) -> None:
        if self.logged is not None and self.store.took_back(
            self.logged.title, self.logged.steps
        ):  # Undo took the distance back
            self.plan, self.outcome, self.logged = None, None, None
        app, outcome, setup = self.app, self.outcome, self.plan
        title = dom.bound("gurps-title", self.panel)
        facts = dom.bound("gurps-facts", self.panel)
        details = dom.bound("gurps-details", self.panel)
        try_button = self.one('[data-action="gurps-try-surprise"]')
        if outcome is None or setup is None:
            self.render_logged(title)
            return
        dom.text(title, app.t(outcome.headline))
        title.dataset.kind = "encounter" if outcome.surprised else ""
        names = {which: setup.name(which) for which in SideId}

        def who(sides: tuple[SideId, ...]) -> str:
            if not sides:
                return app.tr(N_("nobody"))
            if len(sides) == 2:
                return app.tr(N_("both sides"))
            return self.name_text(names[sides[0]])

        distance = (
            Step(
                N_("{closest} to {yards} yards"),
                {"closest": outcome.closest, "yards": outcome.distance},
            )
            if outcome.closest < outcome.distance
            else Step(N_("{yards} yards"), {"yards": outcome.distance})
        )
        rows: list[tuple[str, str]] = [
            (N_("Distance"), app.t(distance)),
            (
                N_("Spots the other first"),
                who((outcome.spotter,))
                if outcome.spotter is not None
                else app.tr(N_("neither: both see as far")),
            ),
            (N_("May evade"), who(outcome.may_evade)),
            (N_("Surprised"), who(outcome.surprised)),
        ]
        if outcome.max_altitude is not None:
            rows.append(
                (
                    N_("Altitude of a flyer"),
                    app.t(Step(N_("up to {yards} yards"), {"yards": outcome.max_altitude})),
                )
            )
        if outcome.elevation_gap is not None:
            rows.append(
                (
                    N_("Mountain elevation"),
                    app.t(
                        Step(
                            N_("one side up to {yards} yards higher"),
                            {"yards": outcome.elevation_gap},
                        )
                    ),
                )
            )
        dom.clear(facts)
        for label, value in rows:
            box = dom.element("div")
            term = dom.element("dt")
            dom.text(term, app.tr(label))
            definition = dom.element("dd")
            dom.text(definition, value)
            box.append(term)
            box.append(definition)
            facts.append(box)
        dom.show(facts, True)
        app.fill_list(dom.bound("gurps-steps", self.panel), (*self.med_steps, *outcome.steps))
        dom.show(details, True)
        offer = (
            outcome.spotter is not None
            and setup.stealthy is Stealthy.NOBODY
            and outcome.contest is None
        )
        dom.show(try_button, offer)
