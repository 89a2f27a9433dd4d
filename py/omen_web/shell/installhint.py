"""A one-time hint on iOS Safari: how to put Omen on the home screen.

Android's browsers offer to install Omen from its manifest; Safari on iPhone and iPad
never asks, and a game master may not know that Share → Add to Home Screen gives an app
that opens full screen and works offline. So on iOS Safari (not in other browsers, and
not once Omen runs from the home screen) a small banner says how, until it is
dismissed; the dismissal is kept in the device's preferences
(``Prefs.install_hint_seen``), so it is shown once per device, not at every start.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from pyscript import window

from omen_web.kit import dom
from omen_web.kit import screen as kit

IOS = re.compile(r"\b(iPhone|iPad|iPod)\b")
OTHER_BROWSERS = re.compile(r"\b(CriOS|FxiOS|EdgiOS|OPiOS|GSA|DuckDuckGo|YaBrowser)/")


def ios_safari(user_agent: str, touch_points: int) -> bool:
    """Whether this is Safari on iOS or iPadOS (which says "Macintosh", with touch)."""
    apple = bool(IOS.search(user_agent)) or ("Macintosh" in user_agent and touch_points > 1)
    return apple and "Safari/" in user_agent and not OTHER_BROWSERS.search(user_agent)


def installed() -> bool:
    """Whether Omen runs from the home screen already."""
    navigator = window.navigator
    if getattr(navigator, "standalone", False) is True:
        return True
    return bool(window.matchMedia("(display-mode: standalone)").matches)


class InstallHint(kit.Actions):
    """The banner on show; its button (an action of the kit) dismisses it for good."""

    name = "install-hint"

    def __init__(self, app: Any) -> None:
        self.app = app
        self.banner = dom.bound("install-hint")
        self.delegate([self.banner], app.guard)
        dom.show(self.banner, True)

    def on_install_hint_dismiss(self, _target: Any, _event: Any) -> None:
        dom.show(self.banner, False)
        self.app.set_prefs(replace(self.app.prefs, install_hint_seen=True))


def offer(app: Any) -> InstallHint | None:
    """Show the hint if this device should see it."""
    navigator = window.navigator
    touch = int(getattr(navigator, "maxTouchPoints", 0) or 0)
    if app.prefs.install_hint_seen or not ios_safari(str(navigator.userAgent), touch):
        return None
    if installed():
        return None
    return InstallHint(app)
