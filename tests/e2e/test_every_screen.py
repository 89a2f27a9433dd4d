"""Every screen, in every game and both languages, with each main action pressed.

The app ships a standard library trimmed to the modules it imports
(tools/stdlib-modules.txt); a module left out fails here as a console error, in CI,
instead of on a phone at the table. Started both normally and from a snapshot.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app
from .test_snapshot import started_from, wait_for_snapshot
from .walk import walk


@pytest.mark.fresh_profile  # a normal start, then one from its snapshot
def test_every_screen_works_with_the_trimmed_standard_library(page: Page, base: str) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    open_app(page, base, "?seed=3")
    assert walk(page) >= 36  # every screen of every game, each game with its own Tests
    expect(page.locator("#notices [role='alert']").filter(has_text="Error")).to_have_count(0)
    assert any(url.endswith("python_stdlib.zip") for url in requested)
    wait_for_snapshot(page)
    reload_app(page)
    assert started_from(page) == "snapshot"
    assert walk(page) >= 36  # every screen of every game, each game with its own Tests
