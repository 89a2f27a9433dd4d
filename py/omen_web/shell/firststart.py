"""The first start's question: which game does the table play?

A game master runs one game at a table, and Omen opens as that game's companion (see
:mod:`omen.campaign.games`). So the first start on a device asks once, in a dialog: the four
games as radio buttons (arrow keys move between them, Enter answers), and a switch to
start with that game's example campaign (on by default). The answer goes to the
campaign (its game, changeable in Settings) and to the tables (that game's example, or
none); the preferences record that the question was put (``Prefs.game_asked``), so it
is never asked again on this device. Closing the dialog with Escape answers with what
it shows (Liminal Horror and its example).

Whether to ask is decided from what the device holds before anything is written
(:func:`omen.campaign.state.ask_for_game`): a game master with saved data and no preferences
saved has used Omen before, and is not asked as if new. Once the question is on show
the preferences are saved with it unanswered, so a reload asks again rather than
reading the example tables just written as a sign of an old user.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from omen.campaign.example import example_campaign, which_example
from omen.campaign.games import GAMES
from omen.campaign.tables import Library
from omen.campaign.voidcrawl import CrawlSetup, default_voidcrawl
from omen_web.kit import dom


class FirstStart:
    """The dialog, built when the question is to be asked."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.dialog = dom.bound("game-dialog")
        self.form = dom.bound("game-form", self.dialog)
        choices = dom.bound("game-choices", self.dialog)
        self.radios: dict[str, Any] = {}
        for key, game in GAMES.items():
            label = dom.element("label")
            radio = dom.element("input")
            radio.type = "radio"
            radio.name = "first-game"
            radio.value = key
            name = dom.element("span")
            dom.text(name, app.tr(game.name))
            label.append(radio)
            label.append(" ")
            label.append(name)
            choices.append(label)
            self.radios[key] = radio
        self.example = dom.one('[name="load-example"]', self.dialog)
        self.answered = False
        # The dialog closes by its Start button (a form of method "dialog") or by Escape;
        # either way the answer is what it shows: the dialog's close event, not an action.
        dom.on(self.dialog, "close", self.closed)

    def open(self) -> None:
        app = self.app
        current = app.store.get("campaign").game
        self.radios.get(current, self.radios["liminal_horror"]).checked = True
        prefs = app.store.get("prefs")
        app.store.put("prefs", replace(prefs, game_asked=False))  # asked, not answered yet
        self.dialog.showModal()
        self.radios[current if current in self.radios else "liminal_horror"].focus()

    def closed(self, _event: Any) -> None:
        if self.answered:
            return
        self.answered = True
        chosen = next((key for key, radio in self.radios.items() if radio.checked), None)
        self.answer(chosen or "liminal_horror", bool(self.example.checked))

    def answer(self, game: str, example: bool) -> None:
        """Keep the answer: the campaign's game, the tables to start with, the flag."""
        store = self.app.store
        values: dict[str, Any] = {
            "prefs": replace(store.get("prefs"), game_asked=True),
            "campaign": replace(store.get("campaign"), game=game),
        }
        library = store.get("library")
        if which_example(library) is not None or library == Library():
            # Only an untouched example (or nothing) is replaced: never a GM's own tables.
            if example:
                chosen = example_campaign(self.app.translator.language, game)
                values["library"] = chosen.library
                values["voidcrawl"] = CrawlSetup(
                    chosen.voidcrawl, chosen.investigators, example=True
                )
                # The party starts in the example's first place, so a first encounter
                # rolls on its table (Liminal Horror's example starts nowhere).
                exploration = store.get("exploration")
                if game != "liminal_horror" and exploration.place(chosen.library) is None:
                    first = chosen.library.locations[0].id
                    values["exploration"] = replace(exploration, location=first)
            else:
                values["library"] = Library()
                values["voidcrawl"] = CrawlSetup(default_voidcrawl())
        store.replace(values)
        # The chosen game's panels are on show now: built and drawn at once, not in a
        # later idle moment (the dialog's close is no tap the app's dispatch sees).
        self.app.draw_uncovered()


def offer(app: Any, after: Any = None) -> None:
    """Ask which game the table plays, if this start is a first start.

    ``after`` is a dialog already open (a shared link's import, on a device opened by
    that link): one thing is asked at a time, so the question waits until it closes. A
    link never carries the campaign's game (see :mod:`omen.campaign.parts`), so it is
    asked then, whether the import was taken or not.
    """
    if not app.ask_game:
        return
    if after is None or not after.open:
        FirstStart(app).open()
        return
    waited = [False]

    def closed(_event: Any) -> None:
        if not waited[0]:
            waited[0] = True
            FirstStart(app).open()

    dom.on(after, "close", closed)  # the other dialog's close, however it was closed
