"""What the creatures on an encounter's roster are called, in every game.

When an encounter opens from a table row, its roster keeps the row's name once, as the
group's name (the row's words before any bracket or punctuation, when they are a short
name: "Goblins", "Orkští zvědové"), and calls each creature by its number in the group:
"Goblins no. 2" in the log, "No. 2" under the group's heading on the roster. A row that
tells a whole scene gives no group name: its creatures are "Creature no. 1" and so on.
The game master may give any creature a name of its own, which it then goes by.

*Why a number and not the row's name made singular.* A table row names its creatures
the way its language counts them, mostly in the plural ("3 goblins", "Orkští zvědové
(1k4+1)"). English makes a singular by dropping an ``-s`` most of the time; Czech
cannot be made singular without a dictionary ("zvědové" → "zvěd", "vlci" → "vlk",
"skřeti" → "skřet"), and "Orkští zvědové 1" is no Czech name for one scout. The group's
name as the row writes it stays right in every language, and so does a number after it
("Orkští zvědové, č. 2"): the number belongs to the translated message around it, not to
the game master's words. The name a creature is given is the game master's own, taken
as typed and never declined.

>>> group_name("3 goblins"), group_name("Orkští zvědové (4) kreslí na stromy šipky.")
('Goblins', 'Orkští zvědové')
>>> label("Goblins", "", 2).english(), label("", "", 1).english(), label("Goblins", "Grub", 3)
('Goblins no. 2', 'Creature no. 1', 'Grub')
"""

from __future__ import annotations

import re

from omen.core.roll import N_, ArgValue, Step

MAX_NAME = 40  # characters of a creature's name on a roster, and of its group's name

_LEADING_COUNT = re.compile(r"^\s*(?:[0-9]+(?:d[0-9]+)?(?:\s*[+-]\s*[0-9]+)?)\s+")
_PHRASE_END = re.compile(r"\s*[(\[,;:.!?]|\s+[-–—]\s+")
NAME_WORDS = 2  # a row whose creatures are named in this many words or fewer


def group_name(text: str) -> str:
    """The name a row's creatures go by together: the row's words before any bracket or
    punctuation, without the number in front, when they are a short name (as the row
    writes them, the first letter made capital); ``""`` for a row that tells a whole
    scene.

    >>> group_name("2d4 wolves"), group_name("Lizard men (3): fishing"), group_name("")
    ('Wolves', 'Lizard men', '')
    >>> group_name("3 goblins dragging a silver candlestick")
    ''
    """
    name = _LEADING_COUNT.sub("", text.strip())
    name = _PHRASE_END.split(name, maxsplit=1)[0].strip()
    words = name.split()
    if not words or len(words) > NAME_WORDS:
        return ""
    name = " ".join(words)
    return (name[0].upper() + name[1:])[:MAX_NAME].strip()


def label(group: str, name: str, number: int) -> ArgValue:
    """What a creature is called in a sentence: its own ``name`` when it has one, else
    its ``number`` in the group (a message, so each language places the number)."""
    if name:
        return name
    if group:
        return Step(N_("{group} no. {number}"), {"group": group, "number": number})
    return Step(N_("Creature no. {number}"), {"number": number})


def listed(group: str, creatures: list[tuple[str, int]]) -> ArgValue:
    """Several creatures named in one line, each given as its (own name, number): the
    unnamed ones by their numbers after the group's name once, then the named ones.

    >>> listed("Wolves", [("", 1), ("Alpha", 2), ("", 3)]).english()
    'Wolves nos. 1, 3, Alpha'
    >>> listed("", [("", 2)]).english(), listed("Wolves", [("Alpha", 2), ("Beta", 3)])
    ('Creature no. 2', 'Alpha, Beta')
    """
    numbers = [number for name, number in creatures if not name]
    names = ", ".join(name for name, _number in creatures if name)
    if not numbers:
        return names
    if len(numbers) == 1:
        numbered = label(group, "", numbers[0])
    else:
        written = ", ".join(str(number) for number in numbers)
        if group:
            numbered = Step(N_("{group} nos. {numbers}"), {"group": group, "numbers": written})
        else:
            numbered = Step(N_("Creatures nos. {numbers}"), {"numbers": written})
    if not names:
        return numbered
    return Step(N_("{first}, {next}"), {"first": numbered, "next": names})


def number_label(number: int) -> Step:
    """A creature's number as its roster item shows it under the group's heading."""
    return Step(N_("No. {number}"), {"number": number})
