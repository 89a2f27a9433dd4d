"""The Crew screen: The End of the World's characters and the group's agenda.

Each character shows their six characteristics, three stress tracks as boxes in tiers,
their traumas with treatment and recovery, and, when a track is full, the choice to cling
to life or let go. A new character's build points go in one tap on a common spread
(:func:`omen.eotw.crew.spreads`: evenly, or most to one characteristic), which fills the
six dropdowns, still there to change. Clinging to life and recovery tests are rolled on the Tests screen
with the character's full pool: this screen writes the Tests form with the test asked
for (:func:`omen.eotw.crew.ask_test`) and shows that screen, which applies the result. The
scene's encounter type and the group's goals (ticked off or reworded in place) sit on
top.

State: the store's ``crew`` (:data:`omen.eotw.crew.CREW`), saved on every change; changes to a
character go to the log and can be undone. The line on top is the log's newest entry
when it changed the crew (and was not undone). A render draws only what changed: each
region is keyed on what it shows (:meth:`omen_web.kit.screen.Screen.unchanged`), and each
character keeps one card, made once and filled again, part by part, only when that
character changed; a stress box added redraws that one track. The cards' buttons carry
``data-action`` and the character's id, answered by the kit's one listener on the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omen.campaign import games
from omen.campaign.state import Entry, Outcome
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.eotw.crew import (
    BOXES,
    ENDING_HINT,
    Character,
    Crew,
    CrewChange,
    CrewSettings,
    EncounterType,
    Status,
    Trauma,
    add_trauma,
    build_summary,
    convert_stress,
    let_go,
    new_character,
    remove_stress,
    remove_trauma,
    rename_trauma,
    return_to_play,
    spreads,
    take_stress,
    treatment_time,
)
from omen.eotw.pools import Category, Characteristic
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.kit.store import MANY
from omen_web.screens.eotw.scene import ask_for_test

if TYPE_CHECKING:
    from omen_web.kit.app import App

# The regions of a character's card, each drawn from its own key (followed by the id).
CARD_REGIONS = (
    "card ",
    "card-status ",
    "card-values ",
    "card-labels ",
    *(f"card-track-{category.value} " for category in Category),
    "card-pending ",
    "card-traumas ",
    "card-names ",
    "card-final ",
)


class CrewScreen(kit.Screen):
    app: App  # the kit's Host, with all of the app this screen uses
    name = "crew"
    parts = ("crew", "campaign", "log")

    def build(self) -> None:
        self.cards: dict[str, Any] = {}  # each character's card, by their id
        self.order: list[str] = []  # the ids in the order their cards stand
        self.values: dict[Characteristic, Any] = {}  # the new character's build, by row
        holder = self.bound("new-values")
        for characteristic in Characteristic:
            row = dom.clone("tpl-build-value")
            select = dom.one("select", row)
            select.name = "build-" + characteristic.value
            select.dataset.action = "build-value"
            self.values[characteristic] = row
            holder.append(row)

    # --- state (the store's) -------------------------------------------------------------

    @property
    def state(self) -> Crew:
        """The crew as the store holds it."""
        crew: Crew = self.store.get("crew")
        return crew

    def commit(self, crew: Crew, title: Step, steps: tuple[Step, ...]) -> None:
        """One change to the crew: kept, saved and put in the log, so Undo takes it back."""
        self.store.act(Outcome(title, steps, "crew"), crew=crew)

    def apply(self, change: CrewChange) -> None:
        self.commit(self.state.put(change.character), change.steps[0], change.steps)

    def crew_settings(self) -> CrewSettings:
        return CrewSettings.from_values(self.app.campaign.values)

    def member(self, ident: str) -> Character:
        character = self.state.find(ident)
        if character is None:
            raise RulesError(Step(N_("That character is no longer in the crew.")))
        return character

    def last_change(self) -> Entry | None:
        """The log's newest entry, if it changed the crew and is not undone."""
        newest = self.store.log.newest(1)
        if not newest or newest[0].undone or newest[0].before is None:
            return None
        kind, data = newest[0].before
        if kind == "crew" or (kind == MANY and isinstance(data, dict) and "crew" in data):
            return newest[0]
        return None

    # --- the agenda --------------------------------------------------------------------------

    def on_encounter_type(self, target: Any, _event: Any) -> None:
        crew = self.state
        agenda = crew.agenda.with_encounter(EncounterType(str(target.value)))
        self.store.put("crew", crew.with_agenda(agenda))

    def on_add_goal(self, _target: Any, _event: Any) -> None:
        field = self.bound("new-goal")
        text = " ".join(str(field.value).split())
        crew = self.state
        crew = crew.with_agenda(crew.agenda.add_goal(text))
        field.value = ""
        self.store.put("crew", crew)

    def on_toggle_goal(self, target: Any, _event: Any) -> None:
        crew = self.state
        index = int(str(target.dataset.index))
        self.store.put("crew", crew.with_agenda(crew.agenda.toggle(index)))

    def on_reword_goal(self, target: Any, _event: Any) -> None:
        crew = self.state
        index = int(str(target.dataset.index))
        goal = crew.agenda.goals[index]
        text = " ".join(str(target.value).split())
        if not text:
            target.value = self.t(goal.title)
            raise RulesError(Step(N_("A goal needs words; to drop it, remove it.")))
        if text == self.t(goal.title):
            return
        agenda = crew.agenda.rename_goal(index, text)
        self.commit(
            crew.with_agenda(agenda),
            Step(
                N_("Goal reworded: {before} → {after}"),
                {"before": goal.title, "after": agenda.goals[index].title},
            ),
            (),
        )

    def on_remove_goal(self, target: Any, _event: Any) -> None:
        crew = self.state
        index = int(str(target.dataset.index))
        goal = crew.agenda.goals[index]
        crew = crew.with_agenda(crew.agenda.remove_goal(index))
        self.commit(crew, Step(N_("Goal removed: {goal}"), {"goal": goal.title}), ())

    # --- characters ----------------------------------------------------------------------------

    def build_values(self) -> dict[Characteristic, int]:
        """The new character's values as chosen in the form."""
        return {c: int(str(dom.one("select", row).value)) for c, row in self.values.items()}

    def on_build_value(self, _target: Any, _event: Any) -> None:
        self.render_points()

    def on_build_spread(self, target: Any, _event: Any) -> None:
        """A spread tapped: its values fill the dropdowns, which stay open to change."""
        key = str(target.value)
        spread = next((s for s in spreads(self.crew_settings().build_points) if s.key == key), None)
        if spread is None:
            raise dom.WiringError(f"no spread {key!r} for these build points")
        for characteristic, row in self.values.items():
            dom.one("select", row).value = str(spread.value(characteristic))
        self.render_points()

    def on_add_character(self, _target: Any, _event: Any) -> None:
        field = self.bound("new-name")
        name = " ".join(str(field.value).split())
        if not name:
            raise RulesError(Step(N_("Give the new character a name.")))
        crew = self.state
        character = new_character(crew.next_id(), name, self.build_values(), self.crew_settings())
        field.value = ""
        for row in self.values.values():
            dom.one("select", row).value = "1"
        self.render_points()
        self.bound("new-character").open = False
        self.commit(crew.put(character), Step(N_("{name} joins the crew."), {"name": name}), ())

    def _target(self, target: Any) -> tuple[Character, Category | None, int]:
        """The character a card's control is for, its track's category, its trauma's place."""
        character = self.member(str(target.dataset.char))
        category = (
            Category(str(target.getAttribute("data-category")))
            if target.hasAttribute("data-category")
            else None
        )
        index = (
            int(str(target.getAttribute("data-index"))) if target.hasAttribute("data-index") else -1
        )
        return character, category, index

    def _category(self, target: Any) -> tuple[Character, Category]:
        character, category, _index = self._target(target)
        if category is None:
            raise dom.WiringError("a track's control names its category")
        return character, category

    def on_stress_more(self, target: Any, _event: Any) -> None:
        self.apply(take_stress(*self._category(target), 1))

    def on_stress_less(self, target: Any, _event: Any) -> None:
        character, category = self._category(target)
        change = remove_stress(character, category)
        self.commit(self.state.put(change.character), change.steps[0], change.steps[1:])

    def on_stress_convert(self, target: Any, _event: Any) -> None:
        self.apply(convert_stress(*self._category(target)))

    def on_cling(self, target: Any, _event: Any) -> None:
        character, category = self._category(target)
        ask_for_test(self, character, category, None)

    def on_let_go(self, target: Any, _event: Any) -> None:
        self.apply(let_go(*self._category(target)))

    def on_back(self, target: Any, _event: Any) -> None:
        self.apply(return_to_play(self._target(target)[0]))

    def on_recover(self, target: Any, _event: Any) -> None:
        character, _category, index = self._target(target)
        if not 0 <= index < len(character.traumas):
            raise RulesError(Step(N_("There is no trauma number {number}."), {"number": index + 1}))
        ask_for_test(self, character, character.traumas[index].category, index)

    def on_strike(self, target: Any, _event: Any) -> None:
        character, _category, index = self._target(target)
        struck = remove_trauma(character, index)
        self.commit(
            self.state.put(struck),
            Step(
                N_("{name}: trauma struck off: {trauma}"),
                {"name": character.name, "trauma": character.traumas[index].title},
            ),
            (),
        )

    def on_add_trauma(self, target: Any, _event: Any) -> None:
        character = self._target(target)[0]
        card = target.closest("article")
        name = " ".join(str(dom.one(".trauma-name", card).value).split())
        trauma = Trauma(
            name,
            Category(str(dom.one(".trauma-category", card).value)),
            int(str(dom.one(".trauma-severity", card).value)),
        )
        self.apply(add_trauma(character, trauma))
        # The card is filled again in place: the form is emptied and closed for the next.
        dom.one(".trauma-name", card).value = ""
        dom.one(".add-trauma", card).open = False

    def on_share(self, target: Any, _event: Any) -> None:
        self.app.share("character", self._target(target)[0].id)

    def on_delete(self, target: Any, _event: Any) -> None:
        character = self._target(target)[0]
        self.commit(
            self.state.without(character.id),
            Step(N_("{name} is deleted from the crew."), {"name": character.name}),
            (),
        )

    def on_rename_trauma(self, target: Any, _event: Any) -> None:
        character, _category, index = self._target(target)
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

    def on_edit_value(self, target: Any, _event: Any) -> None:
        """A characteristic changed after creation (a group vote): not checked against
        the build points, as the rules leave later changes to the table."""
        character = self.member(str(target.dataset.char))
        characteristic = Characteristic(str(target.getAttribute("data-characteristic")))
        before = character.value(characteristic)
        after = int(str(target.value))
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

    # --- rendering ---------------------------------------------------------------------------

    def render(self) -> None:
        """Draw what changed since the last render: each region is keyed on what it reads
        (:meth:`omen_web.kit.screen.Screen.unchanged`), each character's card on the character."""
        crew = self.state
        self.render_game()
        self.render_last()
        agenda = crew.agenda
        if not self.unchanged("encounter", agenda.encounter):
            for radio in self.root.querySelectorAll('input[name="encounter-type"]'):
                radio.checked = radio.value == agenda.encounter.value
            dom.text(self.bound("encounter-hint"), self.t(agenda.encounter.hint))
        if not self.unchanged("goals", agenda.goals):
            self.render_goals(crew)
        self.render_cards(crew)
        if not self.unchanged("empty", bool(crew.characters)):
            dom.show(self.bound("crew-empty"), not crew.characters)
            if not crew.characters:
                self.bound("new-character").open = True
        if not self.unchanged("build-labels"):
            for characteristic, row in self.values.items():
                dom.text(dom.one(".label", row), self.t(characteristic.label))
        # The form's own fields change the line through on_build_value and on_add_character.
        if not self.unchanged("points", self.app.campaign.values):
            self.render_points()
        if not self.unchanged("spreads", self.crew_settings().build_points):
            self.render_spreads()

    def render_game(self) -> None:
        """Open where the crew is the campaign game's own (its Tests are The End of the
        World's); closed under its game's name, one tap away, where the game has its own
        rolls on top (:mod:`omen_web.screens.common.gametools`). Set when the game changes,
        so a game master's own opening or closing stays until then."""
        game = self.app.campaign.game
        if not self.unchanged("game", game):
            self.bound("crew-eotw").open = games.game_of(game).tests == "eotw"

    def render_last(self) -> None:
        """The line on top: the newest log entry when it changed the crew."""
        last = self.last_change()
        key = None if last is None else (last.id, last.undone, last.title, last.steps)
        if self.unchanged("last", key):
            return
        title = self.bound("crew-title")
        details = self.bound("crew-details")
        if last is None:
            dom.text(
                title,
                self.tr(N_("Your crew: stress, traumas and goals. Changes are saved as you go.")),
            )
            dom.show(details, False)
        else:
            dom.text(title, self.t(last.title))
            self.fill_steps("crew-steps", last.steps)
            dom.show(details, bool(last.steps))

    def render_goals(self, crew: Crew) -> None:
        goals = self.bound("goals")
        dom.clear(goals)
        for index, goal in enumerate(crew.agenda.goals):
            row = dom.clone("tpl-goal")
            box = dom.one('input[type="checkbox"]', row)
            box.checked = goal.done
            box.dataset.action = "toggle-goal"
            box.dataset.index = str(index)
            dom.text(dom.one(".label", row), self.t(goal.title))
            wording = dom.one(".goal-text", row)
            wording.value = self.t(goal.title)
            wording.dataset.action = "reword-goal"
            wording.dataset.index = str(index)
            wording.setAttribute(
                "aria-label", self.t(Step(N_("Wording of goal {number}"), {"number": index + 1}))
            )
            remove = dom.one(".remove", row)
            remove.dataset.action = "remove-goal"
            remove.dataset.index = str(index)
            remove.setAttribute(
                "aria-label", self.t(Step(N_("Remove goal: {goal}"), {"goal": goal.title}))
            )
            goals.append(row)

    def render_cards(self, crew: Crew) -> None:
        """One card per character, kept from render to render: a card is filled again
        only when its character changed (or the language did); the cards of characters
        gone are removed, new ones made, and all put in the crew's order."""
        holder = self.bound("characters")
        ids = [character.id for character in crew.characters]
        for gone in set(self.cards) - set(ids):
            self.cards.pop(gone).remove()
            self.forget_card(gone)
        for character in crew.characters:
            card = self.cards.get(character.id)
            if card is None:
                card = self.cards[character.id] = self.card(character)
                self.forget_card(character.id)
            if not self.unchanged("card " + character.id, character):
                self.fill_card(card, character)
        if ids != self.order:  # a card moves only when it is out of place
            previous = None
            for ident in ids:
                card = self.cards[ident]
                there = (
                    holder.firstElementChild if previous is None else previous.nextElementSibling
                )
                if not dom.found(there) or there != card:
                    if previous is None:
                        holder.prepend(card)
                    else:
                        previous.after(card)
                previous = card
            self.order = ids

    def forget_card(self, ident: str) -> None:
        for region in CARD_REGIONS:
            self.regions.forget(region + ident)

    def render_points(self) -> None:
        """Build points spent of those allowed (:func:`omen.eotw.crew.build_summary`)."""
        line = build_summary(self.build_values(), self.crew_settings())
        dom.text(self.bound("build-points"), self.t(line))

    def render_spreads(self) -> None:
        """One button for each common spread of the build points
        (:func:`omen.eotw.crew.spreads`)."""
        holder = self.bound("build-spreads")
        dom.clear(holder)
        for spread in spreads(self.crew_settings().build_points):
            button = dom.element("button")
            button.type = "button"
            button.className = "secondary"
            button.dataset.action = "build-spread"
            button.value = spread.key
            dom.text(button, self.tr(spread.name))
            holder.append(button)

    def _button(self, node: Any, action: str, character: Character, **data: str) -> None:
        node.dataset.action = action
        node.dataset.char = character.id
        for key, value in data.items():
            node.setAttribute(f"data-{key}", value)

    def card(self, character: Character) -> Any:
        """A new card for ``character``: what never changes for them (their controls'
        actions, the editor's fields, a row per stress track); :meth:`fill_card` fills it."""
        app = self.app
        card = app.clone("tpl-character")
        editor = dom.one(".edit-build", card)
        for characteristic in Characteristic:
            row = dom.clone("tpl-build-value")
            select = dom.one("select", row)
            select.classList.add("edit-value")
            select.dataset.action = "edit-value"
            select.dataset.char = character.id
            select.setAttribute("data-characteristic", characteristic.value)
            editor.append(row)
        tracks = dom.one(".tracks", card)
        for category in Category:
            row = app.clone("tpl-track")
            row.dataset.category = category.value
            for node, op in (
                (dom.one(".less", row), "stress-less"),
                (dom.one(".more", row), "stress-more"),
                (dom.one(".convert", row), "stress-convert"),
            ):
                self._button(node, op, character, category=category.value)
            tracks.append(row)
        self._button(dom.one(".back", card), "back", character)
        self._button(dom.one(".add-trauma .add", card), "add-trauma", character)
        self._button(dom.one(".delete", card), "delete", character)
        self._button(dom.one(".share", card), "share", character)
        return card

    def fill_card(self, card: Any, character: Character) -> None:  # noqa: C901 (a character card's regions, each drawn only when it changed)
        """Draw ``character`` on their card, in place, each part of it only when what it
        shows changed: what the game master opened or typed on the card (a details
        element, the new trauma's fields) stays, and so does the focus on a button."""
        app = self.app
        ident = character.id
        final = character.status.final
        values = tuple(character.value(c) for c in Characteristic)
        if not self.unchanged("card-status " + ident, character.status, character.removed_by):
            card.dataset.status = character.status.value
            dom.text(dom.one(".status", card), app.t(character.status_text))
        if not self.unchanged("card-values " + ident, values):
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
            for row, characteristic in zip(
                dom.every(".edit-build .field", card), Characteristic, strict=True
            ):
                dom.text(dom.one(".label", row), app.t(characteristic.label))
                dom.one("select", row).value = str(character.value(characteristic))
        rows = dom.every(".tracks .track", card)
        if not self.unchanged("card-labels " + ident):  # in the language of the page
            for row, category in zip(rows, Category, strict=True):
                self.label_track(row, category)
        for row, category in zip(rows, Category, strict=True):
            pending = category in character.pending
            key = (character.track(category), pending, final)
            if not self.unchanged(f"card-track-{category.value} {ident}", *key):
                self.fill_track(row, character, category)
        if not self.unchanged("card-pending " + ident, character.pending, values):
            holder = dom.one(".pending", card)
            dom.clear(holder)
            for category in character.pending:
                holder.append(self.cling_row(character, category))
        dom.show(
            dom.one(".back", card), character.status is Status.OUT_FOR_NOW and not character.pending
        )
        if not self.unchanged("card-traumas " + ident, character.traumas, values):
            traumas = dom.one(".traumas", card)
            dom.clear(traumas)
            for index, trauma in enumerate(character.traumas):
                traumas.append(self.trauma_row(character, index, trauma))
        if not self.unchanged("card-names " + ident, character.name):
            card.setAttribute("aria-label", character.name)
            dom.text(dom.one(".name", card), character.name)
            select = dom.one(".trauma-category", card)
            chosen = str(select.value)
            dom.fill_options(select, ((c.value, app.t(c.label)) for c in Category))
            if chosen:
                select.value = chosen
            dom.one(".delete", card).setAttribute(
                "aria-label", app.t(Step(N_("Delete character: {name}"), {"name": character.name}))
            )
            dom.one(".share", card).setAttribute(
                "aria-label", app.t(Step(N_("Share {name}"), {"name": character.name}))
            )
        # Gone for good: every control but Delete and Share is disabled (the rows just
        # made too); back in play (an Undo): enabled again, but an empty track's "−".
        if final or not self.unchanged("card-final " + ident, final):
            for node in dom.every("button:not(.delete):not(.share), input, select", card):
                node.disabled = final
            if not final:
                for row, category in zip(dom.every(".tracks .track", card), Category, strict=True):
                    dom.one(".less", row).disabled = character.track(category).filled == 0

    def fill_track(self, row: Any, character: Character, category: Category) -> None:
        app = self.app
        track = character.track(category)
        boxes = dom.one(".boxes", row)
        label = Step(
            N_("{category} stress {filled} of {boxes}"),
            {"category": category.label, "filled": track.filled, "boxes": BOXES},
        )
        if track.overflow:
            label = Step(N_("{track}, {count} over"), {"track": label, "count": track.overflow})
        boxes.setAttribute("aria-label", app.t(label))
        tiers = track.tiers()
        drawn = dom.every(".box", boxes)
        if len(drawn) == sum(len(tier) for tier in tiers):  # the same boxes, filled anew
            for box, filled in zip(drawn, (f for tier in tiers for f in tier), strict=True):
                box.className = "box filled" if filled else "box"
        else:
            dom.clear(boxes)
            for tier in tiers:
                group = dom.element("span")
                group.className = "tier"
                for filled in tier:
                    box = dom.element("span")
                    box.className = "box filled" if filled else "box"
                    group.append(box)
                boxes.append(group)
        # The stress past the ninth box, on the card too (the label above says it aloud).
        mark = dom.one(".over", row)
        over = Step(N_("+{count} over"), {"count": track.overflow}, plural=N_("+{count} over"))
        dom.text(mark, app.t(over) if track.overflow else "")
        dom.show(mark, track.overflow > 0)
        less, convert = dom.one(".less", row), dom.one(".convert", row)
        less.disabled = track.filled == 0 or character.status.final
        dom.show(convert, track.filled > 0 and category not in character.pending)

    def label_track(self, row: Any, category: Category) -> None:
        """A track's name and its buttons' names, which change only with the language."""
        app = self.app
        dom.text(dom.one(".track-label", row), app.t(category.label))
        less, more, convert = dom.one(".less", row), dom.one(".more", row), dom.one(".convert", row)
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

    def cling_row(self, character: Character, category: Category) -> Any:
        """A full track's choice: cling to life with a test, or let go."""
        app = self.app
        row = app.clone("tpl-cling")
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
        return row

    def trauma_row(self, character: Character, index: int, trauma: Trauma) -> Any:
        app = self.app
        row = app.clone("tpl-trauma")
        dom.text(
            dom.one(".label", row),
            app.t(Step(N_("Trauma {number}: name"), {"number": index + 1})),
        )
        name = dom.one(".name", row)
        name.value = trauma.name
        name.placeholder = app.t(trauma.title)
        name.dataset.action = "rename-trauma"
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
