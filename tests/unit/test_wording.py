"""Each game in its own words and order (issue 44, item 9): what a game says and the
order it lists its encounter procedures in are declared in its GameSpec, and nothing the
engine produces for one game carries another game's own words.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omen.campaign import settings
from omen.campaign.example import example_campaign
from omen.campaign.exploration import Procedure as Check
from omen.campaign.exploration import reminder_text
from omen.campaign.games import GAMES, game_of
from omen.campaign.meeting import violent_words
from omen.campaign.procedures import PROCEDURES, sheet
from omen.campaign.spec import ENCOUNTERS
from omen.campaign.state import Exploration, check
from omen.campaign.table_draw import roll_table
from omen.campaign.tables import Entry, Library, Location, Table
from omen.core.dice import ScriptedDice
from omen.core.i18n import Translator
from omen.core.roll import Step
from omen.gurps.travel import Travel, TravelCheck, travel_turn
from omen.ose import turn as ose_turn

WOLVES = Entry("Wolves", 1, 6, violent=True)
ROAD = Table("road", "The road", "d6", (WOLVES,))
LIBRARY = Library((ROAD,), (Location("road", "The road", ("road",), "road"),))
CZECH = Translator.load("cs", Path(__file__).resolve().parents[2] / "static" / "build" / "locale")

# Each game's own words (English and Czech): no other game's text may hold them.
OWN_WORDS = {
    "liminal_horror": ("Voidcrawl", "Tension Die", "A horror:", "Hrůza: tohle"),
    "ose": ("these monsters mean harm", "monstra chtějí", "Old-School Essentials"),
    "gurps": ("they are hostile", "jsou nepřátelští"),
    "eotw": ("mean the crew harm", "družině ublížit"),
}
# Words another game uses that a game's own texts must not (GURPS counts travel turns in
# hours and The End of the World scenes and days: Explore's shared checks play an
# exploration turn there, „Odehrát směnu“, never Liminal Horror's and OSE's own „Další
# směna“ nor a bare turn; neither names Liminal Horror's rules as its own).
NOT_OURS = {
    "gurps": ("Další směn", "Next turn", "Liminal Horror"),
    "eotw": ("Další směn", "Next turn", "Liminal Horror"),
    "ose": ("Liminal Horror",),
}
# The procedures every game shares whose help sheets each game tells in its own words.
TOLD = ("time_passes", "lights_timers", "reminder")


def english(steps: tuple[Step, ...]) -> list[str]:
    return [step.english() for step in steps]


def violent_step(game: str) -> tuple[Step, ...]:
    """The steps of a violent row met the way ``game`` meets it (its own procedure)."""
    if game == "gurps":
        _, outcome = travel_turn(
            Travel(TravelCheck.TABLE, "road"), LIBRARY, None, 4, ScriptedDice([1])
        )
        return outcome.steps
    if game == "ose":
        _, outcome = ose_turn.next_turn(
            ose_turn.TurnState(turn=1),
            {},
            ScriptedDice([1, 1, 1]),
            library=LIBRARY,
            location="road",
        )
        return outcome.steps
    state = Exploration(procedure=Check.ENCOUNTER_DIE, location="road")
    _, outcome = check(
        state, settings.clean({}), ScriptedDice([1, 1, 1]), advance=True, library=LIBRARY, game=game
    )
    return outcome.steps


def checks_panel(game: str) -> list[Step]:
    """What Explore's shared checks say of their turn in ``game``: the clock, the button,
    the hint before the first turn, the reminder, and the steps of a turn and of drawing
    attention (a check the game runs through its GameSpec's words)."""
    words = game_of(game).turn
    said = [Step(words.clock), Step(words.next), Step(words.tap)]
    said += [reminder_text(minutes, words) for minutes in (1, 3, 25)]
    state = Exploration(procedure=Check.ENCOUNTER_DIE, location="road")
    values = settings.clean({})
    for advance in (True, False):
        _, outcome = check(state, values, ScriptedDice([5]), advance=advance, game=game)
        said += [outcome.title, *outcome.steps]
    return said


def help_sheets(game: str) -> list[Step]:
    """The help sheets of the procedures every game shares, as ``game`` tells them."""
    said: list[Step] = []
    for key in TOLD:
        procedure = sheet(key, game).procedure
        said += [Step(procedure.name), Step(procedure.source)]
        said += [Step(line) for line in procedure.rule]
    return said


def game_texts(game: str) -> list[str]:
    """What the engine gives for ``game``: its example (both languages), its example's
    note, its own procedures and their rules, its violent-encounter step, Explore's
    shared checks as the game words them and the shared procedures' help sheets in its
    words (each message in English and Czech)."""
    messages: list[Step] = [Step(game_of(game).example_note), violent_words(game)]
    for procedure in PROCEDURES.values():
        if procedure.game == game:
            messages += [Step(procedure.name), *(Step(line) for line in procedure.rule)]
    messages += violent_step(game)
    messages += checks_panel(game) + help_sheets(game)
    texts = [step.english() for step in messages] + [CZECH.render(step) for step in messages]
    for language in ("en", "cs"):
        example = example_campaign(language, game)
        texts.append(example.title)
        for table in example.library.tables:
            texts += [table.name, *(entry.text for entry in table.entries)]
        texts += [location.name for location in example.library.locations]
    return texts


# --- (a) the violent line -------------------------------------------------------------


def test_a_gurps_travel_turn_says_violent_in_gurps_words() -> None:
    _, outcome = travel_turn(Travel(TravelCheck.TABLE, "road"), LIBRARY, None, 4, ScriptedDice([1]))
    said = english(outcome.steps)
    assert "Marked violent on the table: they are hostile." in said
    assert "A horror: this encounter is violent." not in said


def test_each_spec_declares_its_violent_line() -> None:
    assert game_of("gurps").violent == "Marked violent on the table: they are hostile."
    assert game_of("liminal_horror").violent == "A horror: this encounter is violent."


def test_an_eotw_explore_check_says_violent_in_eotw_words_and_keeps_them() -> None:
    state = Exploration(procedure=Check.ENCOUNTER_DIE, location="road")
    values = settings.clean({})
    after, outcome = check(
        state, values, ScriptedDice([1, 1, 1]), advance=True, library=LIBRARY, game="eotw"
    )
    said = english(outcome.steps)
    assert "A violent encounter: they mean the crew harm." in said
    assert "A horror: this encounter is violent." not in said
    assert after.last == outcome


SAYS = {
    "liminal_horror": "A horror: this encounter is violent.",
    "ose": "Marked violent on the table: these monsters mean harm.",
    "gurps": "Marked violent on the table: they are hostile.",
    "eotw": "A violent encounter: they mean the crew harm.",
}
CZECH_SAYS = {
    "liminal_horror": "Hrůza: tohle setkání je násilné.",
    "eotw": "Násilné setkání: chtějí družině ublížit.",
}


@pytest.mark.parametrize("game", list(GAMES))
def test_each_games_check_builds_its_violent_step_in_its_own_words(game: str) -> None:
    """The step is made in the game's words where the row is drawn: each other game's
    line is nowhere in the steps (no swap afterwards could hide a wrong depth)."""
    said = english(violent_step(game))
    assert said.count(SAYS[game]) == 1
    assert not {line for other, line in SAYS.items() if other != game} & set(said)
    if game in CZECH_SAYS:
        assert CZECH_SAYS[game] in [CZECH.render(step) for step in violent_step(game)]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_may_run_the_shared_checks_in_its_own_words(game: str) -> None:
    state = Exploration(procedure=Check.TENSION_DIE, location="road", pool=1)
    _, outcome = check(
        state, settings.clean({}), ScriptedDice([4, 1]), advance=True, library=LIBRARY, game=game
    )
    assert outcome.kind == "encounter"
    assert SAYS[game] in english(outcome.steps)


def test_a_table_drawn_says_the_line_it_is_given() -> None:
    result = roll_table(LIBRARY, "road", ScriptedDice([2]), violent=SAYS["ose"])
    assert english(result.steps)[-1] == SAYS["ose"]
    assert (
        english(roll_table(LIBRARY, "road", ScriptedDice([2])).steps)[-1] == SAYS["liminal_horror"]
    )


# --- (b) the order of the encounter procedures --------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_the_encounter_screen_lists_the_games_own_first(game: str) -> None:
    order = game_of(game).encounters
    assert order[0] == game_of(game).encounter
    assert sorted(order) == sorted(ENCOUNTERS)


def test_a_gurps_campaign_lists_gurps_then_the_reaction_roll_then_ose() -> None:
    assert game_of("gurps").encounters == ("gurps", "reaction", "ose")
    assert game_of("eotw").encounters == ("reaction", "ose", "gurps")


# --- (c) the example's note ---------------------------------------------------------------


@pytest.mark.parametrize("game", ["ose", "gurps", "eotw"])
def test_an_example_note_names_no_voidcrawl_outside_liminal_horror(game: str) -> None:
    note = Step(game_of(game).example_note)
    assert "Voidcrawl" not in note.english() and "Voidcrawl" not in CZECH.render(note)
    assert "Voidcrawl" in game_of("liminal_horror").example_note


# --- the walk: no game speaks another game's own words ----------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_no_game_speaks_another_games_words(game: str) -> None:
    texts = game_texts(game)
    assert any(game_of(game).violent in text for text in texts)  # the walk reached it
    found = {
        (other, word, text)
        for other, words in OWN_WORDS.items()
        if other != game
        for word in words
        for text in texts
        if word in text
    }
    found |= {
        (game, word, text) for word in NOT_OURS.get(game, ()) for text in texts if word in text
    }
    assert found == set()


# --- (d) the shared procedures' help sheets and Explore's checks, in the game's words ------


def test_the_shared_help_sheets_follow_the_campaigns_game() -> None:
    assert "Liminal Horror" in sheet("reminder", "liminal_horror").procedure.rule[0]
    lights = {game: sheet("lights_timers", game).procedure.rule for game in GAMES}
    assert any(line.startswith("GURPS counts hours") for line in lights["gurps"])
    assert not any("Old-School Essentials" in line for line in lights["gurps"])
    assert any(line.startswith("Old-School Essentials counts") for line in lights["ose"])
    assert any(line.startswith("The End of the World counts") for line in lights["eotw"])
    assert sheet("time_passes", "gurps").procedure.source != sheet("time_passes").procedure.source


def test_the_checks_turn_is_a_smena_and_an_exploration_one_where_a_game_has_its_own() -> None:
    assert CZECH.gettext(game_of("liminal_horror").turn.next) == "Další směna"
    assert CZECH.gettext(game_of("ose").turn.next) == "Další směna"
    for game in ("gurps", "eotw"):
        words = game_of(game).turn
        assert CZECH.gettext(words.next) == "Odehrát směnu"
        assert CZECH.render(Step(words.begins, {"turn": 2})) == "Začíná směna průzkumu 2."
        assert CZECH.render(reminder_text(3, words)) == (
            "3 minuty bez směny průzkumu: čas klepnout na „Odehrát směnu“?"
        )
