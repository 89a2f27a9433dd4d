"""The End of the World: an NPC's characteristics on a table row start the opposed test:
the Tests form takes the NPC's values, nothing typed again."""

from __future__ import annotations

from omen.campaign.example import example_campaign
from omen.campaign.meeting import Meeting
from omen.campaign.table_draw import Found
from omen.campaign.tables import Stats, read_stats
from omen.eotw.npc import facing_npc, npc_characteristics, npc_value
from omen.eotw.pools import (
    Category,
    Characteristic,
    Contestant,
    Pool,
    Purpose,
    Reason,
    TestsForm,
)

LOOTERS = read_stats("DEX 3, VIT 2, LOG 1, WIL 2, CHA 1, EMP 0")


def test_the_form_takes_the_npcs_value_for_the_chosen_characteristic() -> None:
    form = TestsForm(characteristic=Characteristic.WILLPOWER, value=5)
    assert facing_npc(form, LOOTERS) == TestsForm(characteristic=Characteristic.WILLPOWER, value=2)


def test_a_characteristic_the_row_lacks_gives_way_to_the_first_it_gives() -> None:
    form = facing_npc(TestsForm(characteristic=Characteristic.DEXTERITY), read_stats("CHA 4"))
    assert (form.characteristic, form.value) == (Characteristic.CHARISMA, 4)


def test_the_crew_member_their_dice_and_purpose_do_not_carry_to_the_npc() -> None:
    before = TestsForm(
        character="jana",
        pool=Pool().add(Reason.EQUIPMENT, 2).push(),
        unticked=(0,),
        purpose=Purpose("jana", Category.PHYSICAL),
        contestants=(Contestant("Jana", Pool(), 4),),
    )
    after = facing_npc(before, LOOTERS)
    assert (after.character, after.pool, after.unticked, after.purpose) == ("", Pool(), (), None)
    assert after.contestants == before.contestants  # those already added stay
    assert after.value == 3


def test_ratings_outside_the_tests_range_take_the_nearest() -> None:
    assert npc_value(LOOTERS, Characteristic.EMPATHY) == 1
    assert npc_value(read_stats("LOG 6"), Characteristic.LOGIC) == 5
    assert npc_value(LOOTERS, Characteristic.LOGIC) == 1


def test_a_row_without_characteristics_leaves_the_form_as_it_was() -> None:
    form = TestsForm(characteristic=Characteristic.LOGIC, value=4, character="jana")
    assert facing_npc(form, Stats()) is form
    assert facing_npc(form, read_stats("HD 2, ML 7")) is form
    assert npc_characteristics(read_stats("SM 1, Vision 12")) == ()


def test_the_example_looters_start_the_opposed_test_from_their_row() -> None:
    example = example_campaign("en", "eotw")
    rows = [row for table in example.library.tables for row in table.entries]
    looters = next(row for row in rows if "Looters" in row.text)
    meeting = Meeting(looters.text, found=Found(None, looters.stats))
    form = facing_npc(TestsForm(characteristic=Characteristic.DEXTERITY), meeting.stats)
    assert (form.characteristic, form.value) == (Characteristic.DEXTERITY, 3)
