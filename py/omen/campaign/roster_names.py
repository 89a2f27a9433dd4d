"""What the creatures on an encounter's roster are called, in every game.

When an encounter opens from a table row, its roster lists each creature that came
under the row's name and a number ("Goblin 1", "Goblin 2" ...): the row's words before
any bracket or punctuation, when they are a short name; a row that tells a whole scene
gives the game's word for a creature instead. The game master renames any of them.

>>> [f"{creature_name('3 goblins')} {number}" for number in (1, 2)]
['Goblin 1', 'Goblin 2']
"""

from __future__ import annotations

import re

MAX_NAME = 40  # characters of a creature's name on a roster

_LEADING_COUNT = re.compile(r"^\s*(?:[0-9]+(?:d[0-9]+)?(?:\s*[+-]\s*[0-9]+)?)\s+")
_PHRASE_END = re.compile(r"\s*[(\[,;:.!?]|\s+[-–—]\s+")
NAME_WORDS = 2  # a row whose creature is named in this many words or fewer


def creature_name(text: str, fallback: str = "Monster") -> str:
    """The name one creature of a row goes by: the row's words before any bracket or
    punctuation, without the number in front, when they are a short name (a plural
    ``-s`` dropped from a single English word: ``3 goblins`` is ``Goblin``, ``wolves``
    is ``Wolf``); a row that
    tells a whole scene gives ``fallback``.

    >>> creature_name("2 goblins"), creature_name("Lizard men (3): fishing"), creature_name("")
    ('Goblin', 'Lizard men', 'Monster')
    >>> creature_name("2d4 wolves"), creature_name("Dwarves"), creature_name("Bandits")
    ('Wolf', 'Dwarf', 'Bandit')
    >>> creature_name("3 goblins dragging a silver candlestick", "Nestvůra")
    'Nestvůra'
    """
    name = _LEADING_COUNT.sub("", text.strip())
    name = _PHRASE_END.split(name, maxsplit=1)[0].strip()
    words = name.split()
    if not words or len(words) > NAME_WORDS:
        return fallback.strip()[: MAX_NAME - 4] or "Monster"
    if len(words) == 1 and name.endswith(("lves", "rves")):
        name = name[:-3] + "f"  # wolves, elves, dwarves
    elif len(words) == 1 and name.endswith("s") and not name.endswith("ss"):
        name = name[:-1]
    name = name[0].upper() + name[1:]
    return name[: MAX_NAME - 4].strip()
