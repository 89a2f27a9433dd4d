"""Settings: the STUN server for players' phones, off by default; a bad address is
refused with a sentence, a good one is kept and used for the next invitation."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app, saved
from .test_players import invite

FIELD = "STUN server for players' phones"
# Notes the configuration of every connection the page makes, and makes it as asked.
WATCH_CONNECTIONS = """() => {
  const Real = RTCPeerConnection;
  window.seenConfigs = [];
  window.RTCPeerConnection = function (config) {
    window.seenConfigs.push(JSON.parse(JSON.stringify(config)));
    return new Real(config);
  };
}"""


def test_a_stun_server_is_off_by_default_checked_kept_and_used(page: Page, base: str) -> None:
    gm = open_app(page, base)
    gm.get_by_role("button", name="Settings").click()
    field = gm.get_by_role("textbox", name=FIELD)
    expect(field).to_have_value("")
    expect(gm.get_by_text("Empty (the default): the phones find each other only")).to_be_visible()
    field.fill("turn:relay.example.org")
    field.press("Tab")
    expect(
        gm.get_by_text(
            "STUN server for players' phones: leave it empty, or type an address that starts "
            "with stun:, such as stun:stun.example.org:3478."
        )
    ).to_be_visible()
    expect(field).to_have_value("")
    field.fill(" stun:127.0.0.1:3478 ")
    field.press("Tab")
    expect(field).to_have_value("stun:127.0.0.1:3478")
    reload_app(saved(gm))
    gm.get_by_role("button", name="Settings").click()
    expect(gm.get_by_role("textbox", name=FIELD)).to_have_value("stun:127.0.0.1:3478")
    # The help sheet says what it is now.
    gm.get_by_role("button", name="Help: Connecting players' phones").click()
    help_sheet = gm.get_by_role("dialog", name="Connecting players' phones")
    expect(help_sheet.get_by_text("Now: stun:127.0.0.1:3478 (the default is Off)")).to_be_visible()
    help_sheet.get_by_role("button", name="Close").click()
    # The next invitation's connection asks that server.
    gm.evaluate(WATCH_CONNECTIONS)
    invite(gm)
    assert gm.evaluate("window.seenConfigs") == [{"iceServers": [{"urls": "stun:127.0.0.1:3478"}]}]


def test_with_no_stun_server_no_server_is_named(page: Page, base: str) -> None:
    gm = open_app(page, base)
    gm.evaluate(WATCH_CONNECTIONS)
    invite(gm)
    assert gm.evaluate("window.seenConfigs") == [{"iceServers": []}]
