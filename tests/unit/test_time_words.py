"""Time words: turn N begins when the N-1 turns before it are over, in every clock that
says when a turn begins (omen.campaign.exploration.passed_before), and the clocks' "time
passed" after N turns is what the next turn begins at. The sentences in English and in
Czech, each Czech count in its three plural forms.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from omen.campaign.exploration import TurnClock, passed_before, time_passed
from omen.campaign.tables import Library
from omen.core.dice import ScriptedDice
from omen.core.i18n import Translator
from omen.core.roll import Step
from omen.gurps.travel import Travel, camp, hours_on_road, travel_turn
from omen.ose import turn as ose

OSE_BEGINS = "Turn {turn} begins ({count} minute in)."
OSE_BEGINS_PLURAL = "Turn {turn} begins ({count} minutes in)."
GURPS_BEGINS = "Travel turn {turn} begins: {count} hour on the road so far."
GURPS_BEGINS_PLURAL = "Travel turn {turn} begins: {count} hours on the road so far."


@given(turn=st.integers(1, 10_000), length=st.integers(1, 1440), besides=st.integers(0, 1000))
def test_turn_n_begins_when_the_turns_before_it_are_over(
    turn: int, length: int, besides: int
) -> None:
    assert passed_before(turn, length, besides) == (turn - 1) * length + besides
    assert passed_before(turn + 1, length, besides) == time_passed(turn, length, besides)
    assert time_passed(turn, length) == turn * length


def test_the_first_turn_begins_at_nothing_passed() -> None:
    assert passed_before(1, 10) == 0
    assert TurnClock().elapsed_minutes == 0
    assert TurnClock(turn=1).elapsed_minutes == 10  # once turn 1 is over


def test_ose_each_turn_begins_where_the_last_one_ended() -> None:
    state = ose.TurnState()
    for number in range(1, 8):
        ended = state.turn * ose.TURN_MINUTES  # the time when the turn before is over
        state, outcome = ose.next_turn(state, {}, ScriptedDice([6]))
        said = outcome.steps[0].english()
        assert said == f"Turn {number} begins ({ended} minutes in)."
    assert state.turn == 7


def test_ose_the_sentence_the_issue_saw_is_gone() -> None:
    _, outcome = ose.next_turn(ose.TurnState(), {}, ScriptedDice([6]))
    assert outcome.steps[0].english() == "Turn 1 begins (0 minutes in)."


def test_gurps_each_travel_turn_begins_at_the_hours_already_on_the_road() -> None:
    state = Travel()
    for number in range(1, 7):
        before = hours_on_road(state, 4)
        state, outcome = travel_turn(state, Library(), None, 4, ScriptedDice([6]))
        assert outcome.steps[0].english() == (
            f"Travel turn {number} begins: {before} hours on the road so far."
        )
    # the issue's sentence: turn 6 of 4-hour turns begins after 20 hours, not 24
    assert outcome.steps[0].english() == "Travel turn 6 begins: 20 hours on the road so far."
    state, _ = camp(state, 4)  # 8:00 + 24 h = 8:00 on day 2: camp until 7:00 on day 3
    before = hours_on_road(state, 4)
    _, outcome = travel_turn(state, Library(), None, 4, ScriptedDice([6]))
    assert outcome.steps[0].english() == f"Travel turn 7 begins: {before} hours on the road so far."


def test_one_hour_in_english() -> None:
    _, outcome = travel_turn(Travel(turn=1), Library(), None, 1, ScriptedDice([6]))
    assert outcome.steps[0].english() == "Travel turn 2 begins: 1 hour on the road so far."


def test_czech_time_words_in_their_three_forms(czech: Translator) -> None:
    def ose_said(turn: int, count: int) -> str:
        step = Step(OSE_BEGINS, {"turn": turn, "count": count}, plural=OSE_BEGINS_PLURAL)
        return czech.render(step)

    def gurps_said(turn: int, count: int) -> str:
        step = Step(GURPS_BEGINS, {"turn": turn, "count": count}, plural=GURPS_BEGINS_PLURAL)
        return czech.render(step)

    assert ose_said(1, 0) == "Začíná směna 1 (zatím uplynulo 0 minut)."
    assert ose_said(2, 1) == "Začíná směna 2 (zatím uplynula 1 minuta)."
    assert ose_said(3, 2) == "Začíná směna 3 (zatím uplynuly 2 minuty)."
    assert ose_said(2, 10) == "Začíná směna 2 (zatím uplynulo 10 minut)."
    assert gurps_said(1, 0) == "Začíná 1. směna cesty: na cestě zatím uplynulo 0 hodin."
    assert gurps_said(2, 1) == "Začíná 2. směna cesty: na cestě zatím uplynula 1 hodina."
    assert gurps_said(2, 4) == "Začíná 2. směna cesty: na cestě zatím uplynuly 4 hodiny."
    assert gurps_said(6, 20) == "Začíná 6. směna cesty: na cestě zatím uplynulo 20 hodin."
    # what the engine builds is the message checked here
    _, outcome = ose.next_turn(ose.TurnState(turn=1), {}, ScriptedDice([6]))
    assert czech.render(outcome.steps[0]) == "Začíná směna 2 (zatím uplynulo 10 minut)."
    _, outcome = travel_turn(Travel(turn=1), Library(), None, 3, ScriptedDice([6]))
    assert czech.render(outcome.steps[0]) == (
        "Začíná 2. směna cesty: na cestě zatím uplynuly 3 hodiny."
    )
