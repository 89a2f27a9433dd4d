"""The player page (player.html): a crafted link shows the joining form; hostile links
(crafted compact codes with a valid checksum among them) show an error and nothing else;
it never downloads the Python runtime; it opens offline with its last view."""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from omen.campaign.players import Message, pack, public_view
from omen.campaign.sdp import Candidate, Details
from omen.campaign.state import Exploration
from omen.campaign.timers import LightKind, Timers, Unit, add_light
from omen.core.i18n import Translator

from .conftest import PHONE, open_app
from .test_eotw import add_ana

TOKEN = "table-token-1"
OFFER = Details(
    "uEs2",
    "ot8ep/pWuCLbEvEaAcwr2fbk",
    bytes(range(32)),
    "actpass",
    "0",
    (Candidate("host", "192.0.2.10", 54321),),
)


def a_view(**changes: Any) -> dict[str, Any]:
    clock = Exploration().clock.next_turn().next_turn().next_turn()
    parts = {
        "exploration": Exploration(clock=clock),
        "timers": add_light(Timers(), LightKind.TORCH, 3, Unit.TURN),
    }
    view = public_view(
        parts, "liminal_horror", {"turn.minutes": 10}, Translator.english(), "20:41"
    ).to_json()
    view.update(changes)
    return view


def invitation() -> str:
    return "#join=" + pack(Message("join", TOKEN, 1, {"offer": OFFER.sdp(), "stun": ""}))


def crafted(
    details: bytes, kind: int = 1, version: int = 2, extra: bytes = b"", stun: bytes = b"\x00"
) -> str:
    """A compact code as Omen writes one, with a valid checksum, from the bytes given (an
    invitation's STUN server after its details: none, unless given)."""
    body = bytes([version, kind, len(TOKEN)]) + TOKEN.encode() + details + stun + extra
    raw = body + zlib.adler32(body).to_bytes(4, "big")
    return "#join=" + base64.b32encode(raw).decode().rstrip("=")


def details(
    ufrag: bytes = b"uEs2",
    pwd: bytes = b"ot8ep/pWuCLbEvEaAcwr2fbk",
    role: int = 0,
    candidates: bytes = b"\x01\x04\xc0\x00\x02\x0a\xd4\x31",
) -> bytes:
    """Connection details' bytes (omen.campaign.sdp.Details.to_bytes), field by field."""
    return (
        bytes([len(ufrag)])
        + ufrag
        + bytes([len(pwd)])
        + pwd
        + bytes(range(32))
        + bytes([role, 1])
        + b"0"
        + candidates
    )


def raw_packed(data: Any) -> str:
    raw = json.dumps(data).encode()
    return "#join=" + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def a_kept_view(page: Page, base: str, view: dict[str, Any]) -> None:
    """The player page, with ``view`` kept as the last one it was sent."""
    open_player(page, base, "")
    page.evaluate("(view) => localStorage.setItem('omen-player/view', JSON.stringify(view))", view)


def watch_requests(page: Page) -> list[str]:
    asked: list[str] = []

    def on_request(request: Request) -> None:
        asked.append(request.url)

    page.on("request", on_request)
    return asked


def open_player(page: Page, base: str, fragment: str) -> Page:
    page.goto(f"{base}/player.html{fragment}")
    page.locator("body[data-ready]").wait_for(state="attached")
    return page


@pytest.mark.fresh_profile
def test_a_crafted_link_shows_the_joining_form_in_the_phones_language(
    page: Page, base: str
) -> None:
    asked = watch_requests(page)
    open_player(page, base, invitation())
    expect(page.get_by_role("heading", name="Join the table")).to_be_visible()
    expect(page.get_by_role("textbox", name="Your name")).to_be_visible()
    # The view is not in the link: it comes once the channel opens.
    expect(page.get_by_role("heading", name="Clock")).to_be_hidden()
    expect(page.get_by_role("status")).to_be_hidden()
    expect(page.get_by_role("alert")).to_be_hidden()
    # No Python, no runtime, no PyScript: only the player page's own files.
    assert not [url for url in asked if "pyodide" in url or "/py/" in url or "pyscript" in url]


def test_a_czech_phone_shows_the_joining_form_in_czech(browser: Browser, base: str) -> None:
    context = browser.new_context(viewport=PHONE, locale="cs-CZ")
    try:
        page = open_player(context.new_page(), base, invitation())
        expect(page.get_by_role("heading", name="Připojit se ke hře")).to_be_visible()
        page.get_by_role("textbox", name="Vaše jméno").fill("Eva")
        page.get_by_role("button", name="Připojit se ke hře").click()
        expect(page.get_by_role("textbox", name="Vaše odpověď pro vypravěče")).to_have_value(
            re.compile(r"^omen-answer:[A-Z2-7]+$")
        )
        expect(page.get_by_role("status")).to_have_text("připojování…")
        expect(page.locator("html")).to_have_attribute("lang", "cs")
    finally:
        context.close()


# Reads a QR code drawn as SVG with qr-scanner (the game master's decoder where the
# browser has no BarcodeDetector), on a plain page of the same host (bench/floor.html:
# the player page's CSP keeps qr-scanner's worker out).
DECODE = """async (svg) => {
  const { default: QrScanner } = await import('/static/vendor/qr-scanner/qr-scanner.min.js');
  const image = new Image();
  image.src = 'data:image/svg+xml;base64,' + btoa(svg);
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = 600;
  canvas.height = 600;
  canvas.getContext('2d').drawImage(image, 0, 0, 600, 600);
  return (await QrScanner.scanImage(canvas, { returnDetailedScanResult: true })).data;
}"""


@pytest.mark.fresh_profile
def test_the_answers_qr_code_reads_back_as_the_answer(page: Page, base: str) -> None:
    """The answer's code is drawn in two parts (the prefix in byte mode, the base32 code
    in alphanumeric mode): a scanner reads the whole answer back, and it is small."""
    open_player(page, base, invitation())
    page.get_by_role("textbox", name="Your name").fill("Eva")
    page.get_by_role("button", name="Join the table").click()
    drawn = page.get_by_role("img", name="Your answer for the game master")
    expect(drawn).to_be_visible()
    text = page.get_by_role("textbox", name="Your answer for the game master").input_value()
    svg = drawn.evaluate("(svg) => new XMLSerializer().serializeToString(svg)")
    side = int(drawn.get_attribute("viewBox").split()[2]) - 8  # less the quiet zone
    assert side <= 57  # QR version 10 at most (17 + 4 × version modules a side)
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))  # that page has none
    page.goto(f"{base}/bench/floor.html")
    assert page.evaluate(DECODE, svg) == text


HOSTILE = [
    "#join=",
    "#join=AAAA",
    "#join=not*base64",
    "#join=" + "A" * 1200,
    invitation()[:-6],
    invitation()[:-1] + ("A" if invitation()[-1] != "A" else "B"),
    "#elsewhere=" + invitation()[6:],
    crafted(details(), kind=2),  # an answer is no invitation
    crafted(details(), extra=b"\x00"),  # a byte too many
    crafted(details()[:-1]),  # a byte too few
    crafted(details(ufrag=b"u<s2")),  # not an ICE character
    crafted(details(ufrag=b"uEs")),  # a fragment of 3
    crafted(details(pwd=b"short+pwd")),  # a password under 22
    crafted(details(role=3)),
    crafted(details(candidates=b"\x01\x04\x00\x00\x00\x00\xd4\x31")),  # 0.0.0.0
    crafted(details(candidates=b"\x01\x04\xe0\x00\x00\x01\xd4\x31")),  # multicast
    crafted(details(candidates=b"\x01\x04\xc0\x00\x02\x0a\x00\x00")),  # port 0
    crafted(details(candidates=b"\x01\x44\xc0\x00\x02\x0a\xd4\x31")),  # kind 4
    crafted(details(candidates=b"\x01\x05\xc0\x00\x02\x0a\xd4\x31")),  # form 5
    crafted(details(candidates=b"\x09" + b"\x04\xc0\x00\x02\x0a\xd4\x31" * 9)),  # 9
    crafted(details(), stun=b"\x05turn:"),  # no STUN server's address
    crafted(details(), stun=b"\x08stun:a b"),  # nor this
]


@pytest.mark.fresh_profile
def test_hostile_links_show_an_error_and_nothing_else(page: Page, base: str) -> None:
    a_kept_view(page, base, a_view())  # a view kept: not shown beside an error
    open_player(page, base, invitation())
    expect(page.get_by_role("heading", name="Join the table")).to_be_visible()
    for fragment in HOSTILE:
        page.goto("about:blank")
        open_player(page, base, fragment)
        expect(page.get_by_role("alert")).to_have_text(
            "This link is damaged: part of it is missing or changed. Ask the game master for a fresh code."
        )
        expect(page.get_by_role("heading", name="Clock")).to_be_hidden()
        expect(page.get_by_role("heading", name="Join the table")).to_be_hidden()
        expect(page.get_by_role("status")).to_be_hidden()


@pytest.mark.fresh_profile
def test_a_newer_or_older_link_says_so_and_text_stays_text(page: Page, base: str) -> None:
    open_player(page, base, crafted(details(), version=3))
    expect(page.get_by_role("alert")).to_contain_text("newer Omen")
    page.goto("about:blank")
    older = raw_packed(
        {"app": "omen-table", "v": 1, "kind": "join", "token": TOKEN, "n": 1, "data": {}}
    )
    open_player(page, base, older)
    expect(page.get_by_role("alert")).to_have_text(
        "This link comes from an older Omen: ask the game master for a fresh code."
    )
    page.goto("about:blank")
    sly = '<img src=x onerror="document.title=1">'
    a_kept_view(page, base, a_view(game=sly, clock=[sly]))
    open_player(page, base, "")
    expect(page.get_by_role("region", name="Clock").get_by_role("listitem")).to_have_text([sly])
    assert page.locator("img").count() == 0


@pytest.mark.fresh_profile
def test_the_player_page_opens_offline_with_its_last_view(page: Page, base: str) -> None:
    a_kept_view(page, base, a_view())
    # The player page's CSP has no 'unsafe-eval', which wait_for_function's predicate
    # needs; page.evaluate goes through the debugging protocol instead.
    for _ in range(600):
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            break
        page.wait_for_timeout(50)
    else:
        pytest.fail("the player page's service worker never took control")
    page.context.set_offline(True)
    try:
        page.goto(f"{base}/player.html")
        page.locator("body[data-ready]").wait_for(state="attached")
        expect(page.get_by_role("region", name="Clock").get_by_role("listitem")).to_have_text(
            ["Turn 3", "0 h 30 min"]
        )
        expect(page.get_by_role("status")).to_have_text("as of 20:41 · not live")
    finally:
        page.context.set_offline(False)
    kept = page.evaluate("caches.keys()")
    assert kept and all(name.startswith("player-") for name in kept)


def test_a_view_kept_before_the_odds_came_still_shows(page: Page, base: str) -> None:
    """A phone that kept its last view before the view carried odds (no "rolls", each
    character's tests as pairs) shows it on its next visit, not an empty page."""
    older = a_view()
    del older["rolls"]
    older["people"] = [
        {"id": "ana", "name": "Ana", "lines": ["Physical 2 of 9"], "tests": [["dex", "Dexterity"]]}
    ]
    open_player(page, base, "")
    page.evaluate("(view) => localStorage.setItem('omen-player/view', JSON.stringify(view))", older)
    open_player(page, base, "")
    expect(page.get_by_role("region", name="Clock").get_by_role("listitem")).to_have_text(
        ["Turn 3", "0 h 30 min"]
    )
    expect(page.get_by_text("Ana", exact=True)).to_be_visible()
    expect(page.get_by_role("status")).to_have_text("as of 20:41 · not live")


# --- the game master's phone and a player's, joined by a pasted answer ----------------


def invite(gm: Page) -> str:
    """Settings, Invite players: the player page's link from the sheet."""
    gm.get_by_role("button", name="Settings").click()
    gm.get_by_role("button", name="Invite players").click()
    sheet = gm.get_by_role("dialog", name="Players")
    link = sheet.get_by_role("textbox", name="Link for a player")
    expect(link).to_have_value(re.compile(r"/player\.html#join="))
    expect(sheet.get_by_role("img", name="QR code of the player page")).to_be_visible()
    return link.input_value()


def answer(player: Page, link: str, name: str) -> str:
    player.goto(link)
    player.get_by_role("textbox", name="Your name").fill(name)
    player.get_by_role("button", name="Join the table").click()
    text = player.get_by_role("textbox", name="Your answer for the game master")
    expect(text).to_have_value(re.compile(r"^omen-answer:"))
    return text.input_value()


def add(gm: Page, text: str) -> None:
    sheet = gm.get_by_role("dialog", name="Players")
    sheet.get_by_role("textbox", name="The player's answer").fill(text)
    sheet.get_by_role("button", name="Add a player").click()


def test_a_player_joins_by_a_pasted_answer_and_sees_a_next_turn(
    page: Page, base: str, browser: Browser
) -> None:
    gm = open_app(page, base, "?seed=4")
    link = invite(gm)
    phone = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        player = phone.new_page()
        text = answer(player, link, "Eva")
        # Before the channel opens there is no view: the page says it is connecting.
        expect(player.get_by_role("status").first).to_have_text("connecting…")
        expect(player.get_by_role("heading", name="Clock")).to_be_hidden()
        add(gm, text)
        sheet = gm.get_by_role("dialog", name="Players")
        expect(sheet.get_by_role("listitem")).to_have_text(["Eva: connectedRemove"])
        expect(player.get_by_role("status").first).to_contain_text("· live")
        # The answer is used: pasted again, it is refused and nothing changes.
        add(gm, text)
        expect(sheet.get_by_role("status")).to_have_text(
            "This answer is for an invitation that is used or no longer open: show a fresh code."
        )
        sheet.get_by_role("button", name="Close").click()
        gm.get_by_role("button", name="Explore").click()
        gm.get_by_role("button", name="Next turn").click()
        clock = player.get_by_role("region", name="Clock").get_by_role("listitem")
        expect(clock.first).to_have_text("Turn 1")
        gm.get_by_role("button", name="Next turn").click()
        expect(clock.first).to_have_text("Turn 2")
    finally:
        phone.close()


def test_a_players_eotw_test_is_rolled_on_the_game_masters_phone_and_shown_on_both(
    page: Page, base: str, browser: Browser
) -> None:
    gm = open_app(page, base, "?seed=4")
    gm.get_by_role("button", name="Settings").click()
    gm.get_by_role("combobox", name="Game").select_option("eotw")
    add_ana(gm)
    link = invite(gm)
    phone = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        player = phone.new_page()
        add(gm, answer(player, link, "Eva"))
        expect(player.get_by_role("status").first).to_contain_text("· live")
        people = player.get_by_role("region", name="Characters")
        expect(people.get_by_role("heading", name="Ana")).to_be_visible()
        expect(people.get_by_text("Physical: 0 of 9")).to_be_visible()
        asking = player.get_by_role("region", name="Ask for a test")
        asking.get_by_role("combobox", name="Characteristic").select_option("dexterity")
        asking.get_by_role("checkbox", name="Push").check()
        asking.get_by_role("button", name="Ask the game master").click()
        expect(asking.get_by_role("status")).to_have_text("Asked: the game master decides.")
        # Nothing is rolled before the game master taps Roll: the request waits in view.
        sheet = gm.get_by_role("dialog", name="Players")
        requests = sheet.get_by_role("list", name="Requests")
        expect(requests.get_by_role("listitem")).to_have_text(
            re.compile(r"^Eva asks for a test of Dexterity, pushed")
        )
        expect(player.get_by_role("region", name="Results").get_by_role("listitem")).to_have_text(
            ["Nothing yet."]
        )
        requests.get_by_role("button", name="Roll for Eva").click()
        expect(requests).to_be_hidden()
        results = player.get_by_role("region", name="Results")
        expect(results.get_by_text(re.compile(r"^Eva asked: Ana: "))).to_be_visible()
        expect(
            results.get_by_text(re.compile("Eva asks for a test of Dexterity, pushed"))
        ).to_be_visible()
        expect(asking.get_by_role("status")).to_have_text("")  # no longer only "Asked"
        gm.get_by_role("dialog", name="Players").get_by_role("button", name="Close").click()
        gm.get_by_role("button", name="Log").click()
        expect(gm.locator(".log-entry").first).to_contain_text("Eva asked: Ana: ")
    finally:
        phone.close()


def test_the_game_master_declines_a_request_and_wrong_typed_dice_are_declined_with_the_reason(
    page: Page, base: str, browser: Browser
) -> None:
    gm = open_app(page, base, "?seed=4")
    gm.get_by_role("button", name="Settings").click()
    gm.get_by_role("combobox", name="Game").select_option("eotw")
    add_ana(gm)
    link = invite(gm)
    phone = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        player = phone.new_page()
        add(gm, answer(player, link, "Eva"))
        asking = player.get_by_role("region", name="Ask for a test")
        asking.get_by_role("combobox", name="Characteristic").select_option("logic")
        # The exact odds are on the player's page before asking.
        expect(
            asking.get_by_text(
                "1 die: chance of success 50.0% · pushed, 3 dice: chance of success 66.7%"
            )
        ).to_be_visible()
        asking.get_by_role("button", name="Ask the game master").click()
        sheet = gm.get_by_role("dialog", name="Players")
        requests = sheet.get_by_role("list", name="Requests")
        expect(requests.get_by_role("listitem")).to_have_count(1)
        requests.get_by_role("button", name="Decline for Eva").click()
        expect(asking.get_by_role("status")).to_have_text("The game master declined: not now")
        expect(requests).to_be_hidden()
        expect(sheet.get_by_role("status")).to_have_text("Declined: Eva asks for a test of Logic")
        # Typed dice that are not the pool's: declined at once, with the sentence.
        asking.get_by_role("textbox", name="Your dice (if you rolled them)").fill("4 4 4 4 4 4")
        asking.get_by_role("button", name="Ask the game master").click()
        expect(asking.get_by_role("status")).to_contain_text(
            "The game master declined: You typed 6 dice; this test rolls 1."
        )
        expect(requests).to_be_hidden()
        gm.get_by_role("dialog", name="Players").get_by_role("button", name="Close").click()
        gm.get_by_role("button", name="Log").click()
        expect(gm.get_by_text(re.compile("Eva asked"))).to_have_count(0)
    finally:
        phone.close()


def test_a_players_gurps_success_roll_shows_its_odds_and_is_rolled_on_both_phones(
    page: Page, base: str, browser: Browser
) -> None:
    gm = open_app(page, base, "?seed=4")
    gm.get_by_role("button", name="Settings").click()
    gm.get_by_role("combobox", name="Game").select_option("gurps")
    link = invite(gm)
    phone = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        player = phone.new_page()
        add(gm, answer(player, link, "Eva"))
        rolling = player.get_by_role("region", name="Ask for a success roll")
        rolling.get_by_role("textbox", name="Skill", exact=True).fill("Stealth")
        rolling.get_by_role("spinbutton", name="Skill level").fill("12")
        rolling.get_by_role("textbox", name="Modifiers, like −2 +1").fill("-2")
        expect(rolling.get_by_text("Effective skill 10: chance of success 50.0%")).to_be_visible()
        rolling.get_by_role("button", name="Ask the game master").click()
        sheet = gm.get_by_role("dialog", name="Players")
        requests = sheet.get_by_role("list", name="Requests")
        expect(requests.get_by_role("listitem")).to_have_text(
            re.compile(r"^Eva asks for a success roll: Stealth 12, modifiers −2")
        )
        requests.get_by_role("button", name="Roll for Eva").click()
        results = player.get_by_role("region", name="Results")
        expect(
            results.get_by_text(re.compile(r"^Eva asked: Stealth \(effective 10\): "))
        ).to_be_visible()
        expect(
            results.get_by_text(re.compile("skill 12, modifiers −2: effective skill 10"))
        ).to_be_visible()
        # Below effective skill 3 the engine refuses: declined at once, with its reason.
        rolling.get_by_role("spinbutton", name="Skill level").fill("4")
        expect(
            rolling.get_by_text("Below effective skill 3 no success roll is allowed.")
        ).to_be_visible()
        rolling.get_by_role("button", name="Ask the game master").click()
        expect(rolling.get_by_role("status")).to_have_text(
            re.compile(r"^The game master declined: Effective skill 2 is below 3")
        )
        expect(requests).to_be_hidden()
        sheet.get_by_role("button", name="Close").click()
        gm.get_by_role("button", name="Log").click()
        expect(gm.locator(".log-entry").first).to_contain_text("Eva asked: Stealth")
    finally:
        phone.close()


def fresh_code(gm: Page) -> str:
    """The sheet's New code: a fresh invitation's link."""
    sheet = gm.get_by_role("dialog", name="Players")
    link = sheet.get_by_role("textbox", name="Link for a player")
    used = link.input_value()
    sheet.get_by_role("button", name="New code").click()
    expect(link).not_to_have_value(used)
    expect(link).to_have_value(re.compile(r"/player\.html#join="))
    return link.input_value()


def test_a_dropped_player_rejoins_the_same_place_and_a_stranger_cannot_take_it(
    page: Page, base: str, browser: Browser
) -> None:
    gm = open_app(page, base, "?seed=4")
    link = invite(gm)
    phone = browser.new_context(viewport=PHONE, locale="en-US")
    stranger = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        first = phone.new_page()
        add(gm, answer(first, link, "Eva"))
        sheet = gm.get_by_role("dialog", name="Players")
        rows = sheet.get_by_role("list").last.get_by_role("listitem")
        expect(rows).to_have_text(["Eva: connectedRemove"])
        expect(first.get_by_role("status").first).to_contain_text("· live")
        first.close()  # the channel drops
        expect(rows).to_have_text(["Eva: not connectedRemove"])
        # A stranger typing Eva's name on a fresh code does not take her place.
        other = stranger.new_page()
        add(gm, answer(other, fresh_code(gm), "Eva"))
        expect(sheet.get_by_role("status")).to_have_text(
            "Eva is at the table already: a player takes their place back from the phone "
            "they joined with."
        )
        expect(rows).to_have_text(["Eva: not connectedRemove"])
        # Eva's phone opens a fresh code: her name is there, and she is Eva again.
        again = phone.new_page()
        again.goto(fresh_code(gm))
        expect(again.get_by_role("textbox", name="Your name")).to_have_value("Eva")
        again.get_by_role("button", name="Join the table").click()
        text = again.get_by_role("textbox", name="Your answer for the game master")
        expect(text).to_have_value(re.compile(r"^omen-answer:"))
        add(gm, text.input_value())
        expect(sheet.get_by_role("status")).to_have_text("Eva is back at the table.")
        expect(rows).to_have_text(["Eva: connectedRemove"])
        expect(again.get_by_role("status").first).to_contain_text("· live")
    finally:
        stranger.close()
        phone.close()


def test_the_session_recap_is_shared_by_the_game_master_and_shown_on_the_players_page(
    page: Page, base: str, browser: Browser
) -> None:
    gm = open_app(page, base, "?seed=4")
    gm.context.grant_permissions(["clipboard-read", "clipboard-write"])
    gm.get_by_role("button", name="Settings").click()
    gm.get_by_role("combobox", name="Game").select_option("eotw")
    add_ana(gm)
    link = invite(gm)
    phone = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        player = phone.new_page()
        add(gm, answer(player, link, "Eva"))
        asking = player.get_by_role("region", name="Ask for a test")
        asking.get_by_role("combobox", name="Characteristic").select_option("logic")
        asking.get_by_role("button", name="Ask the game master").click()
        sheet = gm.get_by_role("dialog", name="Players")
        sheet.get_by_role("button", name="Roll for Eva").click()
        results = player.get_by_role("region", name="Results")
        expect(results.get_by_text(re.compile(r"^Eva asked: Ana: "))).to_be_visible()
        sheet.get_by_role("button", name="Make the recap").click()
        expect(sheet.get_by_role("status")).to_have_text("The recap is ready; 1 player sees it.")
        text = sheet.get_by_role("textbox", name="Recap")
        heading = r"Session recap: The End of the World, \d{1,2} [A-Z][a-z]+ \d{4}"
        expect(text).to_have_value(
            re.compile(
                heading + r"\n\n\d\d:\d\d Eva asked: Ana: .+\n  Eva asks for a test of Logic · "
            )
        )
        recap = player.get_by_role("region", name="Session recap")
        expect(recap).to_contain_text(re.compile(heading))
        expect(recap).to_contain_text("Eva asks for a test of Logic · ")
        assert text.input_value() in recap.inner_text()
        sheet.get_by_role("button", name="Copy as Markdown").click()
        expect(sheet.get_by_role("status")).to_have_text("Recap copied.")
        copied = gm.evaluate("navigator.clipboard.readText()")
        assert re.match(r"## " + heading + r"\n\n- \*\*\d\d:\d\d Eva asked: Ana: ", copied)
    finally:
        phone.close()
