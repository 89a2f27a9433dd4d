"""Browser tests: Debian's Chromium driven by pytest-playwright against the served app.

Every test fails on any console error or page error (a test that expects one opts out
with the ``allow_console_errors`` marker). Locators use roles and accessible names.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Error, Page, expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import os  # noqa: E402

os.environ.setdefault("OMEN_SERVE_QUIET", "1")
from browser import CHROMIUM, FLAGS  # noqa: E402
from serve import serve_in_background  # noqa: E402

PHONE = {"width": 390, "height": 844}
READY_TIMEOUT = 90_000  # ms; a cold start on a loaded 2-core machine can take a while

expect.set_options(timeout=15_000)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "allow_console_errors: the test provokes errors itself")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (make test does in CI)")
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
    """Open Omen and wait until the rules engine says it is ready."""
    page.goto(f"{base}/{query}")
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
    return page


def reload_app(page: Page) -> Page:
    page.reload()
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
    return page
