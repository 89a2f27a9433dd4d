"""Saved data: envelopes, refusals with readable reasons, migrations, format-1 fixtures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omen.campaign import settings as rules_settings
from omen.campaign.exploration import Procedure, TensionSettings, TurnClock
from omen.campaign.state import (
    CAMPAIGN,
    EXPLORATION,
    GAMES,
    LOG,
    PREFS,
    Campaign,
    Entry,
    Exploration,
    Log,
    Outcome,
    Prefs,
)
from omen.campaign.voidcrawl import Phase
from omen.core import catalog
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import MAX_NUMBER, Step, placeholders
from omen.core.store import MAX_TEXT, Schema, decode, encode

FIXTURES = Path(__file__).parent / "fixtures" / "schema1"


def envelope(kind: str, data: Any, schema: Any = 1, app: Any = "omen") -> str:
    return json.dumps({"app": app, "kind": kind, "schema": schema, "data": data})


# --- encoding -----------------------------------------------------------------------


def test_encode_writes_a_compact_envelope_keeping_letters() -> None:
    text = encode(PREFS, {"language": "cs", "theme": "dark"})
    assert text == (
        '{"app":"omen","kind":"prefs","schema":3,"data":{"language":"cs","theme":"dark"}}'
    )
    assert encode(CAMPAIGN, {"name": "Řeřicha"}).count("Řeřicha") == 1  # not \\u-escaped


def test_storage_keys() -> None:
    assert [s.key for s in (EXPLORATION, CAMPAIGN, PREFS, LOG)] == [
        "omen/exploration",
        "omen/campaign",
        "omen/prefs",
        "omen/log",
    ]
    # exploration format 2: the phase may be null (no day/night cycle); prefs format 2:
    # the iOS install hint's dismissal; prefs format 3: whether the first start's
    # question (which game) was put; log format 2: each entry's undo data carries its
    # part's format, and the log names its older pages (omen/log/<n>)
    assert [s.current for s in (EXPLORATION, CAMPAIGN, PREFS, LOG)] == [2, 1, 3, 2]


@pytest.mark.parametrize(
    ("schema", "record"),
    [
        (EXPLORATION, Exploration()),
        (
            EXPLORATION,
            Exploration(
                Procedure.ENCOUNTER_DIE,
                TurnClock(turn=7, checks=9),
                13,
                Outcome(
                    Step("{name}", {"name": Step("{text}", {"text": "ž"})}),
                    (Step("rolled {face}", {"face": 4}),),
                    "sign",
                ),
            ),
        ),
        (CAMPAIGN, Campaign()),
        (PREFS, Prefs()),
        (PREFS, Prefs("cs", "light")),
        (LOG, Log()),
    ],
)
def test_each_schema_round_trips(schema: Schema[Any], record: Any) -> None:
    assert decode(schema, encode(schema, record.to_json())) == record


# --- hypothesis round trips ------------------------------------------------------------

CZECH_AND_EMOJI = "ěščřžýáíéúůťďňóĚŠČŘŽÝÁÍÉÚŮŤĎŇ🎲💀🕯️👁‍🗨"
TEXT = st.text(alphabet=st.one_of(st.sampled_from(CZECH_AND_EMOJI), st.characters()))
SMALL_INT = st.integers(-(2**53), 2**53)

KEYS = sorted(catalog.IDS)


def _catalog_steps(values: st.SearchStrategy[Any]) -> st.SearchStrategy[Step]:
    """Steps as the engine stores them: a catalog message, each of its placeholders
    filled (a stored step with any other key or arguments is refused on reading)."""

    @st.composite
    def build(draw: st.DrawFn) -> Step:
        key = draw(st.sampled_from(KEYS))
        args = {name: draw(values) for name in sorted(placeholders(key))}
        return Step(key, args, catalog.PLURALS[key])

    return build()


STEP_INT = st.integers(-MAX_NUMBER, MAX_NUMBER)  # a step's bound, as a share link's
STEPS: st.SearchStrategy[Step] = st.recursive(
    _catalog_steps(st.one_of(STEP_INT, TEXT)),
    lambda inner: _catalog_steps(st.one_of(STEP_INT, TEXT, inner)),
    max_leaves=6,
)
OUTCOMES = st.builds(Outcome, STEPS, st.lists(STEPS, max_size=4).map(tuple), TEXT)
EXPLORATIONS = st.builds(
    Exploration,
    st.sampled_from(list(Procedure)),
    st.builds(TurnClock, turn=st.integers(0, 10**6), checks=st.integers(0, 10**7)),
    st.integers(1, 200),
    st.one_of(st.none(), OUTCOMES),
)


def _setting_values(setting: rules_settings.Setting) -> st.SearchStrategy[Any]:
    if isinstance(setting.default, bool):
        return st.booleans()
    if isinstance(setting.default, int):
        return st.integers(setting.low, setting.high)
    if not setting.choices:  # a typed text: off, or one that matches
        return st.one_of(st.just(""), st.from_regex(setting.pattern, fullmatch=True))
    return st.sampled_from([value for value, _ in setting.choices])


SETTING_VALUES = st.fixed_dictionaries(
    {s.key: _setting_values(s) for s in rules_settings.registry()}
)
CAMPAIGNS = st.builds(
    Campaign,
    TEXT.filter(lambda name: 0 < len(name) <= 120),
    st.sampled_from(GAMES),
    SETTING_VALUES,
)
# Undo data is checked as its part's own storage checks it: what can be saved is what
# the parts save (an exploration, several parts at once, the token of a kept campaign).
BEFORES = st.one_of(
    st.none(),
    st.tuples(st.just("exploration"), EXPLORATIONS.map(lambda e: e.to_json())),
    st.tuples(st.just("kept"), TEXT.filter(lambda token: 0 < len(token) <= 100)),
    st.tuples(
        st.just("many"),
        st.fixed_dictionaries(
            {"exploration": EXPLORATIONS.map(lambda e: e.to_json()), "crew": st.just({})}
        ),
    ),
)
ENTRIES = st.builds(
    Entry,
    st.integers(0, 10**12),
    TEXT.filter(lambda at: len(at) <= 40),
    STEPS,
    st.lists(STEPS, max_size=3).map(tuple),
    TEXT,
    st.booleans(),
    BEFORES,
)
# Newest first, each id once (a log read back checks it).
LOGS = st.builds(
    Log,
    st.lists(ENTRIES, max_size=5, unique_by=lambda e: e.id).map(
        lambda entries: tuple(sorted(entries, key=lambda e: -e.id))
    ),
)


@settings(max_examples=150)
@given(EXPLORATIONS)
def test_exploration_round_trip(record: Exploration) -> None:
    assert decode(EXPLORATION, encode(EXPLORATION, record.to_json())) == record


@settings(max_examples=150)
@given(CAMPAIGNS)
def test_campaign_round_trip(record: Campaign) -> None:
    assert decode(CAMPAIGN, encode(CAMPAIGN, record.to_json())) == record


@settings(max_examples=150)
@given(LOGS)
def test_log_round_trip(record: Log) -> None:
    assert decode(LOG, encode(LOG, record.to_json())) == record


@given(st.sampled_from(["", "en", "cs"]), st.sampled_from(["auto", "light", "dark"]))
def test_prefs_round_trip(language: str, theme: str) -> None:
    record = Prefs(language, theme)
    assert decode(PREFS, encode(PREFS, record.to_json())) == record


# --- refusals ----------------------------------------------------------------------------

REFUSALS = [
    (EXPLORATION, "not json", "The saved data is not valid JSON."),
    (EXPLORATION, "{", "The saved data is not valid JSON."),
    (EXPLORATION, "[" * 100_000, "The saved data is nested deeper than 64 levels."),
    (EXPLORATION, "[1, 2]", "The saved data was not written by Omen."),
    (EXPLORATION, "null", "The saved data was not written by Omen."),
    (
        EXPLORATION,
        envelope("exploration", {}, app="other"),
        "The saved data was not written by Omen.",
    ),
    (
        EXPLORATION,
        envelope("campaign", {}),
        "This holds the campaign settings, not the exploration turn.",
    ),
    (PREFS, envelope("log", {}), "This holds the roll log, not the language and theme."),
    (
        EXPLORATION,
        '{"app": "omen", "kind": "exploration", "data": {}}',
        "The saved data has no readable format number.",
    ),
    (
        EXPLORATION,
        envelope("exploration", {}, schema="1"),
        "The saved data has no readable format number.",
    ),
    (
        EXPLORATION,
        envelope("exploration", {}, schema=True),
        "The saved data has no readable format number.",
    ),
    (
        EXPLORATION,
        envelope("exploration", {}, schema=0),
        "The saved data has no readable format number.",
    ),
    (
        EXPLORATION,
        envelope("exploration", {}, schema=1.0),
        "The saved data has no readable format number.",
    ),
    (
        EXPLORATION,
        envelope("exploration", {}, schema=3),
        "This was saved by a newer version of Omen (format 3); this version reads up to format 2.",
    ),
    (
        EXPLORATION,
        envelope("exploration", None),
        "The saved value 'exploration' is missing or damaged.",
    ),
    (
        EXPLORATION,
        envelope("exploration", {}),
        "The saved value 'procedure' is missing or damaged.",
    ),
    (
        EXPLORATION,
        envelope("exploration", {"procedure": "tension_die", "turn": 1, "checks": 1, "pool": 5.0}),
        "The saved value 'pool' is missing or damaged.",
    ),
    (
        EXPLORATION,
        envelope(
            "exploration",
            {"procedure": "tension_die", "turn": 1, "checks": 1, "pool": 5, "last": {"kind": "x"}},
        ),
        "The saved value 'outcome.steps' is missing or damaged.",
    ),
    (
        EXPLORATION,
        envelope(
            "exploration",
            {
                "procedure": "tension_die",
                "turn": 1,
                "checks": 1,
                "pool": 5,
                "last": {"kind": "x", "steps": [], "title": {"k": "t", "a": {"n": 1.5}}},
            },
        ),
        "A saved step names a message Omen does not know: 't'.",
    ),
    (
        CAMPAIGN,
        envelope("campaign", {"name": "", "game": "ose"}),
        "The saved value 'name' is missing or damaged.",
    ),
    (
        CAMPAIGN,
        envelope("campaign", {"name": "x", "game": "dnd"}),
        "The saved value 'game' is missing or damaged.",
    ),
    (
        PREFS,
        envelope("prefs", {"language": "de"}),
        "The saved value 'language' is missing or damaged.",
    ),
    (PREFS, envelope("prefs", {"theme": "pink"}), "The saved value 'theme' is missing or damaged."),
    (LOG, envelope("log", {}), "The saved value 'log' is missing or damaged."),
    (
        LOG,
        envelope("log", {"entries": [{"id": 1}]}),
        "The saved value 'log entry.steps' is missing or damaged.",
    ),
    (
        LOG,
        envelope("log", {"entries": ["x"]}),
        "The saved value 'log entry' is missing or damaged.",
    ),
    (
        LOG,
        envelope(
            "log",
            {
                "entries": [
                    {
                        "id": 1,
                        "at": "x",
                        "title": {"k": "a"},
                        "steps": [],
                        "text": "t",
                        "before": {"kind": 3},
                    }
                ]
            },
        ),
        "The saved value 'log entry.before' is missing or damaged.",
    ),
    (
        LOG,
        envelope(
            "log", {"entries": [{"id": 1, "at": "x", "title": {"k": "a"}, "steps": [], "text": 7}]}
        ),
        "The saved value 'log entry' is missing or damaged.",
    ),
    (
        LOG,
        envelope(
            "log",
            {"entries": [{"id": -1, "at": "x", "title": {"k": "a"}, "steps": [], "text": ""}]},
        ),
        "The saved value 'id' is missing or damaged.",
    ),
    (
        LOG,
        envelope("log", {"entries": [{"id": 1, "at": "x", "title": "a", "steps": [], "text": ""}]}),
        "A saved step is damaged.",
    ),
]


@pytest.mark.parametrize(("schema", "text", "message"), REFUSALS)
def test_refusals_say_why(schema: Schema[Any], text: str, message: str) -> None:
    with pytest.raises(StoredDataError) as caught:
        decode(schema, text)
    assert str(caught.value) == message


def test_too_large_is_refused_before_parsing() -> None:
    with pytest.raises(StoredDataError) as caught:
        decode(PREFS, " " * (MAX_TEXT + 1))
    assert str(caught.value) == "The saved data is too large to be Omen's."


def test_a_strange_kind_is_shortened_in_the_message() -> None:
    with pytest.raises(StoredDataError) as caught:
        decode(PREFS, envelope("k" * 100, {}))
    assert str(caught.value) == f"This holds {'k' * 40}, not the language and theme."


# --- migrations ----------------------------------------------------------------------------


def _rename_colour(data: dict[str, Any]) -> dict[str, Any]:
    out = dict(data)
    out["color"] = out.pop("colour")
    return out


def _add_size(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "size": len(data["color"])}


THING = Schema("thing", 3, {1: _rename_colour, 2: _add_size}, lambda d: tuple(sorted(d.items())))


def test_migrations_run_in_order_from_format_1() -> None:
    got = decode(THING, envelope("thing", {"colour": "red"}, schema=1))
    assert got == (("color", "red"), ("size", 3))


def test_migrations_start_from_the_stored_format() -> None:
    got = decode(THING, envelope("thing", {"color": "blue"}, schema=2))
    assert got == (("color", "blue"), ("size", 4))


def test_current_format_is_loaded_as_it_is() -> None:
    got = decode(THING, envelope("thing", {"color": "x", "size": 99}, schema=3))
    assert got == (("color", "x"), ("size", 99))


def test_a_failing_migration_names_the_format_it_failed_at() -> None:
    # Format 1 data without "colour": the first migration raises KeyError.
    with pytest.raises(StoredDataError) as caught:
        decode(THING, envelope("thing", {"color": "red"}, schema=1))
    assert str(caught.value) == "The saved data (format 1) could not be read: KeyError."
    # Format 2 data that is not a mapping: the second migration raises TypeError.
    with pytest.raises(StoredDataError) as caught:
        decode(THING, envelope("thing", ["red"], schema=2))
    assert str(caught.value) == "The saved data (format 2) could not be read: TypeError."


def test_a_missing_migration_is_refused() -> None:
    gap = Schema("thing", 3, {2: _add_size}, dict)
    with pytest.raises(StoredDataError) as caught:
        decode(gap, envelope("thing", {"color": "red"}, schema=1))
    assert str(caught.value) == "The saved data (format 1) could not be read: KeyError."


def test_a_rules_error_while_loading_becomes_stored_data_error() -> None:
    tension = Schema("tension", 1, {}, lambda d: TensionSettings(d["start"]))
    with pytest.raises(StoredDataError) as caught:
        decode(tension, envelope("tension", {"start": 0}))
    assert str(caught.value) == "The starting pool must be between 1 and 200 points."
    # the rules error itself is kept as the cause (not a StoredDataError raised anew)
    assert type(caught.value.__cause__) is RulesError
    assert caught.value.message.key == "The starting pool must be between {low} and {high} points."


# --- format-1 fixtures: these files must keep loading in every future version ----------


def fixture(kind: str) -> str:
    return (FIXTURES / f"{kind}.json").read_text(encoding="utf-8")


def test_every_fixture_file_is_a_format_1_envelope() -> None:
    files = sorted(p.name for p in FIXTURES.glob("*.json"))
    assert files == ["campaign.json", "exploration.json", "log.json", "prefs.json"]
    for path in FIXTURES.glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert (data["app"], data["kind"], data["schema"]) == ("omen", path.stem, 1)


def test_fixture_exploration() -> None:
    state = decode(EXPLORATION, fixture("exploration"))
    assert state.procedure is Procedure.TENSION_DIE
    assert (state.clock.turn, state.clock.checks, state.pool) == (4, 5, 9)
    assert state.last is not None
    assert state.last.kind == "nothing"
    assert state.last.title.english() == "Tension Die: nothing yet (pool 9)"
    assert [s.english() for s in state.last.steps] == [
        "Turn 4 begins.",
        "rolled 2",
        "pool 11 → 9",
    ]
    assert state.phase is Phase.DAY  # format 1 had no "no cycle": it stays on Day


def test_fixture_campaign() -> None:
    campaign = decode(CAMPAIGN, fixture("campaign"))
    assert campaign.name == "Šepot pod Ještědem 🕯️"
    assert campaign.game == "liminal_horror"
    assert campaign.values["turn.minutes"] == 60
    assert campaign.values["tension.start"] == 15
    assert campaign.values["tension.keep_exploding"] is True


def test_fixture_prefs() -> None:
    # a format 1 fixture: from before the first start's question, so counted as asked
    assert decode(PREFS, fixture("prefs")) == Prefs("cs", "dark", game_asked=True)


def test_fixture_log() -> None:
    log = decode(LOG, fixture("log"))
    assert [(e.id, e.undone) for e in log.entries] == [(2, True), (1, False)]
    newest = log.entries[0]
    assert newest.at == "2025-03-14T19:07:40.512Z"
    assert newest.title.english() == "Tension Die: an encounter! The pool resets to 15."
    assert newest.text == "Kostka napětí: setkání! Zásobník se obnoví na 15."
    assert [s.english() for s in newest.steps] == [
        "The party draws attention (turn 4 goes on).",
        "rolled 6",
        "6 explodes: rolled 6",
        "6 explodes: rolled 1",
        "pool 9 → -4",
        "The pool is spent: an encounter happens, and the pool resets to 15.",
    ]
    # The newest action is already undone, so Undo goes to the one before it, and
    # its saved state is a loadable exploration at turn 3.
    entry = log.last_undoable()
    assert entry is not None and entry.id == 1
    assert entry.before is not None and entry.before[0] == "exploration"
    restored = Exploration.from_json(entry.before[1])
    assert (restored.clock.turn, restored.clock.checks, restored.pool) == (3, 4, 11)
    assert restored.last is None
    assert newest.before is not None
    assert Exploration.from_json(newest.before[1]) == decode(EXPLORATION, fixture("exploration"))
    assert log.add("t", Outcome(Step("x"), (), "nothing"), "x", None).entries[0].id == 3


def test_fixtures_survive_a_save_and_load() -> None:
    schemas: tuple[Schema[Any], ...] = (EXPLORATION, CAMPAIGN, PREFS, LOG)
    for schema in schemas:
        record = decode(schema, fixture(schema.kind))
        assert decode(schema, encode(schema, record.to_json())) == record
