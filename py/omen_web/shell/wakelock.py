"""The table's screen stays on: while Omen is open it asks the browser for a Screen Wake
Lock (``navigator.wakeLock``), and asks again when the page comes back to the
foreground (the browser lets a lock go whenever the page is hidden).

The campaign setting ``screen.awake`` (on unless switched off) decides; switching it off
lets the lock go. A browser with no wake lock, or one that refuses it (a hidden page, a
battery saver, a headless browser), changes nothing on the page and says nothing.

The page keeps its own record of what it asked for, for tests and for a curious game
master's developer tools: ``<html data-wake-lock="...">`` is ``unsupported``, ``off``
(the setting), ``requested`` (asked, no answer yet), ``held``, ``refused`` or
``released``, and ``data-wake-requests`` counts the requests made.

The app starts it once every screen is built (:meth:`omen_web.kit.app.App.work_when_idle`),
so start-up does not import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pyscript import document, window

from omen_web.kit import dom

if TYPE_CHECKING:
    from omen.campaign.state import Campaign
    from omen_web.kit.store import Store

SETTING = "screen.awake"


class App(Protocol):
    """What the lock reads of the app (:class:`omen_web.kit.app.App`, which starts it):
    the store, to hear of the campaign's changes, and the campaign's settings. Named
    here, not imported, so the app and this module do not import each other."""

    @property
    def store(self) -> Store: ...

    @property
    def campaign(self) -> Campaign: ...


class WakeLock:
    """Asks for the screen to stay on whenever the setting wants it and the page shows."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.sentinel: Any = None  # the browser's lock, while one is held
        self.asking = False
        self.requests = 0
        navigator = window.navigator
        self.supported = hasattr(navigator, "wakeLock") and navigator.wakeLock is not None
        self.got = dom.proxy(self.granted)
        self.failed = dom.proxy(self.refused)
        self.lost = dom.proxy(self.let_go)
        dom.on(document, "visibilitychange", lambda _event: self.apply())
        app.store.subscribe(("campaign",), lambda _kinds: self.apply())
        self.apply()

    def record(self, state: str) -> None:
        """The page's own record of the lock (see the module's docstring)."""
        data = document.documentElement.dataset
        data.wakeLock = state
        data.wakeRequests = str(self.requests)

    def wanted(self) -> bool:
        """The setting is on and the page is in the foreground."""
        on = self.app.campaign.values.get(SETTING, True) is not False
        return on and str(document.visibilityState) == "visible"

    def apply(self) -> None:
        """Ask for the lock, or let it go, as the setting and the page's visibility say."""
        if not self.supported:
            self.record("unsupported")
            return
        if self.wanted():
            if self.sentinel is None and not self.asking:
                self.asking = True
                self.requests += 1
                self.record("requested")
                window.navigator.wakeLock.request("screen").then(self.got, self.failed)
            return
        if self.sentinel is not None:
            sentinel, self.sentinel = self.sentinel, None
            sentinel.release()
            self.record("released")
        elif self.app.campaign.values.get(SETTING, True) is False:
            self.record("off")

    def granted(self, sentinel: Any) -> None:
        """The browser holds the lock; if the setting changed meanwhile, it goes."""
        self.asking = False
        self.sentinel = sentinel
        sentinel.addEventListener("release", self.lost)
        self.record("held")
        if not self.wanted():
            self.apply()

    def refused(self, _error: Any) -> None:
        """The browser would not keep the screen on: nothing is said."""
        self.asking = False
        self.record("refused")

    def let_go(self, _event: Any) -> None:
        """The browser let the lock go (the page was hidden): asked again on return."""
        if self.sentinel is not None:
            self.sentinel = None
            self.record("released")


def start(app: App) -> WakeLock:
    """Keep the screen on from now on, as the setting says."""
    return WakeLock(app)
