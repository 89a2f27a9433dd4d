"""The session recap: dated, in the language, each public result's steps folded to one
line, as plain text and as Markdown, within its size cap."""

from __future__ import annotations

import pytest

from omen.campaign import players
from omen.campaign.recap import MAX_RECAP, Day, day_text, recap
from omen.campaign.state import Entry
from omen.core.dice import ScriptedDice
from omen.core.i18n import Translator
from omen.core.roll import Step
from omen.eotw.crew import Character, Crew
from omen.eotw.players import roll_ask

EN = Translator.english()
DAY = Day(2026, 12, 6)


def asked_entries() -> list[Entry]:
    """Two tests Eva and *Bo* asked for, and one undone, oldest first."""
    crew = Crew((Character("c1", "Ana", logic=3),))
    ask = {"character": "c1", "characteristic": "logic", "pool": {}}
    first = roll_ask(crew, ask, ScriptedDice([2]), {}, "Eva")
    second = roll_ask(crew, {**ask, "pool": {"pushed": True}}, ScriptedDice([5, 6, 5]), {}, "*Bo*")
    return [
        Entry(1, "2026-12-06T20:41:00", first.title, first.steps, ""),
        Entry(2, "2026-12-06T20:45:00", second.title, second.steps, "", undone=True),
        Entry(3, "2026-12-06T21:02:00", second.title, second.steps, ""),
    ]


def test_the_plain_recap_is_dated_and_folds_each_results_steps_to_one_line() -> None:
    text = recap(asked_entries(), EN, DAY, game="The End of the World")
    lines = text.split("\n")
    assert lines[0] == "Session recap: The End of the World, 6 December 2026"
    assert lines[1] == ""
    assert lines[2] == "20:41 Eva asked: Ana: Success: 1 success, 0 stress"
    assert lines[3].startswith("  Eva asks for a test of Logic · ")
    assert lines[4].startswith("21:02 *Bo* asked: Ana: ")
    assert len(lines) == 6  # the undone entry is left out: two results, two lines each
    assert "20:45" not in text


def test_the_markdown_recap_keeps_typed_names_as_typed() -> None:
    text = recap(asked_entries(), EN, DAY, markdown=True)
    lines = text.split("\n")
    assert lines[0] == "## Session recap, 6 December 2026"
    assert lines[2] == "- **20:41 Eva asked: Ana: Success: 1 success, 0 stress**"
    assert lines[4].startswith("- **21:02 \\*Bo\\* asked: Ana: ")
    assert lines[5].startswith("  *Bo* asks".replace("*", "\\*"))


def test_the_recap_in_czech_writes_the_date_and_results_in_czech(czech: Translator) -> None:
    text = recap(asked_entries(), czech, DAY, game="Konec světa")
    lines = text.split("\n")
    assert lines[0] == "Shrnutí sezení: Konec světa, 6. 12. 2026"
    assert lines[2].startswith("20:41 Ana: ")
    assert "(žádá Eva)" in lines[2]
    assert "Eva žádá o test" in lines[3]
    empty = recap([], czech, DAY, markdown=True)
    assert (
        empty == "## Shrnutí sezení, 6. 12. 2026\n\nV tomto sezení nejsou žádné veřejné výsledky."
    )
    assert day_text(DAY, czech) == "6. 12. 2026"


def test_the_devices_times_are_used_when_given() -> None:
    text = recap(asked_entries()[:1], EN, DAY, times={1: "21:41"})
    assert "\n21:41 Eva asked" in text


@pytest.mark.parametrize("limit", [300, 1000, MAX_RECAP])
def test_a_long_session_leaves_out_its_oldest_results_within_the_cap(limit: int) -> None:
    many = [
        Entry(
            i, f"2026-12-06T20:{i % 60:02d}:00", Step("Result {n}", {"n": i}), (Step("x" * 80),), ""
        )
        for i in range(1, 400)
    ]
    text = recap(many, EN, DAY, limit=limit)
    assert len(text) <= limit
    assert text.split("\n")[2] == "(earlier results left out)"
    assert "Result 399" in text  # the newest stays
    message = players.Message("recap", "table-token-1", 2, {"text": text})
    assert players.read_envelope(players.write(message)).data["text"] == text
