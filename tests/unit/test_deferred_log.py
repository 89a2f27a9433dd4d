"""A tap's log entry, written after the frame that shows the tap (omen_web.kit.store).

The page gives the store ``defer`` (kit/app.py: a task after the next frame); the entry
then waits in the page and is written before the next event, any read of the log, and
when the page is hidden or closed (the app's ``pagehide`` calls ``write_waiting`` and the
keeper's ``settle``). Whatever path it takes, no entry is lost and Undo still puts back
what each action changed, in order.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from omen.campaign.state import Outcome
from omen.core.roll import N_, Step
from omen.core.store import Keeper, MemoryBackend
from omen_web.kit.store import Store

NOW = "2026-12-01T10:00:00.000Z"


class Frame:
    """The page's "after the next frame": counts how often it was asked for."""

    def __init__(self) -> None:
        self.asked = 0

    def ask(self) -> None:
        self.asked += 1


def deferred(backend: MemoryBackend, frame: Frame | None = None) -> tuple[Store, Keeper]:
    """A store as the page makes it: its keeper's writes wait too (``later``)."""
    keeper = Keeper(backend, lambda _step: None, lambda: NOW, lambda: None)
    store = Store(keeper, NOW, lambda: NOW, lambda step: step.key, lambda: "en")
    store.defer = (frame or Frame()).ask
    return store, keeper


def reloaded(backend: MemoryBackend) -> Store:
    keeper = Keeper(backend, lambda _step: None, lambda: NOW)
    return Store(keeper, NOW, lambda: NOW, lambda step: step.key, lambda: "en")


def outcome(pool: int) -> Outcome:
    return Outcome(Step(N_("The tension pool is reset to {pool}."), {"pool": pool}), (), "reset")


def next_turn(store: Store, pool: int) -> None:
    state = store.get("exploration")
    store.act(outcome(pool), exploration=replace(state, clock=state.clock.advance(1)))


def pools(store: Store) -> list[Any]:
    return [entry.title.args["pool"] for entry in store.log.newest(10)]


def stored_log(backend: MemoryBackend) -> str:
    return backend.get("omen/log") or ""


def test_an_entry_waits_for_the_frame_and_is_there_when_the_log_is_read() -> None:
    backend, frame = MemoryBackend(), Frame()
    store, keeper = deferred(backend, frame)
    next_turn(store, 1)
    assert frame.asked == 1
    assert store.unwritten and "omen/log" not in keeper.unsaved()  # nothing pushed yet
    assert pools(store) == [1]  # a read of the log writes it first
    assert not store.unwritten


def test_the_task_after_the_frame_writes_the_entry_and_a_reload_has_it() -> None:
    backend = MemoryBackend()
    store, keeper = deferred(backend)
    start = store.get("exploration")
    next_turn(store, 1)
    store.write_waiting()  # the task after the frame
    keeper.settle()  # and the keeper's own
    again = reloaded(backend)
    assert pools(again) == [1]
    assert again.undo()
    assert again.get("exploration") == start


def test_a_page_closed_right_after_the_tap_keeps_the_entry_and_its_save() -> None:
    """pagehide before the frame: the app writes what waits, then settles the keeper."""
    backend = MemoryBackend()
    store, keeper = deferred(backend)
    start = store.get("exploration")
    next_turn(store, 7)
    assert "The tension pool is reset" not in stored_log(backend)  # before pagehide
    store.write_waiting()  # App.write_log_and_save, on pagehide
    keeper.settle()
    again = reloaded(backend)
    assert pools(again) == [7]
    assert again.get("exploration").clock.turn == start.clock.turn + 1
    assert again.undo() and again.get("exploration") == start


def test_two_taps_in_one_frame_keep_both_entries_in_order_and_undo_each() -> None:
    backend, frame = MemoryBackend(), Frame()
    store, keeper = deferred(backend, frame)
    start = store.get("exploration")
    next_turn(store, 1)
    middle = store.get("exploration")
    next_turn(store, 2)
    assert frame.asked == 1  # one task for both
    assert len(store.unwritten) == 2
    store.write_waiting()
    keeper.settle()
    again = reloaded(backend)
    assert pools(again) == [2, 1]
    assert again.undo() and again.get("exploration") == middle
    assert again.undo() and again.get("exploration") == start


def test_the_next_event_writes_what_waits_before_its_own_entry() -> None:
    """The app's tapped() writes the log first; a second frame asks again."""
    frame = Frame()
    store, _keeper = deferred(MemoryBackend(), frame)
    next_turn(store, 1)
    store.write_waiting()  # App.tapped, as the next event begins
    next_turn(store, 2)
    assert frame.asked == 2
    assert [entry[1].title.args["pool"] for entry in store.unwritten] == [2]
    assert pools(store) == [2, 1]


def test_undo_right_after_a_tap_undoes_that_tap() -> None:
    store, _keeper = deferred(MemoryBackend())
    start = store.get("exploration")
    next_turn(store, 3)
    assert store.undo()  # Undo reads the log: the entry is written first
    assert store.get("exploration") == start
    assert store.log.newest(1)[0].undone


def test_a_record_and_a_backup_of_the_whole_log_see_waiting_entries() -> None:
    store, _keeper = deferred(MemoryBackend())
    store.record(outcome(4))
    next_turn(store, 5)
    whole = store.get("log")  # a backup reads every entry
    assert [entry.title.args["pool"] for entry in whole.entries] == [5, 4]


def test_without_defer_an_entry_is_written_in_the_action() -> None:
    backend = MemoryBackend()
    store = reloaded(backend)
    next_turn(store, 6)
    assert not store.unwritten
    assert "The tension pool is reset" in stored_log(backend)


def test_a_tap_saves_the_parts_it_changed_after_its_frame_not_in_it() -> None:
    """The screens show the store's value at once; making it into JSON and handing it to
    the keeper waits for the task after the frame, like the log entry."""
    backend, frame = MemoryBackend(), Frame()
    store, keeper = deferred(backend, frame)
    start = store.get("exploration")
    next_turn(store, 1)
    assert frame.asked == 1  # one task for the part and the entry
    assert store.get("exploration").clock.turn == start.clock.turn + 1  # what the page shows
    assert "omen/exploration" not in keeper.unsaved()  # nothing made into JSON yet
    store.write_waiting()  # the task after the frame
    assert not store.unsaved and not store.unwritten
    keeper.settle()
    assert reloaded(backend).get("exploration").clock.turn == start.clock.turn + 1


def test_a_choice_without_a_log_entry_waits_for_the_frame_too_and_survives_pagehide() -> None:
    backend, frame = MemoryBackend(), Frame()
    store, keeper = deferred(backend, frame)
    state = store.get("exploration")
    store.put("exploration", replace(state, clock=state.clock.advance(3)))
    store.put("exploration", replace(state, clock=state.clock.advance(4)))
    assert frame.asked == 1 and list(store.unsaved) == ["exploration"]  # saved once, the last
    store.write_waiting()  # App.write_log_and_save, on pagehide
    keeper.settle()
    assert reloaded(backend).get("exploration").clock.turn == state.clock.turn + 4


def test_another_tabs_change_while_this_pages_waits_is_kept_aside_not_lost() -> None:
    """Another tab saves the same part before this page's task after the frame: taking
    it in saves this page's change first, and the keeper keeps the other tab's aside."""
    backend = MemoryBackend()
    store, keeper = deferred(backend)
    state = store.get("exploration")
    store.write_waiting()
    keeper.settle()
    next_turn(store, 1)
    other = reloaded(backend)
    theirs = replace(state, clock=state.clock.advance(9))
    other.put("exploration", theirs)  # saved at once: that page has no frame to wait for
    store.take_in("exploration")
    store.write_waiting()
    keeper.settle()
    mine = reloaded(backend).get("exploration")
    assert mine.clock.turn == state.clock.turn + 1
    aside = [k for k in backend.items if k.startswith("omen/quarantine/exploration/")]
    assert len(aside) == 1 and '"turn"' in backend.items[aside[0]]
