"""localStorage, through the engine's versioned envelopes (see :mod:`omen.store`).

Three promises: what does not load is copied aside under ``omen/quarantine/…`` before
anything new is written to its key (never silently overwritten); a failing write (quota
full, storage switched off) is reported and the app keeps working in memory; and the
caller learns whether a save really happened, so nothing claims "saved" falsely.

Two tabs: the storage remembers the text it last read or wrote for each key. Before a
write it reads the key again; if another tab wrote something else in between, that
value is copied aside under ``omen/quarantine/…`` first and the game master is told,
so no write is lost silently. (The share screen's ``storage`` event listener keeps a
tab in step with the other's writes; this is the guard for writes that cross.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pyodide.ffi import JsException
from pyscript import window

from omen.errors import StoredDataError
from omen.roll import N_, Step
from omen.store import Schema, decode, encode, kind_label

T = TypeVar("T")
Notify = Callable[[Step], None]


class Storage:
    def __init__(self, notify: Notify) -> None:
        self.notify = notify
        self.memory: dict[str, str] = {}
        self.frozen: set[str] = set()  # keys whose damaged value could not be kept aside
        self.warned_write = False
        self.known: dict[str, str | None] = {}  # what this tab last read or wrote, by key
        try:
            self.local: Any = window.localStorage
            self.local.getItem("omen/probe")
        except JsException:
            self.local = None
            notify(
                Step(
                    N_(
                        "This browser does not let Omen save anything. It works for now, "
                        "but everything is lost when the page closes."
                    )
                )
            )

    def read(self, key: str) -> str | None:
        if self.local is None:
            return self.memory.get(key)
        value = self._stored(key)
        self.known[key] = value
        return value

    def _stored(self, key: str) -> str | None:
        value = self.local.getItem(key)
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

    def seen(self, key: str, value: str | None) -> None:
        """Another tab wrote ``value`` to ``key``: this tab now knows it."""
        self.known[key] = value

    def _crossed(self, key: str) -> None:
        """Keep aside what another tab wrote to ``key`` since this tab last saw it."""
        if key not in self.known:
            return
        there = self._stored(key)
        if there is None or there == self.known[key]:
            return
        kind = key.removeprefix("omen/")
        aside = f"omen/quarantine/{kind}/{window.Date.new().toISOString()}-other-tab"
        try:
            self.local.setItem(aside, there)
        except JsException:
            self.frozen.add(key)
            self.notify(
                Step(
                    N_(
                        "Another tab changed {what} while this one did too. There is no room "
                        "to keep its version aside, so this tab will not overwrite it; "
                        "reload this page to see the other tab's version."
                    ),
                    {"what": kind_label(kind)},
                )
            )
            return
        self.notify(
            Step(
                N_(
                    "Another tab changed {what} at the same time as this one. This tab's "
                    "version is saved; the other tab's was kept aside as {aside}."
                ),
                {"what": kind_label(kind), "aside": aside},
            )
        )

    def write(self, key: str, text: str, quiet: bool = False) -> bool:
        """Store ``text``; False when it could not be (told once, unless ``quiet``)."""
        self.memory[key] = text
        if self.local is None or key in self.frozen:
            return False
        try:
            self._crossed(key)
            if key in self.frozen:
                return False
            self.local.setItem(key, text)
            self.known[key] = text
        except JsException:
            if not quiet and not self.warned_write:
                self.warned_write = True
                self.notify(
                    Step(
                        N_(
                            "Omen could not save: the device's storage is full or switched "
                            "off. Everything keeps working, but recent changes are only in "
                            "this page until saving works again. Export your data to be safe."
                        )
                    )
                )
            return False
        self.warned_write = False
        return True

    def load(self, schema: Schema[T], stamp: str) -> T | None:
        """The stored value, or None when there is none or it does not load."""
        raw = self.read(schema.key)
        if raw is None:
            return None
        try:
            return decode(schema, raw)
        except StoredDataError as error:
            aside = f"omen/quarantine/{schema.kind}/{stamp}"
            kept = False
            if self.local is not None:
                try:
                    self.local.setItem(aside, raw)
                    kept = True
                except JsException:
                    kept = False
            if kept:
                self.notify(
                    Step(
                        N_(
                            "Omen could not load {what}: {reason} A copy was kept "
                            "aside as {aside}, and that part starts afresh."
                        ),
                        {"what": kind_label(schema.kind), "reason": error.message, "aside": aside},
                    )
                )
            else:
                self.frozen.add(schema.key)
                self.notify(
                    Step(
                        N_(
                            "Omen could not load {what}: {reason} There was no room "
                            "to keep a copy aside, so Omen will not overwrite it; changes "
                            "to that part stay in this page only."
                        ),
                        {"what": kind_label(schema.kind), "reason": error.message},
                    )
                )
            return None

    def remove(self, key: str) -> None:
        """Forget what is stored under ``key`` (nothing happens if it cannot be removed)."""
        self.memory.pop(key, None)
        if self.local is None or key in self.frozen:
            return
        try:
            self.local.removeItem(key)
            self.known[key] = None
        except JsException:
            return

    def save(self, schema: Schema[Any], data: Any, quiet: bool = False) -> bool:
        return self.write(schema.key, encode(schema, data), quiet)
