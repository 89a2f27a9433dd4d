"""Players at the table: the invitation (a QR code and a link), the players' answers, and
the live view sent over each player's data channel.

The codec and the public view are :mod:`omen.campaign.players`; the data channels are
``omenTable`` (``static/table.js``). This module moves text between them and the page.

- **Inviting**: "Invite a player" opens the players' sheet with a fresh invitation: a
  one-time token and a WebRTC offer (no ICE server unless the campaign names a STUN
  server), cut to what the connection needs and packed into the player page's address
  after ``#join=`` (a fragment: never sent to any host), shown as a QR code and as a
  link to copy. The public view is sent when the player's channel opens.
- **Adding a player**: the game master pastes the player's answer and taps "Add a
  player", or taps "Scan the answer" and holds the phone's camera to the player's code
  (``static/scan.mjs``: the browser's BarcodeDetector, or qr-scanner loaded then); a
  scanned answer takes the pasted one's path. It is read by the codec (a used or unknown
  token, a damaged or oversized answer is refused with a sentence, and nothing
  changes), and the channel opens. With no camera, no permission or no secure page the
  sheet says so, and pasting still works.
- **Live**: after every change in the store, each connected player gets the public
  view in their own language. A player's request (an EOTW test) is read by the player's
  :class:`~omen.campaign.players.Reader` (a wrong token or a replay is dropped) and
  checked by its game; one that cannot be rolled is declined at once with the reason.
  One that can waits in the players' sheet, which opens to show it: who asks, and
  what, with "Roll" and "Decline". Nothing is rolled before the game master taps
  "Roll" (a game master approves what players ask, as at a table): then it is rolled
  here, with the faces the player typed or the app's dice, logged naming the player,
  and shown on both phones. "Decline" tells the player so.

- **Rejoining**: once a player's channel opens, they are sent a secret seat, which
  their page keeps; their answer to a fresh code carries it back, and they take the
  same place (:func:`~omen.campaign.players.place_for`).
- **The recap**: "Make the recap" builds the session's public results
  (:func:`omen.campaign.recap.recap`) in the app's language as plain text and as
  Markdown, to share (the system's share sheet) or copy; each player's page gets the
  plain text in their own language.

Omen works the same without players: nothing here runs until the sheet is opened.
"""

from __future__ import annotations

import asyncio
import traceback
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from omen.campaign import games, parts
from omen.campaign.players import (
    FRAGMENT,
    Invitations,
    Message,
    MessageError,
    Reader,
    new_token,
    pack,
    place_for,
    player_address,
    player_name,
    public_kinds,
    public_view,
    qr_parts,
    read_packed,
    result_public,
    write,
)
from omen.campaign.state import Log
from omen.core.errors import RulesError
from omen.core.i18n import Translator
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.shell.share import _js_object, copy_or_select, qr_svg

if TYPE_CHECKING:
    from omen_web.kit.app import App

LOOK_BACK = 40  # log entries looked through for the results players asked for
# Why the camera could not scan (static/scan.mjs's words), as the sheet says it.
NO_SCAN = {
    "insecure": N_(
        "The camera works only on a secure page (an https:// address): paste the answer instead."
    ),
    "refused": N_(
        "Omen may not use the camera: allow it in the browser's settings, or paste the answer."
    ),
    "none": N_("This device has no camera Omen can use: paste the answer instead."),
    "busy": N_("Another app is using the camera: close it and scan again, or paste the answer."),
    "failed": N_("The camera could not start: paste the answer instead."),
}


@dataclass
class Player:
    """One player at the table: their invitation's token, name, language, what they
    sent last, and whether their channel is open."""

    token: str
    name: str
    lang: str
    reader: Reader
    state: str = "connecting"  # "open", "closed"
    sent: int = 1  # the running number of the game master's last message to them
    asked: dict[int, str] = field(default_factory=dict)
    seat: str = ""  # the secret the player takes their place back with ("" until open)


@dataclass(frozen=True)
class Request:
    """A player's request waiting for the game master: whose, its number on the
    player's phone, the test asked for, and what it says."""

    token: str
    id: int
    kind: str  # "ask" (The End of the World's test) or "roll" (a GURPS success roll)
    test: Any
    said: Step

    @property
    def key(self) -> str:
        """Its name in the page (``data-request``)."""
        return f"{self.token}:{self.id}"


class PlayersScreen(kit.Screen):
    """The players' section on Settings and the players' sheet."""

    app: App

    name = "players"
    section = "settings"
    root_selector = 'section.players[aria-labelledby="players-title"]'
    also = ('[data-bind="players-sheet"]', '[data-bind="players-scan"]')

    def build(self) -> None:
        self.sheet = dom.bound("players-sheet")
        self.invitations = Invitations()
        self.players: dict[str, Player] = {}
        self.invite_token = ""
        self.link = ""
        self.status: Step | None = None
        self.asked: dict[int, str] = {}  # log entries players asked for, with their names
        self.translators: dict[str, Translator] = {}
        self.requests: list[Request] = []  # waiting for Roll or Decline, oldest first
        self.recaps: tuple[str, str] = ("", "")  # the last recap: plain text, Markdown
        self.wired = False
        self.tasks: set[Any] = set()
        self.scan_sheet = dom.bound("players-scan")
        self.scanned_proxy: Any = None  # made at the first scan

    def wire(self) -> None:
        """Listen to the channels and the store, once, when the first invitation is made."""
        if self.wired:
            return
        self.wired = True
        window.omenTableHear = dom.proxy(self.hear)
        window.omenTableState = dom.proxy(self.channel_state)
        self.store.subscribe(parts.PARTS.keys(), lambda _kinds: self.send_views())

    def spawn(self, work: Any) -> None:
        """Run a coroutine; a refusal in it is said in the sheet, where the tap was."""

        async def run() -> None:
            try:
                await work
            except RulesError as error:
                self.status = error.message
                self.render_sheet()
            except Exception:  # a bug: fail loudly, as a handler would
                window.console.error(traceback.format_exc())
                raise

        task = asyncio.ensure_future(run())
        self.tasks.add(task)  # keep a reference until it is done
        task.add_done_callback(self.tasks.discard)

    # --- the actions ------------------------------------------------------------------

    def on_players_open(self, _target: Any, _event: Any) -> None:
        self.wire()
        self.render_sheet()
        if not self.sheet.open:
            self.sheet.showModal()
        dom.bound("players-requests-title").scrollIntoView()  # in view, where the sheet is
        if not self.invite_token:
            self.spawn(self.invite())

    def on_players_invite(self, _target: Any, _event: Any) -> None:
        self.spawn(self.invite())

    def on_players_close(self, _target: Any, _event: Any) -> None:
        self.sheet.close()

    def on_players_copy(self, _target: Any, _event: Any) -> None:
        self.spawn(self.copy_link())

    def on_players_add(self, _target: Any, _event: Any) -> None:
        field_ = dom.bound("players-answer")
        self.spawn(self.add(str(field_.value)))

    def on_players_scan(self, _target: Any, _event: Any) -> None:
        self.status = None
        self.render_sheet()
        if not self.scan_sheet.open:
            self.scan_sheet.showModal()
        self.spawn(self.scan())

    def on_players_scan_close(self, _target: Any, _event: Any) -> None:
        self.scan_sheet.close()  # the camera stops with it (static/scan.mjs)

    def on_players_roll(self, target: Any, _event: Any) -> None:
        request = self.take_request(str(target.dataset.request))
        player = self.players.get(request.token) if request else None
        if request is not None and player is not None:
            self.status = None
            self.roll_for(player, request)
        self.render_sheet()

    def on_players_decline(self, target: Any, _event: Any) -> None:
        request = self.take_request(str(target.dataset.request))
        player = self.players.get(request.token) if request else None
        if request is not None and player is not None:
            self.decline(player, request.id, Step(N_("not now")))
            self.status = Step(N_("Declined: {request}"), {"request": request.said})
        self.render_sheet()

    def take_request(self, key: str) -> Request | None:
        """The waiting request named ``key``, no longer waiting."""
        found = next((r for r in self.requests if r.key == key), None)
        self.requests = [r for r in self.requests if r.key != key]
        return found

    # --- the recap --------------------------------------------------------------------

    def recap_of(self, t: Translator, markdown: bool = False) -> str:
        """The session's public results as a recap in ``t``'s language: those players
        asked for and those the game master showed them (or the setting shows)."""
        from omen.campaign.recap import Day, recap

        showing = self.store.get("players_shown")
        values = self.values()
        entries = [
            e
            for e in reversed(self.store.log.entries)
            if e.id in self.asked or (not e.undone and result_public(showing, values, e.id))
        ]
        now = window.Date.new()
        day = Day(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))
        spec = games.GAMES.get(self.app.campaign.game)
        return recap(
            entries,
            t,
            day,
            game=t.gettext(spec.name) if spec is not None else "",
            times={e.id: dom.local_time(e.at) for e in entries},
            markdown=markdown,
        )

    def on_players_recap(self, _target: Any, _event: Any) -> None:
        t = self.app.translator
        self.recaps = (self.recap_of(t), self.recap_of(t, markdown=True))
        dom.bound("players-recap-text").value = self.recaps[0]
        dom.bound("players-recap").hidden = False
        sent = 0
        for player in list(self.players.values()):
            if player.state != "open":
                continue
            text = self.recap_of(self.translator(player.lang))
            message = Message("recap", player.token, self.next_number(player), {"text": text})
            sent += self.send(player, message)
        self.status = Step(
            N_("The recap is ready; {count} player sees it."),
            {"count": sent},
            plural=N_("The recap is ready; {count} players see it."),
        )
        self.render_sheet()

    def on_players_recap_share(self, _target: Any, _event: Any) -> None:
        text = self.recaps[0]
        if not text:
            return
        if window.navigator.share:
            self.spawn(self.share_recap(text))
        else:
            self.spawn(self.copy_recap(text))

    def on_players_recap_copy(self, _target: Any, _event: Any) -> None:
        if self.recaps[0]:
            self.spawn(self.copy_recap(self.recaps[0]))

    def on_players_recap_markdown(self, _target: Any, _event: Any) -> None:
        if self.recaps[1]:
            self.spawn(self.copy_recap(self.recaps[1]))

    async def share_recap(self, text: str) -> None:
        title = self.tr(N_("Session recap"))
        try:
            await window.navigator.share(_js_object(title=title, text=text))
        except Exception:  # the user closed the system sheet, or the browser refused
            return

    async def copy_recap(self, text: str) -> None:
        field_ = dom.bound("players-recap-text")
        try:
            await window.navigator.clipboard.writeText(text)
            self.status = Step(N_("Recap copied."))
        except Exception:  # no clipboard permission: the recap is selected instead
            field_.value = text
            field_.focus()
            field_.select()
            self.status = Step(N_("Omen could not copy: the recap is selected, copy it yourself."))
        self.render_sheet()

    def on_players_remove(self, target: Any, _event: Any) -> None:
        token = str(target.dataset.player)
        player = self.players.pop(token, None)
        self.requests = [r for r in self.requests if r.token != token]
        if player is not None:
            self.send(player, Message("bye", token, self.next_number(player)))
            window.omenTable.close(token)
            self.status = Step(N_("{name} is no longer at the table."), {"name": player.name})
        self.render()
        self.render_sheet()

    # --- inviting -------------------------------------------------------------------

    def values(self) -> dict[str, Any]:
        return dict(self.app.campaign.values)

    def stun(self) -> str:
        server = self.values().get("players.stun", "")
        return server if isinstance(server, str) and server.startswith("stun:") else ""

    async def invite(self) -> None:
        """A fresh invitation: a token and an offer, as a link and a QR code."""
        token = self.invitations.open()
        self.invite_token = token
        self.link = ""
        self.status = Step(N_("Making the code…"))
        self.render_sheet()
        offer = str(await window.omenTable.offer(token, self.stun()))
        if token != self.invite_token:
            window.omenTable.close(token)  # a newer invitation was asked for meanwhile
            return
        message = Message("join", token, 1, {"offer": offer})
        self.link = player_address(str(window.location.href), FRAGMENT + pack(message))
        self.status = None
        self.render_sheet()
        await self.draw_qr(self.link)

    async def draw_qr(self, link: str) -> None:
        encoder = await self.app.screen("share").load_segno()
        modes = {"byte": encoder.consts.MODE_BYTE, "alphanumeric": encoder.consts.MODE_ALPHANUMERIC}
        parts = [(part, modes[mode]) for part, mode in qr_parts(link)]
        code = encoder.encode(parts, error="l", micro=False, boost_error=True)
        if link != self.link:
            return
        svg = qr_svg(code.matrix, self.tr(N_("QR code of the player page")))
        dom.bound("players-qr").replaceChildren(svg)

    async def copy_link(self) -> None:
        self.status = await copy_or_select(self.link, "players-link")
        self.render_sheet()

    # --- adding a player --------------------------------------------------------------

    async def add(self, text: str) -> None:
        """A player's pasted answer: checked, its invitation closed, the channel opened."""
        answer = read_packed(text, "answer")
        name = player_name(answer.data["name"])
        self.invitations.check(answer.token)  # a used code says so first
        seats = {p.seat: p.name for p in self.players.values() if p.seat}
        seat = place_for(seats, str(answer.data["seat"]), name)  # a refusal changes nothing
        back = next((p for p in self.players.values() if seat and p.seat == seat), None)
        token = self.invitations.take(answer.token)
        # Known before the channel can open, so its opening finds the player.
        self.players[token] = Player(
            token,
            back.name if back else name,
            str(answer.data["lang"]),
            Reader(token, 1),
            seat=back.seat if back else "",
        )
        try:
            await window.omenTable.accept(token, str(answer.data["sdp"]))
        except Exception:
            self.players.pop(token, None)
            window.omenTable.close(token)
            raise MessageError(
                Step(N_("This answer does not fit its invitation: show a fresh code."))
            ) from None
        if back is not None:  # the same place, on a fresh channel: the old one closes
            self.players.pop(back.token, None)
            window.omenTable.close(back.token)
            self.requests = [
                replace(r, token=token) if r.token == back.token else r for r in self.requests
            ]
            name = back.name
        dom.bound("players-answer").value = ""
        joined = self.players.get(token)
        if joined is not None and joined.state == "connecting":  # it may be open already
            self.status = Step(N_("{name} is joining…"), {"name": name})
        if token == self.invite_token:
            self.invite_token = ""  # this code is used: the next player gets a fresh one
            self.link = ""
            dom.clear(dom.bound("players-qr"))
        self.render()
        self.render_sheet()

    async def scan(self) -> None:
        """The camera, until it reads a code; where it cannot run, the sheet says why."""
        if self.scanned_proxy is None:
            self.scanned_proxy = dom.proxy(self.scanned)
        video = dom.bound("players-scan-video")
        problem = str(await window.omenTable.scan(video, self.scanned_proxy))
        if problem:
            self.scan_sheet.close()
            self.status = Step(NO_SCAN.get(problem, NO_SCAN["failed"]))
            self.render_sheet()

    def scanned(self, text: Any) -> None:
        """A code the camera read: in the answer's field, and added as a pasted one."""
        self.scan_sheet.close()
        answer = str(text)
        dom.bound("players-answer").value = answer
        self.spawn(self.add(answer))

    # --- the channels -----------------------------------------------------------------

    def channel_state(self, token: Any, state: Any) -> None:
        player = self.players.get(str(token))
        if player is None:
            return
        if str(state) == "refused":
            return  # an oversized message, dropped in the page: nothing changes
        player.state = "open" if str(state) == "open" else "closed"
        if player.state == "open":
            said = (
                N_("{name} is back at the table.")
                if player.seat
                else N_("{name} joined the table.")
            )
            self.status = Step(said, {"name": player.name})
            if not player.seat:  # the secret to take this place back with, sent once
                player.seat = new_token()
                self.send(
                    player,
                    Message("seat", player.token, self.next_number(player), {"seat": player.seat}),
                )
            self.send_view(player)
        self.render()
        self.render_sheet()

    def hear(self, token: Any, text: Any) -> None:
        """A message from a player's channel: read by the codec, then acted on."""
        player = self.players.get(str(token))
        if player is None:
            return
        try:
            message = player.reader.read(str(text))
        except MessageError:
            return  # a wrong token, a replay, a damaged message: refused, nothing changes
        if message.kind == "bye":
            self.players.pop(player.token, None)
            window.omenTable.close(player.token)
            self.render()
            self.render_sheet()
            return
        if message.kind in ("ask", "roll"):
            self.receive(player, message)

    def receive(self, player: Player, message: Message) -> None:
        """A request: declined at once with the reason if it cannot be rolled; else it
        waits in the sheet, opened to show it, for the game master's Roll or Decline."""
        ident = message.data["id"]
        test = message.data["test"] if message.kind == "ask" else dict(message.data)
        try:
            said = self.said(player, message.kind, test)
        except RulesError as error:
            self.decline(player, ident, error.message)
            return
        self.requests.append(Request(player.token, ident, message.kind, test, said))
        self.status = None
        self.render_sheet()
        if not self.sheet.open:
            self.sheet.showModal()
        dom.bound("players-requests-title").scrollIntoView()  # in view, where the sheet is

    def said(self, player: Player, kind: str, test: Any) -> Step:
        """What a request asks for, checked by its game now (a refusal is its reason):
        The End of the World's test (``ask``) or a GURPS success roll (``roll``)."""
        game = self.app.campaign.game
        if kind == "ask" and game == "eotw":
            from omen.eotw.players import read_ask

            return read_ask(self.store.get("crew"), test).said(player.name)
        if kind == "roll" and game == "gurps":
            from omen.gurps.players import read_request

            return read_request(test).said(player.name)
        raise RulesError(Step(N_("In this game players cannot ask for this.")))

    def decline(self, player: Player, ident: int, reason: Step) -> None:
        """Tell the player their request ``ident`` is declined, and why."""
        words = self.translator(player.lang).render(reason)
        self.send(
            player,
            Message(
                "declined", player.token, self.next_number(player), {"id": ident, "reason": words}
            ),
        )

    def roll_for(self, player: Player, request: Request) -> None:
        """Roll a request the game master approved (checked again: the crew may have
        changed meanwhile); a refusal now is sent to the player as the reason."""
        try:
            self.said(player, request.kind, request.test)  # still fits this game now
            if request.kind == "roll":
                from omen.gurps.players import roll_request

                outcome = roll_request(request.test, self.app.dice(), player.name)
            else:
                from omen.eotw.players import roll_ask

                outcome = roll_ask(
                    self.store.get("crew"),
                    request.test,
                    self.app.dice(),
                    self.values(),
                    player.name,
                )
        except RulesError as error:
            self.decline(player, request.id, error.message)
            self.status = error.message
            return
        self.store.record(outcome)  # a player's test, as the Tests screen's: no Undo
        newest = self.store.log.newest(1)
        if newest:
            self.asked[newest[0].id] = player.name
        self.send_views()

    def next_number(self, player: Player) -> int:
        player.sent += 1
        return player.sent

    def send(self, player: Player, message: Message) -> bool:
        return bool(window.omenTable.send(player.token, write(message)))

    def translator(self, language: str) -> Translator:
        if language == self.app.translator.language:
            return self.app.translator
        if language not in self.translators:
            from omen_web.kit.app import LOCALE_DIR

            self.translators[language] = Translator.load(language, LOCALE_DIR)
        return self.translators[language]

    def clock_time(self) -> str:
        now = window.Date.new()
        return f"{int(now.getHours()):02d}:{int(now.getMinutes()):02d}"

    def view(self, language: str, asked: dict[int, str]) -> Any:
        store = self.store
        game = self.app.campaign.game
        held = {kind: store.get(kind) for kind in public_kinds(game)}
        held["log"] = Log(tuple(store.log.newest(LOOK_BACK)))
        return public_view(
            held,
            game,
            self.values(),
            self.translator(language),
            self.clock_time(),
            (),
            asked,
        )

    def send_view(self, player: Player) -> None:
        view = self.view(player.lang, self.asked)
        message = Message("view", player.token, self.next_number(player), {"view": view.to_json()})
        self.send(player, message)

    def send_views(self) -> None:
        for player in list(self.players.values()):
            if player.state == "open":
                self.send_view(player)

    # --- drawing ----------------------------------------------------------------------

    def render(self) -> None:
        self.draw_list(dom.bound("players-list"))

    def draw_list(self, target: Any) -> None:
        rows = []
        for player in self.players.values():
            row = document.createElement("li")
            row.className = "player-row"
            label = document.createElement("span")
            state = (
                N_("connected")
                if player.state == "open"
                else N_("joining")
                if player.state == "connecting"
                else N_("not connected")
            )
            label.textContent = self.t(
                Step(N_("{name}: {state}"), {"name": player.name, "state": Step(state)})
            )
            remove = document.createElement("button")
            remove.type = "button"
            remove.className = "secondary"
            remove.dataset.action = "players-remove"
            remove.dataset.player = player.token
            remove.textContent = self.tr(N_("Remove"))
            remove.setAttribute(
                "aria-label", self.t(Step(N_("Remove {name}"), {"name": player.name}))
            )
            row.append(label, remove)
            rows.append(row)
        target.replaceChildren(*rows)

    def render_sheet(self) -> None:
        link = self.link
        dom.bound("players-link").value = link
        dom.one('[data-action="players-copy"]').disabled = not link
        dom.text(dom.bound("players-status"), self.t(self.status) if self.status else "")
        self.draw_list(dom.bound("players-sheet-list"))
        self.draw_requests(dom.bound("players-requests"))

    def draw_requests(self, target: Any) -> None:
        """The requests waiting, each with who asks and what, and Roll and Decline."""
        rows = []
        for request in self.requests:
            player = self.players.get(request.token)
            if player is None:
                continue
            row = document.createElement("li")
            row.className = "player-row player-request"
            label = document.createElement("span")
            label.textContent = self.t(request.said)
            buttons = []
            for action, text, aria in (
                ("players-roll", N_("Roll"), N_("Roll for {name}")),
                ("players-decline", N_("Decline"), N_("Decline for {name}")),
            ):
                button = document.createElement("button")
                button.type = "button"
                button.className = "primary" if action == "players-roll" else "secondary"
                button.dataset.action = action
                button.dataset.request = request.key
                button.textContent = self.tr(text)
                button.setAttribute("aria-label", self.t(Step(aria, {"name": player.name})))
                buttons.append(button)
            row.append(label, *buttons)
            rows.append(row)
        target.replaceChildren(*rows)
        target.hidden = not rows
        dom.bound("players-requests-title").hidden = not rows
