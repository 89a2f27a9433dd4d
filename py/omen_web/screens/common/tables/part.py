"""What the Tables screen's parts share: the screen as they see it, and how they mark
the rows they draw."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from omen.campaign.table_checks import Issue
    from omen.campaign.tables import Library
    from omen.campaign.voidcrawl import CrawlSetup, VoidcrawlSettings
    from omen.core.roll import Step
    from omen_web.kit.app import App
    from omen_web.kit.drawn import Drawn
    from omen_web.kit.store import Store


class Tables(Protocol):
    """The Tables screen (:class:`omen_web.screens.common.tables.screen.TablesScreen`) as
    its parts see it: the store's library and set-up, a change logged for Undo, a redraw,
    the regions drawn, and the lists and rows every part draws alike."""

    app: App
    store: Store
    regions: Drawn
    put_back: bool  # the next redraw puts stored values back in focused fields

    @property
    def library(self) -> Library: ...

    @property
    def setup(self) -> CrawlSetup: ...

    def change(self, library: Library, title: Step, setup: CrawlSetup | None = None) -> None: ...

    def render(self) -> None: ...

    def unchanged(self, region: str, *key: object) -> bool: ...

    def names(self) -> tuple[tuple[str, str], ...]: ...

    def crawl_settings(self) -> VoidcrawlSettings: ...

    def table_options(self, select: Any, chosen: str | None, empty: str) -> None: ...

    def show_issues(self, target: Any, issues: tuple[Issue, ...]) -> None: ...

    def keep_rows(
        self, region: str, target: Any, rows: dict[str, Any], wanted: list[str]
    ) -> None: ...

    def redraw_row(self, region: str, key: str, rows: dict[str, Any], row: Any) -> None: ...


def mark(node: Any, action: str, on: str | None = None) -> Any:
    """Mark ``node`` to answer through the screen's ``on_<action>`` (kit delegation)."""
    node.dataset.action = action
    if on is not None:
        node.dataset.on = on
    return node


def row_of(target: Any, selector: str) -> Any:
    """The row (a cloned template) a control belongs to."""
    return target.closest(selector)
