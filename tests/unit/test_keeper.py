"""Keeping saved values (omen.core.store.Keeper): damaged values kept aside once, a capped
quarantine, changes written once saving works again, and two tabs losing nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from omen.campaign.state import CAMPAIGN, LOG, PREFS, Campaign, Log, Prefs
from omen.core import store
from omen.core.roll import Step
from omen.core.store import (
    ASIDE_CHARS,
    ASIDE_COUNT,
    QUARANTINE,
    Keeper,
    MemoryBackend,
    Refused,
    encode,
)
from omen.eotw.pools import TESTS_FORM, Characteristic, Pool, TestsForm

SCHEMAS = {"prefs": PREFS, "campaign": CAMPAIGN, "log": LOG}
NEWER = {"prefs": {"language": "cs"}, "campaign": {"name": "x"}, "log": {"entries": []}}


def damages(kind: str) -> dict[str, str]:
    """The damage that once kept Omen from starting, for one stored key."""
    good = encode(
        SCHEMAS[kind], {"prefs": Prefs(), "campaign": Campaign(), "log": Log()}[kind].to_json()
    )
    # One format past what this Omen reads, whatever the current one is.
    ahead = SCHEMAS[kind].current + 1
    newer = json.dumps({"app": "omen", "kind": kind, "schema": ahead, "data": NEWER[kind]})
    return {
        "garbage": "\x00garbage ☠ {{{",
        "truncated": good[: len(good) // 2],
        "huge": "x" * 1_200_000,
        "newer": newer,
    }


class Clock:
    def __init__(self) -> None:
        self.tick = 0

    def __call__(self) -> str:
        self.tick += 1
        return f"2026-12-01T10:{self.tick // 60:02d}:{self.tick % 60:02d}.000Z"


def start(backend: MemoryBackend, told: list[Step] | None = None) -> Keeper:
    """One start of the app: a new page loading every part."""
    said = told if told is not None else []
    keeper = Keeper(backend, said.append, Clock())
    for schema in SCHEMAS.values():
        keeper.load(schema)
    return keeper


def copies(backend: MemoryBackend) -> dict[str, str]:
    return {k: v for k, v in backend.items.items() if k.startswith(QUARANTINE)}


@pytest.mark.parametrize("kind", list(SCHEMAS))
@pytest.mark.parametrize("damage", ["garbage", "truncated", "huge", "newer"])
def test_a_damaged_key_is_kept_aside_once_and_starts_afresh(kind: str, damage: str) -> None:
    raw = damages(kind)[damage]
    backend = MemoryBackend({f"omen/{kind}": raw})
    told: list[Step] = []
    for _ in range(5):
        start(backend, told)
    assert list(copies(backend).values()) == [raw]  # untouched, once
    assert f"omen/{kind}" not in backend.items  # the key starts afresh
    [notice] = told  # said once: the later starts found nothing wrong
    text = notice.english()
    assert text.startswith("Omen could not load ")
    assert next(iter(copies(backend))) in text
    if damage == "newer":
        ahead = SCHEMAS[kind].current + 1
        assert f"This was saved by a newer version of Omen (format {ahead})" in text


class StubbornBackend(MemoryBackend):
    """A storage whose keys cannot be removed: the copy kept aside must still be one."""

    def drop(self, key: str) -> None:
        if not key.startswith(QUARANTINE):
            return
        super().drop(key)


def test_the_same_damaged_value_is_kept_once_over_five_starts() -> None:
    raw = "x" * 1_200_000
    backend = StubbornBackend({"omen/log": raw})
    for _ in range(5):
        start(backend)
    assert list(copies(backend).values()) == [raw]
    assert backend.used() < 2_500_100  # not 4.8 of the 5.2 million characters


def test_no_room_to_keep_a_copy_means_the_key_is_not_overwritten() -> None:
    raw = "{damaged"
    # The filler leaves no room for a copy; once it goes, the campaign and the copy fit
    # (the room does not depend on how many settings a campaign holds).
    backend = MemoryBackend({"omen/campaign": raw, "filler": "f" * 5000}, room=5030)
    told: list[Step] = []
    keeper = start(backend, told)
    assert "no room" in told[-1].english()
    assert not keeper.save(CAMPAIGN, Campaign("Nové").to_json())
    assert backend.items["omen/campaign"] == raw
    del backend.items["filler"]  # room freed; the copy kept aside is cleared by the GM
    keeper.clear_aside()
    assert list(copies(backend).values()) == [raw]
    assert store.decode(CAMPAIGN, backend.items["omen/campaign"]).name == "Nové"


def test_a_change_made_while_storage_is_full_is_saved_once_there_is_room() -> None:
    backend = MemoryBackend(room=60_000)
    told: list[Step] = []
    keeper = start(backend, told)
    assert keeper.save(LOG, Log().to_json())
    backend.items["filler"] = "f" * (backend.room - backend.used() - 10)  # full
    assert not keeper.save(CAMPAIGN, Campaign("Renamed").to_json())
    assert "could not save" in told[-1].english()
    assert not keeper.flush()
    del backend.items["filler"]  # space freed elsewhere
    assert keeper.save(LOG, Log().to_json())  # a turn is taken: it saves, and so does the name
    assert store.decode(CAMPAIGN, backend.items["omen/campaign"]).name == "Renamed"
    assert told[-1].english().startswith("Omen can save again")
    assert start(MemoryBackend(dict(backend.items))) is not None


def test_the_retry_alone_saves_the_change() -> None:
    backend = MemoryBackend(room=2000)
    keeper = start(backend)
    backend.items["filler"] = "f" * 1990
    assert not keeper.save(CAMPAIGN, Campaign("Renamed").to_json())
    assert keeper.dirty == {"omen/campaign"}
    del backend.items["filler"]
    assert keeper.flush() and not keeper.dirty
    assert store.decode(CAMPAIGN, backend.items["omen/campaign"]).name == "Renamed"


def form(**pool: int) -> TestsForm:
    return TestsForm(characteristic=Characteristic.LOGIC, pool=Pool(**pool))


def test_two_tabs_the_other_tabs_write_is_taken_in_then_built_on() -> None:
    """The Tests form case: B adds a die, A changes the characteristic; nothing is lost."""
    backend = MemoryBackend()
    a, b = start(backend), start(backend)
    assert a.load(TESTS_FORM) is None and b.load(TESTS_FORM) is None
    assert b.save(TESTS_FORM, form(equipment=1).to_json())
    taken = a.take_in(TESTS_FORM)  # the storage event reaches A
    assert taken == form(equipment=1)
    from dataclasses import replace

    assert taken is not None
    assert a.save(TESTS_FORM, replace(taken, characteristic=Characteristic.VITALITY).to_json())
    back = store.decode(TESTS_FORM, backend.items["omen/eotw_tests"])
    assert back.pool.equipment == 1 and back.characteristic is Characteristic.VITALITY
    assert copies(backend) == {}


def test_two_tabs_writes_that_cross_keep_the_other_aside_and_tell() -> None:
    backend = MemoryBackend()
    told: list[Step] = []
    a = Keeper(backend, told.append, Clock())
    b = Keeper(backend, [].append, Clock())
    a.load(TESTS_FORM), b.load(TESTS_FORM)
    b.save(TESTS_FORM, form(equipment=1).to_json())
    a.save(TESTS_FORM, form(danger=1).to_json())  # before the storage event arrived
    assert list(copies(backend).values()) == [encode(TESTS_FORM, form(equipment=1).to_json())]
    assert "Another tab changed the dice pool on the Tests screen" in told[-1].english()


def test_another_tabs_write_waits_while_this_tab_has_unsaved_changes() -> None:
    backend = MemoryBackend(room=3000)
    a, b = start(backend), start(backend)
    backend.items["filler"] = "f" * (backend.room - backend.used() - 5)
    assert not a.save(TESTS_FORM, form(danger=2).to_json())
    del backend.items["filler"]
    assert b.save(TESTS_FORM, form(equipment=1).to_json())
    assert a.take_in(TESTS_FORM) is None  # A's own change waits; B's is not thrown away
    assert a.flush()
    kept = list(copies(backend).values())
    assert kept == [encode(TESTS_FORM, form(equipment=1).to_json())]
    assert store.decode(TESTS_FORM, backend.items["omen/eotw_tests"]).pool.danger == 2


def test_a_newer_omens_write_in_another_tab_is_left_alone() -> None:
    backend = MemoryBackend()
    told: list[Step] = []
    a = Keeper(backend, told.append, Clock())
    a.load(PREFS)
    newer = damages("prefs")["newer"]
    backend.items["omen/prefs"] = newer
    assert a.take_in(PREFS) is None
    assert "Another tab saved the language and theme" in told[-1].english()
    assert not a.save(PREFS, Prefs("en", "dark").to_json())
    assert backend.items["omen/prefs"] == newer


def test_quarantine_is_capped_and_says_so_without_dropping_anything() -> None:
    backend = MemoryBackend()
    told: list[Step] = []
    keeper = Keeper(backend, told.append, Clock())
    for n in range(ASIDE_COUNT):
        assert isinstance(keeper.keep_aside("log", f"damaged {n}", "damaged"), str)
    assert keeper.keep_aside("log", "one more", "damaged") is Refused.LIMIT
    assert keeper.keep_aside("log", "and another", "damaged") is Refused.LIMIT
    assert len(copies(backend)) == ASIDE_COUNT
    [limit] = [step for step in told if "at their limit" in step.english()]  # told once
    backend.items["omen/log"] = "{broken"
    start(backend, told)
    assert backend.items["omen/log"] == "{broken"  # kept where it is, not overwritten
    assert "Export the kept-aside copies in Settings" in told[-1].english()
    exported = json.loads(keeper.aside_file())
    assert [c["text"] for c in exported["copies"]][:2] == ["damaged 0", "damaged 1"]
    assert keeper.clear_aside() == ASIDE_COUNT
    assert keeper.aside() == []
    assert limit.english().startswith("The copies Omen keeps aside are at their limit")


def test_the_size_cap_counts_characters() -> None:
    keeper = Keeper(MemoryBackend(), [].append, Clock())
    assert isinstance(keeper.keep_aside("log", "x" * (ASIDE_CHARS - 10), "damaged"), str)
    assert keeper.keep_aside("log", "y" * 11, "damaged") is Refused.LIMIT


def test_without_storage_everything_stays_in_memory() -> None:
    keeper = Keeper(None, [].append, Clock())
    assert not keeper.save(PREFS, Prefs("cs").to_json())
    assert keeper.load(PREFS) == Prefs("cs")
    assert keeper.aside() == [] and keeper.clear_aside() == 0


# --- a state machine: damage, starts, full storage, clearing ---------------------------------

# --- writes that wait for the frame (the browser's ``later``) ---------------------------


class Frames:
    """The browser's "soon after this frame", by hand: counts the asks, runs them on call."""

    def __init__(self) -> None:
        self.asked = 0
        self.keeper: Keeper | None = None

    def __call__(self) -> None:
        self.asked += 1

    def draw(self) -> None:
        assert self.keeper is not None
        self.keeper.settle()


def waiting(backend: MemoryBackend, told: list[Step] | None = None) -> tuple[Keeper, Frames]:
    frames = Frames()
    keeper = Keeper(backend, (told if told is not None else []).append, Clock(), frames)
    frames.keeper = keeper
    return keeper, frames


def test_a_write_waits_for_the_frame_and_the_page_reads_it_meanwhile() -> None:
    backend = MemoryBackend()
    keeper, frames = waiting(backend)
    assert keeper.save(CAMPAIGN, Campaign("First").to_json())
    assert keeper.save(CAMPAIGN, Campaign("Second").to_json())
    assert keeper.save(PREFS, Prefs("cs").to_json())
    assert frames.asked == 1  # one ask for everything written before the frame
    assert backend.items == {}  # storage untouched by the tap
    assert store.decode(CAMPAIGN, keeper.read("omen/campaign") or "").name == "Second"
    frames.draw()
    assert store.decode(CAMPAIGN, backend.items["omen/campaign"]).name == "Second"
    assert list(backend.items) == ["omen/campaign", "omen/prefs"]  # in the order written
    assert keeper.save(CAMPAIGN, Campaign("Third").to_json()) and frames.asked == 2


def test_whatever_looks_at_storage_itself_settles_first() -> None:
    backend = MemoryBackend()
    keeper, _frames = waiting(backend)
    keeper.save(CAMPAIGN, Campaign("Counted").to_json())
    size = len("omen/campaign") + len(encode(CAMPAIGN, Campaign("Counted").to_json()))
    assert keeper.used() == size  # the room counted is the room the page's writes take
    assert "omen/campaign" in backend.items and not keeper.pending
    keeper.save(CAMPAIGN, Campaign("Listed").to_json())
    assert keeper.aside() == [] and not keeper.pending  # a look at the keys settles too


def test_a_write_that_waits_is_told_when_it_fails_and_saved_when_there_is_room() -> None:
    backend = MemoryBackend(room=2000)
    told: list[Step] = []
    keeper, frames = waiting(backend, told)
    backend.items["filler"] = "f" * 1990
    assert keeper.save(CAMPAIGN, Campaign("Renamed").to_json())  # accepted: it waits
    assert told == []
    frames.draw()
    assert keeper.dirty == {"omen/campaign"}
    assert "could not save" in told[-1].english()
    del backend.items["filler"]
    assert keeper.flush()
    assert store.decode(CAMPAIGN, backend.items["omen/campaign"]).name == "Renamed"


def test_a_write_asked_for_now_is_written_now_after_what_waits() -> None:
    backend = MemoryBackend(room=2000)
    keeper, _frames = waiting(backend)
    keeper.save(PREFS, Prefs("cs").to_json())
    backend.items["filler"] = "f" * 1500
    assert not keeper.save(CAMPAIGN, Campaign("x" * 600).to_json(), quiet=True, now=True)
    assert "omen/prefs" in backend.items  # what waited went first


def test_another_tabs_write_during_the_wait_is_kept_aside_when_the_wait_ends() -> None:
    backend = MemoryBackend()
    told: list[Step] = []
    a, frames = waiting(backend, told)
    b = Keeper(backend, [].append, Clock())
    a.load(TESTS_FORM), b.load(TESTS_FORM)
    a.save(TESTS_FORM, form(danger=1).to_json())  # waits for A's frame
    b.save(TESTS_FORM, form(equipment=1).to_json())
    a.seen("omen/eotw_tests", backend.items["omen/eotw_tests"])  # B's storage event at A
    frames.draw()
    assert list(copies(backend).values()) == [encode(TESTS_FORM, form(equipment=1).to_json())]
    assert store.decode(TESTS_FORM, backend.items["omen/eotw_tests"]).pool.danger == 1
    assert "Another tab changed the dice pool on the Tests screen" in told[-1].english()


def test_a_removed_key_does_not_come_back_with_the_frame() -> None:
    backend = MemoryBackend()
    keeper, frames = waiting(backend)
    keeper.save(CAMPAIGN, Campaign("Gone").to_json())
    keeper.remove("omen/campaign")
    frames.draw()
    assert backend.items == {} and keeper.read("omen/campaign") is None


VALUES = ["{bad", "x" * 300_000, '{"app": "omen", "kind": "log", "schema": 9, "data": 1}']


class KeepingMachine(RuleBasedStateMachine):
    """Against a plain model: every damaged value put into a key is, after a start,
    either still in its key (held: not overwritten) or kept aside exactly once; the
    quarantine never goes over its caps; nothing kept aside goes unless cleared."""

    def __init__(self) -> None:
        super().__init__()
        self.backend = MemoryBackend(room=1_500_000)
        self.keeper = start(self.backend)
        self.damaged: set[tuple[str, str]] = set()  # (kind, value) that must survive

    @rule(kind=st.sampled_from(list(SCHEMAS)), which=st.sampled_from(range(len(VALUES))))
    def damage(self, kind: str, which: int) -> None:
        """A value edited by hand in storage (over what was there: that one is the
        editor's to lose, unless Omen had it already)."""
        value = VALUES[which]
        before = self.backend.items.get(f"omen/{kind}")
        if self.backend.put(f"omen/{kind}", value):
            aside = {
                (key.removeprefix(QUARANTINE).split("/")[0], text)
                for key, text in copies(self.backend).items()
            }
            if (kind, before) not in aside and before != value:
                self.damaged.discard((kind, before or ""))
            self.damaged.add((kind, value))

    @rule()
    def reload(self) -> None:
        self.keeper = start(self.backend)

    @rule(kind=st.sampled_from(list(SCHEMAS)))
    def edit(self, kind: str) -> None:
        record = {"prefs": Prefs("cs"), "campaign": Campaign("Jiná"), "log": Log()}[kind]
        self.keeper.save(SCHEMAS[kind], record.to_json())

    @rule(size=st.integers(0, 1_400_000))
    def fill(self, size: int) -> None:
        self.backend.put("filler", "f" * size)

    @rule()
    def free(self) -> None:
        self.backend.drop("filler")

    @rule()
    def export_and_clear(self) -> None:
        exported = json.loads(self.keeper.aside_file())["copies"]
        kept = {(c["key"].removeprefix(QUARANTINE).split("/")[0], c["text"]) for c in exported}
        self.keeper.clear_aside()
        self.damaged -= kept  # in the game master's file now

    @invariant()
    def nothing_lost_and_kept_once(self) -> None:
        aside = [
            (key.removeprefix(QUARANTINE).split("/")[0], value)
            for key, value in copies(self.backend).items()
        ]
        assert len(aside) == len(set(aside))  # the same value is kept once
        assert len(aside) <= ASIDE_COUNT
        assert sum(len(value) for _, value in aside) <= ASIDE_CHARS
        for kind, value in self.damaged:
            assert (
                (kind, value) in aside
                or self.backend.items.get(f"omen/{kind}") == value
                or (self.keeper.held.get(f"omen/{kind}") == value)
            )


KeepingMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=20, deadline=None)
test_keeping_machine = KeepingMachine.TestCase


def test_clock_stamps_sort() -> None:
    clock = Clock()
    stamps: list[Any] = [clock() for _ in range(70)]
    assert stamps == sorted(stamps)
