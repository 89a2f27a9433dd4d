"""Hostile links in a real browser: a ``#share=`` link whose content nests 10,000 deep,
with a valid checksum, once killed Pyodide ("Pyodide has suffered a fatal error") on
every start, because the link stays in the address. The app must start, say why the
link was refused, and start again after a reload."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from omen.campaign.share import pack

from .conftest import READY_TIMEOUT, reload_app

SHOTS = Path("/tmp/omen-h-steps-shots")  # for a person to look at


def deep_link(depth: int) -> str:
    """A campaign link nested ``depth`` deep, made with the engine's own packer so its
    frame and CRC are valid: only the content is hostile."""
    nested = "[" * depth + "]" * depth
    payload = '{"app":"omen","kind":"campaign","v":1,"data":{"parts":' + nested + "}}"
    return "share=" + pack(payload.encode("utf-8"))


def test_a_link_nested_10000_deep_is_refused_and_the_app_starts(page: Page, base: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base}/#{deep_link(10_000)}")
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
    notice = page.get_by_role("alert").filter(
        has_text="The shared data is nested deeper than 40 levels."
    )
    expect(notice).to_be_visible()
    expect(page.get_by_role("button", name="Next turn")).to_be_enabled()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "hostile-deep-link.png"))
    # A reload starts clean: the refused link is no longer in the address, so it is not
    # opened again (and if it were, the engine refuses it again the same way).
    reload_app(page)
    expect(page.get_by_role("button", name="Next turn")).to_be_enabled()
    assert page.evaluate("location.hash") == ""
    expect(notice).to_have_count(0)


def test_the_same_link_refused_again_when_it_stays_in_the_address(page: Page, base: str) -> None:
    """Opened twice as a fresh address (as a messenger would open it again), the link is
    refused the same way both times, and the app starts each time."""
    for _ in range(2):
        page.goto("about:blank")
        page.goto(f"{base}/#{deep_link(10_000)}")
        page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
        expect(
            page.get_by_role("alert").filter(has_text="nested deeper than 40 levels")
        ).to_be_visible()
