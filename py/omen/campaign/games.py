"""Which tools are a game's own: the shape the campaign's game gives Omen.

A game master runs one game at a table, and Omen should open as that game's companion:
its own turn procedure first on Explore, its own kind of test on Tests, its own encounter
sequence on Encounter. The other games' tools stay one tap away, because tables borrow
(a Liminal Horror referee may want the OSE distance roll). This module only says what is
whose; each procedure's rules live in its own module.

Explore's panels, by name:

- ``checks``: Liminal Horror's three checks (Encounter Die, Tension Die, Voidcrawl);
- ``ose_turn``: the Old-School Essentials dungeon turn and wilderness day;
- ``gurps_travel``: GURPS travel checks (the Encounter Die or a custom table);
- ``eotw_scene``: The End of the World's scene type.

>>> game_of("ose").encounter
'ose'
>>> game_of("gurps").explore
('gurps_travel', 'checks')
>>> game_of("no such game").key
'liminal_horror'
>>> ordered(("checks", "ose_turn", "gurps_travel", "eotw_scene"), game_of("eotw").explore)
('eotw_scene', 'checks', 'ose_turn', 'gurps_travel')
"""

from __future__ import annotations

from dataclasses import dataclass

from omen.core.roll import N_


@dataclass(frozen=True)
class Game:
    """One game's shape: its name and its own tools, first first."""

    key: str
    name: str
    explore: tuple[str, ...]  # its own Explore panels, in order
    encounter: str  # the encounter procedure it opens: "reaction", "ose" or "gurps"
    tests: str  # the Tests screen's mode: "eotw" (dice pools) or "gurps" (success rolls)


GAMES: dict[str, Game] = {
    game.key: game
    for game in (
        Game("liminal_horror", N_("Liminal Horror"), ("checks",), "reaction", "eotw"),
        Game("ose", N_("Old-School Essentials"), ("ose_turn",), "ose", "eotw"),
        Game("gurps", N_("GURPS / Dungeon Fantasy"), ("gurps_travel", "checks"), "gurps", "gurps"),
        Game("eotw", N_("The End of the World"), ("eotw_scene", "checks"), "reaction", "eotw"),
    )
}
DEFAULT = "liminal_horror"


def game_of(key: str) -> Game:
    """The game called ``key``; Liminal Horror for a key Omen does not know."""
    return GAMES.get(key, GAMES[DEFAULT])


def ordered(names: tuple[str, ...], first: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` with the game's own (``first``, in its order) ahead of the rest."""
    own = tuple(name for name in first if name in names)
    return own + tuple(name for name in names if name not in own)
