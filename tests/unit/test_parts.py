"""The registry of stored parts: every schema declared once, and every list read from it."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from omen.campaign import parts, share, timers
from omen.campaign.games import GAMES
from omen.campaign.meeting import Meeting
from omen.campaign.parts import PARTS, Place, StoredPart, in_place
from omen.campaign.players import Showing
from omen.campaign.share import Everything, Kept, export_file, import_file, restore
from omen.campaign.state import Campaign, Exploration, Log, Outcome, Prefs
from omen.campaign.table_draw import Found
from omen.campaign.tables import Entry, Library, Location, Table, read_stats
from omen.campaign.voidcrawl import CrawlSetup, default_voidcrawl
from omen.core import store
from omen.core.roll import N_, Step
from omen.core.store import Keeper, MemoryBackend
from omen.eotw.crew import Character, Crew, StressTrack
from omen.eotw.kept import Gift, GivenStress, KeptTest, Kind
from omen.eotw.pools import Characteristic, Contestant, Pool, PoolSettings, TestsForm
from omen.eotw.settings import TieRule
from omen.gurps.detection import FoundDistance
from omen.gurps.distance import Conditions, DistanceRules, GurpsForm, Side
from omen.gurps.roster import Creature as GurpsCreature
from omen.gurps.roster import Roster as GurpsRoster
from omen.gurps.roster import State as GurpsState
from omen.gurps.tests import GurpsTestsForm, Mode, Roller
from omen.gurps.travel import Travel, TravelCheck
from omen.ose import checks as ose_checks
from omen.ose.roster import Creature, Roster
from omen.ose.roster import State as RosterState
from omen.ose.session import OseSession
from omen.ose.turn import LightKind, TurnState, add_light, add_timer
from omen.ose.wilderness import Activity, Journey, Route
from tests.unit.loaded import modules_loaded_by

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "py" / "omen"
ADAPTER = ROOT / "py" / "omen_web"


def dotted(path: Path) -> str:
    """A module's dotted name from its path under py/."""
    return ".".join(path.relative_to(ROOT / "py").with_suffix("").parts)


def declared_schemas() -> dict[str, str]:
    """Every ``Schema("kind", ...)`` written in the engine, as kind -> module:NAME."""
    found: dict[str, str] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, (ast.Assign, ast.AnnAssign)):
                continue
            value = node.value
            if not isinstance(value, ast.Call):
                continue
            name = getattr(value.func, "attr", getattr(value.func, "id", ""))
            if name != "Schema":
                continue
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            assert isinstance(target, ast.Name) and isinstance(value.args[0], ast.Constant)
            found[str(value.args[0].value)] = f"{dotted(path)}:{target.id}"
    return found


def test_every_schema_in_the_engine_is_one_registered_part() -> None:
    declared = declared_schemas()
    assert {kind: part.schema_at for kind, part in PARTS.items()} == declared
    for part in PARTS.values():
        assert part.schema.kind == part.kind
        assert part.schema.key == part.key == store.PREFIX + part.kind


def test_a_part_says_why_not_for_every_place_it_does_not_go() -> None:
    for part in PARTS.values():
        assert set(part.why_not) == set(Place) - part.places, part.kind
        assert all(len(reason) > 10 for reason in part.why_not.values())
    line = lambda record: Step(N_("Language and theme"))  # noqa: E731
    with pytest.raises(ValueError, match="reason"):
        StoredPart("x", "the x", "omen.campaign.state:PREFS", frozenset({Place.SYNC}))
    with pytest.raises(ValueError, match="reason"):
        StoredPart(
            "x", "the x", "omen.campaign.state:PREFS", parts.EVERYWHERE, {Place.SYNC: "both ways"}
        )
    with pytest.raises(ValueError, match="link carries"):
        StoredPart(
            "x", "x", "m:N", frozenset({Place.LINK, Place.SYNC}), {Place.BACKUP: "no backup"}
        )
    with pytest.raises(ValueError, match="file label"):
        StoredPart("x", "x", "m:N", parts.NOT_IN_LINKS, {Place.LINK: "not in links"})
    assert StoredPart(
        "x", "x", "m:N", parts.NOT_IN_LINKS, {Place.LINK: "no link"}, "Saved x", line
    ).goes(Place.BACKUP)


def test_the_tests_form_goes_into_backups_and_two_tab_sync() -> None:
    tests_form = PARTS["eotw_tests"]
    assert tests_form.goes(Place.BACKUP) and tests_form.goes(Place.SYNC)
    assert "eotw_tests" in share.PARTS


def test_backups_links_and_labels_read_the_registry() -> None:
    assert list(share.PARTS) == [part.kind for part in in_place(Place.BACKUP)]
    assert [p.kind for p in in_place(Place.LINK)] == ["library", "voidcrawl", "crew"]
    everything = Everything({kind: SAMPLES[kind] for kind in share.PARTS})
    assert set(everything.for_link().parts) == {p.kind for p in in_place(Place.LINK)}
    for part in PARTS.values():
        assert store.kind_label(part.kind) == Step(part.label, {})
    assert store.kind_label("newer_thing").english() == "newer_thing"


def test_declaring_every_part_loads_no_procedure() -> None:
    """The start reads the registry (labels, the list of parts) without compiling the
    procedures whose schemas it names; a schema is imported when it is asked for."""
    loaded = modules_loaded_by(
        "from omen.campaign import parts; from omen.core import store; "
        "[store.kind_label(p.kind) for p in parts.PARTS.values()]; "
        "parts.in_place(parts.Place.SYNC)"
    )
    procedures = {
        "omen.eotw.pools",
        "omen.eotw.crew",
        "omen.campaign.share",
        "omen.ose.sequence",
        "omen.ose.session",
    }
    procedures |= {
        "omen.gurps.rolls",
        "omen.gurps.distance",
        "omen.campaign.tables",
        "omen.campaign.state",
    }
    assert "omen.campaign.parts" in loaded and loaded & procedures == set()


# --- the adapter's owners, checked against the registry ------------------------------------


def literal(path: Path, name: str) -> Any:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{name} is not in {path.name}")


def attributes(path: Path, cls: str) -> set[str]:
    """The names a screen class defines: ``self.x = ...`` anywhere, and properties."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    [found] = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls]
    names = {f.name for f in found.body if isinstance(f, ast.FunctionDef)}
    for node in ast.walk(found):
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Attribute) and getattr(target.value, "id", "") == "self":
                names.add(target.attr)
    return names


def test_every_part_in_backups_or_sync_is_read_from_the_store() -> None:
    """Backups, restores and two-tab sync read every part through the adapter's store,
    never from a screen's attribute: each part has a fresh value there, the share screen
    names no owner and sets no screen's copy, and every screen is on the kit (it reads
    the store as it draws)."""
    held = {p.kind for p in PARTS.values() if p.goes(Place.BACKUP) or p.goes(Place.SYNC)}
    from omen_web.kit.store import FRESH

    assert held <= set(FRESH)
    source = (ADAPTER / "shell" / "share.py").read_text(encoding="utf-8")
    assert "OWNERS" not in source and "getattr(self.screen" not in source
    assert "hasattr(screen, attribute)" not in source  # a missing owner is never skipped
    assert "LEGACY" not in source and "setattr(built" not in source
    screens = {
        **literal(ADAPTER / "kit" / "app.py", "COMMON_SCREENS"),
        **{name: at for game in GAMES.values() for name, at in game.screens.items()},
        **literal(ADAPTER / "kit" / "app.py", "LAST_SCREENS"),
    }
    for module, cls in (at.split(":") for at in screens.values()):
        path = ROOT / "py" / (module.replace(".", "/") + ".py")
        [node] = [
            n
            for n in ast.parse(path.read_text(encoding="utf-8")).body
            if isinstance(n, ast.ClassDef) and n.name == cls
        ]
        assert [ast.unparse(base) for base in node.bases] == ["kit.Screen"], cls


# --- a backup holds every part and puts it back ----------------------------------------------

OUTCOME = Outcome(
    Step("Turn {turn} begins.", {"turn": 1}), (Step("rolled {face}", {"face": 4}),), "nothing"
)
WOLVES = Table("wolves", "Vlci 🐺", "d6", (Entry("[[1d4+1]] vlků", 1, 6),))
OPPOSED_KEPT = KeptTest(
    Kind.OPPOSED,
    positive=(5, 2, 6, 1, 3),
    contestants=(
        Contestant("Ana", Pool(equipment=1, danger=1), 3, Characteristic.LOGIC, "c1"),
        Contestant("Stráž", Pool(assistance=1), 3),
    ),
    settings=PoolSettings(cancel_first=False, tie=TieRule.REROLL),
    at="2026-12-04T20:00:00.000Z",
)
SAMPLES: dict[str, Any] = {
    "library": Library((WOLVES,), (Location("mill", "Starý mlýn", ("wolves",), "wolves"),)),
    "voidcrawl": CrawlSetup(default_voidcrawl(), ("Eliška",)),
    "crew": Crew((Character("c1", "Ana", physical_stress=StressTrack(9, 2)),)),
    "campaign": Campaign("Hřbitov 💀", "eotw"),
    "exploration": Exploration(pool=13),
    "meeting": Meeting("3 vlci", "", "wilderness", Found(3, read_stats("ML 8, SM 0")), "forest"),
    "timers": timers.add_timer(
        timers.add_light(timers.Timers(), timers.LightKind.TORCH, 6, timers.Unit.TURN),
        "Hlídka <b>se vrací</b>",
        3,
        timers.Unit.DAY,
    ),
    "players_shown": Showing((4, 9), (2,), "hidden", "Skřeti|Distance: 40 yards"),
    "ose_encounter": OseSession(creature="Skřeti"),
    "ose_roster": Roster(
        (Creature("Skřet 1", 3, 4, (5,)), Creature("Skřet 2", -1, 2, (3,), RosterState.KILLED)),
        "1-1",
    ),
    "ose_turn": add_timer(add_light(TurnState(turn=4), LightKind.TORCH), "Požehnání", 3),
    "ose_travel": Journey(
        90, Route.ROAD, True, False, Activity.HUNT, 48, 7, 2, False, True, OUTCOME
    ),
    "ose_tests": ose_checks.ChecksForm(ose_checks.Mode.ABILITY, "Síla", 12, 13, -2),
    "gurps_form": GurpsForm(Side(name="Hlídka", group_size=3)),
    "gurps_found": FoundDistance(
        Side(name="Hlídka", vision=12, stealth=13),
        Side(name="Vlci 🐺", group_size=4),
        Conditions(terrain="hills_rocky", darkness=-3),
        DistanceRules(med_average=True, weather_mvd_yards=100),
        150,
        ((9,), (2, 6, 5)),
        True,
    ),
    "gurps_roster": GurpsRoster(
        (
            GurpsCreature("Vlk 1", -13, 12, GurpsState.OUT),
            GurpsCreature("Vlk 2", -61, 12, GurpsState.DEAD),
            GurpsCreature("Vlk 🐺", None, None, GurpsState.FLED),
        ),
        12,
        True,
    ),
    "gurps_tests": GurpsTestsForm(Mode.CONTEST, Roller("Plížení", 13, (-2, 1))),
    "gurps_travel": Travel(TravelCheck.TABLE, "wolves", 3, OUTCOME, "2 vlci", True),
    "eotw_tests": TestsForm(
        "c1",
        Characteristic.LOGIC,
        4,
        Pool(equipment=2, danger=1),
        (),
        (Contestant("Stráž", Pool(assistance=1), 3),),
    ),
    "eotw_result": OPPOSED_KEPT,
    "eotw_given": GivenStress(
        (
            Gift(
                OPPOSED_KEPT,
                (
                    (
                        0,
                        Step(
                            "Stress track ({category}): {before} → {after} of {boxes} boxes",
                            {"category": Step("Mental"), "before": 0, "after": 1, "boxes": 9},
                        ),
                    ),
                ),
            ),
        )
    ),
    "prefs": Prefs("cs", "dark"),
    "log": Log().add(
        "2026-12-01T10:00:00Z", OUTCOME, "Turn 1 begins.", ("exploration", Exploration().to_json())
    ),
}


def test_every_part_a_backup_holds_comes_back_after_storage_is_wiped() -> None:
    """Something in every registered part, saved; a backup exported; storage wiped; the
    backup restored and saved; every part reads back equal. A part not in backups is
    declared so (the registry refuses a part without a reason)."""
    backed_up = [part for part in PARTS.values() if part.goes(Place.BACKUP)]
    assert {part.kind for part in backed_up} == set(SAMPLES)
    not_backed_up = [part for part in PARTS.values() if not part.goes(Place.BACKUP)]
    assert all(part.why_not[Place.BACKUP] for part in not_backed_up)
    backend = MemoryBackend()
    keeper = Keeper(backend, print, lambda: "T")
    for part in backed_up:
        assert keeper.save(part.schema, SAMPLES[part.kind].to_json())
    held = Everything({part.kind: keeper.load(part.schema) for part in backed_up})
    keeper.save(share.KEPT, Kept("T", held).to_json())
    assert set(held.parts) == set(SAMPLES)
    file = export_file(held, "campaign")
    backend.items.clear()  # storage wiped
    fresh = Keeper(backend, print, lambda: "T")
    shared = import_file(file)
    result = restore(Everything(), shared)
    for kind, record in result.parts.items():
        assert fresh.save(PARTS[kind].schema, record.to_json())
    back = {part.kind: fresh.load(part.schema) for part in backed_up}
    assert back == SAMPLES
