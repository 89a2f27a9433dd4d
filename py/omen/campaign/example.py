"""The example campaign: "The Bell at Greyhollow", in English and in Czech.

**What it is.** On a first start, with nothing saved, the Tables screen loads a small
campaign written for Omen (our own words, user data like any other), so a new game
master sees how tables, locations and the Voidcrawl fit together: a river town where a
drowned church bell has started ringing again. It holds one table for each of the
Voidcrawl's results on a d8 (Day Encounter, Clue, Omen, Setback, Horror, Night
Encounter, Locality, Theme), the scenario's Fallout table for the Omen, two locations
(a mundane street and a dangerous ferry landing at dark descent level 2) with their
encounter tables, one entry that rolls on to another table, and three investigators.

**Two languages, one shape.** Every text is written in English and in Czech (with the
Czech names of the rules' terms, the same as Omen's screens use, and „…“ quotes); the
example is loaded in the app's language. Ids, dice, faces, flags and links are the same
in both, so the example behaves the same whichever language it was loaded in.

>>> english, czech = example_campaign("en"), example_campaign("cs")
>>> english.library.table("ex-clue").name, czech.library.table("ex-clue").name
('Example: Clues', 'Příklad: Stopy')
>>> [t.id for t in english.library.tables] == [t.id for t in czech.library.tables]
True
>>> example_campaign("de").title  # a language without its own text gets English
'EXAMPLE: The Bell at Greyhollow'

**One per game.** A first start asks which game the table plays and loads that game's
example (:func:`example_campaign` with ``game``; the other three are written in
each game's own package, named by its spec).

>>> example_campaign("en", "gurps").title
'EXAMPLE: The Border Forest'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from omen.campaign.games import GAMES
from omen.campaign.spec import named
from omen.campaign.tables import Entry, Library, Location, Place, Table, read_stats
from omen.campaign.voidcrawl import (
    DEFAULT_LEVEL,
    STANDARD,
    Face,
    Kind,
    Voidcrawl,
    default_voidcrawl,
)

LANGUAGES = ("en", "cs")
Text = tuple[str, str]  # (English, Czech)


@dataclass(frozen=True)
class Example:
    """A ready-made example: its title, tables and locations, Voidcrawl and crew."""

    title: str
    library: Library
    voidcrawl: Voidcrawl
    investigators: tuple[str, ...]


@dataclass(frozen=True)
class _Row:
    faces: str  # as on paper: "2" or "2-3"
    text: Text
    link: str | None = None
    violent: bool = False
    reaction: bool = False
    stats: str = ""  # the creature's stats, as read_stats reads them


def _row(faces: str, en: str, cs: str, **flags: object) -> _Row:
    return _Row(faces, (en, cs), **flags)  # type: ignore[arg-type]


TABLES: tuple[tuple[str, Text, str, tuple[_Row, ...]], ...] = (
    (
        "ex-day",
        ("Example: Day encounters", "Příklad: Denní setkání"),
        "d6",
        (
            _row(
                "1",
                "The postmistress asks if you have seen her husband. He was buried in March.",
                "Poštmistrová se ptá, jestli jste neviděli jejího muže. V březnu ho pohřbili.",
            ),
            _row(
                "2",
                "A boy sells jars of river water 'for the bell', a dollar a jar.",
                "Chlapec prodává sklenice říční vody „pro zvon“, dolar za sklenici.",
            ),
            _row(
                "3",
                "Three fishermen stop talking the moment you come near.",
                "Tři rybáři zmlknou, jakmile se k nim přiblížíte.",
            ),
            _row(
                "4",
                "The pastor is repainting the church door. It was repainted last week.",
                "Farář znovu natírá kostelní dveře. Natíral je už minulý týden.",
            ),
            _row(
                "5",
                "A stray dog follows you, soaking wet, though it has not rained.",
                "Jde za vámi toulavý pes, promočený na kost, ačkoli nepršelo.",
            ),
            _row(
                "6",
                "An old woman hands you a photograph of yourself, taken from behind.",
                "Stará žena vám podá vaši fotografii, pořízenou zezadu.",
            ),
        ),
    ),
    (
        "ex-clue",
        ("Example: Clues", "Příklad: Stopy"),
        "d6",
        (
            _row(
                "1",
                "A tide line of silt runs along the walls, a metre above any flood.",
                "Po zdech se táhne čára bahna, metr nad hladinou jakékoli povodně.",
            ),
            _row(
                "2",
                "The parish register has a page torn out: the year the old bell sank.",
                "Z farní matriky je vytržená stránka: rok, kdy se starý zvon potopil.",
            ),
            _row(
                "3",
                "Every clock in the diner stopped at 3:13.",
                "Všechny hodiny v bistru se zastavily ve 3:13.",
            ),
            _row(
                "4",
                "Scratched under a pew: THE BELL REMEMBERS WHO RANG IT.",
                "Pod lavicí je vyryto: ZVON SI PAMATUJE, KDO NA NĚJ ZVONIL.",
            ),
            _row(
                "5",
                "A bell-founder's invoice, signed by a man who drowned in 1911.",
                "Faktura od zvonaře, podepsaná mužem, který se utopil v roce 1911.",
            ),
            _row(
                "6",
                "The river runs upstream for the space of a breath, then corrects itself.",
                "Řeka na jeden nádech teče proti proudu, pak se zase srovná.",
            ),
        ),
    ),
    (
        "ex-omen",
        ("Example: How the omen shows", "Příklad: Jak se projeví znamení"),
        "d4",
        (
            _row(
                "1",
                "The chosen investigator hears a single bell stroke no one else hears.",
                "Vybraný vyšetřovatel uslyší jediný úder zvonu, který nikdo jiný neslyší.",
            ),
            _row(
                "2",
                "Their reflection is a heartbeat late.",
                "Jeho odraz se o úder srdce opožďuje.",
            ),
            _row(
                "3",
                "Their shoes are full of cold river water.",
                "Boty má plné studené říční vody.",
            ),
            _row(
                "4",
                "A stranger calls them by a name that is not theirs, then apologises.",
                "Cizí člověk ho osloví jménem, které není jeho, a pak se omluví.",
            ),
        ),
    ),
    (
        "ex-setback",
        ("Example: Setbacks", "Příklad: Nezdary"),
        "d6",
        (
            _row(
                "1",
                "The bridge is closed for 'inspection'. The detour takes an hour.",
                "Most je zavřený kvůli „kontrole“. Objížďka zabere hodinu.",
            ),
            _row(
                "2",
                "Your car battery is dead, and the cables are green with algae.",
                "Autobaterie je vybitá a kabely jsou zelené od řas.",
            ),
            _row(
                "3",
                "A flashlight dies; its batteries are wet inside.",
                "Baterka zhasne; baterie v ní jsou mokré.",
            ),
            _row(
                "4",
                "The library closes early for a funeral nobody will name.",
                "Knihovna zavírá dřív kvůli pohřbu. Čí je, vám nikdo neřekne.",
            ),
            _row(
                "5",
                "Your notes are smeared, as if someone read them with wet hands.",
                "Vaše poznámky jsou rozmazané, jako by je někdo četl mokrýma rukama.",
            ),
            _row(
                "6",
                "The motel has given your room away; your bags are on the curb.",
                "Motel dal váš pokoj někomu jinému; zavazadla máte na chodníku.",
            ),
        ),
    ),
    (
        "ex-horror",
        ("Example: Horrors", "Příklad: Hrůzy"),
        "d6",
        (
            _row(
                "1",
                "A line of shoes on the riverbank, toes to the water, still warm.",
                "Na břehu stojí řada bot, špičkami k vodě, ještě teplé.",
            ),
            _row(
                "2",
                "In the shop window, everyone's reflection looks towards the river.",
                "Ve výloze se odrazy všech lidí dívají k řece.",
            ),
            _row(
                "3",
                "A drowned cat lies on the church steps, its mouth full of bell-rope.",
                "Na schodech kostela leží utopená kočka s tlamou plnou zvonového provazu.",
            ),
            _row(
                "4",
                "The children's choir rehearses a hymn with one word changed: yours.",
                "Dětský sbor zkouší chorál, v němž je jedno slovo jiné: vaše jméno.",
            ),
            _row(
                "5",
                "Water drips upward from a puddle into the dark.",
                "Z kaluže kape voda vzhůru do tmy.",
            ),
            _row(
                "6",
                "Someone knocks from inside the flooded cellar.",
                "Někdo klepe zevnitř zatopeného sklepa.",
            ),
        ),
    ),
    (
        "ex-night",
        ("Example: Night encounters", "Příklad: Noční setkání"),
        "d6",
        (
            _row(
                "1-2",
                "[[1d4+1]] drowned townsfolk walk out of the river, ringing handbells.",
                "Z řeky vycházejí utopení měšťané, celkem [[1k4+1]], a zvoní na zvonky.",
                violent=True,
            ),
            _row(
                "3",
                "The Bell-Diver climbs the pier, dragging its chain.",
                "Zvonový potápěč šplhá na molo a vleče za sebou řetěz.",
                violent=True,
            ),
            _row(
                "4",
                "Black water pours from every tap in the street and starts to rise.",
                "Ze všech kohoutků v ulici teče černá voda a začíná stoupat.",
            ),
            _row(
                "5",
                "The sexton, eyes white as pearls, swings a lantern at you.",
                "Kostelník s očima bílýma jako perly se po vás ožene lucernou.",
                violent=True,
            ),
            _row(
                "6",
                "The bell rings under your feet, and the ground softens like mud.",
                "Pod nohama vám zazvoní zvon a země změkne jako bahno.",
            ),
        ),
    ),
    (
        "ex-locality",
        ("Example: Locality", "Příklad: Okolí"),
        "d4",
        (
            _row(
                "1",
                "Fog comes up off the river and swallows the streetlights.",
                "Od řeky se zvedá mlha a pohlcuje pouliční lampy.",
            ),
            _row(
                "2",
                "The power fails across town; only the church is lit.",
                "V celém městě vypadne proud; svítí jen kostel.",
            ),
            _row(
                "3",
                "A warm rain begins that smells of rust.",
                "Začne padat teplý déšť, který páchne rzí.",
            ),
            _row(
                "4",
                "The river is closer than it was. It should not be.",
                "Řeka je blíž, než bývala. To by neměla.",
            ),
        ),
    ),
    (
        "ex-theme",
        ("Example: Theme", "Příklad: Vzhled"),
        "d4",
        (
            _row(
                "1",
                "A bell drawn in chalk on a doorstep, cracked down the middle.",
                "Na prahu je křídou nakreslený zvon, prasklý vejpůl.",
            ),
            _row(
                "2",
                "A wind chime of fish bones, chiming with no wind.",
                "Zvonkohra z rybích kostí zvoní, i když nefouká.",
            ),
            _row(
                "3",
                "Your watch ticks, then tolls.",
                "Vaše hodinky tikají, a pak začnou odbíjet.",
            ),
            _row(
                "4",
                "A child's drawing: the town upside down, the river as the sky.",
                "Dětská kresba: město vzhůru nohama a řeka místo nebe.",
            ),
        ),
    ),
    (
        "ex-fallout",
        ("Example: Fallout", "Příklad: Následky"),
        "d6",
        (
            _row(
                "1",
                "Your hands shake whenever you hear a bell.",
                "Kdykoli uslyšíte zvon, třesou se vám ruce.",
            ),
            _row(
                "2",
                "You taste river water in every drink.",
                "V každém nápoji cítíte chuť říční vody.",
            ),
            _row(
                "3",
                "You forget the face of someone you love.",
                "Zapomenete tvář někoho, koho milujete.",
            ),
            _row(
                "4",
                "Your reflection no longer blinks when you do.",
                "Váš odraz už nemrká, když mrknete vy.",
            ),
            _row(
                "5",
                "You wake each night at 3:13, soaked.",
                "Každou noc vás ve 3:13 probudí promáčené prostěradlo.",
            ),
            _row(
                "6",
                "Something in the river now knows your name.",
                "Něco v řece teď zná vaše jméno.",
            ),
        ),
    ),
    (
        "ex-main-street",
        ("Example: Main Street encounters", "Příklad: Setkání na Hlavní ulici"),
        "d6",
        (
            _row(
                "1",
                "The postmistress stops you: her husband sent her a letter. Postmarked today.",
                "Poštmistrová vás zastaví: manžel jí poslal dopis. S dnešním razítkem.",
            ),
            _row(
                "2",
                "[[1d4+1]] townsfolk stand facing the church in silence.",
                "Mlčky tu stojí měšťané, celkem [[1k4+1]], obrácení ke kostelu.",
            ),
            _row(
                "3",
                "A delivery van idles with no driver; its radio plays a hymn backwards.",
                "Dodávka stojí s běžícím motorem a bez řidiče; z rádia hraje pozpátku chorál.",
            ),
            _row(
                "4",
                "Sheriff Dunmore wants to know why you are asking questions.",
                "Šerif Dunmore chce vědět, proč se vyptáváte.",
                reaction=True,
            ),
            _row(
                "5",
                "Wet footprints lead from the river to a locked door, and stop.",
                "Mokré šlépěje vedou od řeky k zamčeným dveřím a tam končí.",
            ),
            _row(
                "6",
                "Something wearing the grocer's face steps out of the shop window.",
                "Z výlohy vystoupí něco, co nosí tvář kupce.",
                violent=True,
            ),
        ),
    ),
    (
        "ex-ferry",
        ("Example: Ferry landing encounters", "Příklad: Setkání u starého přívozu"),
        "d8",
        (
            _row(
                "1-2",
                "[[2d4]] drowned dogs crawl out of the shallows.",
                "Z mělčiny se plazí utopení psi, celkem [[2k4]].",
                violent=True,
            ),
            _row(
                "3",
                "The ferryman's lantern swings on its hook, though the air is still.",
                "Převozníkova lucerna se houpe na háku, ačkoli je bezvětří.",
            ),
            _row(
                "4",
                "A rowboat drifts in, empty but for a wet coat with your name sewn in.",
                "Ke břehu připluje prázdná loďka; leží v ní jen mokrý kabát s vaším "
                "jménem všitým do límce.",
            ),
            _row(
                "5-6",
                "Something moves under the black water.",
                "Pod černou hladinou se něco pohne.",
                link="ex-under-water",
            ),
            _row(
                "7",
                "The Bell-Diver rises beside the pier, hauling its chain.",
                "U mola se vynoří Zvonový potápěč a táhne za sebou řetěz.",
                violent=True,
            ),
            _row(
                "8",
                "A girl on the pier asks you to help her find her brother.",
                "Dívka na molu vás prosí, abyste jí pomohli najít bratra.",
            ),
        ),
    ),
    (
        "ex-under-water",
        ("Example: Under the water", "Příklad: Pod vodou"),
        "d4",
        (
            _row(
                "1",
                "A pale hand grips the pier post, then lets go.",
                "Bledá ruka sevře sloup mola a pak ho pustí.",
            ),
            _row(
                "2",
                "[[1d3]] eels as long as a man circle the pier.",
                "Kolem mola krouží úhoři dlouzí jako dospělý muž, celkem [[1k3]].",
                violent=True,
            ),
            _row(
                "3",
                "The bell rings once, deep under the river.",
                "Hluboko pod řekou jednou zazvoní zvon.",
            ),
            _row(
                "4",
                "Your own reflection surfaces and reaches for you.",
                "Z vody se vynoří váš vlastní odraz a natáhne po vás ruku.",
                violent=True,
            ),
        ),
    ),
)

TITLE: Text = ("EXAMPLE: The Bell at Greyhollow", "PŘÍKLAD: Zvon v Greyhollow")
MAIN_STREET: Text = ("Example: Main Street", "Příklad: Hlavní ulice")
FERRY_LANDING: Text = ("Example: The old ferry landing", "Příklad: Starý přívoz")
INVESTIGATORS = ("Ada Varga", "Tomasz Reyes", "June Halloran")


def _table(table_id: str, name: str, die: str, rows: tuple[_Row, ...], pick: int) -> Table:
    entries = []
    for row in rows:
        low, _, high = row.faces.partition("-")
        entry = Entry(
            row.text[pick],
            link=row.link,
            violent=row.violent,
            reaction=row.reaction,
            stats=read_stats(row.stats) or None,
        )
        entries.append(replace(entry, low=int(low), high=int(high or low)))
    return Table(table_id, name, die, tuple(entries))


GAME = "liminal_horror"  # the game this module's example is written for


@cache  # records are frozen: one copy per language and game is enough
def example_campaign(language: str = "en", game: str = GAME) -> Example:
    """The example of ``game`` in ``language`` ("en" or "cs"; any other gets English).

    Liminal Horror's is written here; each other game's in its own package, named by its
    spec's ``example`` (imported only when asked for). A game Omen does not know gets
    Liminal Horror's.
    """
    pick = LANGUAGES.index(language) if language in LANGUAGES else 0
    if game != GAME and game in GAMES and GAMES[game].example:
        return example_for(named(GAMES[game].example), pick)
    tables = tuple(
        _table(table_id, name[pick], die, rows, pick) for table_id, name, die, rows in TABLES
    )
    locations = (
        Location(
            "ex-main-street",
            MAIN_STREET[pick],
            ("ex-main-street", "ex-clue"),
            "ex-main-street",
            Place.MUNDANE,
            signs="ex-clue",  # the Encounter Die's signs on Main Street are its clues
        ),
        Location(
            "ex-ferry-landing",
            FERRY_LANDING[pick],
            ("ex-ferry", "ex-under-water"),
            "ex-ferry",
            Place.DANGEROUS,
            descent=2,
        ),
    )
    kinds = (*STANDARD, Kind.LOCALITY, Kind.THEME)
    prepared = ("ex-day", "ex-clue", "ex-omen", "ex-setback", "ex-horror", "ex-night")
    faces = tuple(
        Face(kind, DEFAULT_LEVEL[kind], table)
        for kind, table in zip(kinds, (*prepared, "ex-locality", "ex-theme"), strict=True)
    )
    return Example(
        TITLE[pick], Library(tables, locations), Voidcrawl(faces, "ex-fallout"), INVESTIGATORS
    )


def example_games() -> tuple[str, ...]:
    """Every game that has an example, Liminal Horror's first."""
    return (GAME, *(key for key, game in GAMES.items() if game.example))


# A game's example: (title, ((location id, location name, place, table id, table name,
# die, rows[, terrain]), ...), ((location id, sign table id, its name, die, rows), ...)),
# each text in both languages; the sign tables (the last part) are optional.
Spot = (
    tuple[str, Text, Place, str, Text, str, tuple[_Row, ...]]
    | tuple[str, Text, Place, str, Text, str, tuple[_Row, ...], str]
)  # a location, its encounter table, and (last, when given) the location's terrain
SignSpot = tuple[str, str, Text, str, tuple[_Row, ...]]
GameExample = tuple[Text, tuple[Spot, ...]] | tuple[Text, tuple[Spot, ...], tuple[SignSpot, ...]]


def example_for(example: GameExample, pick: int) -> Example:
    """A game's ``example`` (see :data:`Spot`) made into a campaign, in language ``pick``."""
    title, spots = example[0], example[1]
    signs: tuple[SignSpot, ...] = example[2] if len(example) == 3 else ()
    sign_of = {location_id: table_id for location_id, table_id, *_ in signs}
    tables = (
        *(_table(spot[3], spot[4][pick], spot[5], spot[6], pick) for spot in spots),
        *(_table(table_id, name[pick], die, rows, pick) for _l, table_id, name, die, rows in signs),
    )
    locations = tuple(
        Location(
            spot[0],
            spot[1][pick],
            (spot[3], *filter(None, [sign_of.get(spot[0])])),
            spot[3],
            spot[2],
            terrain=_terrain(spot),
            signs=sign_of.get(spot[0]),
        )
        for spot in spots
    )
    return Example(title[pick], Library(tables, locations), default_voidcrawl(), ())


def _terrain(spot: Spot) -> str | None:
    """The location's terrain, when the spot names one."""
    return spot[7] if len(spot) == 8 else None


def which_example(library: Library) -> tuple[str, str] | None:
    """The (game, language) of the untouched example ``library`` is, or None.

    >>> which_example(example_campaign("cs", "ose").library)
    ('ose', 'cs')
    >>> which_example(Library()) is None
    True
    """
    for game in example_games():
        for language in LANGUAGES:
            if example_campaign(language, game).library == library:
                return game, language
    return None
