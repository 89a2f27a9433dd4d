"""GURPS / Dungeon Fantasy's example campaign, in English and in Czech.

*The Border Forest*: a logging road and a ruined
watchtower.

Written for Omen in our own words: two locations, each with an encounter table that
shows what Omen does with it (dice inside an entry, a reaction roll, a violent entry).
Ids, dice and flags are the same in both languages; the campaign machinery that makes
tables and locations of it is :func:`omen.campaign.example.example_campaign`, which
this package's :class:`~omen.campaign.spec.GameSpec` points here.

>>> EXAMPLE[0][0]
'EXAMPLE: The Border Forest'
"""

from __future__ import annotations

from omen.campaign.example import GameExample, _row
from omen.campaign.tables import Place

EXAMPLE: GameExample = (
    ("EXAMPLE: The Border Forest", "PŘÍKLAD: Pohraniční hvozd"),
    (
        (
            "gurps-ex-logging-road",
            ("Example: The old logging road", "Příklad: Stará lesní cesta"),
            Place.ORDINARY,
            "gurps-ex-road",
            (
                "Example: Encounters on the logging road",
                "Příklad: Setkání na lesní cestě",
            ),
            "d6",
            (
                _row(
                    "1",
                    "[[1d6]] wolves, thin after the winter.",
                    "Vlci ([[1k6]]), vyhublí po zimě.",
                    stats="SM 0, Vision 12, Stealth 13",
                    violent=True,
                ),
                _row(
                    "2",
                    "A peddler with a mule and far too many questions.",
                    "Podomní obchodník s mulou a až příliš mnoha otázkami.",
                    stats="SM 0, Vision 10, Stealth 9, Group 2",
                    reaction=True,
                ),
                _row(
                    "3",
                    "[[1d4+1]] orc scouts, painting arrows on the trees.",
                    "Orkští zvědové ([[1k4+1]]) kreslí na stromy šipky.",
                    stats="SM 0, Vision 11, Stealth 12, HP 11",
                    reaction=True,
                ),
                _row(
                    "4",
                    "A snare across the path, and its hunter watching from the ferns.",
                    "Přes cestu natažené oko a lovec, který to sleduje z kapradí.",
                    stats="SM 0, Vision 12, Stealth 14, Group 1",
                    reaction=True,
                ),
                _row(
                    "5",
                    "A wounded knight who wants an escort to the ford.",
                    "Raněný rytíř, který chce doprovod k brodu.",
                    reaction=True,
                ),
                _row(
                    "6",
                    "A troll asleep under the half-built bridge.",
                    "Pod rozestavěným mostem spí troll.",
                    stats="SM 1, Vision 10, Stealth 10, Group 1, HP 25",
                    violent=True,
                ),
            ),
            "forest_deciduous",
        ),
        (
            "gurps-ex-watchtower",
            ("Example: The ruined watchtower", "Příklad: Zřícená strážní věž"),
            Place.DANGEROUS,
            "gurps-ex-tower",
            (
                "Example: Encounters at the watchtower",
                "Příklad: Setkání u strážní věže",
            ),
            "d6",
            (
                _row(
                    "1",
                    "Giant spiders have spun the stairwell shut.",
                    "Obří pavouci zapředli schodiště.",
                    stats="SM 1, Vision 10, Stealth 14, Group 3, HP 12",
                    violent=True,
                ),
                _row(
                    "2",
                    "A goblin hermit who keeps the signal fire lit, out of habit.",
                    "Skřetí poustevník, který ze zvyku udržuje signální oheň.",
                    reaction=True,
                ),
                _row(
                    "3",
                    "Hundreds of bats burst out of the arrow slits at once.",
                    "Ze střílen najednou vyletí stovky netopýrů.",
                ),
                _row(
                    "4",
                    "Two deserters hiding from their captain.",
                    "Dva zběhové, kteří se schovávají před svým kapitánem.",
                    stats="SM 0, Vision 10, Stealth 11, Group 2, HP 10",
                    reaction=True,
                ),
                _row(
                    "5",
                    "The ghost of the last watchman, still asking for the password.",
                    "Duch posledního strážného, který se pořád ptá na heslo.",
                    reaction=True,
                ),
                _row(
                    "6",
                    "An ogre who is sure the tower is his.",
                    "Zlobr, který si je jistý, že věž patří jemu.",
                    stats="SM 1, Vision 10, Stealth 9, Group 1, HP 20",
                    violent=True,
                ),
            ),
            "hills_forested",
        ),
    ),
    (
        (
            "gurps-ex-logging-road",
            "gurps-ex-road-signs",
            ("Example: Signs on the logging road", "Příklad: Znamení na lesní cestě"),
            "d6",
            (
                _row(
                    "1",
                    "A felled tree lies across the road, cut from the far side.",
                    "Přes cestu leží pokácený strom, podťatý z druhé strany.",
                ),
                _row(
                    "2",
                    "Crows gather over something in the ditch.",
                    "Nad něčím v příkopu se slétají vrány.",
                ),
                _row(
                    "3",
                    "The prints of heavy boots, far too big for a man.",
                    "Otisky těžkých bot, na člověka příliš velké.",
                ),
                _row(
                    "4",
                    "A cold campfire, the ashes still warm underneath.",
                    "Vyhaslé ohniště, popel pod povrchem ještě teplý.",
                ),
                _row(
                    "5",
                    "Somebody has carved a warning rune into a birch.",
                    "Někdo vyřezal do břízy varovnou runu.",
                ),
                _row(
                    "6",
                    "Smoke rises from the watchtower, where nobody should be.",
                    "Z hlídkové věže stoupá kouř, a tam by nikdo být neměl.",
                ),
            ),
        ),
    ),
)
