"""Old-School Essentials' example campaign, in English and in Czech.

*The Sunken Abbey*: a dungeon (the abbey's cellars) and a
wilderness road across the fens, each with its wandering monsters.

Written for Omen in our own words: two locations, each with an encounter table that
shows what Omen does with it (dice inside an entry, a reaction roll, a violent entry).
Ids, dice and flags are the same in both languages; the campaign machinery that makes
tables and locations of it is :func:`omen.campaign.example.example_campaign`, which
this package's :class:`~omen.campaign.spec.GameSpec` points here.

>>> from omen.campaign.example import example_campaign
>>> example_campaign("en", "ose").library.table("ose-ex-cellars").name
'Example: Wandering monsters in the cellars'
"""

from __future__ import annotations

from omen.campaign.example import GameExample, _row
from omen.campaign.tables import Place

EXAMPLE: GameExample = (
    ("EXAMPLE: The Sunken Abbey", "PŘÍKLAD: Potopené opatství"),
    (
        (
            "ose-ex-abbey-cellars",
            ("Example: The abbey cellars", "Příklad: Sklepení opatství"),
            Place.DANGEROUS,
            "ose-ex-cellars",
            (
                "Example: Wandering monsters in the cellars",
                "Příklad: Potulné nestvůry ve sklepení",
            ),
            "d6",
            (
                _row(
                    "1",
                    "[[2d4]] giant rats squeeze out of a drain, squealing.",
                    "Z odtokové stoky se s pištěním protlačí obří krysy ([[2k4]]).",
                    stats="HD 1/2, AC 7, ML 8",
                    violent=True,
                ),
                _row(
                    "2",
                    "[[1d6]] skeletons in rotten habits, still keeping the night office.",
                    "Kostlivci ([[1k6]]) ve ztrouchnivělých hábitech dál drží noční modlitby.",
                    stats="HD 1, AC 7, ML 12",
                    violent=True,
                ),
                _row(
                    "3",
                    "A green slime hangs from the vault, waiting for a warm head.",
                    "Z klenby visí zelený sliz a čeká na teplou hlavu.",
                    stats="NA 1, HD 2, AC 9, ML 12",
                    violent=True,
                ),
                _row(
                    "4",
                    "[[1d4]] goblins dragging a silver candlestick; they would rather "
                    "haggle than bleed.",
                    "Skřeti ([[1k4]]) táhnou stříbrný svícen; raději budou smlouvat, než krvácet.",
                    stats="HD 1-1, AC 6, ML 7, TT R",
                    reaction=True,
                ),
                _row(
                    "5",
                    "A lone ghoul gnawing at a coffin lid.",
                    "Osamělý ghúl ohlodává víko rakve.",
                    stats="NA 1, HD 2, AC 6, ML 9, TT B",
                    reaction=True,
                ),
                _row(
                    "6",
                    "A hermit monk who knows the way down to the drowned crypt, for a price.",
                    "Mnich poustevník, který zná cestu do zatopené krypty, ale ne zadarmo.",
                    reaction=True,
                ),
            ),
        ),
        (
            "ose-ex-fen-road",
            ("Example: The fen road", "Příklad: Cesta přes slatiny"),
            Place.ORDINARY,
            "ose-ex-fens",
            (
                "Example: Wandering monsters on the fen road",
                "Příklad: Potulné nestvůry na cestě přes slatiny",
            ),
            "d6",
            (
                _row(
                    "1",
                    "[[1d6+2]] bandits dressed as pilgrims, asking for alms.",
                    "Lupiči ([[1k6+2]]) převlečení za poutníky prosí o almužnu.",
                    stats="HD 1, AC 6, ML 8, TT U",
                    reaction=True,
                ),
                _row(
                    "2",
                    "A giant toad, buried in the reeds up to its eyes.",
                    "Obří ropucha zahrabaná v rákosí až po oči.",
                    stats="NA 1, HD 2+2, AC 7, ML 6",
                    violent=True,
                ),
                _row(
                    "3",
                    "[[2d6]] wild dogs following the smell of the cart.",
                    "Divocí psi ([[2k6]]) jdou po pachu vozu.",
                    stats="HD 1+1, AC 7, ML 7",
                    reaction=True,
                ),
                _row(
                    "4",
                    "A merchant whose wagon is stuck to the axles in mud.",
                    "Kupec, kterému vůz zapadl v bahně až po nápravy.",
                    reaction=True,
                ),
                _row(
                    "5",
                    "[[1d4]] lizard men fishing from a sunken boat.",
                    "Ještěří muži ([[1k4]]) rybaří z potopené lodi.",
                    stats="HD 2+1, AC 5, ML 12, TT D",
                    reaction=True,
                ),
                _row(
                    "6",
                    "A pale light bobbing off the causeway, luring travellers into the bog.",
                    "Bledé světlo poskakuje kus od hráze a láká pocestné do bažiny.",
                    stats="NA 1, HD 9, AC -2, ML 12",
                    violent=True,
                ),
            ),
            "swamp",
        ),
    ),
    (
        (
            "ose-ex-fen-road",
            "ose-ex-fen-signs",
            ("Example: Signs on the fen road", "Příklad: Znamení na cestě přes slatiny"),
            "d6",
            (
                _row(
                    "1",
                    "Fresh cart ruts leave the causeway and end in black water.",
                    "Čerstvé koleje vozu sjíždějí z hráze a končí v černé vodě.",
                ),
                _row(
                    "2",
                    "A pilgrim's staff stands upright in the mud, a bell tied to it.",
                    "V bahně stojí zapíchnutá poutnická hůl a na ní přivázaný zvoneček.",
                ),
                _row(
                    "3",
                    "Every frog in the reeds falls silent at once.",
                    "Všechny žáby v rákosí naráz zmlknou.",
                ),
                _row(
                    "4",
                    "Webbed footprints, wet still, cross the road towards the abbey.",
                    "Stopy s plovacími blánami, ještě mokré, přecházejí cestu směrem k opatství.",
                ),
                _row(
                    "5",
                    "A lantern left burning on a stump, with nobody near it.",
                    "Na pařezu hoří nechaná lucerna a nikde nikdo.",
                ),
                _row(
                    "6",
                    "The abbey's bell tolls once from under the water.",
                    "Zpod vody jednou udeří zvon opatství.",
                ),
            ),
        ),
    ),
)
