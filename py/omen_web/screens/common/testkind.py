"""Which test the Tests screen shows: the game's own first, The End of the World's pool
one tap away.

The campaign's game names its Tests mode (``GameSpec.tests``): ``"gurps"`` shows GURPS
success rolls and Quick Contests, ``"ose"`` OSE saving throws and ability checks, each
with a "Kind of test" switch whose last choice is the dice pool; any other game shows
the pool alone. Each game's Tests screen draws its own part, and both ask this one
function whether the pool is on show, so whichever draws last agrees with the other.
"""

from __future__ import annotations

from typing import Any

from omen.campaign import games

# The stored form holding each game's "Kind of test" choice.
FORMS = {"gurps": "gurps_tests", "ose": "ose_tests"}


def pool_on_show(app: Any) -> bool:
    """Whether The End of the World's dice pool is the test on show."""
    part = FORMS.get(games.game_of(app.campaign.game).tests)
    if part is None:
        return True
    return str(app.store.get(part).mode.value) == "pool"


def show_pool(app: Any) -> None:
    """Show or hide the dice pool as :func:`pool_on_show` says."""
    from omen_web.kit import dom

    dom.show(dom.bound("eotw-tests", dom.one('[data-screen="tests"]')), pool_on_show(app))
