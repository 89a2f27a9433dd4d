"""A headline and the light or timer that ended in its step read as two sentences, in
English and in Czech, on every panel (Liminal Horror's checks, the OSE turn, the GURPS
road, The End of the World's time)."""

from __future__ import annotations

import pytest

from omen.campaign import settings
from omen.campaign.exploration import Procedure
from omen.campaign.state import Exploration, Outcome, check
from omen.campaign.tables import Entry, Library, Table
from omen.campaign.timers import LightKind, Timers, Unit, add_light, add_timer, follow, tick
from omen.core.dice import ScriptedDice
from omen.core.i18n import Translator
from omen.core.roll import Step, as_sentence
from omen.eotw.span import pass_time as eotw_pass
from omen.gurps.travel import Travel, TravelCheck, travel_turn
from omen.ose import turn as ose
from omen.ose.turn import TurnState


def torch(left: int = 1) -> Timers:
    return add_light(Timers(), LightKind.TORCH, left, Unit.TURN)


def with_burn(outcome: Outcome, timers: Timers) -> Outcome:
    _, burn = tick(timers, 1, Unit.TURN)
    return follow(outcome, burn)


def test_tension_die_nothing_yet_then_a_torch_out(czech: Translator) -> None:
    values = settings.clean({})
    _, outcome = check(Exploration(pool=20), values, ScriptedDice([3]), advance=True)
    title = with_burn(outcome, torch()).title
    assert title.english() == "Tension Die: nothing yet (pool 17). Torch 1 goes out."
    assert czech.render(title) == "Kostka napětí: zatím nic (zásobník 17). Pochodeň 1 zhasla."


def test_a_headline_ending_in_a_sentence_gets_no_second_stop(czech: Translator) -> None:
    values = settings.clean({})
    state = Exploration(procedure=Procedure.ENCOUNTER_DIE)
    _, outcome = check(state, values, ScriptedDice([5]), advance=True)
    title = with_burn(outcome, torch()).title
    assert title.english() == "Encounter Die 5: Nothing happens. Torch 1 goes out."
    assert ".." not in czech.render(title)
    assert czech.render(title).endswith(". Pochodeň 1 zhasla.")


def test_two_endings_and_how_many_more(czech: Translator) -> None:
    values = settings.clean({})
    timers = add_timer(torch(), "Ritual", 1, Unit.TURN)
    _, outcome = check(Exploration(pool=20), values, ScriptedDice([2]), advance=True)
    title = with_burn(outcome, timers).title
    assert title.english() == (
        "Tension Die: nothing yet (pool 18). Torch 1 goes out. 1 more light or timer ran out too."
    )
    assert czech.render(title).startswith(
        "Kostka napětí: zatím nic (zásobník 18). Pochodeň 1 zhasla."
    )


def test_ose_wandering_monsters_then_a_torch_out(czech: Translator) -> None:
    state = ose.add_light(TurnState(turn=1), ose.LightKind.TORCH)
    state = ose.replace(state, lights=(ose.replace(state.lights[0], left=1),))
    _, outcome = ose.next_turn(state, {}, ScriptedDice([1]))
    assert outcome.title.english() == (
        "Turn 2: wandering monsters! (1 on the d6). Torch 1 goes out."
    )
    rendered = czech.render(outcome.title)
    assert "). Pochodeň 1 dohořela." in rendered


def test_gurps_check_table_text_then_a_torch_out(czech: Translator) -> None:
    road = Table("road", "The north road", "d6", (Entry("An empty camp", 1, 6),))
    state = Travel(TravelCheck.TABLE, "road")
    _, outcome = travel_turn(state, Library((road,)), None, 4, ScriptedDice([3]))
    title = with_burn(outcome, torch()).title
    assert title.english() == "The north road: An empty camp. Torch 1 goes out."
    assert czech.render(title).endswith("An empty camp. Pochodeň 1 zhasla.")


def test_eotw_time_passes_then_a_timer_out(czech: Translator) -> None:
    timers = add_timer(Timers(), "Jana's burns", 1, Unit.DAY)
    _, result = eotw_pass(timers, 1, Unit.DAY)
    assert result.title.english() == "Time passes (1 day). Timer 'Jana's burns' runs out."
    assert ".." not in czech.render(result.title)


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("Nothing yet (pool 3)", "Nothing yet (pool 3)."),
        ("Wandering monsters!", "Wandering monsters!"),
        ("Who comes?", "Who comes?"),
        ("Nobody comes.", "Nobody comes."),
        ("An open end…", "An open end…"),
        ("trailing space ", "trailing space."),
        ("", ""),
    ],
)
def test_as_sentence(text: str, sentence: str) -> None:
    assert as_sentence(text) == sentence


def test_other_messages_are_left_as_they_are() -> None:
    assert Step("{headline}", {"headline": Step("Turn 4")}).english() == "Turn 4"
