r"""Languages: steps rendered through standard :mod:`gettext`, numbers in local form.

Omen speaks English and Czech. Messages are English templates (see
:class:`omen.core.roll.Step`); the Czech catalog is compiled from ``locale/cs/*.po`` at
set-up. Numbers follow the language: ``8.4%`` in English, ``8,4 %`` in Czech.

>>> from fractions import Fraction
>>> english = Translator.english()
>>> english.percent(Fraction(91, 216))
'42.1%'
>>> english.render(Step("rolled {face}", {"face": 6}))
'rolled 6'
>>> Translator(gettext.NullTranslations(), "cs").percent(Fraction(1, 12))
'8,3\xa0%'

Czech writes a die with a ``k`` (*kostka*): a die or dice expression given to a message
as ``{die}`` or ``{dice}`` is shown ``2k6×10`` in Czech, while the engine, the stored
records and what the game master types keep the ``d`` of the rules texts. A message that
quotes what was typed (``[[1d4]]`` in an entry, a die refused) shows it as typed.

>>> czech = Translator(gettext.NullTranslations(), "cs")
>>> czech.render(Step("Rolling {die} on {table}", {"die": "2d6×10", "table": "Road"}))
'Rolling 2k6×10 on Road'
>>> czech.render(Step("[[{dice}]] rolls {value}", {"dice": "1d4", "value": 3}))
'[[1d4]] rolls 3'
>>> czech.dice("d%"), czech.dice("4d-1"), czech.dice("dragon")
('k%', '4k-1', 'dragon')
"""

from __future__ import annotations

import gettext
import re
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from omen.core.roll import Step, fill, joined

DOMAIN = "omen"
LANGUAGES = ("en", "cs")
NBSP = "\u00a0"
# Arguments that hold a die or a dice expression (``d6``, ``2d6×10``, GURPS's ``4d-1``).
DICE_ARGS = frozenset({"die", "dice"})
# Messages that quote a die as the game master typed it: shown as typed.
TYPED_DICE = frozenset(
    {
        "[[{dice}]] rolls {value}",
        "{where}: [[{dice}]] is not a dice expression: {problem}",
        "is not a die a table can use ({die})",
        "The die '{die}' cannot be used: {problem}",
    }
)
_NOTATION = re.compile(r"[0-9dD%×xX*+\-() ]+")
_DIE_LETTER = re.compile(r"(?<![A-Za-z])([0-9]*)[dD](?=[0-9%]|[^A-Za-z]|$)")


def pick_language(preferred: list[str]) -> str:
    """The first supported language among the browser's preferences (default English).

    >>> pick_language(["cs-CZ", "en-US"])
    'cs'
    """
    for tag in preferred:
        base = tag.split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return "en"


class Translator:
    """Renders steps and numbers in one language."""

    def __init__(self, catalog: gettext.NullTranslations, language: str) -> None:
        self.catalog = catalog
        self.language = language

    @classmethod
    def english(cls) -> Translator:
        """A translator that leaves every message in English."""
        return cls(gettext.NullTranslations(), "en")

    @classmethod
    def load(cls, language: str, localedir: str | Path) -> Translator:
        """Load a compiled catalog; English needs none.

        A missing catalog for a language other than English is an error: a screen half
        in one language is worse than a loud failure at start-up.
        """
        if language == "en":
            return cls.english()
        catalog = gettext.translation(DOMAIN, str(localedir), [language])
        return cls(catalog, language)

    @property
    def untranslated(self) -> bool:
        """True when every message comes out as written (English).

        >>> Translator.english().untranslated
        True
        """
        return type(self.catalog) is gettext.NullTranslations

    def gettext(self, message: str) -> str:
        """The message in this language (English when the catalog has none)."""
        return self.catalog.gettext(message)

    def render(self, step: Step) -> str:
        """The step in this language, nested steps included (plain ``{name}`` fields
        only: see :func:`omen.core.roll.fill`)."""
        if step.plural is not None:
            count = step.args.get("count", 1)
            template = self.catalog.ngettext(
                step.key, step.plural, count if isinstance(count, int) else 1
            )
        else:
            template = self.catalog.gettext(step.key)
        values = {
            name: self.render(value) if isinstance(value, Step) else self._value(value)
            for name, value in step.args.items()
        }
        if self.language == "cs" and step.key not in TYPED_DICE:
            for name in DICE_ARGS & values.keys():
                value = values[name]
                if isinstance(value, str):
                    values[name] = self.dice(value)
        return fill(template, joined(step.key, values))

    def _value(self, value: int | str) -> str | int:
        """A whole number as the language writes it: below zero with a true minus sign
        (−1, not -1), in Czech large ones grouped."""
        if isinstance(value, int) and not isinstance(value, bool):
            if self.language == "cs" and abs(value) >= 10000:
                return self.number(value).replace("-", "−")
            if value < 0:
                return f"−{-value}"
        return value

    def dice(self, text: str) -> str:
        """A die or dice expression as this language writes it (Czech: ``2k6``); any
        other text as it is."""
        if self.language != "cs" or _NOTATION.fullmatch(text) is None:
            return text
        return _DIE_LETTER.sub(r"\1k", text)

    def number(self, value: int | Fraction, decimals: int = 0) -> str:
        """A number with the language's separators (Czech: space groups, comma decimal)."""
        text = _fixed(Fraction(value), decimals)
        if self.language == "cs":
            text = text.replace(",", NBSP).replace(".", ",")
        return text

    def percent(self, chance: Fraction, decimals: int = 1) -> str:
        """A chance between 0 and 1 as a percentage with one decimal."""
        text = self.number(chance * 100, decimals)
        return f"{text}{NBSP}%" if self.language == "cs" else f"{text}%"


@lru_cache(maxsize=1024)  # the same odds are shown again and again
def _fixed(value: Fraction, decimals: int) -> str:
    """``value`` rounded half away from zero, with ``,`` groups and ``.`` decimals (exact)."""
    scale = 10**decimals
    scaled = abs(value) * scale
    whole = int(scaled)
    if scaled - whole >= Fraction(1, 2):
        whole += 1
    units, fraction = divmod(whole, scale)
    text = f"{units:,}"
    if decimals:
        text += "." + str(fraction).rjust(decimals, "0")
    return ("-" if value < 0 and whole else "") + text
