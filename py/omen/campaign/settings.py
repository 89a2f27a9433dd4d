"""Every rules ambiguity Omen decides is a visible setting, with a line on what it does.

A :class:`~omen.core.setting.Setting` (in :mod:`omen.core.setting`) names its key, its default, the
values it accepts, two messages (a label and one sentence explaining what changes), its
game and the procedure it changes (a key of :data:`omen.campaign.procedures.PROCEDURES`, which
groups Settings and lists it on that procedure's help sheet). Procedure modules declare
their own settings in a ``SETTINGS`` tuple; this module is only the registry:
:func:`registry` gathers them for the Settings screen and for validating stored values.

>>> by_key()["tension.keep_exploding"].default
False
>>> clean({"tension.start": 999, "unknown": 1})["tension.start"]
20
>>> clean({"players.stun": "stun:stun.example.org:3478"})["players.stun"]
'stun:stun.example.org:3478'
>>> clean({"players.stun": "turn:relay.example.org"})["players.stun"]
''
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from omen.campaign import exploration, tables, voidcrawl
from omen.campaign.games import GAMES
from omen.campaign.spec import named
from omen.core.roll import N_
from omen.core.setting import Setting, Value

EXPLORATION = (
    Setting(
        "turn.minutes",
        10,
        N_("In-game minutes per exploration turn"),
        N_("How much time passes in the story each time you tap Next turn."),
        low=1,
        high=7 * 24 * 60,
        game="liminal_horror",
        procedure="exploration_turn",
    ),
    Setting(
        "tension.start",
        20,
        N_("Tension Die starting pool"),
        N_(
            "The pool the Tension Die starts from and resets to: 10-15 keeps tension high, 25-30 or more is a slow burn."
        ),
        low=1,
        high=200,
        game="liminal_horror",
        procedure="tension_die",
    ),
    Setting(
        "tension.keep_exploding",
        False,
        N_("Keep exploding 6s on the Tension Die"),
        N_(
            "Off: a 6 rolls one more die, once. On: every 6 rolls again, so one check can take a bigger bite."
        ),
        game="liminal_horror",
        procedure="tension_die",
    ),
)

AT_ONCE = "players.at_once"  # players' requests rolled as they arrive (off by default)

# A STUN server's address (RFC 7064): stun:, a host name, an IPv4 address or an IPv6 one
# in brackets, and an optional port from 1 to 65535.
STUN = (
    r"stun:(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?)"
    r"(:(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}))?"
)

DEVICE = (
    Setting(
        "screen.awake",
        True,
        N_("Keep the screen on"),
        N_(
            "While Omen is open, the screen does not dim or lock where the browser allows "
            "it; off lets the device sleep as usual."
        ),
        procedure="screen_awake",
    ),
    Setting(
        "players.stun",
        "",
        N_("STUN server for players' phones"),
        N_(
            "Empty (the default): the phones find each other only on the table's own "
            "network, and no server is asked. A table whose phones are on different "
            "networks (a player on mobile data) may name one, such as "
            "stun:stun.example.org:3478; both phones then ask it for their public "
            "addresses (the code carries it to the player's phone)."
        ),
        procedure="players_connection",
        pattern=STUN,
        refusal=N_(
            "STUN server for players' phones: leave it empty, or type an address that "
            "starts with stun:, such as stun:stun.example.org:3478."
        ),
    ),
)

# What reaches the players' phones without the game master's tap on "Show players"
# (omen.campaign.players.Showing): each result and encounter stays one tap from shown
# or hidden whatever is chosen here.
SHOWING = (
    Setting(
        "players.show",
        "facts",
        N_("What players see at once"),
        N_(
            "What reaches the players' phones as soon as you roll it; anything else waits "
            "for your tap on “Show players”, and anything shown can be hidden again."
        ),
        choices=(
            ("facts", N_("Encounter facts; results when shown")),
            ("all", N_("Encounter facts and every result")),
            ("none", N_("Only what you show")),
        ),
        procedure="players_show",
    ),
)

# Whether a player's request waits for the game master's Roll or Decline (the default,
# as a game master approves what players ask at a table) or is rolled as it arrives.
ASKING = (
    Setting(
        AT_ONCE,
        False,
        N_("Roll players' requests at once"),
        N_(
            "Off (the default): a test a player asks for waits in the players' sheet for "
            "your “Roll” or “Decline”. On: it is rolled as it arrives, logged naming the "
            "player and shown on both phones; one the rules rule out is declined with the "
            "reason."
        ),
        procedure="players_requests",
    ),
)


def registry() -> tuple[Setting, ...]:
    """Every setting, in the order the Settings screen lists them.

    Exploring's procedures declare ``SETTINGS`` next to their rules; the other games keep
    theirs in small modules of their own (``omen.ose.settings`` and the like), named by
    their :class:`~omen.campaign.spec.GameSpec`, so listing every setting does not load
    those games' procedures.
    """
    own: tuple[Setting, ...] = tuple(
        setting for game in GAMES.values() for at in game.settings for setting in named(at)
    )
    return (
        *EXPLORATION,
        *DEVICE,
        *SHOWING,
        *ASKING,
        *exploration.SETTINGS,
        *tables.SETTINGS,
        *voidcrawl.SETTINGS,
        *own,
    )


def by_key() -> dict[str, Setting]:
    """Every setting by its key."""
    return {setting.key: setting for setting in registry()}


def defaults() -> dict[str, Value]:
    """Every setting's default value, by key."""
    return {setting.key: setting.default for setting in registry()}


def clean(stored: Mapping[str, Any]) -> dict[str, Value]:
    """Stored settings with unknown keys dropped and unacceptable values defaulted."""
    known = by_key()
    out = defaults()
    for key, value in stored.items():
        setting = known.get(key)
        if setting is not None and setting.accepts(value):
            out[key] = value
    return out
