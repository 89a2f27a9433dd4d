"""The memo of what a screen's regions were drawn from (omen_web.kit.drawn)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from omen_web.kit.drawn import Drawn


@dataclass(frozen=True)
class Pool:
    size: int
    faces: tuple[int, ...] = ()


def test_a_region_is_drawn_again_only_when_its_key_changes() -> None:
    drawn = Drawn()
    pool = Pool(3, (1, 2))
    assert not drawn.unchanged("odds", "en", pool)
    assert drawn.unchanged("odds", "en", pool)
    assert drawn.unchanged("odds", "en", replace(pool))  # an equal value: nothing to draw
    assert not drawn.unchanged("odds", "en", replace(pool, size=2))
    assert not drawn.unchanged("odds", "cs", replace(pool, size=2))  # another language


def test_regions_are_apart_and_forgetting_draws_again() -> None:
    drawn = Drawn()
    assert not drawn.unchanged("odds", 1)
    assert not drawn.unchanged("where", 1)
    assert drawn.unchanged("odds", 1) and drawn.unchanged("where", 1)
    drawn.forget("odds")
    assert not drawn.unchanged("odds", 1)
    assert drawn.unchanged("where", 1)
    drawn.forget()
    assert not drawn.unchanged("where", 1)
    assert not drawn.unchanged("where")  # no key is a key too: () after (1,)
    assert drawn.unchanged("where")
