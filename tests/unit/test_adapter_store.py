"""The adapter's store (omen_web.kit.store) on CPython, over the engine's keeper in memory.

The store is what every screen reads and changes: a state machine drives it through
actions, plain changes, Undo, an import, another tab's write and a reload, and checks it
against a plain model (a dict of values and a stack of what Undo puts back).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from omen.campaign.state import Campaign, Outcome
from omen.core.roll import N_, Step
from omen.core.store import Keeper, MemoryBackend
from omen.eotw.crew import Crew
from omen_web.kit.store import Store

NOW = "2026-12-01T10:00:00.000Z"


def make_store(backend: MemoryBackend, told: list[Step] | None = None, later: Any = None) -> Store:
    keeper = Keeper(backend, (told if told is not None else []).append, lambda: NOW, later)
    return Store(keeper, NOW, lambda: NOW, lambda step: step.key, lambda: "en")


def outcome(pool: int = 3) -> Outcome:
    """An outcome whose message is in the catalog (a stored log is checked against it)."""
    return Outcome(Step(N_("The tension pool is reset to {pool}."), {"pool": pool}), (), "reset")


def turned(store: Store, turns: int = 1) -> Any:
    state = store.get("exploration")
    return replace(state, clock=state.clock.advance(turns))


def test_a_fresh_device_starts_from_the_example_and_keeps_it() -> None:
    backend = MemoryBackend()
    store = make_store(backend)
    assert store.get("voidcrawl").example
    assert store.get("library").tables  # the example's tables, with the example's Voidcrawl
    assert backend.get("omen/library") is not None
    assert backend.get("omen/voidcrawl") is not None
    again = make_store(backend)
    assert again.get("library") == store.get("library")


def test_a_device_with_tables_does_not_get_the_example_voidcrawl() -> None:
    backend = MemoryBackend()
    make_store(backend).get("library")
    backend.drop("omen/voidcrawl")
    assert not make_store(backend).get("voidcrawl").example


def test_an_action_is_saved_logged_and_undone() -> None:
    backend = MemoryBackend()
    store = make_store(backend)
    heard: list[frozenset[str]] = []
    store.subscribe(("exploration",), heard.append)
    store.subscribe(("crew",), lambda kinds: heard.append(frozenset({"crew?"})))
    start = store.get("exploration")
    store.act(outcome(), exploration=turned(store))
    assert heard == [frozenset({"exploration", "log"})]  # told once, crew's screen not at all
    assert make_store(backend).get("exploration").clock.turn == start.clock.turn + 1
    assert store.log.entries[0].before == ("exploration", start.to_json())
    assert store.undo()
    assert store.get("exploration") == start
    assert make_store(backend).get("exploration") == start
    assert make_store(backend).log.entries[0].undone
    assert not store.undo()  # nothing else to undo


def test_a_result_a_screen_shows_of_its_own_is_known_as_taken_back_until_the_next_action() -> None:
    store = make_store(MemoryBackend())
    first, second = outcome(3), outcome(4)
    store.act(first, exploration=turned(store))
    assert not store.took_back(first.title, first.steps)  # nothing undone yet
    store.undo()
    assert store.took_back(first.title, first.steps)
    assert not store.took_back(second.title, second.steps)  # another roll's result stays
    assert not store.took_back(None, ())
    # The same roll made again is a new result: the Undo before it is not about it.
    store.act(first, exploration=turned(store))
    assert not store.took_back(first.title, first.steps)
    store.undo()
    store.record(second)
    assert not store.took_back(first.title, first.steps)


def test_a_screens_last_result_is_found_in_the_log_after_a_reload() -> None:
    backend = MemoryBackend()
    store = make_store(backend)
    mine = {"The tension pool is reset to {pool}."}
    assert store.last_said(mine) is None  # an empty log: nothing to show
    store.act(outcome(3), exploration=turned(store))
    store.act(outcome(5), exploration=turned(store))
    other = Outcome(Step(N_("Turn {turn} begins."), {"turn": 2}), (), "turn")
    store.record(other)  # another screen's result came after
    found = make_store(backend).last_said(mine)  # a reload
    assert found is not None and found.title == outcome(5).title
    assert make_store(backend).last_said({"Turn {turn} begins."}) is not None
    assert make_store(backend).last_said({"Nothing of the sort."}) is None
    assert make_store(backend).last_said(mine, within=1) is None  # looked back only so far
    store.undo()  # the newest undoable: the tension pool at 5
    # Undo took the newest result back: after a reload the screen shows none, as before it
    assert make_store(backend).last_said(mine) is None


def test_one_action_on_two_parts_is_undone_together() -> None:
    store = make_store(MemoryBackend())
    crew, exploration = store.get("crew"), store.get("exploration")
    store.act(outcome(), exploration=turned(store), crew=Crew())
    assert store.log.entries[0].before is not None
    assert store.log.entries[0].before[0] == "many"
    store.undo()
    assert (store.get("crew"), store.get("exploration")) == (crew, exploration)


def test_undo_of_old_tables_entries_reaches_both_parts() -> None:
    """Logs written before the store name the tables' undo "tables" (library + setup)."""
    store = make_store(MemoryBackend())
    library, setup = store.get("library"), store.get("voidcrawl")
    before = {"library": library.to_json(), "setup": setup.to_json()}
    store.put("library", replace(library, tables=()))
    store.record(outcome(), ("tables", before))
    store.undo()
    assert store.get("library") == library


def test_a_screen_restorer_answers_for_what_is_not_a_part() -> None:
    store = make_store(MemoryBackend())
    drafts: list[Any] = []
    store.restorers["table-draft"] = drafts.append
    draft = {"draft": store.get("library").tables[0].to_json(), "die": None, "new": True}
    store.record(outcome(), ("table-draft", draft))
    store.undo()
    assert drafts == [draft]
    assert store.log.entries[0].undone


def test_another_tabs_write_is_taken_in_and_told() -> None:
    backend = MemoryBackend()
    mine, other = make_store(backend), make_store(backend)
    mine.get("campaign")
    heard: list[frozenset[str]] = []
    mine.subscribe(("campaign",), heard.append)
    other.put("campaign", Campaign(name="Elsewhere"))
    assert mine.take_in("campaign")
    assert mine.get("campaign").name == "Elsewhere"
    assert heard == [frozenset({"campaign"})]


def test_undo_asks_for_a_restorer_not_registered_yet() -> None:
    """After a reload the Tables screen may not be built when Undo meets its draft: the
    store asks the app for the restorer (which builds the screen), then restores."""
    store = make_store(MemoryBackend())
    drafts: list[Any] = []
    asked: list[str] = []

    def build(kind: str) -> None:
        asked.append(kind)
        store.restorers[kind] = drafts.append

    store.wants_restorer = build
    draft = {"draft": store.get("library").tables[0].to_json(), "die": None, "new": True}
    store.record(outcome(), ("table-draft", draft))
    store.undo()
    assert asked == ["table-draft"]
    assert drafts == [draft]
    assert store.log.entries[0].undone


class StoreMachine(RuleBasedStateMachine):
    """The store against a plain model: values by kind (as JSON) and an undo stack."""

    def __init__(self) -> None:
        super().__init__()
        self.backend = MemoryBackend()
        self.store = self.open()
        self.model: dict[str, Any] = {
            kind: self.store.get(kind).to_json() for kind in ("exploration", "campaign", "crew")
        }
        self.undo: list[dict[str, Any]] = []

    @rule(turns=st.integers(1, 3))
    def next_turn(self, turns: int) -> None:
        self.undo.append({"exploration": self.model["exploration"]})
        value = turned(self.store, turns)
        self.store.act(outcome(), exploration=value)
        self.model["exploration"] = value.to_json()

    @rule(name=st.text("abcž ", min_size=1, max_size=8).filter(str.strip))
    def rename(self, name: str) -> None:
        value = Campaign(name=name.strip())
        self.store.put("campaign", value)  # a plain change: not in the log, not undone
        self.model["campaign"] = value.to_json()

    @rule()
    def both(self) -> None:
        self.undo.append({"exploration": self.model["exploration"], "crew": self.model["crew"]})
        value = turned(self.store)
        self.store.act(outcome(), exploration=value, crew=Crew())
        self.model["exploration"], self.model["crew"] = value.to_json(), Crew().to_json()

    @rule()
    def undo_last(self) -> None:
        assert self.store.undo() == bool(self.undo)
        if self.undo:
            self.model.update(self.undo.pop())

    @rule()
    def import_crew(self) -> None:
        self.store.replace({"crew": Crew()})
        self.model["crew"] = Crew().to_json()

    def open(self) -> Store:
        """The page opened (or reloaded) over the machine's storage."""
        return make_store(self.backend)

    def between_taps(self) -> None:
        """What happens before another tab or a reload comes: nothing, here."""

    @rule(name=st.sampled_from(["Other tab", "Jiná karta"]))
    def another_tab(self, name: str) -> None:
        self.between_taps()
        other = make_store(self.backend)
        other.put("campaign", Campaign(name=name))
        assert self.store.take_in("campaign")
        self.model["campaign"] = Campaign(name=name).to_json()

    @rule()
    def reload(self) -> None:
        self.between_taps()
        self.store = self.open()

    @invariant()
    def matches_the_model(self) -> None:
        for kind, data in self.model.items():
            assert self.store.get(kind).to_json() == data


TestStoreMachine = StoreMachine.TestCase
TestStoreMachine.settings = settings(max_examples=60, stateful_step_count=25, deadline=None)


class WaitingStoreMachine(StoreMachine):
    """The same store with writes that wait for the frame, as in the browser: the page
    reads its own writes at once; storage holds them once the frame is drawn, before
    another tab writes and when the page closes (``pagehide``) for a reload."""

    def open(self) -> Store:
        store = make_store(self.backend, later=lambda: None)  # the frame comes by rule
        return store

    def between_taps(self) -> None:
        self.store.keeper.settle()

    @rule()
    def frame(self) -> None:
        self.store.keeper.settle()
        again = make_store(MemoryBackend(dict(self.backend.items)))  # a copy of storage
        for kind, data in self.model.items():
            assert again.get(kind).to_json() == data


TestWaitingStoreMachine = WaitingStoreMachine.TestCase
TestWaitingStoreMachine.settings = settings(max_examples=60, stateful_step_count=25, deadline=None)
