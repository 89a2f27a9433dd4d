"""The End of the World's example campaign, in English and in Czech.

*After the Flood*: a flooded supermarket to scavenge, and
the school the survivors camp in.

Written for Omen in our own words: two locations, each with an encounter table that
shows what Omen does with it (dice inside an entry, a reaction roll, a violent entry).
Ids, dice and flags are the same in both languages; the campaign machinery that makes
tables and locations of it is :func:`omen.campaign.example.example_campaign`, which
this package's :class:`~omen.campaign.spec.GameSpec` points here.

>>> from omen.campaign.example import example_campaign
>>> example_campaign("cs", "eotw").title
'PŘÍKLAD: Po potopě'
"""

from __future__ import annotations

from omen.campaign.example import GameExample, _row
from omen.campaign.tables import Place

EXAMPLE: GameExample = (
    ("EXAMPLE: After the Flood", "PŘÍKLAD: Po potopě"),
    (
        (
            "eotw-ex-supermarket",
            ("Example: The flooded supermarket", "Příklad: Zatopený supermarket"),
            Place.DANGEROUS,
            "eotw-ex-aisles",
            ("Example: In the aisles", "Příklad: Mezi regály"),
            "d6",
            (
                _row(
                    "1",
                    "Scavengers pushing a trolley full of batteries.",
                    "Sběrači tlačí vozík plný baterií.",
                    stats="DEX 2, VIT 2, LOG 1, WIL 1, CHA 2, EMP 1",
                    reaction=True,
                ),
                _row(
                    "2",
                    "The floor gives way over the cold store.",
                    "Podlaha nad chladírnou se propadne.",
                ),
                _row(
                    "3",
                    "A dog guarding its dead owner, growling.",
                    "Pes vrčí a hlídá svého mrtvého pána.",
                    reaction=True,
                ),
                _row(
                    "4",
                    "[[2d6]] tins of food, most of them without labels.",
                    "Plechovky s jídlem ([[2k6]]), většina bez etiket.",
                ),
                _row(
                    "5",
                    "A radio under the counter, a voice asking for help on loop.",
                    "Pod pultem rádio a v něm dokola hlas, který prosí o pomoc.",
                ),
                _row(
                    "6",
                    "Looters who shoot before they talk.",
                    "Rabující, kteří nejdřív střílejí a teprve pak mluví.",
                    stats="DEX 3, VIT 2, LOG 1, WIL 2, CHA 1, EMP 0",
                    violent=True,
                ),
            ),
        ),
        (
            "eotw-ex-school",
            ("Example: The school on the hill", "Příklad: Škola na kopci"),
            Place.MUNDANE,
            "eotw-ex-camp",
            ("Example: Life in the camp", "Příklad: Život v táboře"),
            "d6",
            (
                _row(
                    "1",
                    "A quarrel over the water ration turns loud.",
                    "Hádka o příděl vody začíná být hlasitá.",
                    reaction=True,
                ),
                _row(
                    "2",
                    "A child has a fever, and the medicine is nearly gone.",
                    "Dítě má horečku a léky skoro došly.",
                ),
                _row(
                    "3",
                    "Someone has been taking food from the store room at night.",
                    "Někdo v noci bere jídlo ze skladu.",
                ),
                _row(
                    "4",
                    "A stranger at the gate asks to join.",
                    "U brány stojí cizinec a prosí, jestli se smí přidat.",
                    reaction=True,
                ),
                _row(
                    "5",
                    "Rain fills the tanks: a quiet night for once.",
                    "Déšť naplní nádrže: konečně jedna klidná noc.",
                ),
                _row(
                    "6",
                    "Fire in the gym where everyone sleeps.",
                    "Požár v tělocvičně, kde všichni spí.",
                    violent=True,
                ),
            ),
        ),
    ),
    (
        (
            "eotw-ex-supermarket",
            "eotw-ex-aisle-signs",
            ("Example: Signs in the aisles", "Příklad: Znamení v uličkách"),
            "d6",
            (
                _row(
                    "1",
                    "A shopping trolley rolls slowly across the aisle by itself.",
                    "Nákupní vozík sám pomalu přejede přes uličku.",
                ),
                _row(
                    "2",
                    "Fresh blood on a price tag, smeared by a hand.",
                    "Čerstvá krev na cenovce, rozmazaná rukou.",
                ),
                _row(
                    "3",
                    "The freezers hum, though the power went out days ago.",
                    "Mrazáky bzučí, i když proud vypadl už před několika dny.",
                ),
                _row(
                    "4",
                    "A child's drawing of the store, with one exit crossed out.",
                    "Dětský obrázek obchodu s jedním přeškrtnutým východem.",
                ),
                _row(
                    "5",
                    "Tins stacked into a neat wall across the back door.",
                    "Plechovky naskládané do úhledné zdi přes zadní dveře.",
                ),
                _row(
                    "6",
                    "The loudspeaker crackles and whispers a name from the crew.",
                    "Reproduktor zapraská a zašeptá jméno někoho z party.",
                ),
            ),
        ),
    ),
)
