"""The example campaigns of the other three games, in English and in Czech.

**What they are.** A first start asks which game the table plays and offers that game's
example (see :mod:`omen.campaign.example` for Liminal Horror's). Each is small and written for
Omen in our own words: two locations, each with an encounter table that shows what
Omen does with it (dice inside an entry, a reaction roll, a violent entry).

- **Old-School Essentials**, *The Sunken Abbey*: a dungeon (the abbey's cellars) and a
  wilderness road across the fens, each with its wandering monsters.
- **GURPS / Dungeon Fantasy**, *The Border Forest*: a logging road and a ruined
  watchtower.
- **The End of the World**, *After the Flood*: a flooded supermarket to scavenge, and
  the school the survivors camp in.

Ids, dice and flags are the same in both languages, as in :mod:`omen.campaign.example`; the
Voidcrawl is the standard one (no prepared tables) and there are no investigators, since
only Liminal Horror's Voidcrawl picks one.

>>> example_for("ose", 0).library.table("ose-ex-cellars").name
'Example: Wandering monsters in the cellars'
>>> example_for("eotw", 1).title
'PŘÍKLAD: Po potopě'
"""

from __future__ import annotations

from omen.campaign.example import Example, Text, _Row, _row, _table
from omen.campaign.tables import Library, Location, Place
from omen.campaign.voidcrawl import default_voidcrawl

# game: (title, ((location id, location name, place, table id, table name, die, rows), ...))
Spot = tuple[str, Text, Place, str, Text, str, tuple[_Row, ...]]
GAMES: dict[str, tuple[Text, tuple[Spot, ...]]] = {
    "ose": (
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
                        "Z odtokové stoky se s pištěním protlačí obří krysy ([[2d4]]).",
                        violent=True,
                    ),
                    _row(
                        "2",
                        "[[1d6]] skeletons in rotten habits, still keeping the night office.",
                        "Kostlivci ([[1d6]]) ve ztrouchnivělých hábitech dál drží noční modlitby.",
                        violent=True,
                    ),
                    _row(
                        "3",
                        "A green slime hangs from the vault, waiting for a warm head.",
                        "Z klenby visí zelený sliz a čeká na teplou hlavu.",
                        violent=True,
                    ),
                    _row(
                        "4",
                        "[[1d4]] goblins dragging a silver candlestick; they would rather "
                        "haggle than bleed.",
                        "Skřeti ([[1d4]]) táhnou stříbrný svícen; raději budou smlouvat, než "
                        "krvácet.",
                        reaction=True,
                    ),
                    _row(
                        "5",
                        "A lone ghoul gnawing at a coffin lid.",
                        "Osamělý ghúl ohlodává víko rakve.",
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
                        "Lupiči ([[1d6+2]]) převlečení za poutníky prosí o almužnu.",
                        reaction=True,
                    ),
                    _row(
                        "2",
                        "A giant toad, buried in the reeds up to its eyes.",
                        "Obří ropucha zahrabaná v rákosí až po oči.",
                        violent=True,
                    ),
                    _row(
                        "3",
                        "[[2d6]] wild dogs following the smell of the cart.",
                        "Divocí psi ([[2d6]]) jdou po pachu vozu.",
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
                        "Ještěří muži ([[1d4]]) rybaří z potopené lodi.",
                        reaction=True,
                    ),
                    _row(
                        "6",
                        "A pale light bobbing off the causeway, luring travellers into the bog.",
                        "Bledé světlo poskakuje kus od hráze a láká pocestné do bažiny.",
                        violent=True,
                    ),
                ),
            ),
        ),
    ),
    "gurps": (
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
                        "Vlci ([[1d6]]), vyhublí po zimě.",
                        violent=True,
                    ),
                    _row(
                        "2",
                        "A peddler with a mule and far too many questions.",
                        "Podomní obchodník s mulou a až příliš mnoha otázkami.",
                        reaction=True,
                    ),
                    _row(
                        "3",
                        "[[1d4+1]] orc scouts, painting arrows on the trees.",
                        "Orkští zvědové ([[1d4+1]]) kreslí na stromy šipky.",
                        reaction=True,
                    ),
                    _row(
                        "4",
                        "A snare across the path, and its hunter watching from the ferns.",
                        "Přes cestu natažené oko a lovec, který to sleduje z kapradí.",
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
                        violent=True,
                    ),
                ),
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
                        violent=True,
                    ),
                ),
            ),
        ),
    ),
    "eotw": (
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
                        "Plechovky s jídlem ([[2d6]]), většina bez etiket.",
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
    ),
}


def example_for(game: str, pick: int) -> Example:
    """The example of ``game`` (one of :data:`GAMES`) in language number ``pick``."""
    title, spots = GAMES[game]
    tables = tuple(
        _table(table_id, name[pick], die, rows, pick)
        for _id, _name, _place, table_id, name, die, rows in spots
    )
    locations = tuple(
        Location(location_id, name[pick], (table_id,), table_id, place)
        for location_id, name, place, table_id, _table_name, _die, _rows in spots
    )
    return Example(title[pick], Library(tables, locations), default_voidcrawl(), ())
