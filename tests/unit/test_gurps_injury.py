"""GURPS thresholds of lost hit points (Basic Set p. B419): reeling under 1/3 HP, HT to
stay conscious at 0, HT against death from -1×HP at each multiple, dead at -5×HP."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omen.core.errors import RulesError
from omen.gurps.injury import Condition, injury


@given(st.integers(1, 200), st.data())
def test_every_hit_point_falls_in_the_threshold_the_rule_gives(
    full: int, data: st.DataObject
) -> None:
    hp = data.draw(st.integers(-11 * full, full))
    found = injury(hp, full)
    if hp <= -10 * full:
        assert found.condition is Condition.DESTROYED
    elif hp <= -5 * full:
        assert found.condition is Condition.DEAD
    elif hp <= -full:
        assert found.condition is Condition.DYING and found.below == -hp // full
    elif hp <= 0:
        assert found.condition is Condition.COLLAPSING
    elif 3 * hp < full:
        assert found.condition is Condition.REELING
    else:
        assert found.condition in (Condition.HURT, Condition.UNHURT)
    assert found.condition is not Condition.HURT or hp < full


def test_the_edges_of_the_thresholds_for_12_hp() -> None:
    assert injury(4, 12).condition is Condition.HURT  # exactly 1/3 left: not less than 1/3
    assert injury(3, 12).condition is Condition.REELING
    assert injury(1, 12).condition is Condition.REELING
    assert injury(0, 12).condition is Condition.COLLAPSING
    assert injury(-11, 12).condition is Condition.COLLAPSING
    assert injury(-12, 12).condition is Condition.DYING
    assert injury(-59, 12).below == 4
    assert injury(-60, 12).condition is Condition.DEAD
    assert "p. B419" in injury(-60, 12).english()


@pytest.mark.parametrize(("hp", "full"), [(11, 10), (5, 0), (True, 10), (5, "10")])
def test_hit_points_outside_the_rules_are_refused(hp: object, full: object) -> None:
    with pytest.raises(RulesError):
        injury(hp, full)  # type: ignore[arg-type]
