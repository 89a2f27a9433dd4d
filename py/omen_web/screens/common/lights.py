"""Lights and named timers on a game's Explore panel: the list of what burns or runs,
each with its *Put out* or *End* button, and the forms that light a light and set a
timer. Liminal Horror's checks, GURPS travel and The End of the World's scene share it.

The rules are :mod:`omen.campaign.timers`'s; the state is the store's ``timers`` (one
per campaign). A panel's screen makes one :class:`Lights` with the prefix of its
elements, the game whose campaign shows the list on it and the units it counts in (the
first one for lights), counts it among its jobs (``kit.Actions``: it answers its own
three actions), and calls
:meth:`Lights.tick` when its own time passes, so its result's headline says what went
out. Each change goes through ``store.act`` (one log entry; Undo takes it
back). The markup follows the Old-School Essentials turn's (``ose-lights``), so both
look the same; each panel's elements are named ``<prefix>-lights`` and so on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from omen.campaign.state import Outcome
from omen.campaign.timers import (
    KIND,
    LIGHT_NAMES,
    MAX_COUNT,
    LightKind,
    Timers,
    Unit,
    add_light,
    add_timer,
    ended_in,
    follow,
    lit_text,
    look_ahead,
    put_out,
    tick,
    warnings,
)
from omen.core.roll import N_, Step
from omen_web.kit import dom, fields
from omen_web.kit import screen as kit

# the unit in a timer's "How long" when the panel counts in one unit only
UNIT_WORDS = {
    Unit.TURN: N_("exploration turns"),
    Unit.HOUR: N_("hours"),
    Unit.SCENE: N_("scenes"),
    Unit.DAY: N_("days"),
}
# what the count field is called in each unit
COUNT_LABELS = {
    Unit.TURN: N_("Exploration turns"),
    Unit.HOUR: N_("Hours"),
    Unit.SCENE: N_("Scenes"),
    Unit.DAY: N_("Days"),
}


class Lights(kit.Actions):
    """A panel's lights and timers; see the module's docstring. The panel's screen owns
    it as one of its jobs, so it answers ``lights-light``, ``lights-timer`` and
    ``lights-put-out`` itself."""

    def __init__(self, screen: kit.Screen, prefix: str, game: str, units: tuple[Unit, ...]) -> None:
        self.screen = screen
        self.store = screen.store
        self.lights_prefix = prefix  # its elements: "<prefix>-lights" ...
        self.lights_game = game  # the game whose campaign keeps its lights here
        self.lights_units = units  # the first one for lights

    @property
    def timers(self) -> Timers:
        """The lights and timers as the store holds them."""
        value: Timers = self.store.get("timers")
        return value

    def lights_here(self) -> bool:
        """Whether this panel shows the campaign's lights (its game is the campaign's)."""
        return str(self.store.get("campaign").game) == self.lights_game

    def lights_bound(self, name: str) -> Any:
        return self.screen.bound(f"{self.lights_prefix}-{name}")

    def t(self, step: Step) -> str:
        return self.screen.t(step)

    def tr(self, message: str) -> str:
        return self.screen.tr(message)

    # --- actions --------------------------------------------------------------------

    def on_lights_light(self, _target: Any, _event: Any) -> None:
        """Light the light chosen, for the count typed."""
        kind = LightKind(str(self.lights_bound("light-kind").value))
        count = fields.whole(
            self.lights_bound("light-count"), 1, MAX_COUNT, N_("how long it lasts")
        )
        state = add_light(self.timers, kind, count, self.lights_units[0])
        self.store.act(Outcome(lit_text(state.entries[-1]), (), KIND), timers=state)

    def on_lights_timer(self, _target: Any, _event: Any) -> None:
        """Set the timer named, for the count typed."""
        name = self.lights_bound("timer-name")
        count = fields.whole(
            self.lights_bound("timer-count"), 1, MAX_COUNT, N_("how long it lasts")
        )
        state = add_timer(self.timers, str(name.value), count, self.timer_unit())
        name.value = ""
        self.store.act(Outcome(lit_text(state.entries[-1]), (), KIND), timers=state)

    def on_lights_put_out(self, target: Any, _event: Any) -> None:
        """Put out the light or end the timer of the button tapped."""
        state, said = put_out(self.timers, int(str(target.dataset.id)))
        self.store.act(Outcome(said, (), KIND), timers=state)

    def timer_unit(self) -> Unit:
        chosen = str(self.lights_bound("timer-unit").value)
        return next((u for u in self.lights_units if u.value == chosen), self.lights_units[0])

    # --- time passing ---------------------------------------------------------------

    def tick(self, outcome: Outcome, count: int, unit: Unit) -> tuple[Timers, Outcome]:
        """The lights and timers after ``count`` units of this panel's time, and
        ``outcome`` saying in its headline what went out."""
        state, burn = tick(self.timers, count, unit, among=self.lights_units)
        return state, follow(outcome, burn)

    def ahead(self, count: int, unit: Unit) -> tuple[Step, ...]:
        """What will go out or run out within the next ``count`` units."""
        if not self.lights_here():
            return ()
        return look_ahead(self.timers, count, unit, among=self.lights_units)

    # --- drawing --------------------------------------------------------------------

    def render_warnings(self, last: Outcome | None) -> None:
        """Under the panel's result: what its last result saw end, and what has one unit
        left now (on the campaign's own game's panel)."""
        lines: list[Step] = []
        if self.lights_here():
            lines.extend(ended_in(last))
            state = self.timers
            # what another game's panel counts (a campaign whose game changed) is not warned of
            here = tuple(x for x in state.entries if x.unit in self.lights_units)
            lines.extend(warnings(replace(state, entries=here)))
        self.screen.fill_steps(f"{self.lights_prefix}-warnings", lines)

    def render(self) -> None:
        """The list and the forms, shown on the campaign's own game's panel only."""
        box = self.lights_bound("lights-box")
        here = self.lights_here()
        dom.show(box, here)
        state = self.timers
        if not here or self.screen.unchanged("lights", state.entries, self.lights_units):
            return
        self.fill_forms()
        target = self.lights_bound("lights")
        dom.clear(target)
        # what another game's panel counts (a campaign whose game changed) is not shown
        shown = [x for x in state.entries if x.unit in self.lights_units]
        if not shown:
            item = dom.element("li")
            dom.text(item, self.tr(N_("Nothing is burning and no timer runs.")))
            target.append(item)
            return
        for entry in shown:
            item = dom.element("li")
            label = dom.element("span")
            text = entry.left_text()
            dom.text(label, self.t(text))
            item.append(label)
            if entry.left == 1:
                item.dataset.warn = "true"
            button = dom.element("button")
            button.type = "button"
            button.className = "secondary small"
            button.dataset.action = "lights-put-out"
            button.dataset.id = str(entry.id)
            # a light is put out, a timer ended
            word, aria = (
                (N_("Put out"), N_("Put out {what}"))
                if entry.light
                else (N_("End"), N_("End {what}"))
            )
            dom.text(button, self.tr(word))
            button.setAttribute("aria-label", self.t(Step(aria, {"what": entry.called()})))
            item.append(button)
            target.append(item)

    def fill_forms(self) -> None:
        """The light kinds, and the units a timer may count in (the choice hidden when
        the panel counts in one), in the current language."""
        kind = self.lights_bound("light-kind")
        fields.choices(
            kind,
            [(k.value, self.tr(LIGHT_NAMES[k])) for k in LightKind],
            str(kind.value) or LightKind.TORCH.value,
        )
        dom.text(self.lights_bound("light-unit"), self.tr(COUNT_LABELS[self.lights_units[0]]))
        unit = self.lights_bound("timer-unit")
        chosen = str(unit.value) or self.lights_units[0].value
        fields.choices(
            unit, [(u.value, self.tr(COUNT_LABELS[u])) for u in self.lights_units], chosen
        )
        one = len(self.lights_units) == 1
        dom.show(self.lights_bound("timer-unit-box"), not one)
        how_long = (
            Step(N_("How long ({unit})"), {"unit": Step(UNIT_WORDS[self.lights_units[0]])})
            if one
            else Step(N_("How long"))
        )
        dom.text(self.lights_bound("timer-count-label"), self.t(how_long))
