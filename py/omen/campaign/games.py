"""Which games Omen knows, and which tools are a game's own.

A game master runs one game at a table, and Omen should open as that game's companion:
its own turn procedure first on Explore, its own kind of test on Tests, its own encounter
sequence on Encounter. The other games' tools stay one tap away, because tables borrow
(a Liminal Horror referee may want the OSE distance roll).

Each game declares itself in its package's ``__init__`` (a
:class:`~omen.campaign.spec.GameSpec` named ``GAME``); :data:`PACKAGES` lists the
packages, first the default. That list is the one line a fifth game adds: every other
registry (settings, stored parts, the adapter's screens, examples) reads :data:`GAMES`.
A game's ``__init__`` holds declarations only, so reading them imports no procedure.

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

import importlib

from omen.campaign.spec import GameSpec

# The game packages, the default first. A package is read by name (importlib), so the
# campaign layer names the games without importing any of them statically.
PACKAGES = ("omen.liminal_horror", "omen.ose", "omen.gurps", "omen.eotw")


def _declared(package: str) -> GameSpec:
    spec = importlib.import_module(package).GAME
    if not isinstance(spec, GameSpec):
        raise TypeError(f"{package}.GAME is not a GameSpec")
    return spec


Game = GameSpec  # what the adapter calls one game's shape
GAMES: dict[str, GameSpec] = {spec.key: spec for spec in map(_declared, PACKAGES)}
DEFAULT = next(iter(GAMES))


def game_of(key: str) -> GameSpec:
    """The game called ``key``; the default game (Liminal Horror) for a key Omen does not know."""
    return GAMES.get(key, GAMES[DEFAULT])


def ordered(names: tuple[str, ...], first: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` with the game's own (``first``, in its order) ahead of the rest."""
    own = tuple(name for name in first if name in names)
    return own + tuple(name for name in names if name not in own)
