"""The Crew screen: The End of the World's characters and the group's agenda.

Each character shows their six characteristics, three stress tracks as boxes in tiers,
their traumas with treatment and recovery, and, when a track is full, the choice to cling
to life or let go. Clinging to life and recovery tests are rolled on the Tests screen, with
the character's full pool; its result comes back here. The scene's encounter type and the
group's goals (ticked off or reworded in place) sit on top. The whole crew is one stored record (:data:`omen.crew.CREW`), saved on every change; changes to a
character go to the log and can be undone.

Cards are rebuilt on every render; their buttons carry ``data-op`` and are handled by one
listener on the list, so re-rendering adds no listeners.
"""

from __future__ import annotations

from typing import Any

from omen.campaign import Outcome
from omen.crew import (
    BOXES,
    CREW,
    ENDING_HINT,
    Character,
    Crew,
    CrewChange,
    CrewSettings,
    EncounterType,
    Status,
    StressTrack,
    Trauma,
    add_trauma,
    cling_to_life,
    convert_stress,
    let_go,
    new_character,
    recover,
    remove_trauma,
    rename_trauma,
    return_to_play,
    take_stress,
    treatment_time,
)
from omen.eotw import Category, Characteristic, PoolSettings, TestResult
from omen.errors import RulesError
from omen.roll import N_, Step
from omen_web import dom
from omen_web.app import App, translate_markup


class CrewScreen:
    name = "crew"

    def __init__(self, app: App) -> None:
        self.app = app
        self.state = app.storage.load(CREW, app.stamp) or Crew()
        self.title: Step | None = None
        self.steps: tuple[Step, ...] = ()
        app.restorers["crew"] = self.restore
        self.build: dict[Characteristic, Any] = {}
        holder = dom.bound("new-values")
        for characteristic in Characteristic:
            row = dom.clone("tpl-build-value")
            select = dom.one("select", row)
            select.name = "build-" + characteristic.value
            dom.on(select, "change", app.guard(lambda _e: self.render_points()))
            self.build[characteristic] = row
            holder.append(row)
        for radio in dom.every('input[name="encounter-type"]'):
            dom.on(radio, "change", app.guard(self.choose_encounter))
        dom.on(dom.one('[data-action="add-goal"]'), "click", app.guard(self.add_goal))
        dom.on(dom.bound("goals"), "change", app.guard(self.toggle_goal))
        dom.on(dom.bound("goals"), "click", app.guard(self.remove_goal))
        dom.on(dom.one('[data-action="add-character"]'), "click", app.guard(self.add_character))
        cards = dom.bound("characters")
        dom.on(cards, "click", app.guard(self.card_click))
        dom.on(cards, "change", app.guard(self.card_change))

    # --- state -------------------------------------------------------------------------

    def save(self) -> None:
        self.app.storage.save(CREW, self.state.to_json())

    def restore(self, data: Any) -> None:
        self.state = Crew.from_json(data)
        self.title, self.steps = None, ()
        self.save()

    def commit(self, crew: Crew, title: Step, steps: tuple[Step, ...], log: bool = True) -> None:
        """Keep the new crew, save it, show what happened and put it in the log."""
        before = self.state.to_json()
        self.state = crew
        self.save()
        self.title, self.steps = title, steps
        if log:
            self.app.record(Outcome(title, steps, "crew"), ("crew", before))
        self.app.render_all()

    def apply(self, change: CrewChange, extra: tuple[Step, ...] = ()) -> None:
        self.commit(self.state.put(change.character), change.steps[0], (*extra, *change.steps))

    def crew_settings(self) -> CrewSettings:
        return CrewSettings.from_values(self.app.campaign.values)

    def pool_settings(self) -> PoolSettings:
        return PoolSettings.from_values(self.app.campaign.values)

    def member(self, ident: str) -> Character:
        character = self.state.find(ident)
        if character is None:
            raise RulesError(Step(N_("That character is no longer in the crew.")))
        return character

    # --- called from the Tests screen ------------------------------------------------------

    def give_stress(self, ident: str, category: Category, amount: int) -> CrewChange:
        change = take_stress(self.member(ident), category, amount)
        self.apply(change)
        return change

    def settle(
        self,
        ident: str,
        category: Category,
        trauma: int | None,
        result: TestResult,
        extra: tuple[Step, ...],
    ) -> CrewChange:
        """Apply a test rolled on the Tests screen: clinging to life, or a recovery test
        of trauma number ``trauma``."""
        character = self.member(ident)
        if trauma is None:
            change = cling_to_life(character, category, result, self.crew_settings())
            title = change.steps[0]
        else:
            change = recover(character, trauma, result, self.crew_settings())
            title = change.steps[1]
        self.commit(self.state.put(change.character), title, (*extra, *change.steps))
        return change

    def to_tests(self, character: Character, category: Category, trauma: int | None) -> None:
        screen = self.app.screen("tests")
        screen.prepare(character.id, category, trauma)
        self.app.show("tests")

    # --- the agenda --------------------------------------------------------------------------

    def choose_encounter(self, event: Any) -> None:
        agenda = self.state.agenda.with_encounter(EncounterType(str(event.target.value)))
        self.state = self.state.with_agenda(agenda)
        self.save()
        self.render()

    def add_goal(self, _event: Any) -> None:
        field = dom.bound("new-goal")
        text = " ".join(str(field.value).split())
        self.state = self.state.with_agenda(self.state.agenda.add_goal(text))
        field.value = ""
        self.save()
        self.render()

    def toggle_goal(self, event: Any) -> None:
        target = event.target
        if not target.hasAttribute("data-index"):
            return
        index = int(str(target.dataset.index))
        if target.classList.contains("goal-text"):
            goal = self.state.agenda.goals[index]
            text = " ".join(str(target.value).split())
            if not text:
                target.value = self.app.t(goal.title)
                raise RulesError(Step(N_("A goal needs words; to drop it, remove it.")))
            if text == self.app.t(goal.title):
                return
            agenda = self.state.agenda.rename_goal(index, text)
            self.commit(
                self.state.with_agenda(agenda),
                Step(
                    N_("Goal reworded: {before} → {after}"),
                    {"before": goal.title, "after": agenda.goals[index].title},
                ),
                (),
            )
            return
        self.state = self.state.with_agenda(self.state.agenda.toggle(index))
        self.save()
        self.render()

    def remove_goal(self, event: Any) -> None:
        button = event.target.closest("button.remove")
        if not hasattr(button, "tagName"):  # JS null: the click was not on a button
            return
        index = int(str(button.dataset.index))
        goal = self.state.agenda.goals[index]
        crew = self.state.with_agenda(self.state.agenda.remove_goal(index))
        self.commit(crew, Step(N_("Goal removed: {goal}"), {"goal": goal.title}), ())

    # --- characters ----------------------------------------------------------------------------

    def add_character(self, _event: Any) -> None:
        field = dom.bound("new-name")
        name = " ".join(str(field.value).split())
        if not name:
            raise RulesError(Step(N_("Give the new character a name.")))
        values = {c: int(str(dom.one("select", row).value)) for c, row in self.build.items()}
        character = new_character(self.state.next_id(), name, values, self.crew_settings())
        field.value = ""
        for row in self.build.values():
            dom.one("select", row).value = "1"
        dom.bound("new-character").open = False
        self.commit(
            self.state.put(character),
            Step(N_("{name} joins the crew."), {"name": name}),
            (),
        )

    def card_click(self, event: Any) -> None:
        button = event.target.closest("button[data-op]")
        if not hasattr(button, "tagName"):  # JS null: the click was not on a button
            return
        op = str(button.dataset.op)
        character = self.member(str(button.dataset.char))
        card = button.closest("article")
        category = (
            Category(str(button.getAttribute("data-category")))
            if button.hasAttribute("data-category")
            else None
        )
        index = (
            int(str(button.getAttribute("data-index"))) if button.hasAttribute("data-index") else -1
        )
        if op == "more" and category is not None:
            self.apply(take_stress(character, category, 1))
        elif op == "less" and category is not None:
            self.remove_stress(character, category)
        elif op == "convert" and category is not None:
            self.apply(convert_stress(character, category))
        elif op == "cling" and category is not None:
            self.to_tests(character, category, None)
        elif op == "let-go" and category is not None:
            self.apply(let_go(character, category))
        elif op == "back":
            self.apply(return_to_play(character))
        elif op == "recover":
            self.to_tests(character, character.traumas[index].category, index)
        elif op == "strike":
            trauma = character.traumas[index]
            self.commit(
                self.state.put(remove_trauma(character, index)),
                Step(
                    N_("{name}: trauma struck off: {trauma}"),
                    {"name": character.name, "trauma": trauma.title},
                ),
                (),
            )
        elif op == "add-trauma":
            name = " ".join(str(dom.one(".trauma-name", card).value).split())
            trauma = Trauma(
                name,
                Category(str(dom.one(".trauma-category", card).value)),
                int(str(dom.one(".trauma-severity", card).value)),
            )
            self.apply(add_trauma(character, trauma))
        elif op == "share":
            self.app.share("character", character.id)
        elif op == "delete":
            self.commit(
                self.state.without(character.id),
                Step(N_("{name} is deleted from the crew."), {"name": character.name}),
                (),
            )

    def card_change(self, event: Any) -> None:
        target = event.target
        if target.classList.contains("edit-value") and target.hasAttribute("data-char"):
            self.change_value(target)
            return
        if not target.classList.contains("name") or not target.hasAttribute("data-char"):
            return
        character = self.member(str(target.dataset.char))
        index = int(str(target.dataset.index))
        name = " ".join(str(target.value).split())
        renamed = rename_trauma(character, index, name)
        self.commit(
            self.state.put(renamed),
            Step(
                N_("{name}: trauma renamed to {trauma}"),
                {"name": character.name, "trauma": renamed.traumas[index].title},
            ),
            (),
        )

    def change_value(self, select: Any) -> None:
        """A characteristic changed after creation (a group vote): not checked against
        the build points, as the rules leave later changes to the table."""
        character = self.member(str(select.dataset.char))
        characteristic = Characteristic(str(select.getAttribute("data-characteristic")))
        before = character.value(characteristic)
        after = int(str(select.value))
        if after == before:
            return
        self.commit(
            self.state.put(character.with_value(characteristic, after)),
            Step(
                N_("{name}: {characteristic} {before} → {after}"),
                {
                    "name": character.name,
                    "characteristic": characteristic.label,
                    "before": before,
                    "after": after,
                },
            ),
            (),
        )

    def remove_stress(self, character: Character, category: Category) -> None:
        track = character.track(category)
        if track.filled == 0:
            return
        after = (
            StressTrack(track.filled, track.overflow - 1)
            if track.overflow
            else StressTrack(track.filled - 1)
        )
        self.commit(
            self.state.put(character.with_track(category, after)),
            Step(
                N_("{name}: 1 stress ({category}) removed"),
                {"name": character.name, "category": category.label},
            ),
            (
                Step(
                    N_("Stress track ({category}): {before} → {after} of {boxes} boxes"),
                    {
                        "category": category.label,
                        "before": track.filled,
                        "after": after.filled,
                        "boxes": BOXES,
                    },
                ),
            ),
        )

    # --- rendering ---------------------------------------------------------------------------

    def render(self) -> None:
        app = self.app
        title = dom.bound("crew-title")
        details = dom.bound("crew-details")
        if self.title is None:
            dom.text(
                title,
                app.tr(N_("Your crew: stress, traumas and goals. Changes are saved as you go.")),
            )
            dom.show(details, False)
        else:
            dom.text(title, app.t(self.title))
            app.fill_list(dom.bound("crew-steps"), self.steps)
            dom.show(details, bool(self.steps))
        agenda = self.state.agenda
        for radio in dom.every('input[name="encounter-type"]'):
            radio.checked = radio.value == agenda.encounter.value
        dom.text(dom.bound("encounter-hint"), app.t(agenda.encounter.hint))
        goals = dom.bound("goals")
        dom.clear(goals)
        for index, goal in enumerate(agenda.goals):
            row = dom.clone("tpl-goal")
            box = dom.one('input[type="checkbox"]', row)
            box.checked = goal.done
            box.dataset.index = str(index)
            dom.text(dom.one(".label", row), app.t(goal.title))
            wording = dom.one(".goal-text", row)
            wording.value = app.t(goal.title)
            wording.dataset.index = str(index)
            wording.setAttribute(
                "aria-label", app.t(Step(N_("Wording of goal {number}"), {"number": index + 1}))
            )
            remove = dom.one(".remove", row)
            remove.dataset.index = str(index)
            remove.setAttribute(
                "aria-label", app.t(Step(N_("Remove goal: {goal}"), {"goal": goal.title}))
            )
            goals.append(row)
        cards = dom.bound("characters")
        dom.clear(cards)
        for character in self.state.characters:
            cards.append(self.card(character))
        dom.show(dom.bound("crew-empty"), not self.state.characters)
        if not self.state.characters:
            dom.bound("new-character").open = True
        for characteristic, row in self.build.items():
            dom.text(dom.one(".label", row), app.t(characteristic.label))
        self.render_points()

    def render_points(self) -> None:
        settings = self.crew_settings()
        spent = sum(int(str(dom.one("select", row).value)) - 1 for row in self.build.values())
        if settings.check_build:
            line = Step(
                N_("Points above 1: {spent} of {points}"),
                {"spent": spent, "points": settings.build_points},
            )
        else:
            line = Step(N_("Any values from 1 to 5 (the build check is off in Settings)."))
        dom.text(dom.bound("build-points"), self.app.t(line))

    def _button(self, node: Any, op: str, character: Character, **data: str) -> None:
        node.dataset.op = op
        node.dataset.char = character.id
        for key, value in data.items():
            node.setAttribute(f"data-{key}", value)

    def card(self, character: Character) -> Any:
        app = self.app
        card = dom.clone("tpl-character")
        translate_markup(card, app.translator)
        card.setAttribute("aria-label", character.name)
        card.dataset.status = character.status.value
        final = character.status.final
        dom.text(dom.one(".name", card), character.name)
        dom.text(dom.one(".status", card), app.t(character.status_text))
        dom.text(
            dom.one(".values", card),
            " · ".join(
                app.t(
                    Step(
                        N_("{characteristic} {value}"),
                        {"characteristic": c.label, "value": character.value(c)},
                    )
                )
                for c in Characteristic
            ),
        )
        editor = dom.one(".edit-build", card)
        for characteristic in Characteristic:
            row = dom.clone("tpl-build-value")
            dom.text(dom.one(".label", row), app.t(characteristic.label))
            select = dom.one("select", row)
            select.classList.add("edit-value")
            select.value = str(character.value(characteristic))
            select.dataset.char = character.id
            select.setAttribute("data-characteristic", characteristic.value)
            editor.append(row)
        tracks = dom.one(".tracks", card)
        for category in Category:
            tracks.append(self.track_row(character, category))
        pending = dom.one(".pending", card)
        for category in character.pending:
            row = dom.clone("tpl-cling")
            translate_markup(row, app.translator)
            characteristic = category.defensive
            choice = Step(
                N_(
                    "Stress track ({category}) is full: cling to life with a test of"
                    " {characteristic} ({value}), or let go."
                ),
                {
                    "category": category.label,
                    "characteristic": characteristic.label,
                    "value": character.value(characteristic),
                },
            )
            # Both ways out end alike, for good: said before the game master chooses.
            ending = Step(ENDING_HINT[category])
            dom.text(dom.one(".text", row), app.t(choice) + " " + app.t(ending))
            row.setAttribute(
                "aria-label",
                app.t(Step(N_("Full track ({category})"), {"category": category.label})),
            )
            self._button(dom.one(".cling-button", row), "cling", character, category=category.value)
            self._button(dom.one(".let-go", row), "let-go", character, category=category.value)
            pending.append(row)
        back = dom.one(".back", card)
        self._button(back, "back", character)
        dom.show(back, character.status is Status.OUT_FOR_NOW and not character.pending)
        traumas = dom.one(".traumas", card)
        for index, trauma in enumerate(character.traumas):
            traumas.append(self.trauma_row(character, index, trauma))
        select = dom.one(".trauma-category", card)
        for category in Category:
            select.append(dom.option(category.value, app.t(category.label)))
        self._button(dom.one(".add-trauma .add", card), "add-trauma", character)
        delete = dom.one(".delete", card)
        self._button(delete, "delete", character)
        delete.setAttribute(
            "aria-label", app.t(Step(N_("Delete character: {name}"), {"name": character.name}))
        )
        share = dom.one(".share", card)
        self._button(share, "share", character)
        share.setAttribute("aria-label", app.t(Step(N_("Share {name}"), {"name": character.name})))
        if final:
            for node in dom.every("button:not(.delete):not(.share), input, select", card):
                node.disabled = True
        return card

    def track_row(self, character: Character, category: Category) -> Any:
        app = self.app
        row = dom.clone("tpl-track")
        translate_markup(row, app.translator)
        track = character.track(category)
        dom.text(dom.one(".track-label", row), app.t(category.label))
        boxes = dom.one(".boxes", row)
        label = Step(
            N_("{category} stress {filled} of {boxes}"),
            {"category": category.label, "filled": track.filled, "boxes": BOXES},
        )
        if track.overflow:
            label = Step(N_("{track}, {count} over"), {"track": label, "count": track.overflow})
        boxes.setAttribute("aria-label", app.t(label))
        for tier in track.tiers():
            group = dom.element("span")
            group.className = "tier"
            for filled in tier:
                box = dom.element("span")
                box.className = "box filled" if filled else "box"
                group.append(box)
            boxes.append(group)
        less, more, convert = dom.one(".less", row), dom.one(".more", row), dom.one(".convert", row)
        for node, op in ((less, "less"), (more, "more"), (convert, "convert")):
            self._button(node, op, character, category=category.value)
        less.setAttribute(
            "aria-label",
            app.t(Step(N_("Remove 1 stress ({category})"), {"category": category.label})),
        )
        more.setAttribute(
            "aria-label",
            app.t(Step(N_("Add 1 stress ({category})"), {"category": category.label})),
        )
        convert.setAttribute(
            "aria-label",
            app.t(Step(N_("Turn stress ({category}) into a trauma"), {"category": category.label})),
        )
        less.disabled = track.filled == 0
        dom.show(convert, track.filled > 0 and category not in character.pending)
        return row

    def trauma_row(self, character: Character, index: int, trauma: Trauma) -> Any:
        app = self.app
        row = dom.clone("tpl-trauma")
        translate_markup(row, app.translator)
        dom.text(
            dom.one(".label", row),
            app.t(Step(N_("Trauma {number}: name"), {"number": index + 1})),
        )
        name = dom.one(".name", row)
        name.value = trauma.name
        name.placeholder = app.t(trauma.title)
        name.dataset.char = character.id
        name.dataset.index = str(index)
        characteristic = trauma.category.defensive
        dom.text(
            dom.one(".info", row),
            app.t(
                Step(
                    N_(
                        "{category}, severity {severity}. Treatment takes {time}, then a test"
                        " of {characteristic} ({value})."
                    ),
                    {
                        "category": trauma.category.label,
                        "severity": trauma.severity,
                        "time": treatment_time(trauma.severity),
                        "characteristic": characteristic.label,
                        "value": character.value(characteristic),
                    },
                )
            ),
        )
        recover_button = dom.one(".recover", row)
        self._button(recover_button, "recover", character, index=str(index))
        recover_button.setAttribute(
            "aria-label",
            app.t(Step(N_("Recovery test: {trauma}"), {"trauma": trauma.title})),
        )
        strike = dom.one(".strike", row)
        self._button(strike, "strike", character, index=str(index))
        strike.setAttribute(
            "aria-label", app.t(Step(N_("Strike off: {trauma}"), {"trauma": trauma.title}))
        )
        return row
