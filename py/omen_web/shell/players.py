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
  and shown on both phones. "Decline" tells the player so. With the campaign's
  setting "Roll players' requests at once" on, a request is rolled as it arrives
  instead (its result a notice on this phone), and nothing waits.

- **Rejoining**: once a player's channel opens, they are sent a secret seat, which
  their page keeps; their answer to a fresh code carries it back, and they take the
  same place (:func:`~omen.campaign.players.place_for`).
- **Kept on the device**: the seats, the requests waiting and the results players
  asked for are the stored part ``players_seats`` (:mod:`omen.campaign.seats`), changed
  through the store as each changes, so a reload (or a tab the browser killed) lists
  every seated player as not connected, with their requests still there to Roll or
  Decline; only the channels are this page's own (:class:`Player`).
- **The recap**: "Make the recap" builds the session's public results
  (:func:`omen.campaign.recap.recap`) in the app's language as plain text and as
  Markdown, to share (the system's share sheet) or copy; each player's page gets the
  plain text in their own language.

Omen works the same without players: nothing here runs until the sheet is opened.
"""

from __future__ import annotations

import asyncio
import re
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from omen.campaign import games, parts
from omen.campaign.players import (
    FRAGMENT,
    LOOK_BACK,
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
    read_request,
    result_public,
    roll_request,
    stun_address,
    write,
)
from omen.campaign.seats import (
    Seating,
    Waiting,
    asked_for,
    room_for,
    seated,
    taken,
    unseated,
    waits,
)
from omen.campaign.settings import AT_ONCE
from omen.campaign.state import Log, Outcome
from omen.core.errors import RulesError
from omen.core.i18n import Translator
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.shell.share import _js_object, copy_or_select, qr_svg

if TYPE_CHECKING:
    from omen_web.kit.app import App

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
    """One player's channel in this page: their invitation's token, name, language,
    what they sent last, and whether their channel is open (their seat, once given,
    is kept in the store: :mod:`omen.campaign.seats`)."""

    token: str
    name: str
    lang: str
    reader: Reader
    state: str = "connecting"  # "open", "closed"
    sent: int = 1  # the running number of the game master's last message to them
    seat: str = ""  # the secret the player takes their place back with ("" until open)


class PlayersScreen(kit.Screen):
    """The players' section on Settings and the players' sheet."""

    app: App

    name = "players"
    section = "settings"
    root_selector = 'section.players[aria-labelledby="players-title"]'
    also = ('[data-bind="players-sheet"]', '[data-bind="players-scan"]')
    parts = ("players_seats",)  # another tab's change is drawn too

    def build(self) -> None:
        self.sheet = dom.bound("players-sheet")
        self.invitations = Invitations()
        self.players: dict[str, Player] = {}
        self.invite_token = ""
        self.link = ""
        self.status: Step | None = None
        self.translators: dict[str, Translator] = {}
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
        self.store.subscribe(parts.PARTS.keys(), self.changed)

    def changed(self, kinds: frozenset[str]) -> None:
        """Something players may see changed: each gets the view anew (not for a change
        of the seats alone: whoever that concerns is sent what they need)."""
        if kinds - {"players_seats"}:
            self.send_views()

    # --- the seats, kept in the store -------------------------------------------------

    def seating(self) -> Seating:
        """Who is seated, what waits, what players asked for (the store's part)."""
        found: Seating = self.store.get("players_seats")
        return found

    def keep(self, change: Callable[[Seating], Seating]) -> None:
        """Change the seats as they are now (another tab's change included)."""
        self.store.put("players_seats", change(self.seating()))

    def live(self, seat: str) -> Player | None:
        """This page's channel of the player in ``seat`` (the newest), if there is one."""
        held = [player for player in self.players.values() if seat and player.seat == seat]
        return held[-1] if held else None

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
        if request is not None:
            self.status = None
            self.roll_for(request)
        self.render_sheet()

    def on_players_decline(self, target: Any, _event: Any) -> None:
        request = self.take_request(str(target.dataset.request))
        if request is not None:
            self.decline(self.live(request.seat), request.id, Step(N_("not now")))
            self.status = Step(N_("Declined: {request}"), {"request": request.said})
        self.render_sheet()

    def take_request(self, key: str) -> Waiting | None:
        """The waiting request numbered ``key``, no longer waiting (None: it is not
        waiting any more, another tab took it)."""
        if re.fullmatch(r"[0-9]{1,10}", key) is None:  # ASCII digits: a number the sheet wrote
            return None
        seating, found = taken(self.seating(), int(key))
        if found is not None:
            self.store.put("players_seats", seating)
        return found

    # --- the recap --------------------------------------------------------------------

    def recap_of(self, t: Translator, markdown: bool = False) -> str:
        """The session's public results as a recap in ``t``'s language: those players
        asked for and those the game master showed them (or the setting shows)."""
        from omen.campaign.recap import Day, recap

        showing = self.store.get("players_shown")
        values = self.values()
        asked = dict(self.seating().asked)
        entries = [
            e
            for e in reversed(self.store.log.entries)
            if e.id in asked or (not e.undone and result_public(showing, values, e.id))
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
        """End a player's place: their channel (told "bye"), their seat and their
        requests waiting."""
        seat = str(target.getAttribute("data-seat") or "")
        token = str(target.getAttribute("data-player") or "")
        gone = [p for p in self.players.values() if p.token == token or (seat and p.seat == seat)]
        place = self.seating().seat(seat) if seat else None
        for player in gone:
            self.players.pop(player.token, None)
            self.send(player, Message("bye", player.token, self.next_number(player)))
            window.omenTable.close(player.token)
        if place is not None:
            self.keep(lambda seating: unseated(seating, place.seat))
        name = place.name if place is not None else gone[0].name if gone else ""
        if name:
            self.status = Step(N_("{name} is no longer at the table."), {"name": name})
        self.render()
        self.render_sheet()

    # --- inviting -------------------------------------------------------------------

    def values(self) -> dict[str, Any]:
        return dict(self.app.campaign.values)

    def stun(self) -> str:
        server = self.values().get("players.stun", "")
        return server if stun_address(server) else ""

    async def invite(self) -> None:
        """A fresh invitation: a token and an offer, as a link and a QR code."""
        token = self.invitations.open()
        self.invite_token = token
        self.link = ""
        self.status = Step(N_("Making the code…"))
        self.render_sheet()
        stun = self.stun()
        offer = str(await window.omenTable.offer(token, stun))
        if token != self.invite_token:
            window.omenTable.close(token)  # a newer invitation was asked for meanwhile
            return
        message = Message(
            "join", token, 1, {"offer": offer, "stun": stun}
        )  # the player asks it too
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
        seating = self.seating()
        seat = place_for(
            seating.names(), str(answer.data["seat"]), name
        )  # a refusal changes nothing
        room_for(seating, seat or "")
        back = seating.seat(seat) if seat else None
        token = self.invitations.take(answer.token)
        lang = str(answer.data["lang"])
        # Known before the channel can open, so its opening finds the player.
        self.players[token] = Player(
            token,
            back.name if back else name,
            lang,
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
            for old in [p for p in self.players.values() if p.seat == back.seat]:
                if old.token != token:
                    self.players.pop(old.token, None)
                    window.omenTable.close(old.token)
            self.keep(lambda now: seated(now, back.seat, back.name, lang))
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
                self.seat(player)
            self.send_view(player)
        self.render()
        self.render_sheet()

    def seat(self, player: Player) -> None:
        """Give a new player their seat: kept in the store, and sent to their phone."""
        seat = new_token()
        try:
            self.keep(lambda seating: seated(seating, seat, player.name, player.lang))
        except RulesError as error:  # every seat taken meanwhile (in another tab)
            self.status = error.message
            return
        player.seat = seat
        self.send(player, Message("seat", player.token, self.next_number(player), {"seat": seat}))

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
            if player.seat and self.seating().seat(player.seat) is not None:
                self.keep(lambda seating: unseated(seating, player.seat))
            self.render()
            self.render_sheet()
            return
        if message.kind not in ("answer", "bye"):  # a request, whatever its game
            self.receive(player, message)

    def receive(self, player: Player, message: Message) -> None:
        """A request: declined at once with the reason if it cannot be rolled; rolled
        as it arrives with the setting "Roll players' requests at once" on; else it
        waits in the sheet, opened to show it, for the game master's Roll or Decline."""
        ident = message.data["id"]
        data = dict(message.data)
        try:
            said = self.said(player.name, message.kind, data)
            seating, number = waits(self.seating(), player.seat, message.kind, data, said)
        except RulesError as error:
            self.decline(player, ident, error.message)
            return
        if self.values().get(AT_ONCE) is True:  # the setting: rolled as it arrives
            _, request = taken(seating, number)  # it does not wait: not kept
            outcome = None if request is None else self.roll_now(request, player)
            if outcome is not None:
                self.status = outcome.title
                self.app.notify(outcome.title)  # in view wherever the game master is
            self.render_sheet()
            return
        self.store.put("players_seats", seating)
        self.status = None
        self.render_sheet()
        if not self.sheet.open:
            self.sheet.showModal()
        dom.bound("players-requests-title").scrollIntoView()  # in view, where the sheet is

    def held(self) -> dict[str, Any]:
        """The stored parts a request and the public view read, by kind."""
        return {kind: self.store.get(kind) for kind in public_kinds(self.app.campaign.game)}

    def said(self, name: str, kind: str, data: Any) -> Step:
        """What a request asks for, checked now by the game that declares it
        (``GameSpec.requests``); a refusal is its reason."""
        game = self.app.campaign.game
        step: Step = read_request(game, kind, self.held(), data).said(name)
        return step

    def decline(self, player: Player | None, ident: int, reason: Step) -> None:
        """Tell the player their request ``ident`` is declined, and why (a player not
        connected in this page is not told)."""
        if player is None:
            return
        words = self.translator(player.lang).render(reason)
        self.send(
            player,
            Message(
                "declined", player.token, self.next_number(player), {"id": ident, "reason": words}
            ),
        )

    def roll_for(self, request: Waiting) -> None:
        """Roll a request the game master approved (checked again: the crew may have
        changed meanwhile); a refusal now is sent to the player as the reason. A player
        not connected sees the result when they are back (it is in their view)."""
        if self.seating().seat(request.seat) is None:
            return  # their place ended meanwhile (in another tab), and the request with it
        self.roll_now(request, self.live(request.seat))

    def roll_now(self, request: Waiting, player: Player | None) -> Outcome | None:
        """Roll a request with the game that declares it (``GameSpec.requests``): its
        result in the log naming the player, and in every player's view; a refusal is
        sent to the player as the reason (None)."""
        place = self.seating().seat(request.seat)
        name = place.name if place is not None else player.name if player else ""
        try:
            outcome = roll_request(
                self.app.campaign.game,
                request.kind,
                self.held(),
                request.data,
                self.app.dice(),
                self.values(),
                name,
            )
        except RulesError as error:
            self.decline(player, request.id, error.message)
            self.status = error.message
            return None
        self.store.record(outcome)  # a player's test, as the Tests screen's: no Undo
        newest = self.store.log.newest(1)
        if newest:
            self.keep(lambda seating: asked_for(seating, newest[0].id, name))
        self.send_views()
        return outcome

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
        held = self.held()
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
        view = self.view(player.lang, dict(self.seating().asked))
        message = Message("view", player.token, self.next_number(player), {"view": view.to_json()})
        self.send(player, message)

    def send_views(self) -> None:
        for player in list(self.players.values()):
            if player.state == "open":
                self.send_view(player)

    # --- drawing ----------------------------------------------------------------------

    def render(self) -> None:
        self.draw_list(dom.bound("players-list"))
        if self.sheet.open:  # another tab's change to the seats
            self.render_sheet()

    def rows(self) -> list[tuple[str, str, str, str]]:
        """Each player listed: name, channel state, and what names them (``seat`` and
        the seat, or ``player`` and a channel's token): every seated player, connected
        here or not, then the players joining, whose seat is not given yet."""
        seating = self.seating()
        found = []
        for place in seating.seats:
            player = self.live(place.seat)
            found.append((place.name, player.state if player else "closed", "seat", place.seat))
        for player in self.players.values():
            if not player.seat or seating.seat(player.seat) is None:
                found.append((player.name, player.state, "player", player.token))
        return found

    def draw_list(self, target: Any) -> None:
        rows = []
        for name, channel, by, key in self.rows():
            row = document.createElement("li")
            row.className = "player-row"
            label = document.createElement("span")
            state = (
                N_("connected")
                if channel == "open"
                else N_("joining")
                if channel == "connecting"
                else N_("not connected")
            )
            label.textContent = self.t(
                Step(N_("{name}: {state}"), {"name": name, "state": Step(state)})
            )
            remove = document.createElement("button")
            remove.type = "button"
            remove.className = "secondary"
            remove.dataset.action = "players-remove"
            remove.setAttribute(f"data-{by}", key)
            remove.textContent = self.tr(N_("Remove"))
            remove.setAttribute("aria-label", self.t(Step(N_("Remove {name}"), {"name": name})))
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
        seating = self.seating()
        for request in seating.waiting:
            place = seating.seat(request.seat)
            if place is None:
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
                button.dataset.request = str(request.number)
                button.textContent = self.tr(text)
                button.setAttribute("aria-label", self.t(Step(aria, {"name": place.name})))
                buttons.append(button)
            row.append(label, *buttons)
            rows.append(row)
        target.replaceChildren(*rows)
        target.hidden = not rows
        dom.bound("players-requests-title").hidden = not rows
