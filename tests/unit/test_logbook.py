"""The roll log kept as pages (omen.campaign.logbook): bounded writes, undo across pages and
reloads, migration from one value, damage kept aside page by page, and room."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from omen.campaign.logbook import CACHED, KEY, LogBook, Room, page_key
from omen.campaign.state import LOG, Entry, Exploration, Log, Outcome
from omen.campaign.tables import Library
from omen.core.errors import StoredDataError
from omen.core.roll import N_, Step
from omen.core.store import ROOM, Keeper, MemoryBackend, encode

FIXTURES = Path(__file__).parent / "fixtures" / "schema1"


class CountingBackend(MemoryBackend):
    """Memory with a browser's quota that counts what each write puts down."""

    def __init__(self, items: dict[str, str] | None = None, room: int = ROOM) -> None:
        super().__init__(items, room)
        self.written: list[tuple[str, int]] = []

    def put(self, key: str, text: str) -> bool:
        saved = super().put(key, text)
        if saved:
            self.written.append((key, len(key) + len(text)))
        return saved


def outcome(turn: int) -> Outcome:
    return Outcome(Step(N_("Turn {turn} begins."), {"turn": turn}), (), "nothing")


def before(turn: int) -> tuple[str, Any]:
    return ("exploration", Exploration(pool=1 + turn % 200).to_json())


def play(book: LogBook, count: int) -> Iterator[int]:
    """Next turn as the Explore screen takes it: the Tension Die rolled, the turn's
    outcome logged with the exploration before it (the entry a game master makes most);
    yields after each turn."""
    from omen.campaign.settings import defaults
    from omen.campaign.state import check
    from omen.core.dice import SeededDice

    dice, values = SeededDice(7), defaults()
    state = Exploration()
    for turn in range(count):
        new, result = check(state, values, dice, advance=True)
        text = "Kostka napětí: zatím nic (zásobník 19)"
        book.add("2026-12-01T20:15:00.000Z", result, text, ("exploration", state.to_json()))
        state = new
        yield turn


def keeper(backend: MemoryBackend, told: list[Step] | None = None) -> Keeper:
    return Keeper(backend, (told if told is not None else []).append, lambda: "T1")


def book_of(backend: MemoryBackend, told: list[Step] | None = None, size: int = 4) -> LogBook:
    return LogBook(keeper(backend, told), "T1", size=size)


def fill(book: LogBook, count: int, undoable: bool = True) -> None:
    for _ in range(count):
        turn = book.newest_id() + 1
        book.add(f"t{turn}", outcome(turn), f"Turn {turn}", before(turn) if undoable else None)


def ids(entries: Any) -> list[int]:
    return [entry.id for entry in entries]


# --- golden traces ---------------------------------------------------------------------


def test_a_tap_writes_the_head_and_a_full_head_becomes_a_page() -> None:
    backend = CountingBackend()
    book = book_of(backend)
    fill(book, 4)
    assert [key for key, _ in backend.written] == [KEY] * 4
    backend.written.clear()
    fill(book, 1)  # the fifth entry: the four move to page 1 first
    assert [key for key, _ in backend.written] == [page_key(1), KEY]
    stored = json.loads(backend.items[KEY])
    assert stored["schema"] == 2
    assert stored["data"]["older"] == {"first": 1, "last": 1, "size": 4}
    assert [e["id"] for e in stored["data"]["entries"]] == [5]
    page = json.loads(backend.items[page_key(1)])
    assert (page["kind"], page["schema"]) == ("log", 2)
    assert [e["id"] for e in page["data"]["entries"]] == [4, 3, 2, 1]
    assert "older" not in page["data"]


def test_undo_data_is_stored_with_its_parts_format() -> None:
    backend = MemoryBackend()
    book = book_of(backend)
    book.add("t", outcome(1), "Turn 1", before(1))
    book.add("t", outcome(2), "many", ("many", {"exploration": before(2)[1], "crew": {}}))
    entries = json.loads(backend.items[KEY])["data"]["entries"]
    assert entries[1]["before"] == {"kind": "exploration", "schema": 2, "data": before(1)[1]}
    assert entries[0]["before"]["data"]["crew"] == {"kind": "crew", "schema": 1, "data": {}}


def test_an_import_undoes_the_table_screens_parts_and_the_crew_together() -> None:
    """The import of tables and a crew keeps both for Undo: the table screen's pair
    inside an action that changed several kinds, each checked as its part."""
    from omen.campaign.voidcrawl import CrawlSetup, default_voidcrawl

    backend = MemoryBackend()
    tables = {"library": Library().to_json(), "setup": CrawlSetup(default_voidcrawl()).to_json()}
    book_of(backend).add("t", outcome(1), "import", ("many", {"tables": tables, "crew": {}}))
    entry = book_of(backend).last_undoable()
    assert entry is not None and entry.before == ("many", {"tables": tables, "crew": {}})
    stored = json.loads(backend.items[KEY])["data"]["entries"][0]["before"]["data"]
    assert stored["tables"]["data"]["setup"]["schema"] == 1
    with pytest.raises(StoredDataError):
        book_of(backend).add("t", outcome(2), "x", ("many", {"tables": {"library": []}}))


def test_older_entries_load_on_demand_and_newest_reads_one_page() -> None:
    backend = MemoryBackend()
    fill(book_of(backend), 30)
    reads: list[str] = []
    original = backend.get

    def counted(key: str) -> str | None:
        reads.append(key)
        return original(key)

    backend.get = counted  # type: ignore[method-assign]
    book = book_of(backend)
    assert ids(book.newest(2)) == [30, 29]
    assert not any(key.startswith(KEY + "/") for key in reads)  # opening reads the head
    assert ids(book.newest(5)) == [30, 29, 28, 27, 26]
    assert {key for key in reads if key.startswith(KEY + "/")} == {page_key(7)}
    assert ids(book.older(26, 3)) == [25, 24, 23]
    assert ids(book.older(3, 50)) == [2, 1]
    assert not book.has_older(1) and book.has_older(2)
    assert ids(book.whole().entries) == list(range(30, 0, -1))
    assert book.count == 30


def test_undo_reaches_back_across_pages_and_after_a_reload() -> None:
    backend = MemoryBackend()
    book = book_of(backend)
    fill(book, 3)
    fill(book, 6, undoable=False)  # rolls without undo push the undoable ones back a page
    entry = book.last_undoable()
    assert entry is not None and entry.id == 3
    book.mark_undone(3)
    reloaded = book_of(backend)
    entry = reloaded.last_undoable()
    assert entry is not None and entry.id == 2
    assert entry.before == before(2)
    reloaded.mark_undone(2)
    again = book_of(backend)
    assert [e.undone for e in again.whole().entries[-3:]] == [True, True, False]
    assert ids([again.last_undoable()]) == [1]


def test_a_long_session_keeps_only_a_few_pages_in_memory() -> None:
    """However long the log grows, the book holds at most CACHED older pages; an Undo
    reaching a page let go reads it again, marks the entry and keeps the rest as it was."""
    backend = MemoryBackend()
    book = book_of(backend)
    fill(book, 2)
    fill(book, 60, undoable=False)  # 62 entries: 15 pages of four and a head of two
    assert len(book.pages) <= CACHED
    assert ids(book.whole().entries) == list(range(62, 0, -1))
    assert len(book.pages) <= CACHED and 15 not in book.pages  # the oldest read last
    entry = book.last_undoable()
    assert entry is not None and entry.id == 2
    book.mark_undone(2)
    assert len(book.pages) <= CACHED
    reloaded = book_of(backend)
    assert [e.undone for e in reloaded.whole().entries[-2:]] == [True, False]
    assert ids(reloaded.whole().entries) == list(range(62, 0, -1))
    assert ids(reloaded.export(range(1, 3)).entries) == list(range(8, 0, -1))


def test_a_tap_writes_the_same_however_long_the_log_is() -> None:
    """The bytes a tap puts into storage depend on the page size, not the log's length."""
    backend = CountingBackend(room=10**9)
    book = LogBook(keeper(backend), "T1")  # the real page size
    per_tap: list[int] = []
    for _ in range(1000):
        backend.written.clear()
        fill(book, 1)
        per_tap.append(sum(size for _, size in backend.written))
    early, late = per_tap[40:140], per_tap[-100:]  # whole cycles of five pages each
    assert max(late) <= max(early) * 1.05
    assert sum(late) <= sum(early) * 1.05
    assert max(per_tap) < 2 * 20 * 1500  # a page and a head, at most


# --- migration -------------------------------------------------------------------------


def test_a_format_1_log_is_laid_out_as_pages_once() -> None:
    entries: list[dict[str, Any]] = []
    for n in range(11, 0, -1):
        entry: dict[str, Any] = {
            "id": n,
            "at": f"t{n}",
            "title": {"k": "Turn {turn} begins.", "a": {"turn": n}},
            "steps": [],
            "text": f"Turn {n}",
            "undone": n == 11,
        }
        if n != 5:  # format 1: undo data without a format number (and without a phase)
            data = {"procedure": "tension_die", "turn": n, "checks": n, "pool": 10}
            entry["before"] = {"kind": "exploration", "data": data}
        entries.append(entry)
    old = {"app": "omen", "kind": "log", "schema": 1, "data": {"entries": entries}}
    backend = MemoryBackend({KEY: json.dumps(old)})
    told: list[Step] = []
    book = book_of(backend, told)
    assert told == []
    assert sorted(backend.items) == [KEY, page_key(1), page_key(2)]
    assert ids(book.whole().entries) == list(range(11, 0, -1))
    entry = book.last_undoable()
    assert entry is not None and entry.id == 10
    assert entry.before is not None and entry.before[1]["phase"] == "day"  # format 1's Day
    assert json.loads(backend.items[KEY])["data"]["older"] == {"first": 1, "last": 2, "size": 4}
    layout = dict(backend.items)
    book_of(backend)  # opened again: nothing moves
    assert backend.items == layout


def test_the_format_1_fixture_loads_as_pages_and_undoes() -> None:
    text = (FIXTURES / "log.json").read_text(encoding="utf-8")
    backend = MemoryBackend({KEY: text})
    book = LogBook(keeper(backend), "T1", size=1)
    assert sorted(backend.items) == [KEY, page_key(1)]
    entry = book.last_undoable()
    assert entry is not None and entry.id == 1
    assert Exploration.from_json(entry.before[1] if entry.before else None).pool == 11


def test_the_table_screens_format_1_undo_is_checked_as_its_two_parts() -> None:
    data = {"library": Library().to_json(), "setup": {"voidcrawl": {"faces": []}}}
    old = {
        "id": 1,
        "at": "t",
        "title": {"k": "Turn {turn} begins.", "a": {"turn": 1}},
        "steps": [],
        "text": "x",
        "before": {"kind": "tables", "data": data},
    }
    with pytest.raises(StoredDataError):  # the set-up is checked as the part checks it
        LOG.load(LOG.migrations[1]({"entries": [old]}))
    from omen.campaign.voidcrawl import CrawlSetup, default_voidcrawl

    data["setup"] = CrawlSetup(default_voidcrawl()).to_json()
    log = LOG.load(LOG.migrations[1]({"entries": [old]}))
    assert log.entries[0].before is not None
    assert log.entries[0].before[0] == "tables"  # the table screen restores both at once
    assert set(log.entries[0].before[1]) == {"library", "setup"}
    stored = log.entries[0].to_json()["before"]["data"]
    assert {name: part["schema"] for name, part in stored.items()} == {"library": 1, "setup": 1}


# --- backups and restore ---------------------------------------------------------------


def test_replace_puts_a_whole_log_in_place_and_drops_the_old_pages() -> None:
    backend = MemoryBackend()
    book = book_of(backend)
    fill(book, 13)
    kept = book.whole()
    fill(book, 9)
    book.replace(kept.with_undone(book.newest(1)[0]))
    assert ids(book.whole().entries) == list(range(14, 0, -1))
    assert sorted(k for k in backend.items if k.startswith(KEY + "/")) == [
        page_key(n)
        for n in (6, 7, 8)  # after the pages in use, which are gone
    ]
    assert ids(book_of(backend).whole().entries) == list(range(14, 0, -1))


# --- damage and hostile pages ----------------------------------------------------------


def stored_page(entries: list[Entry], older: dict[str, int] | None = None) -> str:
    data = Log(tuple(entries)).to_json()
    if older is not None:
        data["older"] = older
    return encode(LOG, data)


def test_one_damaged_page_is_kept_aside_and_the_others_stay() -> None:
    backend = MemoryBackend()
    fill(book_of(backend), 13)  # pages 1-3, head 13
    backend.items[page_key(2)] = "{broken"
    told: list[Step] = []
    book = book_of(backend, told)
    assert ids(book.whole().entries) == [13, 12, 11, 10, 9, 4, 3, 2, 1]
    [notice] = told
    assert notice.english().startswith("Omen could not load 4 older entries of the roll log")
    assert "the rest is kept" in notice.english()
    assert page_key(2) not in backend.items
    assert [key for key in backend.items if key.startswith("omen/quarantine/log/")]
    assert book.last_undoable() is not None
    told.clear()
    book_of(backend, told).whole()
    assert [s.key for s in told] == [
        "Some older pages of the roll log are not on this device, so the entries on them "
        "are missing; the rest of the log is kept."
    ]


@pytest.mark.parametrize(
    ("page", "reason"),
    [
        # a page claiming entries it does not have: the head says four a page
        (lambda e: stored_page(e[:2]), "The page does not hold the 4 entries"),
        # duplicate ids: the same entries as the page after it
        (lambda e: stored_page(e[4:8]), "Its entries are not older than"),
        # a page naming pages of its own
        (lambda e: stored_page(e[8:], {"first": 1, "last": 9, "size": 4}), "names pages"),
        # undo data of the wrong kind: a crew where an exploration belongs
        (
            lambda e: encode(
                LOG,
                {
                    "entries": [
                        {
                            **x.to_json(),
                            "before": {
                                "kind": "exploration",
                                "schema": 2,
                                "data": {"characters": []},
                            },
                        }
                        for x in e[8:]
                    ]
                },
            ),
            "The saved value 'procedure' is missing or damaged.",
        ),
        (
            lambda e: encode(
                LOG,
                {
                    "entries": [
                        {**x.to_json(), "before": {"kind": "log", "schema": 2, "data": {}}}
                        for x in e[8:]
                    ]
                },
            ),
            "The saved value 'log entry.before' is missing or damaged.",
        ),
    ],
)
def test_hostile_pages_with_valid_envelopes_are_kept_aside(page: Any, reason: str) -> None:
    backend = MemoryBackend()
    book = book_of(backend)
    fill(book, 13)
    entries = list(book.whole().entries)  # 13 .. 1
    backend.items[page_key(1)] = page(entries)
    told: list[Step] = []
    again = book_of(backend, told)
    assert ids(again.whole().entries) == list(range(13, 4, -1))
    assert len(told) == 1 and reason in told[0].english()
    assert page_key(1) not in backend.items  # kept aside, not lost
    assert any(k.startswith("omen/quarantine/log/") for k in backend.items)


def test_an_index_pointing_past_the_end_costs_one_look_at_the_keys() -> None:
    backend = MemoryBackend()
    fill(book_of(backend), 9)  # pages 1-2, head 9
    head = json.loads(backend.items[KEY])
    head["data"]["older"] = {"first": 1, "last": 10**6, "size": 4}
    backend.items[KEY] = json.dumps(head)
    reads: list[str] = []
    original = backend.get
    backend.get = lambda key: reads.append(key) or original(key)  # type: ignore[method-assign]
    told: list[Step] = []
    book = book_of(backend, told)
    assert ids(book.whole().entries) == list(range(9, 0, -1))
    assert len([k for k in reads if k.startswith(KEY + "/")]) < 10
    assert len(told) == 1 and "not on this device" in told[0].english()
    fill(book, 4)  # the next page goes after the ones there are
    assert ids(book_of(backend).whole().entries)[:5] == [13, 12, 11, 10, 9]


def test_a_lost_index_keeps_the_pages_it_named() -> None:
    backend = MemoryBackend()
    fill(book_of(backend), 10)
    backend.items[KEY] = "{broken"
    told: list[Step] = []
    book = book_of(backend, told)
    assert "older pages of the roll log without their index" in told[-1].english()
    assert ids(book.whole().entries) == list(range(8, 0, -1))
    fill(book, 1)
    assert book.newest_id() == 9  # ids go on after the pages kept


def test_an_undo_kind_no_part_has_is_refused_where_it_is_made() -> None:
    book = book_of(MemoryBackend())
    with pytest.raises(StoredDataError):
        book.add("t", outcome(1), "x", ("screen-only", {}))
    with pytest.raises(StoredDataError):
        book.add("t", outcome(1), "x", ("exploration", {"pool": "lots"}))
    assert book.newest_id() == 0


# --- room ------------------------------------------------------------------------------


def test_room_says_how_many_entries_still_fit_before_they_do_not() -> None:
    backend = MemoryBackend(room=ROOM)
    backend.items["omen/other"] = "x" * 3_000_000
    book = LogBook(keeper(backend), "T1", total=ROOM)
    for _ in play(book, 30):
        pass
    room = book.room()
    assert isinstance(room, Room) and not room.low
    assert 800 < room.per_entry < 1600
    assert room.entries_left == room.left // room.per_entry
    backend.items["omen/other"] = "x" * 4_300_000
    book = LogBook(keeper(backend), "T1", total=ROOM)
    fill(book, 3)
    assert book.room().low and book.room().percent_used > 80


def test_twenty_thousand_entries_do_not_fit_and_the_warning_comes_first() -> None:
    """Measured: a Next turn entry with its undo data takes about 0.9 K characters, so
    20,000 do not fit in the 5.2 million a browser keeps; the warning comes while there
    is still room for hundreds more, and the write that finally fails is told (the
    keeper keeps it in the page): nothing is dropped silently."""
    backend = CountingBackend()
    told: list[Step] = []
    book = LogBook(keeper(backend, told), "T1")
    warned_at = None
    for n in play(book, 20_000):
        room = book.room()
        if room.low and warned_at is None:
            warned_at = (n, room.entries_left)
        if len(book.keeper.dirty) > 0:
            break
    assert warned_at is not None
    assert warned_at[1] > 500
    [warning] = [step for step in told if "storage on this device" in step.english()]
    assert "more log entries fit" in warning.english()  # told once, as a page filled up
    per_entry = backend.used() / book.count
    assert 500 < per_entry < 1500
    assert book.count < 20_000  # it ran out of room, and was told in time


def test_old_entries_are_exported_then_removed_and_nothing_else() -> None:
    backend = MemoryBackend()
    book = book_of(backend)
    fill(book, 30)  # pages 1-7 of four, head of two
    pages = book.old_pages(keep=10)
    assert pages == range(1, 6)
    exported = book.export(pages)
    assert ids(exported.entries) == list(range(20, 0, -1))
    assert book.remove(pages) == 20
    assert ids(book.whole().entries) == list(range(30, 20, -1))
    assert ids(book_of(backend).whole().entries) == list(range(30, 20, -1))
    assert book.remove(range(3, 4)) == 0  # only the oldest pages go
    assert LogBook(keeper(MemoryBackend()), "T1").old_pages() == range(0)


# --- two tabs --------------------------------------------------------------------------


def test_another_tabs_write_is_taken_in() -> None:
    backend = MemoryBackend()
    here, there = book_of(backend), book_of(backend)
    fill(here, 6)
    there_book = book_of(backend)
    there_book.mark_undone(2)  # rewrites page 1
    assert here.take_in(page_key(1), backend.items[page_key(1)])
    assert [e.undone for e in here.whole().entries if e.id == 2] == [True]
    fill(there_book, 1)
    assert here.take_in(KEY, backend.items[KEY])
    assert here.newest_id() == 7
    assert not there.take_in("omen/logbook", None)


# --- a model: add, undo, reload, damage ------------------------------------------------


class LogMachine(RuleBasedStateMachine):
    """The log book against a plain list: whatever is done, it holds the same entries
    in the same order, Undo finds the same entry, and a reload changes nothing; a
    damaged page loses exactly its own entries."""

    def __init__(self) -> None:
        super().__init__()
        self.backend = MemoryBackend(room=10**9)
        self.book = book_of(self.backend, size=3)
        self.model: list[tuple[int, bool, bool]] = []  # (id, undoable, undone), newest first

    @rule(undoable=st.booleans(), count=st.integers(1, 5))
    def add(self, undoable: bool, count: int) -> None:
        for _ in range(count):
            fill(self.book, 1, undoable)
            self.model.insert(0, (self.book.newest_id(), undoable, False))

    @rule()
    def undo(self) -> None:
        entry = self.book.last_undoable()
        expected = next((m for m in self.model if m[1] and not m[2]), None)
        assert (entry.id if entry else None) == (expected[0] if expected else None)
        if entry is not None:
            self.book.mark_undone(entry.id)
            self.model = [(i, u, d or i == entry.id) for i, u, d in self.model]

    @rule()
    def reload(self) -> None:
        self.book = book_of(self.backend, size=3)

    @precondition(lambda self: any(k.startswith(KEY + "/") for k in self.backend.items))
    @rule(data=st.data())
    def damage(self, data: st.DataObject) -> None:
        pages = sorted(k for k in self.backend.items if k.startswith(KEY + "/"))
        key = data.draw(st.sampled_from(pages))
        lost = {e.id for e in LOG.load(json.loads(self.backend.items[key])["data"]).entries}
        self.backend.items[key] = "{damaged"
        self.model = [m for m in self.model if m[0] not in lost]
        self.book = book_of(self.backend, size=3)

    @invariant()
    def same_as_the_model(self) -> None:
        shown = [(e.id, e.before is not None, e.undone) for e in self.book.whole().entries]
        assert shown == self.model
        assert [e.id for e in self.book.newest(4)] == [m[0] for m in self.model[:4]]


TestLogMachine = LogMachine.TestCase
TestLogMachine.settings = settings(max_examples=40, stateful_step_count=25, deadline=None)


def test_the_log_part_is_paged_and_a_backup_carries_it_whole() -> None:
    from omen.campaign.parts import PARTS, Place
    from omen.campaign.share import Everything, export_file, import_file

    part = PARTS["log"]
    assert part.paged and part.goes(Place.BACKUP) and part.goes(Place.SYNC)
    assert not part.goes(Place.LINK)
    backend = MemoryBackend()
    book = book_of(backend)
    fill(book, 11)
    book.mark_undone(3)
    text = export_file(Everything({"log": book.whole()}))
    restored = import_file(text).record.get("log")
    assert restored == book.whole() and len(restored.entries) == 11
    wiped = MemoryBackend()
    fresh = book_of(wiped)
    fresh.replace(restored)
    assert book_of(wiped).whole() == book.whole()


def test_the_newest_page_is_stored_as_a_fresh_encoding_of_it_would_be() -> None:
    """The head's text is joined from each entry's JSON, written once: byte for byte
    what encoding the whole page afresh writes, through turns, a page rolled over, an
    entry marked undone, and a reload."""
    backend = MemoryBackend()
    book = book_of(backend, size=3)
    for turn in play(book, 7):
        assert backend.get(KEY) == encode(LOG, book.head.to_json()), turn
    newest = book.newest(1)[0]
    book.mark_undone(newest.id)
    assert backend.get(KEY) == encode(LOG, book.head.to_json())
    assert '"undone":true' in (backend.get(KEY) or "")
    again = book_of(backend, size=3)
    fill(again, 1)
    assert backend.get(KEY) == encode(LOG, again.head.to_json())
    assert "napětí" in (backend.get(KEY) or "")  # letters kept as they are


# --- two tabs writing before either hears of the other ---------------------------------


def test_two_tabs_rolling_a_page_each_keep_every_entry_in_time_order() -> None:
    backend = MemoryBackend()
    first = LogBook(keeper(backend), size=2)
    first.add("t0", outcome(0), "base", None)
    tab_a, tab_b = LogBook(keeper(backend), size=2), LogBook(keeper(backend), size=2)
    tab_a.add("t1", outcome(1), "A0", None)
    tab_a.add("t2", outcome(2), "A1", None)  # rolls [A0, base] into omen/log/1
    tab_b.add("t3", outcome(3), "B0", None)  # B never heard of A's entries
    tab_b.add("t4", outcome(4), "B1", None)
    expected = ["B1", "B0", "A1", "A0", "base"]
    assert [e.text for e in tab_b.whole().entries] == expected
    reopened = LogBook(keeper(backend), size=2)
    assert [e.text for e in reopened.whole().entries] == expected
    assert ids(reopened.whole().entries) == [5, 4, 3, 2, 1]
    assert not [key for key in backend.items if key.startswith("omen/quarantine/")]


def test_entries_made_at_once_are_merged_by_their_times() -> None:
    backend = MemoryBackend()
    base = LogBook(keeper(backend), size=3)
    base.add("t00", outcome(0), "base", None)
    told: list[Step] = []
    tab_a, tab_b = LogBook(keeper(backend), size=3), LogBook(keeper(backend, told), size=3)
    later: list[int] = []
    tab_b.keeper.later = lambda: later.append(1)  # B's writes wait for the frame
    tab_b.add("t01", outcome(1), "B early", None)
    for turn in (2, 3, 4, 5):
        tab_a.add(f"t0{turn}", outcome(turn), f"A{turn}", None)
    tab_b.add("t06", outcome(6), "B late", None)  # B's own log: no sign of A yet
    tab_b.keeper.settle()  # B's frame ends: its writes meet A's
    texts = [e.text for e in LogBook(keeper(backend), size=3).whole().entries]
    assert texts == ["B late", "A5", "A4", "A3", "A2", "B early", "base"]
    assert any("same time" in step.key for step in told)


def test_undo_after_a_merge_takes_back_this_tabs_own_entry() -> None:
    backend = MemoryBackend()
    tab_a, tab_b = book_of(backend, size=2), book_of(backend, size=2)
    tab_a.add("t1", outcome(1), "A1", before(1))
    tab_b.add("t2", outcome(2), "B1", before(2))
    tab_a.add("t3", outcome(3), "A2", before(3))
    undoable = tab_b.last_undoable()
    assert undoable is not None and undoable.text == "A2"  # the log's newest, whoever made it
    tab_b.mark_undone(undoable.id)
    reloaded = book_of(backend, size=2)
    assert [(e.text, e.undone) for e in reloaded.whole().entries] == [
        ("A2", True),
        ("B1", False),
        ("A1", False),
    ]
    next_undo = reloaded.last_undoable()
    assert next_undo is not None and next_undo.text == "B1"


def test_a_page_another_tab_wrote_is_never_overwritten_unseen() -> None:
    backend = MemoryBackend()
    book = book_of(backend, size=2)
    fill(book, 2)
    backend.items[page_key(1)] = "written by a tab that lost its index"
    fill(book, 1)  # rolls the head into a page: not page 1, which is taken
    assert backend.items[page_key(1)] == "written by a tab that lost its index"
    assert ids(book_of(backend, size=2).whole().entries) == [3, 2, 1]


def test_a_page_written_between_the_claim_and_the_write_is_kept_aside() -> None:
    class Racing(MemoryBackend):
        """Another tab writes page 1 just after this one looked whether it was free."""

        looks = 0

        def look(self, key: str) -> None:  # the claim, then the write's own check
            if key == page_key(1):
                self.looks += 1
                if self.looks == 2:
                    self.items[key] = "another tab's page"

        def get(self, key: str) -> str | None:
            self.look(key)
            return super().get(key)

        def holds(self, key: str, text: str | None) -> bool:
            self.look(key)
            return super().holds(key, text)

    backend = Racing()
    book = book_of(backend, size=2)
    fill(book, 3)
    aside = [k for k in backend.items if k.startswith("omen/quarantine/log/")]
    assert [backend.items[k] for k in aside] == ["another tab's page"]
    assert ids(book_of(backend, size=2).whole().entries) == [3, 2, 1]


def test_a_key_never_read_is_kept_aside_when_another_tab_writes_it_before_the_frame() -> None:
    backend = MemoryBackend()
    told: list[Step] = []
    waiting = Keeper(backend, told.append, lambda: "T1", later=lambda: None)
    waiting.write("omen/prefs", "mine")
    backend.items["omen/prefs"] = "the other tab's"
    waiting.settle()
    assert backend.items["omen/prefs"] == "mine"
    aside = [k for k in backend.items if k.startswith("omen/quarantine/prefs/")]
    assert [backend.items[k] for k in aside] == ["the other tab's"]


def test_a_write_asks_whether_another_tab_wrote_not_for_the_whole_text() -> None:
    """Before each write the keeper asks storage whether the key still holds what this
    page last saw there (the browser answers that without handing the log's newest page,
    ten thousand characters, over to Python); it reads the text only when the answer is
    no, and then keeps another tab's version as before."""

    class Counting(MemoryBackend):
        read: ClassVar[list[str]] = []

        def get(self, key: str) -> str | None:
            self.read.append(key)
            return super().get(key)

    backend = Counting()
    book = book_of(backend, size=50)
    fill(book, 3)
    backend.read.clear()
    fill(book, 5)
    assert KEY not in backend.read
    elsewhere = book_of(backend, size=50)
    fill(elsewhere, 1)  # another tab adds an entry
    fill(book, 1)
    assert KEY in backend.read
    assert ids(book_of(backend, size=50).whole().entries) == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]


def saved_all(book: LogBook) -> bool:
    """What a page does once its frame is over and saving works: its waiting writes, then
    what it kept in memory (which may ask for another frame's writes); whether all is saved."""
    book.keeper.settle()
    book.keeper.flush()
    book.keeper.settle()
    return not book.keeper.unsaved()


def test_a_page_only_this_tab_wrote_stays_in_the_log_when_it_merges_again() -> None:
    """Three tabs, the third writing late, the device full at moments (the example the
    three-tab machine found): the third tab's page 1 is saved while the index naming it
    is not, and the first tab rolls its own page 2 past it. The third tab merges the
    first's log in (its index names page 1 and its own page 2, unsaved), then merges
    again when the first tab's newest entry comes: its entry on page 1 stays in the log."""
    backend = MemoryBackend(room=10**9)
    waits = (False, False, True)
    tabs = [
        LogBook(Keeper(backend, [].append, lambda: "T", (lambda: None) if w else None), size=2)
        for w in waits
    ]
    made: list[str] = []

    def add(tab: int, undoable: bool) -> None:
        turn = len(made) + 1
        text = f"tab {tab} entry {turn}"
        tabs[tab].add(f"t{turn:05d}", outcome(turn), text, before(1) if undoable else None)
        made.append(text)

    def device(full: bool) -> None:
        backend.room = backend.used() if full else 10**9
        if not full:
            for book in tabs:
                book.keeper.flush()

    add(0, False)
    device(full=True)
    add(2, False)  # 'tab 2 entry 2': on the page tab 2 rolls next
    add(0, False)
    add(2, True)
    device(full=False)  # every tab flushes
    add(0, False)
    device(full=True)
    tabs[2].keeper.settle()  # tab 2's frame ends
    add(0, False)
    backend.room = 10**9
    for book in tabs:
        saved_all(book)
    read = LogBook(Keeper(backend, [].append, lambda: "T"), size=2)
    stored = {e.text for e in read.whole().entries}
    aside = " ".join(v for k, v in backend.items.items() if "quarantine" in k)
    assert [t for t in made if t not in stored and t not in aside] == []


class TabsMachine(RuleBasedStateMachine):
    """Two or three tabs over one storage, each writing when the game master taps and
    hearing of the others' writes late, early or never, with the device full at random
    moments: whatever happens, every entry any tab added is in the log (read afresh)
    or in a copy kept aside, and a log read afresh holds no entry twice."""

    def __init__(self) -> None:
        super().__init__()
        self.backend = MemoryBackend(room=10**9)
        self.waits: list[bool] = []
        self.tabs: list[LogBook] = []
        self.made: list[str] = []
        self.clock = 0

    once = True  # every entry is in the log once (not only somewhere)
    tab_count = 0  # how many tabs are open (0: two or three, as drawn)

    @precondition(lambda self: not self.tabs)
    @rule(count=st.integers(2, 3), waits=st.lists(st.booleans(), min_size=3, max_size=3))
    def open_tabs(self, count: int, waits: list[bool]) -> None:
        count = self.tab_count or count
        for index in range(count):
            later = (lambda: None) if waits[index] else None
            self.tabs.append(LogBook(Keeper(self.backend, [].append, lambda: "T", later), size=2))
        self.waits = waits[:count]

    @precondition(lambda self: bool(self.tabs))
    @rule(tab=st.integers(0, 2), undoable=st.booleans())
    def add(self, tab: int, undoable: bool) -> None:
        book = self.tabs[tab % len(self.tabs)]
        self.clock += 1
        text = f"tab {tab % len(self.tabs)} entry {self.clock}"
        book.add(f"t{self.clock:05d}", outcome(self.clock), text, before(1) if undoable else None)
        self.made.append(text)

    @precondition(lambda self: bool(self.tabs))
    @rule(tab=st.integers(0, 2))
    def frame_ends(self, tab: int) -> None:
        self.tabs[tab % len(self.tabs)].keeper.settle()

    @precondition(lambda self: bool(self.tabs))
    @rule(tab=st.integers(0, 2))
    def hears_of_the_others(self, tab: int) -> None:
        book = self.tabs[tab % len(self.tabs)]
        for key in [k for k in self.backend.items if k.startswith(KEY)]:
            book.take_in(key, self.backend.items[key])

    @precondition(lambda self: bool(self.tabs))
    @rule(tab=st.integers(0, 2))
    def undo(self, tab: int) -> None:
        book = self.tabs[tab % len(self.tabs)]
        entry = book.last_undoable()
        if entry is not None:
            book.mark_undone(entry.id)

    @precondition(lambda self: bool(self.tabs))
    @rule(full=st.booleans())
    def device_fills_or_frees(self, full: bool) -> None:
        self.backend.room = self.backend.used() if full else 10**9
        if not full:
            for book in self.tabs:
                book.keeper.flush()

    @precondition(lambda self: bool(self.tabs))
    @rule(tab=st.integers(0, 2))
    def reload(self, tab: int) -> None:
        index = tab % len(self.tabs)
        if not saved_all(self.tabs[index]):
            return  # unsaved on a full device: the game master was told; a reload loses them
        later = (lambda: None) if self.waits[index] else None
        fresh = LogBook(Keeper(self.backend, [].append, lambda: "T", later), size=2)
        self.tabs[index] = fresh

    @invariant()
    def nothing_vanishes(self) -> None:
        if not self.tabs:
            return
        here: set[str] = set()
        for book in self.tabs:  # a tab's unsaved entries are in its page until it saves
            here |= {e.text for e in book.whole().entries}
        aside = " ".join(v for k, v in self.backend.items.items() if "quarantine" in k)
        read = LogBook(Keeper(MemoryBackend(dict(self.backend.items)), [].append, lambda: "T"))
        stored = [e.text for e in read.whole().entries]
        if self.once:
            assert len(stored) == len(set(stored))
        missing = [t for t in self.made if t not in here and t not in stored and t not in aside]
        assert missing == []

    def teardown(self) -> None:
        if not self.tabs:
            return
        self.backend.room = 10**9
        for book in self.tabs:
            saved_all(book)
        read = LogBook(Keeper(self.backend, [].append, lambda: "T"), size=2)
        stored = {e.text for e in read.whole().entries}
        aside = " ".join(v for k, v in self.backend.items.items() if "quarantine" in k)
        assert [t for t in self.made if t not in stored and t not in aside] == []


class TwoTabsMachine(TabsMachine):
    """Two tabs: every entry either added is in the log once."""

    tab_count = 2


class ThreeTabsMachine(TabsMachine):
    """Three tabs: every entry any of them added is in the log or kept aside. A page
    one tab saved while the device was too full for the index that names it can meet
    a third tab's Undo, and an entry may then show twice (nothing is lost)."""

    tab_count = 3
    once = False


TestTabsMachine = TwoTabsMachine.TestCase
TestThreeTabsMachine = ThreeTabsMachine.TestCase
TestThreeTabsMachine.settings = settings(
    max_examples=int(os.environ.get("OMEN_TABS_EXAMPLES", "100")),
    stateful_step_count=30,
    deadline=None,
)
TestTabsMachine.settings = settings(
    max_examples=int(os.environ.get("OMEN_TABS_EXAMPLES", "100")),
    stateful_step_count=30,
    deadline=None,
)


@pytest.mark.xfail(
    strict=True,
    reason="a late tab's merge saves a page over one the stored index names while the "
    "device is too full for its index; the other tab's Undo then rewrites that page, and "
    "the late tab's index, saved later, names an entry twice (found at 2000 examples; "
    "fails before the fix of page 1's loss too)",
)
def test_two_tabs_a_merge_cut_short_by_a_full_device_and_an_undo_keep_entries_once() -> None:
    """The two-tab machine's example, step by step (its invariant between steps)."""
    state = TwoTabsMachine()
    state.open_tabs(count=2, waits=[True, True, False])
    steps: list[tuple[str, dict[str, Any]]] = [
        ("add", {"tab": 0, "undoable": False}),
        ("add", {"tab": 1, "undoable": False}),
        ("add", {"tab": 0, "undoable": True}),
        ("add", {"tab": 0, "undoable": False}),
        ("device_fills_or_frees", {"full": True}),
        ("frame_ends", {"tab": 1}),
        ("undo", {"tab": 0}),
        ("device_fills_or_frees", {"full": False}),
    ]
    for name, arguments in steps:
        state.nothing_vanishes()
        getattr(state, name)(**arguments)
    state.nothing_vanishes()
    state.teardown()


@pytest.mark.xfail(
    strict=True,
    reason="a late tab's page write meets another tab's Undo of that page while the device "
    "is full: the other version cannot be kept aside, so the key is held, and the index "
    "waiting for that page is never saved once there is room (only clear_aside releases "
    "a held key); found at 2000 examples, fails before the fix of page 1's loss too",
)
def test_three_tabs_a_page_held_for_want_of_room_is_saved_once_there_is_room() -> None:
    """The three-tab machine's example, step by step (its invariant between steps)."""
    state = ThreeTabsMachine()
    state.open_tabs(count=2, waits=[False, False, True])
    steps: list[tuple[str, dict[str, Any]]] = [
        ("add", {"tab": 0, "undoable": False}),
        ("add", {"tab": 0, "undoable": True}),
        ("device_fills_or_frees", {"full": True}),
        ("add", {"tab": 0, "undoable": False}),
        ("add", {"tab": 2, "undoable": False}),  # 'tab 2 entry 4'
        ("device_fills_or_frees", {"full": False}),
        ("device_fills_or_frees", {"full": True}),
        ("undo", {"tab": 0}),
        ("frame_ends", {"tab": 2}),
    ]
    for name, arguments in steps:
        state.nothing_vanishes()
        getattr(state, name)(**arguments)
    state.nothing_vanishes()
    state.teardown()
