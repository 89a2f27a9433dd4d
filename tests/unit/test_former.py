"""A step stored under a message's old words still loads (omen.core.former).

Every message id Omen has shipped is listed in tools/shipped-messages.txt; each is in the
catalog now or named in FORMER. A log written before a message changed its words must load
whole after the change, reading as the new message with the values it was stored with.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from omen.core import catalog
from omen.core.errors import StoredDataError
from omen.core.former import FORMER, Renamed
from omen.core.roll import Step, placeholders
from omen.core.store import read_step

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import catalog as catalog_tool  # noqa: E402


def test_every_shipped_message_is_known_or_former() -> None:
    """A message changed or removed without a FORMER entry fails here, naming it."""
    missing = [msgid for msgid in catalog_tool.shipped() if msgid not in catalog.IDS]
    assert [m for m in missing if m not in FORMER] == [], (
        "name each in py/omen/core/former.py: the message that took its place, or None"
    )


def test_the_shipped_list_holds_every_message_now() -> None:
    assert set(catalog.IDS) <= set(catalog_tool.shipped()), "run: python tools/catalog.py"
    assert catalog_tool.render_shipped() == catalog_tool.SHIPPED.read_text(encoding="utf-8")


def test_former_messages_are_not_in_the_catalog_and_point_at_one_that_is() -> None:
    for old, renamed in FORMER.items():
        assert old not in catalog.IDS, f"{old!r} is still a message: take it out of FORMER"
        if renamed is None:
            continue
        assert renamed.key in catalog.IDS, renamed.key
        fields = {renamed.fields.get(name, name) for name in placeholders(old)}
        assert fields == placeholders(renamed.key), old
        assert len(fields) == len(placeholders(old)), old


@pytest.mark.parametrize("old", [k for k, v in FORMER.items() if v is not None])
def test_a_step_stored_under_old_words_reads_as_the_new_message(old: str) -> None:
    renamed = FORMER[old]
    assert isinstance(renamed, Renamed)
    values = {name: index + 2 for index, name in enumerate(sorted(placeholders(old)))}
    step = read_step({"k": old, "a": values})
    assert step.key == renamed.key
    assert step.plural == catalog.PLURALS[renamed.key]
    expected = {renamed.fields.get(name, name): value for name, value in values.items()}
    assert dict(step.args) == expected


def test_an_old_ose_turn_reads_in_the_new_words() -> None:
    stored = {"k": "Turn {turn} begins ({minutes} minutes in).", "a": {"turn": 3, "minutes": 20}}
    assert read_step(stored).english() == "Turn 3 begins (20 minutes in)."


def test_a_former_message_with_other_values_is_still_refused() -> None:
    old = "Turn {turn} begins ({minutes} minutes in)."
    for args in ({"turn": 3}, {"turn": 3, "minutes": 1, "extra": 2}, {"turn": 3, "count": 1}):
        with pytest.raises(StoredDataError):
            read_step({"k": old, "a": args})
    with pytest.raises(StoredDataError):  # a help line never stored: no step names it
        read_step({"k": next(k for k, v in FORMER.items() if v is None)})
    with pytest.raises(StoredDataError):
        read_step({"k": old, "a": "not values"})


def test_a_new_message_cannot_be_named_by_its_old_field_names() -> None:
    new = "Turn {turn} begins ({count} minute in)."
    with pytest.raises(StoredDataError):
        read_step({"k": new, "a": {"turn": 3, "minutes": 20}})
    assert Step(new, {"turn": 3, "count": 1}).english() == "Turn 3 begins (1 minute in)."
