"""The Voidcrawl set-up (Liminal Horror): its die, its Fallout table and each face's
result, level and table."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign.tables import MAX_NAME
from omen.campaign.voidcrawl import (
    DEFAULT_LEVEL,
    KIND_NAMES,
    TOP_LEVEL,
    Face,
    Kind,
    Voidcrawl,
    face_level,
    resize,
    validate_voidcrawl,
)
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.screens.common.tables.editor import TableEditor
from omen_web.screens.common.tables.part import Tables, mark, row_of

if TYPE_CHECKING:
    from omen_web.kit.app import App


class CrawlSetupEditor(kit.Actions):
    """The Voidcrawl set-up: its die, its Fallout table and its faces."""

    name = "tables-crawl"

    def __init__(self, screen: Tables, editor: TableEditor) -> None:
        self.screen = screen
        self.app: App = screen.app
        self.store = screen.store
        self.editor = editor
        self.face_rows: dict[str, Any] = {}  # the rows on show, by face number

    def change_crawl(self, voidcrawl: Voidcrawl, title: Step) -> None:
        self.screen.change(
            self.screen.library, title, replace(self.screen.setup, voidcrawl=voidcrawl)
        )

    def on_crawl_die(self, target: Any, _event: Any) -> None:
        sides = int(str(target.value))
        if sides != self.screen.setup.voidcrawl.sides:
            self.change_crawl(
                resize(self.screen.setup.voidcrawl, sides),
                Step(N_("The Voidcrawl die is now a d{sides}."), {"sides": sides}),
            )

    def on_crawl_fallout(self, target: Any, _event: Any) -> None:
        fallout = str(target.value) or None
        self.change_crawl(
            replace(self.screen.setup.voidcrawl, fallout=fallout),
            Step(N_("The Voidcrawl's Fallout table was chosen.")),
        )

    def change_face(self, number: int, face: Face) -> None:
        self.change_crawl(
            self.screen.setup.voidcrawl.with_face(number, face),
            Step(
                N_("Voidcrawl face {face}: {result}, level {level}"),
                {"face": number, "result": face.label, "level": face.level},
            ),
        )

    def face(self, number: int) -> Face:
        return self.screen.setup.voidcrawl.faces[number - 1]

    def set_face_kind(self, number: int, value: str) -> None:
        face = self.face(number)
        kind = Kind(value)
        text = face.text
        if kind is Kind.CUSTOM and not text.strip():
            label = face.label
            text = self.app.t(label) if isinstance(label, Step) else str(label)
        self.change_face(number, Face(kind, DEFAULT_LEVEL[kind], face.table, text[:MAX_NAME]))

    def set_face_words(self, number: int, typed: str) -> None:
        face = self.face(number)
        text = " ".join(typed.split())[:MAX_NAME]
        if face.kind is Kind.CUSTOM and not text:
            self.screen.put_back = True
            self.screen.render()
            raise RulesError(Step(N_("Face {face} needs its own words."), {"face": number}))
        if text != face.text:
            self.change_face(number, replace(face, text=text))

    def set_face_level(self, number: int, value: str) -> None:
        level = int(value)
        if 1 <= level <= TOP_LEVEL:
            self.change_face(number, replace(self.face(number), level=level))

    def set_face_table(self, number: int, value: str) -> None:
        self.change_face(number, replace(self.face(number), table=value or None))

    def edit_face_table(self, number: int) -> None:
        table = self.face(number).table
        if table is None or self.screen.library.find_table(table) is None:
            raise RulesError(
                Step(
                    N_("Choose a table for face {face} first, or make a New table."),
                    {"face": number},
                )
            )
        self.editor.open_table(table)

    @staticmethod
    def face_of(target: Any) -> int:
        return int(str(row_of(target, ".crawl-face").dataset.face))

    def on_face_kind(self, target: Any, _event: Any) -> None:
        self.set_face_kind(self.face_of(target), str(target.value))

    def on_face_words(self, target: Any, _event: Any) -> None:
        self.set_face_words(self.face_of(target), str(target.value))

    def on_face_level(self, target: Any, _event: Any) -> None:
        self.set_face_level(self.face_of(target), str(target.value))

    def on_face_table(self, target: Any, _event: Any) -> None:
        self.set_face_table(self.face_of(target), str(target.value))

    def on_edit_face_table(self, target: Any, _event: Any) -> None:
        self.edit_face_table(self.face_of(target))

    def render_crawl(self) -> None:
        app = self.app
        config = self.screen.setup.voidcrawl
        names = self.screen.names()
        crawl_settings = self.screen.crawl_settings()
        by_position = crawl_settings.levels == "position"
        if not self.screen.unchanged("crawl", config.sides, config.fallout, names, by_position):
            dom.bound("crawl-die").value = str(config.sides)
            self.screen.table_options(
                dom.bound("crawl-fallout"), config.fallout, app.tr(N_("(none)"))
            )
            dom.bound("crawl-levels-hint").hidden = not by_position
        rows = self.face_rows
        for number, face in enumerate(config.faces, 1):
            key, level = str(number), face_level(config, number, crawl_settings)
            old = rows.get(key)
            if (
                self.screen.unchanged(f"face:{key}", face, level, by_position, names)
                and old is not None
            ):
                continue
            self.screen.redraw_row(
                "face", key, rows, self.face_row(number, face, level, by_position)
            )
        wanted = [str(number) for number in range(1, len(config.faces) + 1)]
        self.screen.keep_rows("face", dom.bound("crawl-faces"), rows, wanted)
        if not self.screen.unchanged("crawl-issues", config, self.screen.library.tables):
            self.screen.show_issues(
                dom.bound("crawl-issues"), validate_voidcrawl(config, self.screen.library)
            )

    def face_row(self, number: int, face: Face, level: int, by_position: bool) -> Any:
        app = self.app
        row = app.clone("tpl-crawl-face")
        dom.text(dom.one(".face-number", row), app.t(Step(N_("Face {face}"), {"face": number})))
        for selector, message in (
            (".kind", N_("Face {face}: result")),
            (".words", N_("Face {face}: own words")),
            (".level", N_("Face {face}: level")),
            (".face-table", N_("Face {face}: table")),
            (".edit-face-table", N_("Edit this table: face {face}")),
        ):
            node = dom.one(selector, row)
            node.setAttribute("aria-label", app.t(Step(message, {"face": number})))
            node.dataset.key = f"{number}{selector}"
        kind = dom.one(".kind", row)
        dom.fill_options(kind, [(choice.value, app.tr(KIND_NAMES[choice])) for choice in Kind])
        kind.value = face.kind.value
        words = dom.one(".words", row)
        words.value = face.text
        shown = dom.one(".level", row)
        # With levels from the face's place on the die, the face's own level is kept but
        # not used: show the level that counts, and say why it cannot be changed.
        shown.value = str(level)
        shown.disabled = by_position
        if by_position:
            shown.setAttribute("aria-describedby", "crawl-levels-hint")
        table = dom.one(".face-table", row)
        self.screen.table_options(table, face.table, app.tr(N_("(none)")))
        mark(kind, "face-kind")
        mark(words, "face-words")
        mark(shown, "face-level")
        mark(table, "face-table")
        mark(dom.one(".edit-face-table", row), "edit-face-table")
        row.dataset.face = str(number)
        return row
