"""The End of the World: an NPC met on a table row, taken into an opposed test.

A table row may give an NPC's six characteristics (``DEX 3, VIT 2, LOG 1, WIL 2, CHA 1,
EMP 0``, :class:`omen.campaign.tables.Stats`). When the encounter with that NPC opens,
the Tests screen's form starts from them, so the game master does not type again what
the row already says: the characteristic chosen stays if the NPC has a value for it
(else the first the row gives is chosen), its value is the NPC's, and the pool starts
afresh with no crew member chosen (the NPC is nobody of the crew). Choosing another
characteristic while nobody of the crew is chosen takes the NPC's value for it.

A test is rated from 1 to 5 (the rule book's range for characters); a row may write 0
or 6 for an NPC who is hopeless or exceptional, and the test takes the nearest rating
it uses (0 counts as 1, 6 as 5). Source: The End of the World core rules, characteristics
and opposed tests; the ratings outside 1-5 are Omen's reading.

>>> from omen.campaign.tables import read_stats
>>> stats = read_stats("DEX 3, VIT 2, EMP 0")
>>> npc_value(stats, Characteristic.EMPATHY), npc_value(stats, Characteristic.LOGIC)
(1, None)
>>> form = facing_npc(TestsForm(characteristic=Characteristic.LOGIC, value=4), stats)
>>> form.characteristic.value, form.value, form.character
('dexterity', 3, '')
"""

from __future__ import annotations

from dataclasses import replace

from omen.campaign.tables import Stats
from omen.eotw.pools import MAX_VALUE, MIN_VALUE, Characteristic, Pool, TestsForm

# The field of :class:`Stats` that holds each characteristic (they share its name).
_FIELD = {characteristic: characteristic.value for characteristic in Characteristic}


def npc_value(stats: Stats, characteristic: Characteristic) -> int | None:
    """The NPC's rating in ``characteristic`` as a test uses it (1-5), or ``None`` when
    the row gives none."""
    value = getattr(stats, _FIELD[characteristic])
    if value is None:
        return None
    return min(max(int(value), MIN_VALUE), MAX_VALUE)


def npc_characteristics(stats: Stats) -> tuple[Characteristic, ...]:
    """The characteristics the row gives the NPC, in the book's order."""
    return tuple(c for c in Characteristic if npc_value(stats, c) is not None)


def facing_npc(form: TestsForm, stats: Stats) -> TestsForm:
    """The Tests form set up for the NPC's side of an opposed test; ``form`` unchanged
    when the row gives no characteristic. The contestants already added stay."""
    given = npc_characteristics(stats)
    if not given:
        return form
    characteristic = form.characteristic if form.characteristic in given else given[0]
    value = npc_value(stats, characteristic)
    assert value is not None  # given above
    return replace(
        form,
        characteristic=characteristic,
        value=value,
        character="",
        unticked=(),
        pool=Pool(),
        purpose=None,
    )
