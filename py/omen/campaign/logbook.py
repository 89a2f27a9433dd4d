"""The roll log kept as pages, so that a tap writes a bounded amount however long it is.

**Where it is kept.** ``omen/log`` holds the newest entries (one page at most) and, in
``older``, which older pages there are: ``omen/log/<n>``, each its own envelope of the
same log schema holding exactly ``size`` entries, page ``first`` the oldest. A new entry
rewrites ``omen/log`` alone; when that is full, its entries first move to a new page.
An older page is written again only when one of its entries is undone, and removed only
when the game master removes old entries after exporting them. Nothing is dropped to make
room: before storage runs out, :meth:`LogBook.room` says so.

**Reading.** Opening reads ``omen/log``; older pages are read when they are needed (the
Log screen's "Show older entries", an Undo reaching back, a backup), each checked as
every stored value is, and checked against the log: exactly ``size`` entries, each older
than every entry after it. A page that fails is kept aside by the :class:`Keeper` and
the game master is told which entries it held; the other pages are kept. A page the log
names but the device no longer has is told once, and skipped. A format 1 log (one value
of up to 300 entries) is laid out as pages when it is first opened.

>>> from omen.campaign.state import Outcome
>>> from omen.core.roll import Step
>>> from omen.core.store import Keeper, MemoryBackend
>>> backend = MemoryBackend()
>>> book = LogBook(Keeper(backend, print, lambda: "T"), size=2)
>>> for turn in range(1, 6):
...     title = Step("Turn {turn} begins.", {"turn": turn})
...     _ = book.add("T", Outcome(title, (), "nothing"), f"Turn {turn}", None)
>>> sorted(backend.items)
['omen/log', 'omen/log/1', 'omen/log/2']
>>> [entry.text for entry in book.newest(3)]
['Turn 5', 'Turn 4', 'Turn 3']
>>> [entry.text for entry in book.older(3, 5)]
['Turn 2', 'Turn 1']
>>> [entry.id for entry in LogBook(Keeper(backend, print, lambda: "T"), size=2).whole().entries]
[5, 4, 3, 2, 1]
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import islice
from typing import Any

from omen.campaign.state import LOG, Entry, Log, Older, Outcome, checked_before
from omen.core.errors import StoredDataError
from omen.core.roll import N_, Step
from omen.core.store import PREFIX, ROOM, Keeper, compact, decode, encode, enveloped

KEY = LOG.key  # "omen/log": the newest entries and the list of older pages
PAGE_SIZE = 20  # entries in one older page: a tap rewrites at most this many
SHOWN = 50  # entries the Log screen shows at first, and adds on "Show older entries"
KEPT_NEWEST = 200  # entries "Export old entries" always leaves on the device
WARN_SHARE = 5  # warn when less than a fifth of the device's storage is left
PER_ENTRY = 900  # characters an entry takes, until the log itself says
CACHED = 4  # older pages held in memory (the newest read or written); others are re-read
_PAGE = re.compile(r"omen/log/([0-9]{1,7})", re.ASCII)


def page_key(number: int) -> str:
    """The storage key of an older page.

    >>> page_key(3)
    'omen/log/3'
    """
    return f"{KEY}/{number}"


@dataclass(frozen=True)
class Room:
    """How much storage is left, as characters (what a browser counts) and as entries of
    the size this log's entries have."""

    used: int  # characters stored by every part, keys included
    total: int  # what the device keeps for this site
    per_entry: int  # characters one entry of this log takes, on average

    @property
    def left(self) -> int:
        """Characters of storage still free."""
        return max(0, self.total - self.used)

    @property
    def entries_left(self) -> int:
        """About how many more entries fit, at the size entries have had."""
        return self.left // max(1, self.per_entry)

    @property
    def percent_used(self) -> int:
        """How much of the room is used, in whole percent."""
        return min(100, self.used * 100 // max(1, self.total))

    @property
    def low(self) -> bool:
        """Time to tell the game master: less than a fifth of the room is left."""
        return self.left * WARN_SHARE < self.total


class LogBook:
    """The roll log over a :class:`Keeper`, kept as pages (see the module's text).

    Everything goes through the keeper, so a failed write is kept in the page and
    retried, another tab's write is kept aside before this one overwrites it, and a
    damaged page is kept aside once.
    """

    def __init__(
        self, keeper: Keeper, stamp: str = "", size: int = PAGE_SIZE, total: int = ROOM
    ) -> None:
        self.keeper = keeper
        self.stamp = stamp
        self.size = size
        self.total = total
        # The older pages read or written last (at most CACHED): a long session does not
        # keep its whole log in memory.
        self.pages: OrderedDict[int, tuple[Entry, ...]] = OrderedDict()
        self.lost: set[int] = set()  # pages named but not there, or kept aside
        self.present: set[int] | None = None  # page keys on the device, once looked for
        self.told_missing = False
        self.head = Log()
        self.head_chars = 0
        self.head_json: dict[int, tuple[Entry, str]] = {}  # each entry's JSON text
        self.told_low = False  # the game master was told storage is running low
        self.undoable: Entry | bool | None = False  # Undo's entry once found; False: not yet
        self.unheard = False  # another tab's entries were taken in before its event came
        self.open()
        keeper.before_settle = self.sync

    # --- opening ----------------------------------------------------------------------

    def open(self) -> None:
        """Read ``omen/log`` (laying a format 1 log out as pages, or finding older pages
        whose index was lost)."""
        self.pages, self.lost, self.present = OrderedDict(), set(), None
        self.told_missing = False
        self.undoable = False
        head = self.keeper.load(LOG, self.stamp)
        if head is None:
            found = self._page_keys()
            self.head = Log()
            if found:  # the index is gone but older pages are there: keep them
                self.head = Log((), Older(min(found), max(found), self.size))
                self.present = found
                self._write_head()
                self.keeper.notify(
                    Step(
                        N_(
                            "Omen found older pages of the roll log without their index "
                            "and kept them ({count} entry at most)."
                        ),
                        {"count": len(found) * self.size},
                        plural=N_(
                            "Omen found older pages of the roll log without their index "
                            "and kept them ({count} entries at most)."
                        ),
                    )
                )
            return
        if head.older is not None:
            self.size = head.older.size
            if len(head.entries) > self.size:  # a head that is not one page: lay it out
                self._lay_out(head.entries, head.older)
                return
            self.head = head
            self.head_chars = len(self.keeper.read(KEY) or "")
            return
        if len(head.entries) > self.size:  # format 1, or a log put back whole
            self._lay_out(head.entries, None)
            return
        self.head = head
        self.head_chars = len(self.keeper.read(KEY) or "")

    def _page_keys(self) -> set[int]:
        backend = self.keeper.backend
        names = list(self.keeper.memory)  # written here: a page not saved yet is there too
        if backend is not None:
            names += backend.names()
        return {int(m[1]) for name in names if (m := _PAGE.fullmatch(name)) and int(m[1]) > 0}

    def _lay_out(self, entries: tuple[Entry, ...], older: Older | None) -> None:
        """Write ``entries`` (newest first) as full pages and a head of one page at most,
        on page numbers after those in use; then the head; then drop the old pages. An
        interruption leaves the old log readable."""
        gone = set(older.pages) if older is not None else set()
        gone |= self._page_keys()
        start = max(gone, default=0) + 1
        full = max(0, (len(entries) - 1) // self.size)
        oldest_first = entries[::-1]
        number = start - 1
        for number in range(start, start + full):
            offset = (number - start) * self.size
            page = oldest_first[offset : offset + self.size][::-1]
            self.keeper.expect_absent(page_key(number))
            self.keeper.write(page_key(number), encode(LOG, Log(page).to_json()))
            self._hold(number, page)
        head = entries[: len(entries) - full * self.size]
        self.head = Log(head, Older(start, number, self.size) if full else None)
        self.lost, self.present = set(), None
        self._write_head(range(start, start + full))
        for old in sorted(gone):
            self.keeper.remove(page_key(old))

    def _write_head(self, after: Iterable[int] = ()) -> None:
        # Each entry of the head is written as JSON text once, not on every tap: the
        # page's text is those texts joined (as encode would write the page's JSON).
        cache = self.head_json
        texts = []
        for entry in self.head.entries:
            held = cache.get(entry.id)
            if held is None or (held[0] is not entry and held[0] != entry):
                held = cache[entry.id] = (entry, compact(entry.to_json()))
            texts.append(held[1])
        data = '{"entries":[' + ",".join(texts) + "]"
        if self.head.older is not None:
            data += ',"older":' + compact(self.head.older.to_json())
        shown = {entry.id for entry in self.head.entries}
        for gone in [key for key in cache if key not in shown]:
            del cache[gone]
        text = enveloped(LOG, data + "}")
        self.head_chars = len(text)
        # never in storage before the pages it names: another tab would not find them
        self.keeper.write(KEY, text, after=[page_key(number) for number in after])

    # --- reading ----------------------------------------------------------------------

    def _numbers(self) -> Iterator[int]:
        """The older pages to read, newest first (after the first missing one, only
        those the device has: a log naming a million pages costs one look at the keys)."""
        older = self.head.older
        if older is None:
            return
        number = older.last
        while number >= older.first:
            yield number
            if number in self.lost and self.present is None:
                self.present = self._page_keys()
                self._mend(older)
            if self.present is None:
                number -= 1
            else:
                number = max((p for p in self.present if older.first <= p < number), default=0)

    def _mend(self, older: Older) -> None:
        """Once the keys were looked at: the head names only the pages there are (a
        new page then goes after the last one there is; written with the next entry)."""
        assert self.present is not None
        there = [n for n in self.present if older.first <= n <= older.last]
        if there:
            self.head = Log(self.head.entries, Older(min(there), max(there), older.size))
        else:
            self.head = Log(self.head.entries, None)

    def _page(self, number: int, below: int) -> tuple[Entry, ...] | None:
        """Older page ``number``, read and checked (its entries older than ``below``)."""
        if number in self.pages:
            self.pages.move_to_end(number)
            return self.pages[number]
        if number in self.lost:
            return None
        key = page_key(number)
        what = Step(
            N_("{count} older entry of the roll log (page {page})"),
            {"count": self.size, "page": number},
            plural=N_("{count} older entries of the roll log (page {page})"),
        )
        if self.keeper.read(key) is None:
            self.lost.add(number)
            self._tell_missing()
            return None
        page = self.keeper.load(LOG, self.stamp, key, what)
        if page is None:
            self.lost.add(number)
            return None
        problem: str | None = None
        if page.older is not None:
            problem = N_("A page of the log names pages of its own.")
        elif len(page.entries) != self.size:
            problem = N_("The page does not hold the {size} entries the log says it holds.")
        elif page.entries[0].id >= below:
            problem = N_("Its entries are not older than the entries after them.")
        if problem is not None:
            values = {"size": self.size} if "{size}" in problem else {}
            self.keeper.refuse(key, Step(problem, values), self.stamp, what)
            self.lost.add(number)
            return None
        self._hold(number, page.entries)
        return page.entries

    def _hold(self, number: int, page: tuple[Entry, ...]) -> None:
        """Keep page ``number`` in memory (written or read: it is there, whatever was
        lost under that number before), letting the least recently used one go."""
        self.lost.discard(number)
        self.pages[number] = page
        self.pages.move_to_end(number)
        while len(self.pages) > CACHED:
            self.pages.popitem(last=False)

    def _tell_missing(self) -> None:
        if self.told_missing:
            return
        self.told_missing = True
        self.keeper.notify(
            Step(
                N_(
                    "Some older pages of the roll log are not on this device, so the "
                    "entries on them are missing; the rest of the log is kept."
                )
            )
        )

    def walk(self) -> Iterator[Entry]:
        """Every entry, newest first, reading older pages only as far as asked."""
        yield from self.head.entries
        for _number, page in self._older_pages():
            yield from page

    def _older_pages(self) -> Iterator[tuple[int, tuple[Entry, ...]]]:
        """The older pages there are and that load, newest first, with their numbers."""
        below = self.head.entries[-1].id if self.head.entries else 10**13
        for number in self._numbers():
            page = self._page(number, below)
            if page is not None:
                below = page[-1].id
                yield number, page

    def newest(self, count: int = SHOWN) -> tuple[Entry, ...]:
        """The newest ``count`` entries, newest first."""
        return tuple(islice(self.walk(), count))

    def older(self, than: int, count: int = SHOWN) -> tuple[Entry, ...]:
        """Up to ``count`` entries older than the entry ``than`` (its id), newest first."""
        return tuple(islice((e for e in self.walk() if e.id < than), count))

    def has_older(self, than: int) -> bool:
        """Whether there is anything older than the entry ``than`` to show."""
        return bool(self.older(than, 1))

    def last_undoable(self) -> Entry | None:
        """The newest entry Undo can still take back, on whichever page it is (found
        once, and kept until the log changes: a long log of rolls is walked once)."""
        if self.sync() or self.undoable is False:
            self.undoable = next(
                (e for e in self.walk() if not e.undone and e.before is not None), None
            )
        assert self.undoable is not True
        return self.undoable

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The newest entries (:data:`SHOWN` of them), newest first, as a screen shows
        them at first; :meth:`older` reads on, :meth:`whole` reads every page."""
        return self.newest(SHOWN)

    def newest_id(self) -> int:
        """The id of the newest entry (0 for an empty log)."""
        return next((e.id for e in self.walk()), 0)

    def whole(self) -> Log:
        """Every entry, as one log (a backup holds it so), reading every older page."""
        return Log(tuple(self.walk()))

    @property
    def count(self) -> int:
        """How many entries the log holds (counting pages not read yet as full)."""
        older = self.head.older
        pages = 0 if older is None else len(older.pages) - len(self.lost & set(older.pages))
        return len(self.head.entries) + pages * self.size

    # --- writing ----------------------------------------------------------------------

    def add(self, at: str, outcome: Outcome, text: str, before: tuple[str, Any] | None) -> Entry:
        """Log an action; ``before`` is what Undo puts back (see :class:`Entry`)."""
        before = checked_before(before)
        self.sync()
        entry = Entry(self.newest_id() + 1, at, outcome.title, outcome.steps, text, False, before)
        self._push(entry)
        if before is not None:
            self.undoable = entry
        return entry

    def _push(self, entry: Entry) -> None:
        older = self.head.older
        if len(self.head.entries) >= self.size:  # the head is full: it becomes a page
            number = (older.last if older is not None else 0) + 1
            while (self.present is not None and number in self.present) or self._taken(number):
                number += 1  # claimed: a page another tab wrote there is left alone
            text = encode(LOG, Log(self.head.entries).to_json())
            self.keeper.expect_absent(page_key(number))  # claimed: another tab's is kept aside
            self.keeper.write(page_key(number), text)
            self._hold(number, self.head.entries)
            if self.present is not None:
                self.present.add(number)
            older = Older(older.first if older is not None else number, number, self.size)
            self.head = Log((), older)
            rolled = [number]
        else:
            rolled = []
        self.head = Log((entry, *self.head.entries), older)
        self._write_head(rolled)
        if rolled and not self.told_low:  # once a page: room is counted, not guessed
            warning = self.room_warning()
            if warning is not None:
                self.told_low = True
                self.keeper.notify(warning)

    def _taken(self, number: int) -> bool:
        """Whether storage, or this page's unsaved writes, hold page ``number``."""
        key = page_key(number)
        return key in self.keeper.unsaved() or self.keeper.stored(key) is not None

    def mark_undone(self, entry_id: int) -> None:
        """Mark an entry undone, rewriting only the page it is on (found again by what
        it says if another tab's entries were merged in meanwhile and it moved)."""
        target = next((e for e in self.head.entries if e.id == entry_id), None)
        if self.sync() and target is not None:
            said = _content(target)
            entry_id = next((e.id for e in self.walk() if _content(e) == said), entry_id)
        self.undoable = False
        if any(e.id == entry_id for e in self.head.entries):
            self.head = self.head.mark_undone(entry_id)
            self._write_head()
            return
        for number, page in self._older_pages():  # read back as far as the entry
            if any(e.id == entry_id for e in page):
                marked = Log(page).mark_undone(entry_id)
                self.keeper.write(page_key(number), encode(LOG, marked.to_json()))
                self._hold(number, marked.entries)
                return
            if page[-1].id < entry_id:
                return

    def replace(self, log: Log) -> None:
        """Put a whole log in place of this one (a restored backup, the Undo of an import)."""
        self.walk_all()
        self.undoable = False
        self._lay_out(Log(log.entries).entries, self.head.older)

    def walk_all(self) -> None:
        """Read every page once (each damaged page is then kept aside and said)."""
        for _entry in self.walk():
            pass

    # --- two tabs writing at once -----------------------------------------------------

    def sync(self) -> bool:
        """Take in what another tab wrote to the log since this page last saw storage:
        True when there was something. Asked before every change this book makes, on
        the other tab's storage event, and before this page's waiting writes reach
        storage, so two tabs that write before either hears of the other both keep
        their entries (see :meth:`_merge`)."""
        crossed = self._crossed()
        if crossed is None:
            return False
        there, theirs, base = crossed
        # This page's entries newer than the pages both saw: those base's head does not
        # hold were added here since, those it holds as not undone were undone here.
        shared_last = base.older.last if base.older is not None else 0
        unsaved = [int(m[1]) for key in self.keeper.unsaved() if (m := _PAGE.fullmatch(key))]
        shared_last = min([shared_last, *(number - 1 for number in unsaved)])
        in_base = {_content(e): e.undone for e in base.entries}
        ours = [(e, 10**7) for e in self.head.entries]  # with the page each is on
        for number, page in self._older_pages():
            if number <= shared_last:
                break
            ours.extend((e, number) for e in page)
        own = self._own_pages(base, theirs, shared_last)
        for number in sorted(own, reverse=True):
            own_page = self._page(number, 10**13)
            if own_page is not None:
                ours.extend((e, number) for e in own_page)
        mine = [(e, n) for e, n in ours if _content(e) not in in_base]
        marked = [e for e, _n in ours if e.undone and in_base.get(_content(e)) is False]
        self.pages.clear()  # the other tab may have written any page: read again as needed
        if mine or marked:
            self._merge(base, theirs, mine, marked, shared_last, own)
        else:  # nothing of this page's own since: the other tab's log as it is
            self.keeper.adopt(KEY, there)
            self.head = theirs
            self.head_chars = len(there)
        self.lost, self.present, self.undoable = set(), None, False
        self.unheard = True  # the screens are told when the other tab's event comes
        return True

    def _own_pages(self, base: Log, theirs: Log, shared_last: int) -> set[int]:
        """The pages this page's log names, at or below ``shared_last``, that neither the
        log as this page last saw it in storage nor the other tab's names, and that
        storage or this page holds: pages only this page's log has (one it saved while
        the device was too full for the index naming it, which another tab then rolled
        past, or one a merge here took in). They are not shared, so their entries are
        merged in as this page's own."""
        older = self.head.older
        if older is None or base.older is None:
            return set()  # nothing both saw: every page of this log is walked already
        named = set(base.older.pages)
        if theirs.older is not None:
            named |= set(theirs.older.pages)
        below = min(older.last, shared_last, base.older.first - 1)
        return {n for n in range(older.first, below + 1) if n not in named and self._taken(n)}

    def _crossed(self) -> tuple[str, Log, Log] | None:
        """What another tab wrote to ``omen/log`` since this page last saw it (its text
        and log) and that log as this page saw it; None when nothing to take in."""
        if not self.keeper.has_storage or self.keeper.is_held(KEY) or self.keeper.unchanged(KEY):
            return None
        there = self.keeper.stored(KEY)
        known = self.keeper.known_text(KEY)
        if there == known or there is None:
            return None
        try:
            theirs = decode(LOG, there)
        except StoredDataError:
            return None  # not readable here: the keeper keeps it aside before a write
        base = Log()
        if known is not None:
            try:
                base = decode(LOG, known)
            except StoredDataError:
                base = Log()
        if theirs.older is not None and theirs.older.size != self.size:
            if self.head.entries or self.head.older is not None:
                return None  # another layout: the keeper keeps one of them aside
            self.size = theirs.older.size
        return there, theirs, base

    def _merge(
        self,
        base: Log,
        theirs: Log,
        mine: list[tuple[Entry, int]],
        marked: list[Entry],
        shared_last: int,
        own: set[int],
    ) -> None:
        """Lay out one log from this page's and another tab's, both grown from ``base``
        (the log as this page last saw it in storage); ``mine`` are the entries this
        page added since (newest first, each with the number of the page it is on),
        ``marked`` the entries it marked undone,
        ``shared_last`` the newest page both saw in storage, and ``own`` the pages at
        or below it that only this page's log names (see :meth:`_own_pages`): their
        entries are laid out with this page's newer ones, and the pages removed.

        The pages ``base`` names stay as the other tab has them. After them come the
        other tab's newer entries and this page's, in the order of their times (the
        other tab's first at the same time), numbered on from the oldest of the other
        tab's; an entry both tabs hold is kept once. They are written as full pages
        after the shared ones and a head, over the pages either tab wrote there (each
        read first), and the pages left over are removed.
        """
        tail: list[Entry] = list(theirs.entries)  # newest first, as the other tab has it
        numbers = set(theirs.older.pages) if theirs.older is not None else set()
        for number in sorted((n for n in numbers if n > shared_last), reverse=True):
            page = self._their_page(number)
            if page is None:  # not saved yet by the tab that rolled it: left where it is
                shared_last = number
                break
            tail.extend(page)
        seen = {_content(e) for e in tail}
        if own:  # an entry also on a shared page is kept once
            oldest = min(e.at for e, n in mine if n in own)
            seen |= self._shared_since(theirs.older, shared_last, oldest)
        in_base = {_content(e) for e in base.entries}
        undone = {_content(e) for e in marked}
        # this page's own unsaved pages where the other tab's log has pages: moved up
        moved = {n for _e, n in mine if n <= shared_last and page_key(n) in self.keeper.unsaved()}
        for number in moved:
            self.keeper.forget(page_key(number))
        mine_added = [
            e
            for e, n in mine
            if (n > shared_last or n in moved or n in own) and _content(e) not in seen
        ]
        every = [replace(e, undone=True) if _content(e) in undone else e for e in tail]
        ordered = sorted(every[::-1] + mine_added[::-1], key=lambda e: e.at)  # stable
        # numbered on from the other tab's oldest (above every page left as it is)
        start = min((e.id for e in tail or mine_added), default=1)
        fresh = [replace(entry, id=start + i) for i, entry in enumerate(ordered)]
        ours = set(self.head.older.pages) if self.head.older is not None else set()
        first = theirs.older.first if theirs.older is not None else None
        if base.older is not None:
            first = base.older.first if first is None else min(first, base.older.first)
        written = self._write_tail(tuple(fresh[::-1]), shared_last, first)
        for number in sorted((numbers | ours) - written):
            if number > shared_last:
                self.keeper.remove(page_key(number))
        self._drop_laid_out(own)
        if mine_added and any(_content(e) not in in_base for e in tail):
            self.keeper.notify(
                Step(
                    N_(
                        "Another tab added to the roll log at the same time as this one: "
                        "both tabs' entries are kept, in the order of their times."
                    )
                )
            )

    def _drop_laid_out(self, own: set[int]) -> None:
        """Remove the pages only this page's log named, now that a merge laid their
        entries out again: once storage holds the whole log as this page has it (what
        waits is written first); until then they are left in place."""
        if not own or self.keeper.backend is None:
            return
        if any(k == KEY or _PAGE.fullmatch(k) for k in self.keeper.unsaved()):
            return
        for number in sorted(own):
            self.keeper.remove(page_key(number))

    def _shared_since(self, older: Older | None, last: int, since: str) -> set[str]:
        """What the entries say on the other tab's pages up to ``last`` (pages both saw)
        that are not older than ``since``, read newest first."""
        said: set[str] = set()
        if older is None:
            return said
        for number in range(min(last, older.last), older.first - 1, -1):
            raw = self.keeper.stored(page_key(number))  # only looked at: left as it is
            try:
                page = decode(LOG, raw).entries if raw is not None else ()
            except StoredDataError:
                continue
            said |= {_content(e) for e in page}
            if page and page[-1].at < since:
                break  # older pages hold older entries only
        return said

    def _their_page(self, number: int) -> tuple[Entry, ...] | None:
        """A page another tab wrote after the shared ones, read from storage itself (a
        page that does not load is kept aside, so that writing over it loses nothing);
        None when it is not in storage."""
        key = page_key(number)
        raw = self.keeper.look(key)
        if raw is None:
            return None
        try:
            page = decode(LOG, raw)
        except StoredDataError:
            if isinstance(self.keeper.keep_aside("log", raw, "other-tab", self.stamp), str):
                return ()
            self.keeper.hold(key, raw)  # no room to keep it aside: left where it is
            return None
        return page.entries if page.older is None else ()

    def _write_tail(
        self, entries: tuple[Entry, ...], shared_last: int, first: int | None
    ) -> set[int]:
        """Write ``entries`` (newest first, all newer than the shared pages) as full pages
        numbered after ``shared_last`` and a head; the page numbers written."""
        full = max(0, (len(entries) - 1) // self.size)
        oldest_first = entries[::-1]
        written: set[int] = set()
        for index in range(full):
            number = shared_last + 1 + index
            page = oldest_first[index * self.size : (index + 1) * self.size][::-1]
            self.keeper.expect_absent(page_key(number))  # unless read: theirs was, and ours
            self.keeper.write(page_key(number), encode(LOG, Log(page).to_json()))
            self._hold(number, page)
            written.add(number)
        if first is not None and first > shared_last:
            first = None
        if full:
            first = shared_last + 1 if first is None else first
            pages: Older | None = Older(first, shared_last + full, self.size)
        elif first is not None:
            pages = Older(first, shared_last, self.size)
        else:
            pages = None
        self.head = Log(entries[: len(entries) - full * self.size], pages)
        self.present = None
        self.keeper.look(KEY)
        self._write_head(written)
        return written

    # --- room, and old entries --------------------------------------------------------

    def room(self) -> Room:
        """How full the device's storage is, and how many entries of this log's size
        still fit (an estimate: other parts grow too)."""
        entries = len(self.head.entries)
        per_entry = self.head_chars // entries if entries >= 3 else PER_ENTRY
        return Room(self.keeper.used(), self.total, max(1, per_entry))

    def room_warning(self) -> Step | None:
        """What the game master is told when storage runs low (None while it is not)."""
        room = self.room()
        if not room.low:
            return None
        return Step(
            N_(
                "Omen's storage on this device is {percent}% full: about {count} more log "
                "entry fits. Export the older entries on the Log screen, then remove them "
                "from this device."
            ),
            {"percent": room.percent_used, "count": room.entries_left},
            plural=N_(
                "Omen's storage on this device is {percent}% full: about {count} more log "
                "entries fit. Export the older entries on the Log screen, then remove them "
                "from this device."
            ),
        )

    def old_pages(self, keep: int = KEPT_NEWEST) -> range:
        """The older pages "Export old entries" offers: all but the newest ``keep``
        entries' pages (empty when the log is short)."""
        older = self.head.older
        if older is None:
            return range(0)
        kept_pages = max(0, -(-(keep - len(self.head.entries)) // self.size))
        return range(older.first, max(older.first, older.last + 1 - kept_pages))

    def export(self, pages: range) -> Log:
        """The entries on ``pages``, as a log a backup file holds (newest first)."""
        entries: list[Entry] = []
        for number, page in self._older_pages():  # every page read (a damaged one said)
            if number in pages:
                entries.extend(page)
        return Log(tuple(entries))

    def remove(self, pages: range) -> int:
        """Remove the oldest ``pages`` (after the game master exported them): the number
        of entries removed. Only the oldest pages go; the log says so first, then the
        pages are dropped."""
        older = self.head.older
        if older is None or not pages or pages.start != older.first or pages.stop > older.last:
            return 0
        removed = sum(len(page) for number, page in self._older_pages() if number in pages)
        self.head = Log(self.head.entries, replace(older, first=pages.stop))
        self._write_head()
        self.told_low = False  # told again if it runs low again
        for number in pages:
            self.keeper.remove(page_key(number))
            self.pages.pop(number, None)
            self.lost.discard(number)
        return removed

    # --- two tabs ---------------------------------------------------------------------

    def take_in(self, key: str, value: str | None = None) -> bool:
        """Another tab wrote ``key`` (``omen/log`` or a page; ``value`` what it wrote, read
        here when not given): True when this book took the change in."""
        if key == KEY:
            changed = self.sync() or self.unheard
            self.unheard = False
            return changed
        match = _PAGE.fullmatch(key)
        if match is None or not key.startswith(PREFIX):
            return False
        backend = self.keeper.backend
        if value is None and backend is not None:
            value = backend.get(key)
        self.keeper.seen(key, value)
        self.undoable = False
        self.pages.pop(int(match[1]), None)
        self.lost.discard(int(match[1]))
        return True


def _content(entry: Entry) -> str:
    """What an entry says, apart from its number and mark: the same action logged by two
    tabs (or taken in twice) is one entry."""
    data = entry.to_json()
    del data["id"], data["undone"]
    return compact(data)
