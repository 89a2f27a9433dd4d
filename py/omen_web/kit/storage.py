"""localStorage, through the engine's versioned envelopes and keeper (see :mod:`omen.core.store`).

The rules of keeping are the engine's :class:`omen.core.store.Keeper`, tested on CPython:
what does not load is kept aside once under ``omen/quarantine/…`` and its key starts
afresh; a write that fails (quota full, storage switched off) is reported, kept in this
page and written once saving works again; a value another tab wrote in between is kept
aside before this tab overwrites it. This module only puts ``localStorage`` behind the
keeper's :class:`omen.core.store.Backend`, retries unsaved changes now and then, and says
when a write that waits is written.

A write waits for the frame that shows the tap (the keeper's ``later``): the page holds
it at once, and ``localStorage`` gets it in a task right after that frame is drawn, so a
tap's result is on screen before Omen spends time on storage (about a quarter of a Next
turn's work). When the page is hidden or closed (``visibilitychange``, ``pagehide``)
whatever waits is written there and then. A write waits about one frame, which is far
less than the browser itself waits before it puts ``localStorage`` on disk.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import JsException
from pyscript import document, window

from omen.core.roll import N_, Step
from omen.core.store import Keeper
from omen_web.kit import dom

RETRY_MS = 15_000  # how often changes kept only in this page are tried again


class LocalBackend:
    """The browser's ``localStorage`` as a :class:`omen.core.store.Backend`, through
    ``omenStorage`` (static/lists.js), which remembers what this page last read or wrote
    under each key.

    Before each write the keeper asks whether another tab wrote there since
    (:meth:`holds`). The log's newest page is some ten thousand characters; read into
    Python to be compared, it would cross from the page twice a tap. Here, when the text
    asked about is the very one this page last read or wrote there, the page compares it
    with what storage holds and answers yes or no (for the keys it used lately: the log's
    newest page and the parts a tap changes); any other text is read and compared.
    """

    def __init__(self, local: Any) -> None:
        self._get, self._put, self._drop = local.get, local.put, local.drop
        self._unchanged, self.local = local.unchanged, local
        self.kept = int(local.kept)
        # What this page last read or wrote, for the keys the page remembers: the same
        # keys in the same order (each get, put and drop moves its key to the newest), so
        # no text of a key read once (an older log page, a copy kept aside) stays here.
        self.seen: dict[str, str | None] = {}

    def _saw(self, key: str, text: str | None) -> None:
        self.seen.pop(key, None)
        self.seen[key] = text
        if len(self.seen) > self.kept:
            del self.seen[next(iter(self.seen))]

    def get(self, key: str) -> str | None:
        value = self._get(key)
        text = value if isinstance(value, str) else None  # JS null arrives as jsnull
        self._saw(key, text)
        return text

    def put(self, key: str, text: str) -> bool:
        try:
            self._put(key, text)
        except JsException:
            return False  # storage holds what it held, and the page remembers that
        self._saw(key, text)
        return True

    def drop(self, key: str) -> None:
        try:
            self._drop(key)
        except JsException:
            return
        self._saw(key, None)

    def names(self) -> list[str]:
        return [str(name) for name in self.local.names()]

    def holds(self, key: str, text: str | None) -> bool:
        if key in self.seen and self.seen[key] is text:
            answer = self._unchanged(key)  # null: not among the keys the page remembers
            if isinstance(answer, bool):
                return answer
        return self.get(key) == text


class Storage(Keeper):
    def __init__(self, notify: Any) -> None:
        backend: LocalBackend | None
        try:
            window.localStorage.getItem("omen/probe")
            backend = LocalBackend(window.omenStorage)
        except JsException:
            backend = None
        super().__init__(backend, notify, dom.now_iso, self.settle_soon)
        self.retrying: Any = None
        self.settling = dom.proxy(self.settle_now)  # one proxy each, made at start
        self.after_frame = dom.proxy(self.frame_drawn)
        dom.on(window, "pagehide", self.settle_now)
        dom.on(document, "visibilitychange", self.settle_now)
        if backend is None:
            notify(
                Step(
                    N_(
                        "This browser does not let Omen save anything. It works for now, "
                        "but everything is lost when the page closes."
                    )
                )
            )

    def settle_soon(self) -> None:
        """Write what waits right after the next frame (a hidden page draws none: at once,
        in a task of its own)."""
        if document.hidden:
            window.setTimeout(self.settling, 0)
        else:
            window.requestAnimationFrame(self.after_frame)

    def frame_drawn(self, *_args: Any) -> None:
        """The frame is about to be drawn: the writes follow it, in a task after it."""
        window.setTimeout(self.settling, 0)

    def settle_now(self, *_args: Any) -> None:
        self.settle()

    def _write(self, key: str, text: str, quiet: bool) -> bool:
        saved = super()._write(key, text, quiet)
        if self.dirty and self._backend is not None and self.retrying is None:
            # Space may be freed outside Omen: try again now and then until it saves.
            self.retrying = dom.proxy(self.retry)
            window.setTimeout(self.retrying, RETRY_MS)
        return saved

    def retry(self, *_args: Any) -> None:
        if self.flush() or self.backend is None:
            self.retrying = None
            return
        window.setTimeout(self.retrying, RETRY_MS)
