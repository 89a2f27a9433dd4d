"""localStorage, through the engine's versioned envelopes and keeper (see :mod:`omen.store`).

The rules of keeping are the engine's :class:`omen.store.Keeper`, tested on CPython:
what does not load is kept aside once under ``omen/quarantine/…`` and its key starts
afresh; a write that fails (quota full, storage switched off) is reported, kept in this
page and written once saving works again; a value another tab wrote in between is kept
aside before this tab overwrites it. This module only puts ``localStorage`` behind the
keeper's :class:`omen.store.Backend` and retries unsaved changes now and then.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import JsException
from pyscript import window

from omen.roll import N_, Step
from omen.store import Keeper
from omen_web import dom

RETRY_MS = 15_000  # how often changes kept only in this page are tried again


class LocalBackend:
    """The browser's ``localStorage`` as a :class:`omen.store.Backend`."""

    def __init__(self, local: Any) -> None:
        self.local = local

    def get(self, key: str) -> str | None:
        value = self.local.getItem(key)
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

    def put(self, key: str, text: str) -> bool:
        try:
            self.local.setItem(key, text)
        except JsException:
            return False
        return True

    def drop(self, key: str) -> None:
        try:
            self.local.removeItem(key)
        except JsException:
            return

    def names(self) -> list[str]:
        return [str(self.local.key(i)) for i in range(int(self.local.length))]


class Storage(Keeper):
    def __init__(self, notify: Any) -> None:
        backend: LocalBackend | None
        try:
            local = window.localStorage
            local.getItem("omen/probe")
            backend = LocalBackend(local)
        except JsException:
            backend = None
        super().__init__(backend, notify, dom.now_iso)
        self.retrying: Any = None
        if backend is None:
            notify(
                Step(
                    N_(
                        "This browser does not let Omen save anything. It works for now, "
                        "but everything is lost when the page closes."
                    )
                )
            )

    def write(self, key: str, text: str, quiet: bool = False) -> bool:
        saved = super().write(key, text, quiet)
        if self.dirty and self.backend is not None and self.retrying is None:
            # Space may be freed outside Omen: try again now and then until it saves.
            self.retrying = dom.proxy(self.retry)
            window.setTimeout(self.retrying, RETRY_MS)
        return saved

    def retry(self, *_args: Any) -> None:
        if self.flush() or self.backend is None:
            self.retrying = None
            return
        window.setTimeout(self.retrying, RETRY_MS)
