"""Browser tests: Debian's Chromium driven by pytest-playwright against the served app.

Every test fails on any console error or page error (a test that expects one opts out
with the ``allow_console_errors`` marker). Locators use roles and accessible names.

**The first start's question.** A fresh profile is asked which game the table plays.
Most tests start from a fresh profile and are about something else, so the
default in tests is explicit here: ``FIRST_START = "answered"``: before any page of the
test's browser context runs, a profile with nothing of Omen's stored gets the
preferences a game master has after answering with the defaults (Liminal Horror, its
example campaign). A test about the
question itself is marked ``first_start`` and sees a fresh profile as a new game master
does. A context a test makes itself (``browser.new_context``) gets the same default
through :func:`answer_first_start`.

**One warmed profile per worker.** ``make e2e`` runs the suite on two workers (pytest-xdist,
a test file at a time each), each with its own Chromium and server. Most tests run in one
browser context shared by the worker's whole session (``warm_context``): the app was opened in it once, its service worker keeps
every file and its memory snapshot is stored, so a test's start is a start from the
snapshot. Between tests the shared context is reset: every page is closed (a test gets
a new tab: no page init script, route, emulated media, viewport or sessionStorage of
the test before), Omen's ``localStorage`` is cleared for every origin a test visited,
and the context's routes, permissions and offline state are undone. A test that needs
a profile of its own (a first start, the snapshot, the service worker, the install
hint's user agent, a context init script, a fake clock: ``page.clock`` is the whole
context's) is marked ``fresh_profile`` (``first_start`` and ``browser_context_args``
imply it) and gets a new context of its own.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import os  # noqa: E402

os.environ.setdefault("OMEN_SERVE_QUIET", "1")
from browser import ANSWER_SCRIPT, CHROMIUM, FLAGS  # noqa: E402
from serve import serve_in_background  # noqa: E402

PHONE = {"width": 390, "height": 844}
READY_TIMEOUT = 90_000  # ms; a cold start on a loaded 2-core machine can take a while

expect.set_options(timeout=15_000)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "allow_console_errors: the test provokes errors itself")
    config.addinivalue_line(
        "markers", "first_start: a fresh profile is asked which game the table plays"
    )
    config.addinivalue_line(
        "markers", "fresh_profile: the test gets a browser context of its own, not the warm one"
    )


# The default in tests: the first start's question counts as answered (see above).
FIRST_START = "answered"


def answer_first_start(context: BrowserContext) -> BrowserContext:
    """Let every page of ``context`` start as if the first start's question was answered."""
    context.add_init_script(ANSWER_SCRIPT)
    return context


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make system` installs it (make test does)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": FLAGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": PHONE, "locale": "en-US"}


@pytest.fixture(scope="session")
def server() -> Iterator[tuple[Any, str]]:
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm").exists():
        pytest.fail("the runtime is not vendored: run `make build` first")
    httpd, url = serve_in_background(ROOT)
    yield httpd, url
    httpd.shutdown()


@pytest.fixture(scope="session")
def base(server: tuple[Any, str]) -> str:
    return server[1]


SNAPSHOT_SAVED = 120_000  # ms: the snapshot worker's whole start, import and copy


def needs_fresh_profile(request: pytest.FixtureRequest) -> bool:
    return any(
        request.node.get_closest_marker(name) is not None
        for name in ("fresh_profile", "first_start", "browser_context_args")
    )


def origin(url: str) -> str | None:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None


# Every origin a test's page was on in the warm context: its localStorage is cleared
# before the next test.
VISITED: set[str] = set()


@pytest.fixture(scope="session")
def warm_context(
    browser: Any, browser_context_args: dict[str, Any], base: str
) -> Iterator[BrowserContext]:
    """The shared profile, warmed once: the service worker controls the app and the
    memory snapshot is stored, so later starts in it are starts from the snapshot."""
    context = answer_first_start(browser.new_context(**browser_context_args))
    context.set_default_navigation_timeout(READY_TIMEOUT)  # a test's own goto and reload
    page = context.new_page()
    open_app(page, base)
    page.locator("html[data-snapshot='saved']").wait_for(state="attached", timeout=SNAPSHOT_SAVED)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.close()
    VISITED.add(base)
    yield context
    context.close()


def reset(context: BrowserContext) -> Page:
    """A new tab in the warm context with no ``localStorage`` left by the tests before."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    for visited in sorted(VISITED):
        cdp.send("Storage.clearDataForOrigin", {"origin": visited, "storageTypes": "local_storage"})
    cdp.detach()
    return page


def tidy(context: BrowserContext) -> None:
    """Undo what a test did to the warm context itself; close its pages."""
    for page in context.pages:
        if (visited := origin(page.url)) is not None:
            VISITED.add(visited)
        page.close()
    context.unroute_all(behavior="ignoreErrors")
    context.set_offline(False)
    context.clear_permissions()


@pytest.fixture
def context(
    request: pytest.FixtureRequest, new_context: Callable[..., BrowserContext]
) -> Iterator[BrowserContext]:
    """The warm context, reset; a fresh one for a test marked as needing it."""
    if needs_fresh_profile(request):
        fresh = new_context()
        fresh.set_default_navigation_timeout(READY_TIMEOUT)
        if FIRST_START == "answered" and request.node.get_closest_marker("first_start") is None:
            answer_first_start(fresh)
        yield fresh
        return
    warm: BrowserContext = request.getfixturevalue("warm_context")
    reset(warm)
    try:
        yield warm
    finally:
        tidy(warm)


@pytest.fixture
def page(context: BrowserContext) -> Page:
    """The test's tab: in the warm context the one :func:`reset` opened."""
    return context.pages[0] if context.pages else context.new_page()


@pytest.fixture(autouse=True)
def console_guard(request: pytest.FixtureRequest, page: Page) -> Iterator[list[str]]:
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console error: {message.text}")

    def on_page_error(error: Error) -> None:
        problems.append(f"page error: {error}")

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    yield problems
    if request.node.get_closest_marker("allow_console_errors") is None:
        assert problems == []


def open_app(page: Page, base: str, query: str = "") -> Page:
    """Open Omen and wait until the rules engine says it is ready.

    The wait is for Omen's own readiness, not the page's ``load`` event (which a loaded
    two-core machine running two browsers can hold back past Playwright's 30 s)."""
    page.goto(f"{base}/{query}", wait_until="commit", timeout=READY_TIMEOUT)
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
    return page


def every_screen_built(page: Page) -> None:
    """Wait until the page has built every screen in its idle moments (``<html
    data-built="true">``), so that a count of what it makes is not raised by that."""
    page.locator("html[data-built='true']").wait_for(state="attached", timeout=READY_TIMEOUT)


# Omen writes to storage in a task right after the frame that shows a tap
# (omen_web.kit.storage): once this page's own frame and the task after it have run, it has.
SAVED = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))"


def saved(page: Page) -> Page:
    """Wait until what the page's last tap wrote is in ``localStorage``."""
    page.evaluate(SAVED)
    return page


def reload_app(page: Page) -> Page:
    page.reload(wait_until="commit", timeout=READY_TIMEOUT)
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
    return page
