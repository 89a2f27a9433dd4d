"""Sharing by link and file: round trips, refusals with their sentences, a bounded fuzz,
the zip bomb, and import planning by name."""

from __future__ import annotations

import base64
import json
import random
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omen.campaign import share
from omen.campaign.share import (
    FILE_LIMITS,
    LINK_LIMITS,
    MESSENGER_LIMIT,
    QR_BYTES,
    QR_PRACTICAL,
    Choice,
    Conflict,
    Everything,
    LocationShare,
    Shared,
    ShareError,
    TableShare,
    decode_link,
    encode_link,
    export_file,
    fresh_name,
    import_file,
    messenger_ok,
    open_shared,
    pack,
    plan_import,
    qr_capacity_ok,
    restore,
    share_location,
    share_table,
    unpack,
)
from omen.campaign.state import Campaign, Exploration, Log, Outcome, Prefs
from omen.campaign.tables import Entry, Library, Location, Place, Table, table_die
from omen.campaign.voidcrawl import STANDARD, CrawlSetup, Face, Kind, Voidcrawl, default_voidcrawl
from omen.core import notation, store
from omen.core.errors import RulesError, StoredDataError
from omen.core.roll import Step
from omen.eotw.crew import (
    Agenda,
    Character,
    Crew,
    EncounterType,
    Goal,
    Status,
    StressTrack,
    Trauma,
)
from omen.eotw.pools import Category
from omen.ose.session import OseSession

# --- examples -------------------------------------------------------------------------

WOLVES = Table(
    "wolves",
    "Vlci na cestě 🐺",
    "d6",
    (
        Entry("[[1d4+1]] vlků vyje", 1, 2, violent=True),
        Entry("Smečka", 3, 4, link="pack"),
        Entry("Ticho… 👁", 5, 6, reaction=True),
    ),
)
PACK = Table("pack", "Smečka", None, (Entry("Alfa"), Entry("Beta", weight=2)))
MILL = Location("mill", "Starý mlýn", ("wolves",), "wolves", Place.DANGEROUS, 3)
LIBRARY = Library((WOLVES, PACK), (MILL,))
ANA = Character(
    "c1",
    "Anežka Šťastná",
    3,
    2,
    4,
    1,
    3,
    2,
    physical_stress=StressTrack(9, 2),
    traumas=(Trauma("Zlomené žebro", Category.PHYSICAL, 2),),
)


def envelope_link(kind: Any, data: Any, version: Any = 1, **extra: Any) -> str:
    """A link with a valid frame around any envelope: only the codec's checks stand."""
    envelope = {"app": "omen", "kind": kind, "v": version, "data": data, **extra}
    return "share=" + pack(json.dumps(envelope, ensure_ascii=False).encode("utf-8"))


def refusal(link: str) -> str:
    with pytest.raises(ShareError) as caught:
        decode_link(link)
    return str(caught.value)


# --- links: golden ---------------------------------------------------------------------------


def test_a_table_link_carries_the_tables_it_leads_on_to() -> None:
    record = share_table(LIBRARY, "wolves")
    assert record == TableShare(WOLVES, (PACK,))
    fragment = encode_link("table", record)
    assert fragment.startswith("share=")
    assert set(fragment[6:]) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    )
    shared = decode_link("https://omen.campaign.example/#" + fragment)
    assert shared.kind == "table"
    assert shared.record == record
    assert shared.summary.english() == "Table 'Vlci na cestě 🐺' and 1 linked table"
    assert [step.english() for step in shared.details] == [
        "Table 'Vlci na cestě 🐺': d6, 3 entries",
        "Table 'Smečka': drawn by weight, 2 entries",
    ]


def test_a_location_link_carries_its_tables() -> None:
    record = share_location(LIBRARY, "mill")
    assert record == LocationShare(MILL, (WOLVES, PACK))
    shared = decode_link(encode_link("location", record))
    assert shared.record == record
    assert shared.summary.english() == "Location 'Starý mlýn' with 2 tables"


def test_a_character_link() -> None:
    shared = decode_link("#" + encode_link("character", ANA))
    assert shared.record == ANA
    assert shared.summary.english() == "Character 'Anežka Šťastná': In play"


def test_the_envelope_is_compact_json_after_a_crc() -> None:
    payload = unpack(encode_link("character", ANA)[6:])
    envelope = json.loads(payload)
    assert list(envelope) == ["app", "kind", "v", "data"]
    assert envelope["app"] == "omen" and envelope["kind"] == "character" and envelope["v"] == 1
    assert b", " not in payload and "Anežka".encode() in payload  # compact, not \u-escaped
    raw = base64.urlsafe_b64decode(encode_link("character", ANA)[6:] + "==")
    assert raw[0] == share.FRAME
    assert raw[1:5] == zlib.crc32(payload).to_bytes(4, "big")
    assert zlib.decompress(raw[5:]) == payload


def test_a_campaign_link_leaves_out_settings_exploration_prefs_and_log() -> None:
    everything = full_campaign()
    shared = decode_link(encode_link("campaign", everything))
    assert set(shared.record.parts) == {"library", "voidcrawl", "crew"}
    assert shared.record == everything.for_link()
    assert [step.english() for step in shared.details] == [
        "Tables: 2, locations: 1",
        "The Voidcrawl on a d6",
        "The crew: 1 character",
    ]


def full_campaign() -> Everything:
    outcome = Outcome(
        Step("Turn {turn} begins.", {"turn": 1}), (Step("rolled {face}", {"face": 4}),), "nothing"
    )
    log = Log().add(
        "2024-05-01T20:00:00", outcome, "Turn 1 begins.", ("exploration", Exploration().to_json())
    )
    return Everything(
        {
            "library": LIBRARY,
            "voidcrawl": CrawlSetup(default_voidcrawl(), ("Eliška", "Tomáš 🔦")),
            "crew": Crew((ANA,)),
            "campaign": Campaign("Hřbitov 💀", "eotw"),
            "exploration": Exploration(pool=13),
            "ose_encounter": OseSession(creature="Skřeti"),
            "prefs": Prefs("cs", "dark"),
            "log": log,
        }
    )


# --- files -----------------------------------------------------------------------------------


def test_the_export_file_holds_every_part_and_reads_back() -> None:
    everything = full_campaign()
    text = export_file(everything)
    assert text.startswith('{\n "app": "omen",\n "kind": "campaign",\n "v": 1,')
    assert "Hřbitov 💀" in text  # readable, not escaped
    shared = import_file(text)
    assert shared.record == everything
    # Counted as the import dialog and the share sheet both count: what Import adds.
    assert shared.summary.english() == "Campaign data: 2 tables, 1 location, 1 character"
    assert decode_link(encode_link("campaign", everything)).summary == shared.summary
    assert [step.english() for step in shared.details][3:] == [
        "Campaign settings of 'Hřbitov 💀'",
        "The exploration turn and the Tension Die pool",
        "The OSE encounter in progress",
        "Language and theme",
        "The roll log: 1 entry",
    ]
    assert open_shared("\ufeff" + text).record == everything
    assert open_shared(" " + encode_link("character", ANA)).record == ANA


def test_a_file_part_in_a_newer_format_is_refused_by_name() -> None:
    data = json.loads(export_file(full_campaign()))
    data["data"]["parts"]["prefs"]["schema"] = 5
    with pytest.raises(ShareError) as caught:
        import_file(json.dumps(data))
    assert str(caught.value) == (
        "Saved preferences: This was saved by a newer version of Omen (format 5); "
        "this version reads up to format 3."
    )


def test_a_file_of_one_table_opens_too() -> None:
    shared = import_file(export_file(share_table(LIBRARY, "pack"), "table"))
    assert shared.record == TableShare(PACK)
    assert shared.summary.english() == "Table 'Smečka': drawn by weight, 2 entries"


# --- refusals, each with its sentence -----------------------------------------------------------


def test_a_table_with_a_backwards_range_is_refused_naming_table_and_entry() -> None:
    table = {
        "id": "w",
        "name": "Wolves",
        "die": "d8",
        "entries": [
            {"text": "a", "faces": [1, 2]},
            {"text": "b", "faces": [3, 4]},
            {"text": "c", "faces": [7, 5]},
        ],
    }
    assert (
        refusal(envelope_link("table", {"table": table, "linked": []}))
        == "Table 'Wolves': entry 3: range 7-5 runs backwards"
    )


def test_making_a_link_to_a_table_the_editor_would_refuse_says_so() -> None:
    bad = Table("w", "Wolves", "d6", (Entry("a", 1, 3), Entry("b", 3, 6)))
    with pytest.raises(ShareError) as caught:
        encode_link("table", TableShare(bad))
    assert str(caught.value) == (
        "This cannot be shared yet: Table 'Wolves': face 3 is in entries 1 and 2"
    )


def test_field_errors_name_the_table_and_the_field() -> None:
    table = WOLVES.to_json()
    table["entries"][1]["text"] = "x" * 401
    assert refusal(envelope_link("table", {"table": table})) == (
        "Table 'Vlci na cestě 🐺': The saved field table.entries[1].text is longer than "
        "400 characters."
    )
    many = {**PACK.to_json(), "entries": [{"text": "a"}] * 101}
    assert refusal(envelope_link("table", {"table": many})) == (
        "Table 'Smečka': The saved field table.entries holds more than 100 items."
    )


def test_a_location_must_bring_the_tables_it_uses() -> None:
    data = {"location": MILL.to_json(), "tables": [PACK.to_json()]}
    assert refusal(envelope_link("location", data)) == (
        "Location 'Starý mlýn' uses a table that is not in it ('wolves')."
    )


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("nothing here", "This is not an Omen share link: it has no '#share=' part."),
        ("share=", "The link holds nothing to open."),
        ("share=abc$", "This link is damaged: part of it is missing or changed. Ask for it again."),
        ("share=" + "A" * 150_001, "This link is too long to open (more than 150000 characters)."),
        (
            envelope_link("table", {}, version=2),
            "This was shared from a newer version of Omen (format 2); this version reads up "
            "to format 1.",
        ),
        (envelope_link("table", {}, version=0), "The shared data has no readable format number."),
        (envelope_link("table", {}, version="1"), "The shared data has no readable format number."),
        (
            envelope_link("spell", {}),
            "This holds a kind of record this version of Omen does not know: 'spell'.",
        ),
        (envelope_link("table", {}, extra=1), "The shared data has fields Omen does not know."),
        ("share=" + pack(b'{"app": "other"}'), "This was not shared by Omen."),
        ("share=" + pack(b"\xff\xfe{}"), "The shared data is not valid UTF-8 text."),
        ("share=" + pack(b'{"a": NaN}'), "The shared data is not valid JSON."),
        ("share=" + pack(b'{"a": 1e999}'), "The shared data is not valid JSON."),
        ("share=" + pack(b'{"a": 1, "a": 2}'), "The shared data is not valid JSON."),
        (
            "share=" + pack(b'{"a": "\\ud800"}'),
            "The shared data holds text that is not valid Unicode.",
        ),
        (
            "share=" + pack(b"[" * 41 + b"]" * 41),
            "The shared data is nested deeper than 40 levels.",
        ),
        (
            "share=" + pack(b"[" * 100_000 + b"]" * 100_000),
            "The shared data is nested deeper than 40 levels.",
        ),
        (
            "share=" + pack(b"[10000000000000000]"),
            "The shared data holds a number too large for Omen.",
        ),
        (
            "share=" + pack(json.dumps(["x" * 20_001]).encode()),
            "The shared data holds a text longer than 20000 characters.",
        ),
        (
            "share=" + pack(json.dumps([0] * 300_001).encode()),
            "The shared data holds more than 300000 values.",
        ),
        (
            "share=" + base64.urlsafe_b64encode(b"\x07" + b"x" * 30).decode(),
            "This link was made by a newer version of Omen, or it is damaged.",
        ),
        (
            envelope_link("character", {"id": "c1", "name": "A", "characteristics": {}}),
            "Stored data does not fit: character.characteristics.dexterity must be a whole "
            "number from 1 to 5.",
        ),
    ],
    ids=lambda value: value[:30],
)
def test_refusals_say_why(link: str, message: str) -> None:
    assert refusal(link) == message


def test_a_format_number_written_as_a_fraction_is_refused() -> None:
    assert refusal("share=" + pack(b'{"app":"omen","kind":"table","v":1.0,"data":{}}')) == (
        "The shared data has no readable format number."
    )


def test_a_campaign_link_may_not_carry_settings_or_the_log() -> None:
    data = json.loads(export_file(full_campaign()))["data"]
    assert refusal(envelope_link("campaign", data)) == (
        "A campaign link carries only tables, locations, the Voidcrawl and the crew; this one "
        "holds more."
    )


def test_a_link_broken_over_lines_by_a_messenger_still_opens() -> None:
    fragment = encode_link("character", ANA)
    broken = fragment[:20] + "\n" + fragment[20:40] + " " + fragment[40:]
    assert decode_link("https://omen.campaign.example/#" + broken).record == ANA
    assert share.share_url("https://omen.campaign.example/?seed=3#crew", fragment).endswith(
        "/?seed=3#" + fragment
    )


def test_a_crc_mismatch_is_caught_even_when_zlib_is_happy() -> None:
    payload = json.dumps({"app": "omen"}).encode()
    raw = bytes([share.FRAME]) + (zlib.crc32(payload) ^ 1).to_bytes(4, "big")
    raw += zlib.compress(payload)
    link = "share=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    assert refusal(link).startswith("This link is damaged")


def test_trailing_bytes_after_the_stream_are_damage() -> None:
    good = encode_link("character", ANA)
    raw = base64.urlsafe_b64decode(good[6:] + "==") + b"\x00"
    assert refusal("share=" + base64.urlsafe_b64encode(raw).decode()).startswith(
        "This link is damaged"
    )


# --- the zip bomb -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bomb() -> str:
    """An envelope whose text inflates to 100 MB (about 130 000 characters of link),
    built as bench/refusals.py builds it (tools/hostile.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from hostile import zip_bomb_link

    return zip_bomb_link(100)


def test_a_zip_bomb_is_refused_having_inflated_no_more_than_the_limit(
    bomb: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The work is counted, not timed: every byte zlib inflates for the link is added up.
    # The bomb would inflate to 100 MB; it is refused one byte past the limit.
    assert len(bomb) < LINK_LIMITS.text  # so the unpacking limit is what stops it
    inflated: list[int] = []
    real = zlib.decompressobj

    class CountingInflater:
        def __init__(self, *args: Any) -> None:
            self.inner = real(*args)

        def decompress(self, data: bytes, max_length: int = 0) -> bytes:
            out = self.inner.decompress(data, max_length)
            inflated.append(len(out))
            return out

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

    monkeypatch.setattr(share.zlib, "decompressobj", CountingInflater)
    message = refusal(bomb)
    assert message == "This link unpacks to more than 2000000 bytes, too much for Omen to open."
    assert 0 < sum(inflated) <= LINK_LIMITS.unpacked + 1


# --- round trips (property tests) ----------------------------------------------------------

CZECH_AND_EMOJI = [*"ěščřžýáíéúůťďňóĚŠČŘŽÝÁÍÉÚŮŤĎŇ", "🐺", "💀", "👁", "🕯️", "🧟‍♀️", "🇨🇿"]
letters = st.one_of(
    st.sampled_from(CZECH_AND_EMOJI),
    st.characters(codec="utf-8", exclude_characters="[]"),
)


def words(limit: int, min_size: int = 1) -> st.SearchStrategy[str]:
    """Text with Czech letters and emoji (some of several code points), within ``limit``."""
    joined = st.lists(letters, min_size=min_size, max_size=30).map("".join)
    return joined.filter(lambda s: len(s) <= limit)


def texts(limit: int) -> st.SearchStrategy[str]:
    return words(limit).filter(lambda s: s.strip() != "")


ids = st.from_regex(r"[A-Za-z0-9_-]{1,12}", fullmatch=True)
DICE = ("d4", "d6", "d8", "d66", "2d6", "d100", "d10+2")


@st.composite
def tables_(draw: st.DrawFn, table_id: str, later: tuple[str, ...] = ()) -> Table:
    """A table the editor would save; entries may link only to ``later`` tables (no loops)."""
    die = draw(st.sampled_from((*DICE, None)))
    links = st.one_of(st.none(), st.sampled_from(later)) if later else st.none()
    if die is None:
        count = draw(st.integers(1, 6))
        entries = [
            Entry(
                draw(texts(400)),
                weight=draw(st.integers(1, 100)),
                link=draw(links),
                violent=draw(st.booleans()),
                reaction=draw(st.booleans()),
            )
            for _ in range(count)
        ]
    else:
        totals = sorted(notation.distribution(table_die(die)))
        cuts = sorted(draw(st.sets(st.sampled_from(totals), min_size=1, max_size=8)))
        entries = []
        for number, low in enumerate(cuts):
            high = cuts[number + 1] - 1 if number + 1 < len(cuts) else totals[-1]
            if draw(st.booleans()) and len(cuts) > 1:
                continue  # leave a gap: a warning, not an error
            entries.append(
                Entry(
                    draw(texts(400)),
                    low,
                    high,
                    link=draw(links),
                    violent=draw(st.booleans()),
                )
            )
        if not entries:
            entries.append(Entry(draw(texts(400)), cuts[0], cuts[0]))
    return Table(table_id, draw(texts(80)), die, tuple(entries))


@st.composite
def table_lists(draw: st.DrawFn, max_size: int = 4) -> list[Table]:
    names = draw(st.lists(ids, min_size=1, max_size=max_size, unique=True))
    return [draw(tables_(name, tuple(names[i + 1 :]))) for i, name in enumerate(names)]


table_shares = table_lists().map(lambda found: TableShare(found[0], tuple(found[1:])))


@st.composite
def location_shares(draw: st.DrawFn) -> LocationShare:
    found = draw(table_lists())
    used = draw(st.lists(st.sampled_from([t.id for t in found]), unique=True))
    encounter = draw(st.one_of(st.none(), st.sampled_from([t.id for t in found])))
    location = Location(
        draw(ids),
        draw(texts(80)),
        tuple(used),
        encounter,
        draw(st.sampled_from(list(Place))),
        draw(st.one_of(st.none(), st.integers(1, 6))),
    )
    return LocationShare(location, tuple(found))


@st.composite
def characters(draw: st.DrawFn, ident: str | None = None) -> Character:
    def track() -> StressTrack:
        filled = draw(st.integers(0, 9))
        overflow = draw(st.integers(0, 100)) if filled == 9 else 0
        return StressTrack(filled, overflow)

    traumas = []
    for category in Category:
        for _ in range(draw(st.integers(0, 3))):
            name = draw(st.one_of(st.just(""), texts(200)))
            traumas.append(Trauma(name, category, draw(st.integers(1, 3))))
    status = draw(st.sampled_from(list(Status)))
    # "out" (gone for good, not dead) comes only from a Mental or Social track
    endings = [c for c in Category if status is not Status.OUT or c is not Category.PHYSICAL]
    removed = None if status is Status.ACTIVE else draw(st.sampled_from(endings))
    return Character(
        ident or draw(words(100)),
        draw(st.one_of(st.just(""), texts(200))),
        *(draw(st.integers(1, 5)) for _ in range(6)),
        physical_stress=track(),
        mental_stress=track(),
        social_stress=track(),
        traumas=tuple(draw(st.permutations(traumas))),
        status=status,
        removed_by=removed,
    )


@st.composite
def crews(draw: st.DrawFn) -> Crew:
    count = draw(st.integers(0, 4))
    people = tuple(draw(characters(f"c{n}")) for n in range(1, count + 1))
    goals = tuple(
        Goal(draw(texts(200)), draw(st.booleans())) for _ in range(draw(st.integers(0, 3)))
    )
    return Crew(people, Agenda(draw(st.sampled_from(list(EncounterType))), goals))


@st.composite
def link_campaigns(draw: st.DrawFn) -> Everything:
    found = draw(table_lists(5))
    table_ids = [t.id for t in found]
    locations = tuple(
        Location(f"l{n}", draw(texts(80)), tuple(draw(st.lists(st.sampled_from(table_ids)))))
        for n in range(draw(st.integers(0, 2)))
    )
    faces = tuple(
        Face(kind, draw(st.integers(1, 6)), draw(st.one_of(st.none(), st.sampled_from(table_ids))))
        for kind in STANDARD
    )
    return Everything(
        {
            "library": Library(tuple(found), locations),
            "voidcrawl": CrawlSetup(
                Voidcrawl(faces, draw(st.sampled_from(table_ids))),
                tuple(draw(st.lists(words(80), max_size=3))),
                draw(st.booleans()),
            ),
            "crew": draw(crews()),
        }
    )


@given(table_shares)
@settings(max_examples=120, deadline=None)
def test_tables_round_trip(record: TableShare) -> None:
    assert decode_link(encode_link("table", record)).record == record
    assert import_file(export_file(record, "table")).record == record


@given(location_shares())
@settings(max_examples=80, deadline=None)
def test_locations_round_trip(record: LocationShare) -> None:
    assert decode_link(encode_link("location", record)).record == record


@given(characters())
@settings(max_examples=120, deadline=None)
def test_characters_round_trip(record: Character) -> None:
    assert decode_link(encode_link("character", record)).record == record
    assert import_file(export_file(record, "character")).record == record


@given(crews())
@settings(max_examples=60, deadline=None)
def test_crews_round_trip(record: Crew) -> None:
    assert decode_link(encode_link("crew", record)).record == record


@given(link_campaigns(), words(120))
@settings(max_examples=40, deadline=None)
def test_campaigns_round_trip(record: Everything, name: str) -> None:
    assert decode_link(encode_link("campaign", record)).record == record
    full = record.with_part("campaign", Campaign(name, "ose")).with_part("prefs", Prefs("en"))
    assert import_file(export_file(full)).record == full


# --- the bounded fuzz ---------------------------------------------------------------------

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def seeds() -> list[tuple[str, Shared]]:
    records = [
        ("table", share_table(LIBRARY, "wolves")),
        ("table", share_table(LIBRARY, "pack")),
        ("location", share_location(LIBRARY, "mill")),
        ("character", ANA),
        ("crew", Crew((ANA, Character("c2", "Bob 🕯️")))),
        ("campaign", full_campaign()),
    ]
    return [(link, decode_link(link)) for link in (encode_link(k, r) for k, r in records)]


def _raw(link: str) -> bytearray:
    return bytearray(base64.urlsafe_b64decode(link[6:] + "=" * (-len(link[6:]) % 4)))


def _link(raw: bytes) -> str:
    return "share=" + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


def _framed(payload: bytes) -> str:
    return "share=" + pack(payload)


HOSTILE_VALUES: list[Any] = [
    {"k": "{pool:>400000000}", "a": {"pool": 1}},
    {"k": "{nope}"},
    {"k": "{0}", "a": {"pool": 1}},
    {"k": "{"},
    {"k": "{pool.__class__.__mro__}", "a": {"pool": 1}},
    {"k": "rolled {face}", "a": {"face": 6}},
    {"parts": {"log": {"schema": 1, "data": {"entries": [{"title": {"k": "{nope}"}}]}}}},
    "{pool:>400000000}",
    "[[d①]]",
]


def _json_mutation(  # noqa: C901 (one branch per kind of mutation)
    rng: random.Random, envelope: dict[str, Any], hostile: tuple[Any, ...] = ()
) -> Any:
    """A valid-JSON change to a seed's envelope: the record checks must stand alone.
    With ``hostile``, the change puts one of those values in."""
    data = json.loads(json.dumps(envelope))
    nodes: list[tuple[Any, Any]] = []
    stack: list[Any] = [data]
    while stack:
        node = stack.pop()
        keys = list(node) if isinstance(node, dict) else range(len(node))
        for key in keys:
            nodes.append((node, key))
            if isinstance(node[key], (dict, list)):
                stack.append(node[key])
    node, key = rng.choice(nodes)
    if hostile:
        node[key] = json.loads(json.dumps(rng.choice(hostile)))
        return data
    choice = rng.randrange(9)
    if choice == 0 and isinstance(node, dict):
        del node[key]
    elif choice == 1:
        node[key] = rng.choice([None, True, -1, 0, 10**9, 1.5, "", "x" * 500, [], {}, "🐺"])
    elif choice == 2 and isinstance(node, dict):
        node["surprise"] = 1
    elif choice == 3 and isinstance(node[key], int) and not isinstance(node[key], bool):
        node[key] = node[key] + rng.choice([-7, -1, 1, 7, 1000])
    elif choice == 4 and isinstance(node[key], str):
        node[key] = node[key][::-1] + rng.choice(["", "[[", "]]", "[[d0]]", "\u0000"])
    elif choice == 5 and isinstance(node[key], list):
        node[key] = node[key] * rng.choice([0, 2, 60])
    elif choice == 6:
        node[key] = json.loads(json.dumps(data))  # a copy of everything, nested inside
    elif choice == 7 and isinstance(node[key], list) and node[key]:
        rng.shuffle(node[key])
    else:
        node[key] = str(node[key])
    return data


def test_fuzzing_links_finds_no_crash_and_no_silent_corruption() -> None:  # noqa: C901 (one branch per fuzz family)
    rng = random.Random(20240517)
    pool = seeds()
    bomb_payload = zlib.compress(b"[" + b"0," * 5_000_000 + b"0]", 9)
    huge = [
        _framed(b'{"app":"omen","kind":"table","v":1,"data":"' + b"a" * size + b'"}')
        for size in (30_000, 2_500_000)
    ]
    nested = {
        depth: _framed(
            b'{"app":"omen","kind":"table","v":1,"data":' + b"[" * depth + b"]" * depth + b"}"
        )
        for depth in (39, 41, 500, 5000, 200_000)
    }
    # damage (ops 0-5) most often; the costly crafted payloads (8-10) least often
    weights = [9, 9, 9, 9, 12, 6, 6, 6, 2, 2, 3, 6, 21, 4]
    deep_steps = '{"k":"{name}","a":{"name":' * 10_000 + '"x"' + "}}" * 10_000
    counts = {"cases": 0, "refused": 0, "same": 0, "valid": 0, "corrupted": 0, "uncaught": 0}
    examples: list[str] = []
    for case in range(10_000):
        link, original = pool[case % len(pool)]
        damage = True  # damage must never open as something else
        op = rng.choices(range(14), weights)[0]
        if op == 0:  # flip one bit of one character
            at = rng.randrange(len(link))
            mutated = link[:at] + chr(ord(link[at]) ^ (1 << rng.randrange(7))) + link[at + 1 :]
        elif op == 1:  # change one character to another of the alphabet
            at = rng.randrange(6, len(link))
            mutated = link[:at] + rng.choice(ALPHABET) + link[at + 1 :]
        elif op == 2:  # cut it short
            mutated = link[: rng.randrange(len(link))]
        elif op == 3:  # insert or delete a few characters
            at = rng.randrange(6, len(link))
            if rng.random() < 0.5:
                mutated = (
                    link[:at] + "".join(rng.choices(ALPHABET, k=rng.randint(1, 3))) + link[at:]
                )
            else:
                mutated = link[:at] + link[at + rng.randint(1, 3) :]
        elif op == 4:  # flip bits in the packed bytes (frame, CRC or stream)
            raw = _raw(link)
            for _ in range(rng.randint(1, 3)):
                raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
            mutated = _link(raw)
        elif op == 5:  # random base64 of a random length
            mutated = "share=" + "".join(rng.choices(ALPHABET, k=rng.randint(0, 400)))
        elif op == 6:  # a wrong version, correctly packed
            damage = False
            envelope = json.loads(unpack(link[6:]))
            envelope["v"] = rng.choice([0, -1, 2, 99, "1", 1.0, None, True, [1]])
            mutated = _framed(json.dumps(envelope).encode())
        elif op == 7:  # a wrong kind, correctly packed
            damage = False
            envelope = json.loads(unpack(link[6:]))
            envelope["kind"] = rng.choice(
                [
                    "table",
                    "location",
                    "character",
                    "crew",
                    "campaign",
                    "spell",
                    "",
                    None,
                    7,
                    "TABLE",
                ]
            )
            if envelope["kind"] == original.kind:
                envelope["kind"] = "log"
            mutated = _framed(json.dumps(envelope).encode())
        elif op == 8:  # huge: a long string, or more of everything than allowed
            damage = False
            if rng.random() < 0.5:
                mutated = rng.choice(huge)
            else:
                mutated = envelope_link(
                    "table",
                    {
                        "table": {
                            **PACK.to_json(),
                            "entries": [{"text": "a"}] * rng.randint(101, 5000),
                        }
                    },
                )
        elif op == 9:  # a zip bomb, CRC and all (or not)
            damage = False
            raw = bytes([share.FRAME]) + rng.randbytes(4) + bomb_payload
            mutated = _link(raw)
        elif op == 10:  # deeply nested JSON
            damage = False
            mutated = nested[rng.choice(list(nested))]
        elif op == 11:  # bytes that are not UTF-8, correctly packed
            damage = False
            body = unpack(link[6:])
            at = rng.randrange(len(body))
            mutated = _framed(body[:at] + bytes([rng.choice([0x80, 0xC3, 0xFF, 0xED])]) + body[at:])
        elif op == 12:  # a change to the JSON that still parses, correctly packed
            damage = False
            envelope = json.loads(unpack(link[6:]))
            mutated = _framed(json.dumps(_json_mutation(rng, envelope)).encode())
        else:  # hostile content (step templates, deep steps), correctly packed
            damage = False
            envelope = json.loads(unpack(link[6:]))
            text = json.dumps(_json_mutation(rng, envelope, (*HOSTILE_VALUES, "@deep@")))
            mutated = _framed(text.replace('"@deep@"', deep_steps).encode())
        counts["cases"] += 1
        try:
            shared = decode_link(mutated)
        except RulesError as error:
            assert isinstance(error.message, Step) and error.message.english()
            counts["refused"] += 1
            continue
        except Exception as error:  # every other exception is a bug
            counts["uncaught"] += 1
            examples.append(f"{op}: {type(error).__name__}: {error}")
            continue
        if shared.record == original.record and shared.kind == original.kind:
            counts["same"] += 1
        elif damage:
            counts["corrupted"] += 1
            examples.append(f"{op}: {mutated[:80]}")
        else:
            # a deliberately changed payload that still passes every check must be a
            # record Omen can use: it shares again and reads back the same
            again = decode_link(encode_link(shared.kind, shared.record))
            assert again.record == shared.record
            counts["valid"] += 1
    print(f"fuzz: {counts}")
    assert counts["uncaught"] == 0, examples[:10]
    assert counts["corrupted"] == 0, examples[:10]
    assert counts["cases"] == 10_000
    assert counts["refused"] + counts["same"] + counts["valid"] == 10_000
    assert counts["refused"] > 8_000  # the mutations really do break links


# --- length helpers ---------------------------------------------------------------------------


def test_qr_limits() -> None:
    fits = qr_capacity_ok("https://o.example/#share=" + "A" * 1000)
    assert fits.ok and fits.reason.english() == "Fits in a QR code (1025 characters)."
    dense = qr_capacity_ok("x" * (QR_PRACTICAL + 1))
    assert not dense.ok
    assert dense.reason.english() == (
        "Too long for a QR code: 1201 characters make a code too dense to scan from a phone "
        "(up to 1200 scan well)."
    )
    assert qr_capacity_ok("x" * QR_PRACTICAL).ok
    over = qr_capacity_ok("ř" * 1500)  # 3000 bytes in UTF-8
    assert not over.ok
    assert over.reason.english() == (
        "Too long for a QR code: the link has 3000 bytes, a QR code holds 2953."
    )
    assert QR_BYTES == 2953


def test_messenger_limit() -> None:
    assert messenger_ok("x" * MESSENGER_LIMIT).ok
    long = messenger_ok("x" * (MESSENGER_LIMIT + 1))
    assert not long.ok
    assert long.reason.english() == (
        "The link has 8001 characters; messengers may cut links longer than 8000. "
        "Send a file instead."
    )


def test_what_could_not_be_opened_is_not_made() -> None:
    outcome = Outcome(Step("{text}", {"text": "x" * 20_001}), (), "nothing")
    log = Log().add("2024-05-01T20:00:00", outcome, "long", None)
    with pytest.raises(ShareError) as caught:
        export_file(Everything({"log": log}))
    assert str(caught.value) == (
        "This cannot be shared yet: The shared data holds a text longer than 20000 characters."
    )


def test_a_link_too_big_is_refused_when_made() -> None:
    # 30 tables of 100 random entries: about 300 000 characters that barely compress
    rng = random.Random(1)
    found = tuple(
        Table(
            f"t{n}",
            f"T{n}",
            None,
            tuple(Entry("".join(rng.choices(ALPHABET, k=100))) for _ in range(100)),
        )
        for n in range(30)
    )
    with pytest.raises(ShareError, match="too much for a link"):
        encode_link("campaign", Everything({"library": Library(found)}))
    assert len(export_file(Everything({"library": Library(found)}))) < FILE_LIMITS.text


# --- import planning -----------------------------------------------------------------------


def current_campaign() -> Everything:
    mine = Table("forest", "Smečka", "d4", (Entry("moje", 1, 4),))
    other = Table("wolves", "Vlci na cestě", "d4", (Entry("jiná", 1, 4),))  # same id, other name
    place = Location("home", "Starý mlýn", ("forest",), "forest")
    return Everything(
        {
            "library": Library((mine, other), (place,)),
            "crew": Crew((Character("c1", "anežka šťastná"), Character("c2", "Bob"))),
        }
    )


def test_conflicts_are_found_by_name_ignoring_case() -> None:
    shared = decode_link(encode_link("location", share_location(LIBRARY, "mill")))
    plan = plan_import(current_campaign(), shared)
    assert plan.conflicts == (
        Conflict("table", "Smečka", "pack", "forest"),
        Conflict("location", "Starý mlýn", "mill", "home"),
    )
    assert [c.message.english() for c in plan.conflicts] == [
        "A table named 'Smečka' is already here.",
        "A location named 'Starý mlýn' is already here.",
    ]
    with pytest.raises(ShareError) as caught:
        plan.merged()
    assert str(caught.value) == (
        "A table named 'Smečka' is already here. Choose: add it as new, replace yours, or keep "
        "yours."
    )


def test_add_as_new_gives_fresh_ids_and_names_and_keeps_links_inside_the_import() -> None:
    current = current_campaign()
    before = export_file(current)
    shared = decode_link(encode_link("location", share_location(LIBRARY, "mill")))
    merged = plan_import(current, shared).all_new()
    library = merged.result.get("library")
    assert [(t.id, t.name) for t in library.tables] == [
        ("forest", "Smečka"),
        ("wolves", "Vlci na cestě"),
        ("vlci-na-ceste", "Vlci na cestě 🐺"),  # the id "wolves" was taken
        ("pack", "Smečka (2)"),
    ]
    assert library.find_table("vlci-na-ceste").entries[1].link == "pack"
    assert [(p.id, p.name, p.tables, p.encounter) for p in library.locations] == [
        ("home", "Starý mlýn", ("forest",), "forest"),
        ("mill", "Starý mlýn (2)", ("vlci-na-ceste",), "vlci-na-ceste"),
    ]
    assert [step.english() for step in merged.steps] == [
        "Added the table 'Vlci na cestě 🐺'.",
        "Added the table 'Smečka (2)'.",
        "Added the location 'Starý mlýn (2)'.",
    ]
    assert export_file(current) == before  # the input is untouched


def test_replace_keeps_the_id_there_so_links_to_it_still_work() -> None:
    current = current_campaign()
    shared = decode_link(encode_link("location", share_location(LIBRARY, "mill")))
    merged = plan_import(current, shared).all_replace()
    library = merged.result.get("library")
    assert [(t.id, t.name) for t in library.tables] == [
        ("forest", "Smečka"),
        ("wolves", "Vlci na cestě"),
        ("vlci-na-ceste", "Vlci na cestě 🐺"),
    ]
    assert library.find_table("forest").entries == PACK.entries
    assert library.find_table("vlci-na-ceste").entries[1].link == "forest"
    assert [(p.id, p.tables) for p in library.locations] == [("home", ("vlci-na-ceste",))]
    assert [step.english() for step in merged.steps] == [
        "Added the table 'Vlci na cestě 🐺'.",
        "Replaced the table 'Smečka'.",
        "Replaced the location 'Starý mlýn'.",
    ]


def test_choices_per_conflict_and_keeping_yours() -> None:
    shared = decode_link(encode_link("location", share_location(LIBRARY, "mill")))
    plan = plan_import(current_campaign(), shared)
    merged = plan.merged({"table:pack": Choice.KEEP, "location:mill": Choice.NEW})
    library = merged.result.get("library")
    assert library.find_table("forest").entries == (Entry("moje", 1, 4),)
    assert library.find_table("vlci-na-ceste").entries[1].link == "forest"  # uses yours
    assert [p.name for p in library.locations] == ["Starý mlýn", "Starý mlýn (2)"]
    assert merged.steps[0].english() == "Kept your table 'Smečka'."


def test_characters_add_as_new_or_replace() -> None:
    current = current_campaign()
    shared = decode_link(encode_link("character", ANA))
    plan = plan_import(current, shared)
    assert plan.conflicts == (Conflict("character", "Anežka Šťastná", "c1", "c1"),)
    added = plan.all_new().result.get("crew")
    assert [(c.id, c.name) for c in added.characters] == [
        ("c1", "anežka šťastná"),
        ("c2", "Bob"),
        ("c3", "Anežka Šťastná (2)"),
    ]
    assert added.characters[2].traumas == ANA.traumas
    replaced = plan.all_replace().result.get("crew")
    assert replaced.characters == (ANA, Character("c2", "Bob"))
    assert current.get("crew").characters[0].name == "anežka šťastná"


def test_a_character_without_a_conflict_is_just_added() -> None:
    shared = decode_link(encode_link("character", ANA))
    merged = plan_import(Everything(), shared).merged()
    assert merged.result.get("crew") == Crew((ANA,))
    assert [s.english() for s in merged.steps] == ["Added the character 'Anežka Šťastná'."]


def test_a_campaign_link_merges_and_its_voidcrawl_follows_the_new_ids() -> None:
    voidcrawl = default_voidcrawl().with_face(1, Face(Kind.DAY_ENCOUNTER, 1, "wolves"))
    setup = CrawlSetup(voidcrawl, ("Eliška",))
    incoming = Everything({"library": LIBRARY, "voidcrawl": setup, "crew": Crew((ANA,))})
    shared = decode_link(encode_link("campaign", incoming))
    mine = CrawlSetup(default_voidcrawl())
    current = current_campaign().with_part("voidcrawl", mine)
    plan = plan_import(current, shared)
    assert [c.kind for c in plan.conflicts] == ["table", "location", "character", "voidcrawl"]
    kept = plan.all_new()
    assert kept.result.get("voidcrawl") == mine  # a campaign has one Voidcrawl: yours stays
    taken = plan.all_replace().result.get("voidcrawl")
    assert taken.voidcrawl.faces[0].table == "vlci-na-ceste"
    assert taken.investigators == ("Eliška",)


def test_too_many_after_import_is_refused() -> None:
    full = Library(tuple(Table(f"t{n}", f"T{n}", "d4", (Entry("a", 1, 4),)) for n in range(150)))
    shared = decode_link(encode_link("table", share_table(LIBRARY, "pack")))
    with pytest.raises(ShareError, match="more than 150 tables"):
        plan_import(Everything({"library": full}), shared).merged()


def test_restore_puts_back_every_part_of_a_file() -> None:
    current = current_campaign()
    shared = import_file(export_file(full_campaign()))
    restored = restore(current, shared)
    assert restored == full_campaign()
    with pytest.raises(ShareError):
        restore(current, decode_link(encode_link("character", ANA)))


def test_the_campaign_kept_for_undo_survives_storage_whole() -> None:
    kept = share.Kept("2026-11-30T09:15:00.000Z", full_campaign())
    text = store.encode(share.KEPT, kept.to_json())
    assert store.decode(share.KEPT, text) == kept
    assert share.KEPT.key == "omen/before_import"


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"token": "", "everything": {"parts": {}}}, "has no name"),
        ({"token": "t", "everything": {"parts": {"dragons": {}}}}, "does not know: dragons"),
        ({"token": "t", "everything": {"parts": {"crew": {"schema": 1}}}}, "damaged"),
        ({"token": "t"}, "must be an object"),
    ],
)
def test_a_damaged_copy_kept_for_undo_is_refused_with_a_reason(
    data: dict[str, Any], problem: str
) -> None:
    text = json.dumps({"app": "omen", "kind": "before_import", "schema": 1, "data": data})
    with pytest.raises(StoredDataError, match=problem):
        store.decode(share.KEPT, text)


def test_fresh_names_fit_the_limit() -> None:
    assert fresh_name("x" * 80, ["x" * 80]) == "x" * 76 + " (2)"
    assert fresh_name("Bob", ["bob", "BOB (2)", "Bob (3)"]) == "Bob (4)"


def test_a_new_kind_is_one_registry_entry() -> None:
    kind = share.ShareKind(
        "goal", Goal.from_json, lambda goal: Step("Goal '{text}'", {"text": goal.text})
    )
    share.register(kind)
    try:
        shared = decode_link(encode_link("goal", Goal("Najít úkryt 🏚️")))
        assert shared.record == Goal("Najít úkryt 🏚️")
        assert shared.summary.english() == "Goal 'Najít úkryt 🏚️'"
    finally:
        del share.KINDS["goal"]


def test_a_games_items_come_through_the_codec_its_game_declares() -> None:
    """The campaign layer names no game: the crew's characters are shared, counted and
    merged through the SharedItems that The End of the World declares with its stored
    part (GameSpec.parts, ``share``), and a part shared item by item goes in links."""
    from omen.campaign.games import GAMES
    from omen.campaign.spec import Place, StoredPart, named

    crew_part = next(part for part in GAMES["eotw"].parts if part.kind == "crew")
    assert {"character": named(crew_part.share)} == share.ITEMS
    assert {"character", "crew"} <= set(share.KINDS)
    with pytest.raises(ValueError, match="item by item goes in links"):
        StoredPart(
            "x",
            "x",
            "m:N",
            frozenset({Place.SYNC}),
            {Place.LINK: "no", Place.BACKUP: "no"},
            share="m:N",
        )
