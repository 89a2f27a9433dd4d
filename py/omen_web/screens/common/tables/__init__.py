"""The Tables screen: locations, their encounter tables, a table editor and paste import.

A screen of the kit (:mod:`omen_web.kit.screen`): the library (tables and locations) and the
Voidcrawl set-up (its die, the investigators' names) are the store's parts ``library``
and ``voidcrawl``; the screen reads them there and changes them through
:meth:`omen_web.kit.store.Store.act`, so every saved change goes to the log with the earlier
value and Undo puts it back. On a first start with nothing stored the store fills both
from the example campaign in the app's language (while untouched, it follows a change of
language); "Clear the example" empties it (undoable from the log). The table being
edited (the draft) is the screen's own until it is saved; an entry removed from it is
logged, and Undo puts the draft back through the store's restorer ``table-draft``.

Every control answers through ``data-action`` on the screen's section: rows drawn from
templates are marked when cloned, so a redraw binds nothing.

The screen (:mod:`.screen`) draws and keeps what its parts share; each job is a part of
its own that answers its actions (:class:`omen_web.kit.screen.Actions`): the tables' list
(:mod:`.library`), the locations (:mod:`.locations`), the Voidcrawl set-up
(:mod:`.crawl`), the table editor (:mod:`.editor`), drawing on the open table
(:mod:`.draw`) and paste import (:mod:`.paste`). Nothing here is imported at start: the
screen is built when first shown, or in an idle moment.
"""
