"""The End of the World's scene on the Explore screen: its type, and what downtime offers.

The game master picks the scene type (social, exploration, survival, downtime), each
with a line saying what it is for. The choice is the crew's agenda (the Crew screen
shows the same one). In downtime the panel lists what the crew can do now
(:func:`omen.crew.downtime`): work a track's stress through into a trauma, done here
with one tap (:func:`omen.crew.convert_stress`), and treat a trauma, which asks the
Tests screen for the recovery test (the pool is preset; its result heals or not, by
:func:`omen.crew.recover`). Every change goes to the log and can be undone.
"""

from __future__ import annotations

from typing import Any

from omen.crew import Crew, EncounterType, convert_stress, downtime
from omen.eotw import Category
from omen.errors import RulesError
from omen.roll import N_, Step
from omen_web import dom, kit


class EotwScenePanel(kit.Screen):
    name = "eotw_scene"
    section = "explore"
    root_selector = '[data-panel="eotw_scene"]'
    parts = ("crew",)
    games = frozenset({"eotw"})

    def build(self) -> None:
        self.panel = self.root

    @property
    def crew(self) -> Crew:
        crew: Crew = self.store.get("crew")
        return crew

    def keeper(self) -> Any:
        """The Crew screen, which still saves the crew itself and logs its changes; a
        change made past it would be lost at its next save (until it is on the kit)."""
        return self.app.screen("crew")

    # --- actions ---------------------------------------------------------------------

    def on_eotw_scene(self, target: Any, _event: Any) -> None:
        scene = EncounterType(str(target.value))
        crew = self.crew
        if crew.agenda.encounter is scene:
            return
        title = Step(N_("The scene is now: {scene}"), {"scene": scene.label})
        self.keeper().commit(
            crew.with_agenda(crew.agenda.with_encounter(scene)), title, (scene.hint,)
        )

    def _member(self, ident: str) -> Any:
        character = self.crew.find(ident)
        if character is None:
            raise RulesError(Step(N_("That character is no longer in the crew.")))
        return character

    def on_downtime_convert(self, target: Any, _event: Any) -> None:
        character = self._member(str(target.dataset.member))
        change = convert_stress(character, Category(str(target.dataset.category)))
        self.keeper().apply(change)

    def on_downtime_treat(self, target: Any, _event: Any) -> None:
        character = self._member(str(target.dataset.member))
        index = int(str(target.dataset.index))
        if not 0 <= index < len(character.traumas):
            raise RulesError(Step(N_("There is no trauma number {number}."), {"number": index + 1}))
        self.keeper().to_tests(character, character.traumas[index].category, index)

    # --- drawing ---------------------------------------------------------------------

    def render(self) -> None:
        panel = self.panel
        for row in panel.querySelectorAll("[data-scene-hint]"):
            dom.text(row, self.t(EncounterType(str(row.dataset.sceneHint)).hint))
        crew = self.crew
        scene = crew.agenda.encounter
        for radio in panel.querySelectorAll('input[name="eotw-scene"]'):
            radio.checked = str(radio.value) == scene.value
        box = dom.bound("downtime", panel)
        dom.show(box, scene is EncounterType.DOWNTIME)
        if scene is not EncounterType.DOWNTIME:
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
