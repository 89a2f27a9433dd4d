"""The End of the World's scene on the Explore screen: its type, and what downtime offers.

The game master picks the scene type (social, exploration, survival, downtime), each
with a line saying what it is for. The choice is the crew's agenda (the Crew screen
shows the same one). In downtime the panel lists what the crew can do now
(:func:`omen.eotw.crew.downtime`): work a track's stress through into a trauma, done here
with one tap (:func:`omen.eotw.crew.convert_stress`), and treat a trauma, which asks the
Tests screen for the recovery test (the pool is preset; its result heals or not, by
:func:`omen.eotw.crew.recover`). Every change goes to the log and can be undone.

State: the store's ``crew``, read and changed here with the engine's functions. A test
is asked for through the store too (:func:`ask_for_test`): the Tests form is written
with it, and the Tests screen shown. A render draws only what changed (each region keyed
on what it reads).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omen.campaign.state import Outcome
from omen.campaign.timers import Unit as TimeUnit
from omen.campaign.timers import count_text
from omen.core.errors import RulesError
from omen.core.notation import read_whole
from omen.core.roll import N_, Step
from omen.eotw.crew import Character, Crew, EncounterType, ask_test, convert_stress, downtime
from omen.eotw.pools import Category, TestsForm
from omen_web.kit import dom, fields
from omen_web.kit import screen as kit
from omen_web.screens.common.lights import COUNT_LABELS, Lights

if TYPE_CHECKING:
    from omen_web.kit.app import App


def ask_for_test(
    screen: kit.Screen, character: Character, category: Category, trauma: int | None
) -> None:
    """Ask the Tests screen for ``character``'s cling to life (``trauma`` None) or the
    recovery test of trauma number ``trauma``: the Tests form is written with the test
    (:func:`omen.eotw.crew.ask_test`), no log entry, and the Tests screen is shown."""
    form: TestsForm = screen.store.get("eotw_tests")
    screen.store.put("eotw_tests", ask_test(form, character, category, trauma))
    screen.app.show("tests")


SPAN_UNITS = (TimeUnit.SCENE, TimeUnit.DAY)
MAX_SPAN = 366  # omen.eotw.span.MAX_SPAN, read here without importing the module


class EotwScenePanel(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "eotw_scene"
    section = "explore"
    root_selector = '[data-panel="eotw_scene"]'
    parts = ("crew", "timers", "campaign")
    games = frozenset({"eotw"})

    def build(self) -> None:
        self.lights = Lights(self, "scene", "eotw", SPAN_UNITS)
        self.jobs = (self.lights,)  # it answers its own actions
        self.panel = self.root

    @property
    def crew(self) -> Crew:
        crew: Crew = self.store.get("crew")
        return crew

    def commit(self, crew: Crew, title: Step, steps: tuple[Step, ...]) -> None:
        """One change to the crew: kept, saved and logged, so Undo takes it back."""
        self.store.act(Outcome(title, steps, "crew"), crew=crew)

    # --- actions ---------------------------------------------------------------------

    def on_eotw_scene(self, target: Any, _event: Any) -> None:
        scene = EncounterType(str(target.value))
        crew = self.crew
        if crew.agenda.encounter is scene:
            return
        title = Step(N_("The scene is now: {scene}"), {"scene": scene.label})
        self.commit(crew.with_agenda(crew.agenda.with_encounter(scene)), title, (scene.hint,))

    def _member(self, ident: str) -> Character:
        character: Character | None = self.crew.find(ident)
        if character is None:
            raise RulesError(Step(N_("That character is no longer in the crew.")))
        return character

    def on_downtime_convert(self, target: Any, _event: Any) -> None:
        character = self._member(str(target.dataset.member))
        change = convert_stress(character, Category(str(target.dataset.category)))
        self.commit(self.crew.put(change.character), change.steps[0], change.steps)

    def on_downtime_treat(self, target: Any, _event: Any) -> None:
        character = self._member(str(target.dataset.member))
        index = int(str(target.dataset.index))
        if not 0 <= index < len(character.traumas):
            raise RulesError(Step(N_("There is no trauma number {number}."), {"number": index + 1}))
        ask_for_test(self, character, character.traumas[index].category, index)

    def span_unit(self) -> TimeUnit:
        chosen = str(self.bound("scene-span-unit").value)
        return next((u for u in SPAN_UNITS if u.value == chosen), SPAN_UNITS[0])

    def on_scene_span(self, _target: Any, _event: Any) -> None:
        self.render_time()

    def on_scene_pass(self, _target: Any, _event: Any) -> None:
        """Let scenes or days pass: the lights and timers count down, one log entry."""
        from omen.eotw.span import pass_time

        count = fields.whole(
            self.bound("scene-span-count"), 1, MAX_SPAN, N_("how much time passes")
        )
        state, outcome = pass_time(self.lights.timers, count, self.span_unit())
        self.store.act(outcome, timers=state)

    # --- drawing ---------------------------------------------------------------------

    def render(self) -> None:
        """Draw what changed: the hints in a new language, the choice when the scene
        changed, the downtime offers when the crew did (in downtime), time passing and
        the lights and timers when they did."""
        self.render_time()
        self.lights.render()
        self.lights.render_warnings(self.lights.timers.last)
        panel = self.panel
        if not self.unchanged("hints"):
            for row in panel.querySelectorAll("[data-scene-hint]"):
                dom.text(row, self.t(EncounterType(str(row.dataset.sceneHint)).hint))
        crew = self.crew
        scene = crew.agenda.encounter
        if not self.unchanged("scene", scene):
            for radio in panel.querySelectorAll('input[name="eotw-scene"]'):
                radio.checked = str(radio.value) == scene.value
            dom.show(dom.bound("downtime", panel), scene is EncounterType.DOWNTIME)
        if scene is not EncounterType.DOWNTIME or self.unchanged("offers", crew.characters):
            return
        offer = downtime(crew)
        dom.show(dom.bound("downtime-empty", panel), offer.empty)
        holder = dom.bound("downtime-offers", panel)
        dom.clear(holder)
        for conversion in offer.conversions:
            button = dom.element("button")
            button.type = "button"
            button.className = "secondary"
            button.dataset.action = "downtime-convert"
            button.dataset.member = conversion.member
            button.dataset.category = conversion.category.value
            dom.text(
                button,
                self.t(
                    Step(
                        N_(
                            "{name}: work through {count} stress ({category}) into a trauma of severity {severity}"
                        ),
                        {
                            "name": conversion.name,
                            "count": conversion.stress,
                            "category": conversion.category.label,
                            "severity": conversion.severity,
                        },
                        plural=N_(
                            "{name}: work through {count} stress ({category}) into a trauma of severity {severity}"
                        ),
                    )
                ),
            )
            item = dom.element("li")
            item.append(button)
            holder.append(item)
        for treatment in offer.treatments:
            button = dom.element("button")
            button.type = "button"
            button.className = "secondary"
            button.dataset.action = "downtime-treat"
            button.dataset.member = treatment.member
            button.dataset.index = str(treatment.index)
            dom.text(
                button,
                self.t(
                    Step(
                        N_("{name}: treat {trauma} ({time}), then a {characteristic} test"),
                        {
                            "name": treatment.name,
                            "trauma": treatment.trauma.title,
                            "time": treatment.time,
                            "characteristic": treatment.characteristic.label,
                        },
                    )
                ),
            )
            item = dom.element("li")
            item.append(button)
            holder.append(item)

    def render_time(self) -> None:
        """The last span's result, the span picker's units and what the span would end."""
        state = self.lights.timers
        unit = self.bound("scene-span-unit")
        fields.choices(
            unit,
            [(u.value, self.tr(COUNT_LABELS[u])) for u in SPAN_UNITS],
            str(unit.value) or SPAN_UNITS[0].value,
        )
        last = state.last
        title = self.bound("scene-title")
        if last is None:
            dom.text(title, self.tr(N_("Let time pass when a scene ends or the crew rests.")))
        else:
            dom.text(title, self.t(last.title))
        title.dataset.kind = last.kind if last is not None else ""
        self.fill_steps("scene-steps", last.steps if last is not None else ())
        dom.show(self.bound("scene-details"), last is not None and bool(last.steps))
        count = read_whole(str(self.bound("scene-span-count").value), 1, MAX_SPAN)
        lines: list[Step] = []
        if count is not None:
            lines = list(self.lights.ahead(count, self.span_unit()))
            if not lines:
                lines.append(
                    Step(
                        N_("Nothing runs out in the next {span}."),
                        {"span": count_text(count, self.span_unit())},
                    )
                )
        self.fill_steps("scene-span-odds", lines)
