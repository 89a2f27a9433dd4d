"""The game master scans a player's answer with the camera (static/scan.mjs).

The game master's phone is a Chromium of its own, started with a fake camera that plays
a Y4M file: first a grey picture, then, once the player has answered, the answer's QR
code (made with segno). Chromium on Linux has no BarcodeDetector, so this is the path
through qr-scanner, the self-hosted decoder loaded only when scanning.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
from playwright.sync_api import Browser, BrowserType, ConsoleMessage, Error, Page, expect

from .conftest import CHROMIUM, FLAGS, PHONE, READY_TIMEOUT, answer_first_start, open_app
from .test_players import answer, invite

WIDTH, HEIGHT = 640, 480


def y4m(text: str | None) -> bytes:
    """Three frames of a 640x480 Y4M picture: the QR code of ``text`` (black modules on
    white, four modules of quiet zone, as large as fits), or plain grey for None."""
    luma = bytearray([128] * (WIDTH * HEIGHT))
    if text is not None:
        code = segno.make(text, error="m", micro=False)
        rows = [list(row) for row in code.matrix_iter(scale=1, border=4)]
        size = len(rows)
        scale = HEIGHT // size
        if scale < 2:
            pytest.fail(f"an answer of {len(text)} characters is too big a code for {HEIGHT} px")
        left, top = (WIDTH - size * scale) // 2, (HEIGHT - size * scale) // 2
        for y, row in enumerate(rows):
            for x, dark in enumerate(row):
                value = 0 if dark else 255
                for dy in range(scale):
                    start = (top + y * scale + dy) * WIDTH + left + x * scale
                    luma[start : start + scale] = bytes([value]) * scale
    chroma = bytes([128] * (WIDTH // 2 * HEIGHT // 2))
    frame = b"FRAME\n" + bytes(luma) + chroma + chroma
    return f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * 3


def guarded(page: Page, problems: list[str]) -> Page:
    """Note every console error and page error of ``page`` (a test fails on any)."""

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console error: {message.text}")

    def on_page_error(error: Error) -> None:
        problems.append(f"page error: {error}")

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    return page


@pytest.fixture
def camera_file(tmp_path: Path) -> Path:
    path = tmp_path / "camera.y4m"
    path.write_bytes(y4m(None))
    return path


@pytest.fixture
def camera_browser(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], camera_file: Path
) -> Iterator[Browser]:
    """A Chromium of its own whose camera plays ``camera_file``, with the project's flags."""
    flags = [
        *FLAGS,
        "--use-fake-ui-for-media-stream",  # the camera is allowed without asking
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={camera_file}",
    ]
    browser = browser_type.launch(
        **{**browser_type_launch_args, "executable_path": CHROMIUM, "args": flags}
    )
    yield browser
    browser.close()


def test_the_game_master_scans_the_answer_and_the_player_is_live(
    page: Page, base: str, browser: Browser, camera_browser: Browser, camera_file: Path
) -> None:
    problems: list[str] = []
    phone = camera_browser.new_context(viewport=PHONE, locale="en-US")
    phone.set_default_navigation_timeout(READY_TIMEOUT)
    answer_first_start(phone)
    players = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        gm = guarded(phone.new_page(), problems)
        open_app(gm, base, "?seed=4")
        link = invite(gm)
        player = guarded(players.new_page(), problems)
        text = answer(player, link, "Eva")
        camera_file.write_bytes(y4m(text))
        sheet = gm.get_by_role("dialog", name="Players")
        sheet.get_by_role("button", name="Scan the answer").click()
        # The camera reads the code: its dialog closes, and the answer takes the pasted
        # one's way (it is in the field, as if pasted).
        expect(gm.get_by_role("dialog", name="Scan the answer")).to_be_hidden()
        expect(sheet.get_by_role("listitem")).to_have_text(["Eva: connectedRemove"])
        expect(player.get_by_role("status").first).to_contain_text("· live")
        # The camera is off again once the code is read.
        assert (
            gm.evaluate("document.querySelector('[data-bind=\"players-scan-video\"]').srcObject")
            is None
        )
        # The same answer scanned again is refused with the pasted one's sentence.
        sheet.get_by_role("button", name="Scan the answer").click()
        expect(sheet.get_by_role("status")).to_have_text(
            "This answer is for an invitation that is used or no longer open: show a fresh code."
        )
        sheet.get_by_role("button", name="Close").click()
        gm.get_by_role("button", name="Explore").click()
        gm.get_by_role("button", name="Next turn").click()
        clock = player.get_by_role("region", name="Clock").get_by_role("listitem")
        expect(clock.first).to_have_text("Turn 1")
    finally:
        players.close()
        phone.close()
    assert problems == []


def test_closing_the_scan_stops_the_camera(camera_browser: Browser, base: str, page: Page) -> None:
    problems: list[str] = []
    phone = camera_browser.new_context(viewport=PHONE, locale="en-US")
    phone.set_default_navigation_timeout(READY_TIMEOUT)
    answer_first_start(phone)
    try:
        gm = guarded(phone.new_page(), problems)
        open_app(gm, base)
        invite(gm)
        gm.get_by_role("dialog", name="Players").get_by_role(
            "button", name="Scan the answer"
        ).click()
        scan = gm.get_by_role("dialog", name="Scan the answer")
        expect(scan).to_be_visible()
        video = "document.querySelector('[data-bind=\"players-scan-video\"]')"
        gm.wait_for_function(f"{video}.srcObject && {video}.srcObject.active")
        scan.get_by_role("button", name="Close").click()
        expect(scan).to_be_hidden()
        assert gm.evaluate(f"{video}.srcObject") is None
        expect(gm.get_by_role("dialog", name="Players")).to_be_visible()
    finally:
        phone.close()
    assert problems == []


def test_without_a_camera_the_sheet_says_so_and_pasting_stays(page: Page, base: str) -> None:
    # The tests' usual Chromium has no camera at all.
    gm = open_app(page, base)
    invite(gm)
    sheet = gm.get_by_role("dialog", name="Players")
    sheet.get_by_role("button", name="Scan the answer").click()
    expect(sheet.get_by_role("status")).to_have_text(
        "This device has no camera Omen can use: paste the answer instead."
    )
    expect(gm.get_by_role("dialog", name="Scan the answer")).to_be_hidden()
    expect(sheet.get_by_role("textbox", name="The player's answer")).to_be_editable()
