"""Sharing: the share sheet, the import dialog, backups, and keeping two tabs in step.

The codec is :mod:`omen.campaign.share`; this module only moves its text in and out of the page.

- **The share sheet** (``app.share(kind, item_id)``): the link, the Web Share API where
  the browser has it, Copy link, and a QR code drawn as SVG rectangles from segno's
  encoder, which is fetched from ``static/vendor/segno/`` the first time a code is drawn
  (start-up does not pay for it). A link too long for a QR code or a messenger says so
  and offers a file.
- **The import dialog**: a ``#share=`` link opened on load (or in an open tab), a picked
  file or pasted text shows what it holds and asks, for the names already here, whether
  to add them as new, replace ours or keep ours: one choice for all of them, with
  exceptions item by item (a single name gets its own choice). Nothing is written before
  Import, whose button stays in reach at the bottom of the dialog.
- **Two tabs**: the ``storage`` event tells this tab what another tab saved; the store
  takes the part in again and tells the screens, with a notice saying what changed.

Backups, restores, imports, their Undo and two-tab sync read and write every part through
the store (:mod:`omen_web.kit.store`), whose parts are those of :mod:`omen.campaign.parts`: no part is
read from a screen, so none can be left out of a backup by a screen's renaming.

User text only ever reaches the page through ``textContent`` and attribute values.
"""

from __future__ import annotations

import asyncio
import re
import sys
import traceback
import types
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from omen.campaign import parts, tables
from omen.campaign import state as campaign
from omen.campaign.parts import Place
from omen.campaign.share import (
    FILE_LIMITS,
    KEPT,
    KINDS,
    PARTS,
    Choice,
    Everything,
    ImportPlan,
    Kept,
    Shared,
    encode_link,
    export_file,
    holds_nothing_of_its_own,
    messenger_ok,
    open_shared,
    plan_import,
    qr_capacity_ok,
    restore,
    share_location,
    share_table,
    share_url,
    what_import_adds,
    what_restore_does,
)
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen.core.store import kind_label, kind_of
from omen.eotw import crew
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.kit.store import MANY

if TYPE_CHECKING:
    from omen_web.kit.app import App

SVG = "http://www.w3.org/2000/svg"
VENDOR = "static/vendor/segno/"
# The parts another tab's writes are taken in for (the registry says which, and why not).
SYNC_KINDS = {part.kind: part.schema for part in parts.in_place(Place.SYNC)}


def _js_object(**values: Any) -> Any:
    return to_js(values, dict_converter=window.Object.fromEntries)


def _slug(name: str) -> str:
    """A file name part: letters, digits and dashes only (the rest of a name is dropped)."""
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")[:40].lower()


def qr_svg(matrix: Any, label: str) -> Any:
    """A QR code's modules (segno's ``matrix``) as an SVG image named ``label``: black
    squares on white, with the four-module quiet zone a reader needs."""
    quiet = 4
    total = len(matrix) + 2 * quiet
    svg = document.createElementNS(SVG, "svg")
    svg.setAttribute("viewBox", f"0 0 {total} {total}")
    svg.setAttribute("role", "img")
    svg.setAttribute("aria-label", label)
    svg.setAttribute("shape-rendering", "crispEdges")
    back = document.createElementNS(SVG, "rect")
    for key, value in (("width", total), ("height", total), ("fill", "#ffffff")):
        back.setAttribute(key, str(value))
    svg.append(back)
    moves = [
        f"M{x + quiet} {y + quiet}h1v1h-1z"
        for y, row in enumerate(matrix)
        for x, dark in enumerate(row)
        if dark & 1
    ]
    path = document.createElementNS(SVG, "path")
    path.setAttribute("d", "".join(moves))
    path.setAttribute("fill", "#000000")
    svg.append(path)
    return svg


async def copy_or_select(link: str, field_name: str) -> Step:
    """Copy ``link`` to the clipboard; where the browser refuses, select it in the field
    bound as ``field_name`` for a copy by hand. What happened, to show."""
    try:
        await window.navigator.clipboard.writeText(link)
        return Step(N_("Link copied."))
    except Exception:  # no clipboard permission: the link is selected for a manual copy
        field = dom.bound(field_name)
        field.focus()
        field.select()
        return Step(N_("Omen could not copy: the link is selected, copy it yourself."))


class ShareScreen(kit.Screen):
    """The share sheet, the import dialog and the backup buttons on Settings."""

    app: App  # the kit's Host, with all of the app this screen uses

    name = "share"
    section = "settings"
    root_selector = 'section.backup[aria-labelledby="backup-title"]'
    also = ('[data-bind="share-sheet"]', '[data-bind="import-dialog"]')

    def build(self) -> None:
        self.sheet = dom.bound("share-sheet")
        self.dialog = dom.bound("import-dialog")
        self.link = ""
        self.summary: Step | None = None
        self.file: tuple[str, str] = ("", "")  # the file's name and text, made on demand
        self.record: tuple[str, Any] | None = None
        self.status: Step | None = None
        self.plan: ImportPlan | None = None
        self.from_hash = False
        self.segno: Any = None
        self.sync_notice: Any = None
        self.sync_kinds: list[str] = []
        self.reload_needed = False
        self.persisted: bool | None = None
        self.kept: Kept | None = None  # the campaign before the last import, for Undo
        self.hash_checked = False
        self.hash_text = ""  # the #share= link the page was opened with
        self.tasks: set[Any] = set()
        self.store.restorers[campaign.WHOLE_CAMPAIGN] = self.put_back
        dom.bound("import-file").dataset.action = "import-file"
        conflicts = dom.bound("import-conflicts")
        conflicts.dataset.action = "import-exception"
        conflicts.dataset.on = "change"
        # Escape closes the import dialog with no button tapped: the dialog's own cancel
        # event (no action to delegate) ends the import as the Cancel button does.
        dom.on(self.dialog, "cancel", lambda _e: self.finish_import())
        # Other tabs' writes and shared links reach this screen through App.start, which
        # listens from the start and builds this screen when one comes.
        self.spawn(self.ask_persist())

    def spawn(self, work: Any) -> None:
        """Run a coroutine; a user's mistake in it becomes a notice like in a handler."""

        async def run() -> None:
            try:
                await work
            except RulesError as error:
                self.app.notify(error.message)
            except Exception:  # a bug: fail loudly, as a handler would
                window.console.error(traceback.format_exc())
                raise

        task = asyncio.ensure_future(run())
        self.tasks.add(task)  # keep a reference until it is done
        task.add_done_callback(self.tasks.discard)

    # --- the campaign's parts, through the store ------------------------------------

    def everything(self) -> Everything:
        """Every part of the campaign, as the store holds it (see :meth:`held`)."""
        return Everything({kind: self.held(kind) for kind in PARTS})

    def held(self, kind: str) -> Any:
        """The value of part ``kind`` this tab works from: the store's."""
        return self.store.get(kind)

    def put_parts(self, values: dict[str, Any]) -> None:
        """New values of parts (an import, a restore, its Undo): the store keeps and
        saves them and tells the screens."""
        self.store.replace(values)

    # --- the actions ------------------------------------------------------------------

    def on_share_close(self, _target: Any, _event: Any) -> None:
        self.sheet.close()

    def on_share_copy(self, _target: Any, _event: Any) -> None:
        self.copy(None)

    def on_share_native(self, _target: Any, _event: Any) -> None:
        self.native(None)

    def on_share_file(self, _target: Any, _event: Any) -> None:
        self.save_file(None)

    def on_share_campaign(self, _target: Any, _event: Any) -> None:
        self.open_sheet("campaign")

    def on_export_all(self, _target: Any, _event: Any) -> None:
        self.export_all(None)

    def on_import_text(self, _target: Any, _event: Any) -> None:
        self.import_text(None)

    def on_import_file(self, _target: Any, _event: Any) -> None:
        self.import_file(None)

    def on_import_exception(self, _target: Any, _event: Any) -> None:
        self.render_exceptions()

    def on_import_cancel(self, _target: Any, _event: Any) -> None:
        self.cancel_import(None)

    def on_import_confirm(self, _target: Any, _event: Any) -> None:
        self.confirm_import(None)

    def on_import_restore(self, _target: Any, _event: Any) -> None:
        self.confirm_restore(None)

    # --- the share sheet -----------------------------------------------------------

    def open_sheet(self, kind: str, item: str = "") -> None:
        """Show the share sheet for a table, a location or a character (by id), or the
        whole campaign."""
        everything = self.everything()
        library = everything.get("library", tables.Library())
        record: Any
        if kind == "table":
            record = share_table(library, item)
        elif kind == "location":
            record = share_location(library, item)
        elif kind == "character":
            people = everything.get("crew", crew.Crew())
            found = [c for c in people.characters if c.id == item]
            if not found:
                raise RulesError(Step(N_("That character is no longer in the crew.")))
            record = found[0]
        elif kind == "campaign":
            record = everything
        else:
            raise RuntimeError(f"nothing shares a {kind!r}")  # a wiring bug
        self.record = (kind, record)
        self.summary = KINDS[kind].summary(record)
        self.status = None
        try:
            fragment = encode_link(kind, record)
            self.link = share_url(str(window.location.href), fragment)
        except RulesError as error:
            self.link = ""
            self.status = error.message
        self.render_sheet()
        if not self.sheet.open:
            self.sheet.showModal()
        if self.link and qr_capacity_ok(self.link).ok:
            self.spawn(self.draw_qr(self.link))

    def render_sheet(self) -> None:
        app = self.app
        link = self.link
        dom.text(dom.bound("share-summary"), app.t(self.summary) if self.summary else "")
        dom.bound("share-link").value = link
        dom.show(dom.bound("share-link").parentElement, bool(link))
        dom.text(dom.bound("share-status"), app.t(self.status) if self.status else "")
        fit = messenger_ok(link) if link else None
        dom.text(dom.bound("share-fit"), app.t(fit.reason) if fit else "")
        qr = qr_capacity_ok(link) if link else None
        note = dom.bound("share-qr-note")
        if qr is None:
            dom.text(note, "")
        elif qr.ok:
            dom.text(note, app.t(qr.reason))
        else:
            dom.text(note, app.t(qr.reason) + " " + app.tr(N_("Send a file instead.")))
        if qr is None or not qr.ok:
            dom.clear(dom.bound("share-qr"))
        for name in ("share-copy",):
            dom.one(f'[data-action="{name}"]').disabled = not link
        native = dom.one('[data-action="share-native"]')
        dom.show(native, bool(link) and hasattr(window.navigator, "share"))

    async def load_segno(self) -> Any:
        """segno's encoder, fetched from the vendored files the first time."""
        if self.segno is not None:
            return self.segno
        # Built as modules by hand: no file system, no import hooks (the trimmed standard
        # library lacks what importlib.metadata needs).
        package = types.ModuleType("segno")
        package.__path__ = []
        sys.modules["segno"] = package
        for name in ("consts", "encoder"):
            response = await window.fetch(f"{VENDOR}{name}.py")
            if not response.ok:
                raise RulesError(Step(N_("The QR code maker could not be loaded.")))
            source = str(await response.text())
            module = types.ModuleType(f"segno.{name}")
            module.__package__ = "segno"
            sys.modules[module.__name__] = module
            exec(compile(source, f"segno/{name}.py", "exec"), module.__dict__)
            setattr(package, name, module)
        self.segno = sys.modules["segno.encoder"]
        return self.segno

    async def draw_qr(self, link: str) -> None:
        encoder = await self.load_segno()
        code = encoder.encode(link, error="l", micro=False, boost_error=True)
        if link != self.link:
            return  # the sheet moved on to another link while the encoder loaded
        svg = qr_svg(code.matrix, self.app.tr(N_("QR code of the link")))
        target = dom.bound("share-qr")
        target.replaceChildren(svg)
        target.dataset.version = str(code.version)

    def copy(self, _event: Any) -> None:
        self.spawn(self.copy_link())

    async def copy_link(self) -> None:
        self.status = await copy_or_select(self.link, "share-link")
        self.render_sheet()

    def native(self, _event: Any) -> None:
        title = self.app.t(self.summary) if self.summary else "Omen"
        data = _js_object(title=title, url=self.link)
        self.spawn(self.share_native(data))

    async def share_native(self, data: Any) -> None:
        try:
            await window.navigator.share(data)
        except Exception:  # the user closed the system sheet, or the browser refused
            return

    def save_file(self, _event: Any) -> None:
        if self.record is None:
            return
        kind, record = self.record
        text = export_file(record, kind)
        name = getattr(record, "name", "") or getattr(
            getattr(record, "table", None) or getattr(record, "location", None), "name", ""
        )
        slug = _slug(str(name)) or kind
        download(f"omen-{kind}-{slug}.json", text)
        self.status = Step(N_("Saved as a file: look in your downloads."))
        self.render_sheet()

    def export_all(self, _event: Any) -> None:
        text = export_file(self.everything(), "campaign")
        day = dom.now_iso()[:10]
        download(f"omen-backup-{_slug(self.app.campaign.name) or 'campaign'}-{day}.json", text)

    # --- importing -------------------------------------------------------------------

    def import_text(self, _event: Any) -> None:
        field = dom.bound("import-text")
        text = str(field.value)
        if not text.strip():
            raise RulesError(Step(N_("Paste a share link or the text of an Omen file first.")))
        self.show_import(open_shared(text))
        field.value = ""

    def import_file(self, _event: Any) -> None:
        picker = dom.bound("import-file")
        files = picker.files
        if not files or int(files.length) == 0:
            return
        chosen = files.item(0)
        picker.value = ""
        if int(chosen.size) > FILE_LIMITS.text * 4:
            raise RulesError(
                Step(
                    N_("This file is too large to be Omen's (more than {limit} characters)."),
                    {"limit": FILE_LIMITS.text},
                )
            )
        self.spawn(self.read_file(chosen))

    async def read_file(self, chosen: Any) -> None:
        text = str(await chosen.text())
        self.show_import(open_shared(text))

    def open_hash(self) -> None:
        """Open a ``#share=`` link in the page address, if there is one."""
        address = str(window.location.hash)
        if not address.startswith("#share="):
            return
        # The address is cleared before the link is decoded: a link that fails, even by
        # crashing the interpreter, is not opened again by a reload. The dialog works
        # from the text kept here.
        self.hash_text = address
        self.from_hash = True
        self.clear_hash()
        self.show_import(open_shared(self.hash_text))

    def clear_hash(self) -> None:
        if self.from_hash:
            location = window.location
            window.history.replaceState(None, "", str(location.pathname) + str(location.search))
            self.from_hash = False

    def show_import(self, shared: Shared) -> None:
        self.plan = plan_import(self.everything(), shared)
        # No choice carries over from an earlier import.
        dom.clear(dom.bound("import-conflicts"))
        dom.clear(dom.bound("import-single"))
        dom.one('input[name="import-all"][value="new"]').checked = True
        dom.bound("import-each").open = False
        self.render_import()
        if not self.dialog.open:
            self.dialog.showModal()

    def render_import(self) -> None:
        app, plan = self.app, self.plan
        if plan is None:
            return
        shared = plan.shared
        dom.text(dom.bound("import-summary"), app.t(shared.summary))
        app.fill_list(dom.bound("import-details"), shared.details)
        self.render_conflicts(plan)
        restorable = shared.kind == "campaign" and shared.record.for_link() != shared.record
        dom.show(dom.bound("import-restore-note"), restorable)
        restore_button = dom.one('[data-action="import-restore"]')
        dom.show(restore_button, restorable)
        ways = dom.bound("import-ways")
        dom.show(ways, restorable)
        if not restorable:
            return
        # On a device that holds nothing of its own (the example at most), restoring
        # the backup whole is the main button; adding as new stays beside it.
        first = self.restore_first(plan)
        if first:
            # Restoring replaces everything here, so the names already here ask nothing
            # of it; the other button adds the backup's items as new, as its line says
            # (the choices' default, which show_import has set).
            for bound in ("import-all", "import-each", "import-single"):
                dom.show(dom.bound(bound), False)
        import_button = dom.one('[data-action="import-confirm"]')
        main, other = (restore_button, import_button) if first else (import_button, restore_button)
        main.className, other.className = "primary", "secondary"
        main.parentNode.append(main)  # the main button last, where the thumb is
        steps = [what_restore_does(plan.current, shared), what_import_adds(plan.current, shared)]
        app.fill_list(ways, steps if first else steps[::-1])

    def restore_first(self, plan: ImportPlan) -> bool:
        """Whether a backup is restored whole by default: on a device whose tables are an
        example as it came (or none), with no character and an empty log."""
        from omen.campaign.example import which_example

        library = plan.current.get("library", tables.Library())
        untouched = library == tables.Library() or which_example(library) is not None
        return holds_nothing_of_its_own(plan.current, untouched)

    def render_conflicts(self, plan: ImportPlan) -> None:
        """The names already here: one alone gets its own choice; two or more get one
        choice for all of them, and a folded list to make exceptions item by item."""
        app = self.app
        single, each = dom.bound("import-single"), dom.bound("import-conflicts")
        chosen = {
            str(node.dataset.key): str(dom.one("select", node).value)
            for node in [*dom.every(".conflict", single), *dom.every(".conflict", each)]
        }
        dom.clear(single)
        dom.clear(each)
        many = len(plan.conflicts) > 1
        for conflict in plan.conflicts:
            row = app.clone("tpl-conflict")
            row.dataset.key = conflict.key
            dom.text(dom.one(".text", row), app.t(conflict.message))
            select = dom.one("select", row)
            if many:
                select.value = chosen.get(conflict.key, "")
                each.append(row)
            else:
                dom.one(".as-all", row).remove()
                select.value = chosen.get(conflict.key) or Choice.NEW.value
                single.append(row)
        dom.show(single, True)  # hidden while restoring is the main button
        dom.show(dom.bound("import-all"), many)
        dom.show(dom.bound("import-each"), many)
        count = len(plan.conflicts)
        legend = Step(
            N_("{count} name is already here. For all of them:"),
            {"count": count},
            plural=N_("{count} names are already here. For all of them:"),
        )
        dom.text(dom.bound("import-all-legend"), app.t(legend))
        self.render_exceptions()

    def render_exceptions(self, _event: Any = None) -> None:
        """How many items have a choice of their own, on the folded list's summary."""
        rows = dom.every(".conflict", dom.bound("import-conflicts"))
        count = sum(1 for node in rows if str(dom.one("select", node).value))
        summary = Step(
            N_("Exceptions, item by item ({count} chosen)"),
            {"count": count},
            plural=N_("Exceptions, item by item ({count} chosen)"),
        )
        dom.text(dom.bound("import-each-summary"), self.app.t(summary))

    def choice_for_all(self) -> Choice:
        for node in dom.every('input[name="import-all"]', dom.bound("import-all")):
            if node.checked:
                return Choice(str(node.value))
        return Choice.NEW

    def choices(self) -> dict[str, Choice]:
        """The choices made item by item (an item left "as chosen for all" has none)."""
        rows = [
            *dom.every(".conflict", dom.bound("import-single")),
            *dom.every(".conflict", dom.bound("import-conflicts")),
        ]
        return {
            str(node.dataset.key): Choice(str(dom.one("select", node).value))
            for node in rows
            if str(dom.one("select", node).value)
        }

    def cancel_import(self, _event: Any) -> None:
        self.dialog.close()
        self.finish_import()

    def finish_import(self) -> None:
        self.plan = None
        self.clear_hash()

    def confirm_import(self, _event: Any) -> None:
        plan = self.plan
        if plan is None:
            return
        merged = plan.merged(self.choices(), default=self.choice_for_all())
        self.apply(merged.result, plan.shared.summary, merged.steps)

    def confirm_restore(self, _event: Any) -> None:
        plan = self.plan
        if plan is None:
            return
        result = restore(plan.current, plan.shared)
        steps = tuple(
            describe(value)
            for name, value in plan.shared.record.parts.items()
            if (describe := PARTS[name].describe) is not None  # every backup part has one
        )
        self.apply(result, plan.shared.summary, steps, title=N_("Restored the backup: {what}"))

    def apply(
        self,
        result: Everything,
        what: Step,
        steps: tuple[Step, ...],
        title: str = N_("Imported: {what}"),
    ) -> None:
        """Put the imported campaign in place, log it (undoable for tables and the crew)."""
        assert self.plan is not None
        current = self.plan.current
        changed = {
            name: value for name, value in result.parts.items() if current.get(name) != value
        }
        # Tables, the Voidcrawl and the crew alone are put back part by part; anything
        # else brought in is undone by putting back the whole campaign kept before it.
        undoable = {"library", "voidcrawl", "crew"}
        before = {name: current.get(name).to_json() for name in changed if name in undoable}
        self.put_parts(changed)
        outcome = campaign.Outcome(Step(title, {"what": what}), steps, "share")
        undo: tuple[str, Any] | None = None
        if before and set(changed) <= undoable:
            undo = (MANY, before)
        elif changed:
            undo = self.keep(current)
        self.store.record(outcome, undo)
        self.dialog.close()
        self.finish_import()  # the screens of the parts brought in redraw
        self.app.notify(Step(title, {"what": what}))

    def keep(self, current: Everything) -> tuple[str, Any]:
        """Keep the whole campaign as it is before an import, so Undo can put it back.

        It is stored for Undo after a reload; if the device's storage is full, it is
        kept in this page only (Undo then works until the page is closed), and the copy
        an earlier import kept is dropped rather than left taking room.
        """
        self.kept = Kept(dom.now_iso(), current)
        if not self.app.storage.save(KEPT, self.kept.to_json(), quiet=True, now=True):
            self.app.storage.remove(KEPT.key)
        return (campaign.WHOLE_CAMPAIGN, self.kept.token)

    def put_back(self, undo: tuple[str, campaign.Entry]) -> None:
        """Undo an import or a restore: every part as it was before, the log included,
        with the import's entry on top of that log, marked undone."""
        token, entry = undo
        kept = self.kept
        if kept is None or kept.token != token:
            kept = self.app.storage.load(KEPT, dom.now_iso())
        if kept is None or kept.token != token:
            raise RulesError(
                Step(
                    N_(
                        "The campaign as it was before this import is no longer kept on "
                        "this device, so the import cannot be undone."
                    )
                )
            )
        current = self.everything()
        values = {
            name: record
            for name, record in kept.everything.parts.items()
            if name != "log" and current.get(name) != record
        }
        log = kept.everything.get("log") or self.store.get("log")  # the whole log
        self.put_parts({**values, "log": log.with_undone(entry)})
        self.kept = None  # taken back: the copy is no longer needed
        self.app.storage.remove(KEPT.key)

    # --- two tabs ---------------------------------------------------------------------

    def other_tab(self, event: Any) -> None:  # noqa: C901 (each part another tab may change, and what this tab does with it)
        """Another tab saved something: take in the parts this tab shows, so the screens
        show the other tab's change and this tab's next write builds on it."""
        key = event.key
        if not isinstance(key, str) or not key.startswith(parts.PREFIX):
            return
        if key.startswith(("omen/quarantine/", "omen/snapshot")):
            return
        kind = key.removeprefix(parts.PREFIX)
        part = parts.PARTS.get(kind_of(key))
        if part is not None and not part.goes(Place.SYNC):
            return  # the registry says why (the copy kept for Undo of an import)
        known = part is not None and (part.paged or kind in SYNC_KINDS)
        if part is not None and part.paged:  # the log's newest entries, or an older page
            kind = part.kind
            if not self.store.take_in_key(key):
                return
        elif not known:  # a key this version does not know: a newer Omen's
            value = event.newValue
            self.app.storage.seen(key, value if isinstance(value, str) else None)
            self.reload_needed = True
        else:
            if not self.store.take_in(kind):
                return  # gone, or this tab's own change is waiting (it keeps theirs aside)
        # The screens of the parts taken in redrew; draw what they uncovered, as after a tap.
        self.app.draw_uncovered()
        # One notice lists every part changed since it appeared (until it is dismissed).
        if self.sync_notice is not None and self.sync_notice.isConnected:
            self.sync_notice.remove()
            self.app.notices = [n for n in self.app.notices if n[0] is not self.sync_notice]
        else:
            self.sync_kinds, self.reload_needed = [], not known
        if kind not in self.sync_kinds:
            self.sync_kinds.append(kind)
        what = kind_label(self.sync_kinds[0])
        for other in self.sync_kinds[1:]:
            what = Step(N_("{first}, {next}"), {"first": what, "next": kind_label(other)})
        if self.reload_needed:
            message = Step(
                N_("Changed in another tab: {what}. Reload this page to see it."), {"what": what}
            )
        else:
            message = Step(N_("Changed in another tab: {what}."), {"what": what})
        self.app.notify(message)
        self.sync_notice = self.app.notices[-1][0] if self.app.notices else None

    # --- keeping the data --------------------------------------------------------------

    async def ask_persist(self) -> None:
        storage = getattr(window.navigator, "storage", None)
        if storage is None or not hasattr(storage, "persist"):
            self.persisted = False
        else:
            try:
                self.persisted = bool(await storage.persisted()) or bool(await storage.persist())
            except Exception:
                self.persisted = False
        dom.show(dom.bound("backup-evict"), not self.persisted)

    # --- rendering -----------------------------------------------------------------

    def check_hash(self) -> None:
        """Open the shared link the page was opened with, once."""
        if not self.hash_checked:
            self.hash_checked = True
            try:
                self.open_hash()
            except RulesError as error:
                self.app.notify(error.message)

    def render(self) -> None:
        self.check_hash()
        if self.sheet.open:
            self.render_sheet()
        if self.dialog.open:
            self.render_import()


def download(name: str, text: str) -> None:
    """Offer ``text`` as a file to save (a Blob through an ``<a download>``)."""
    blob = window.Blob.new(to_js([text]), _js_object(type="application/json"))
    url = window.URL.createObjectURL(blob)
    link = dom.element("a")
    link.href = url
    link.download = name
    link.hidden = True
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(_revoker(url), 10_000)


def _revoker(url: str) -> Any:
    return create_once_callable(lambda: window.URL.revokeObjectURL(url))
