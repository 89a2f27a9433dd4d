"""The encounter about to be run: who the party met, and what the exploration learned.

A check on the Explore screen may bring a creature from a location's encounter table.
When the game master taps *Run the encounter*, the Encounter screen opens with it, and
what the steps before learned goes along, so nothing Omen already rolled or stored is
typed again:

- **who**: the row's text as it was read (``2 lizard men``);
- **how many**: the first bracketed dice rolled in the row, else the number appearing
  its stats give, rolled (:class:`omen.campaign.tables.Found`);
- **their stats**: those the row carries for the campaign's game (morale, hit dice,
  armour class, size, senses...);
- **where**: the location's terrain, as the campaign's game names it, and the place
  (a dungeon, the wilderness) when the turn clock says;
- **how they meet the party**: a row marked violent (or a Voidcrawl Night Encounter)
  means harm, and the encounter says so in its game's words (:func:`violent_words`); a
  row asking for a reaction roll offers it.

**Violent encounters and the reaction roll.** The reaction roll (Cairn 2e's table in
Liminal Horror and The End of the World, OSE's own) is for a creature whose attitude
is not plain. Liminal Horror's tables mark a horror as violent: its attitude is plain,
so Omen says so and offers no roll as if it might be friendly; the rules let a reaction
roll follow an encounter, so one stays a tap away ("Roll a reaction anyway"). A row
that is violent *and* asks for a reaction roll is the table's author asking for one:
it is offered as usual, under the violent line.

Each game's encounter procedure starts from a :class:`Meeting` in its own way
(:func:`omen.ose.session.from_meeting`, :func:`omen.gurps.distance.from_meeting`). The
meeting is kept in the store (part ``meeting``), so a reload still shows who the
encounter is with.

>>> from omen.campaign.table_draw import Found
>>> from omen.campaign.tables import Library, Location, read_stats
>>> library = Library(locations=(Location("moor", "The moor", terrain="barren"),))
>>> meeting = meeting_at("2 lizard men", Found(2, read_stats("ML 12")), library, "moor")
>>> meeting.count, meeting.terrain, meeting.stats.morale
(2, 'barren', 12)
>>> Meeting.from_json(meeting.to_json()) == meeting
True
>>> wolves = Meeting("3 wolves", found=Found(3, violent=True))
>>> wolves.violent, wolves.reaction, violent_words("eotw").english()
(True, False, 'A violent encounter: they mean the crew harm.')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from omen.campaign.games import game_of
from omen.campaign.table_draw import Found
from omen.campaign.tables import MAX_TEXT, Fields, Library, Stats
from omen.core.roll import N_, Step
from omen.core.store import Schema

MAX_CREATURE = 4 * MAX_TEXT  # a row's text with its linked rows
PROCEDURES = ("", "ose", "gurps", "reaction")
PLACES = ("", "dungeon", "wilderness")


@dataclass(frozen=True)
class Meeting:
    """An encounter to run: ``creature`` met, the ``procedure`` it opens (``""``
    follows the campaign's game; ``"ose"`` when the OSE turn clock found it), the
    ``place`` (``"dungeon"``, ``"wilderness"`` or ``""`` when nothing says), what the
    table row brought (``found``) and the location's ``terrain`` key."""

    creature: str = ""
    procedure: str = ""
    place: str = ""
    found: Found | None = None
    terrain: str | None = None

    @property
    def count(self) -> int | None:
        """How many came, when the row rolled or gave a number."""
        return None if self.found is None else self.found.count

    @property
    def violent(self) -> bool:
        """Whether the creature means harm: its row was marked violent."""
        return self.found is not None and self.found.violent

    @property
    def reaction(self) -> bool:
        """Whether its row asks for a reaction roll."""
        return self.found is not None and self.found.reaction

    @property
    def stats(self) -> Stats:
        """The row's stats (none given: every stat ``None``)."""
        stats = None if self.found is None else self.found.stats
        return stats if stats is not None else Stats()

    def to_json(self) -> dict[str, Any]:
        """Its stored form: plain JSON values (dicts, lists, text, numbers)."""
        out: dict[str, Any] = {"creature": self.creature}
        if self.procedure:
            out["procedure"] = self.procedure
        if self.place:
            out["place"] = self.place
        if self.found:
            out["found"] = self.found.to_json()
        if self.terrain is not None:
            out["terrain"] = self.terrain
        return out

    @classmethod
    def from_json(cls, data: Any) -> Meeting:
        """Read its stored form back; a :class:`StoredDataError` naming what does not fit."""
        fields = Fields(data, "meeting", ("creature", "procedure", "place", "found", "terrain"))
        found = fields.raw("found")
        return cls(
            fields.optional_text("creature", MAX_CREATURE) or "",
            fields.choice("procedure", PROCEDURES, ""),
            fields.choice("place", PLACES, ""),
            None if found is None else Found.from_json(found, "meeting.found") or None,
            fields.optional_identifier("terrain"),
        )


MEETING: Schema[Meeting] = Schema("meeting", 1, {}, Meeting.from_json)


def meeting_at(
    creature: str,
    found: Found | None,
    library: Library,
    location: str | None,
    procedure: str = "",
    place: str = "",
) -> Meeting:
    """The encounter with ``creature`` met at ``location`` (an id; its terrain goes
    along, if the location still exists and names one)."""
    here = next((p for p in library.locations if p.id == location), None)
    return Meeting(
        creature.strip()[:MAX_CREATURE],
        procedure if procedure in PROCEDURES else "",
        place if place in PLACES else "",
        found or None,
        None if here is None else here.terrain,
    )


NO_REACTION = N_("They mean harm: their attitude is plain, no reaction roll is needed.")
REACTION_ASKED = N_("The table asks for a reaction roll all the same.")


def violent_words(game: str) -> Step:
    """The line that says an encounter is violent, in ``game``'s words (its
    :class:`~omen.campaign.spec.GameSpec` declares them).

    >>> violent_words("ose").english()
    'Marked violent on the table: these monsters mean harm.'
    """
    return Step(game_of(game).violent)


def violent_lines(meeting: Meeting, game: str) -> tuple[Step, ...]:
    """What the Encounter screen says of a violent meeting above every procedure: the
    game's words, and that a reaction roll is asked for all the same when the row asks
    (nothing for a meeting not violent). The reaction panel itself says that no roll is
    needed (:data:`NO_REACTION`) when the row does not ask.

    >>> [s.english() for s in violent_lines(Meeting("Wolves", found=Found(violent=True)), "eotw")]
    ['A violent encounter: they mean the crew harm.']
    >>> violent_lines(Meeting("A stranger", found=Found(reaction=True)), "eotw")
    ()
    """
    if not meeting.violent:
        return ()
    if meeting.reaction:
        return (violent_words(game), Step(REACTION_ASKED))
    return (violent_words(game),)
