"""The Old-School Essentials encounter sequence and the reaction roll panel, as a referee
at the table uses them.

The seeded run (``?seed=9``) was worked out by hand from random.Random(9).randint(1, 6)
(and (1, 100) for d%), taken in order:

- surprise, both sides unaware, each surprised on 1-2: the party rolls 4, the monsters 5,
  so nobody is surprised;
- distance in the wilderness, nobody surprised, 4d6×10 yards: 3 + 3 + 2 + 2 = 10, so
  100 yards;
- reaction, Charisma 13 gives +1: 6 + 1 = 7, 7 + 1 = 8, which is 6-8 "uncertain";
- initiative, round 1: the party rolls 3, the monsters 5: the monsters act first;
- evasion, 4 fleeing from 6 at equal speeds in the open: the table's row for 1-4 fleeing
  gives 90% against 4 or more pursuers; d% 60 is at most 90, so the party gets away.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import open_app, reload_app
from .walk import unfold

NBSP = "\u00a0"


def ose_panel(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("[data-procedure='ose']")


def step(page: Page, stage: str):  # type: ignore[no-untyped-def]
    return page.locator(f"[data-stage='{stage}']")


def test_a_full_encounter_in_czech(page: Page, base: str) -> None:
    open_app(page, base, "?seed=9")
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Game").select_option("ose")
    page.get_by_role("combobox", name="Language").select_option("cs")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    reload_app(page)
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    page.locator("[data-nav='encounter']").click()
    panel = ose_panel(page)
    expect(panel).to_be_visible()
    result = panel.locator("[data-bind='ose-result-title']")
    expect(result).to_have_text("Nastavte situaci a pak hoďte na překvapení.")
    panel.get_by_role("textbox", name="Tvor").fill("Skřeti")
    panel.get_by_role("textbox", name="Tvor").press("Tab")
    panel.get_by_role("radio", name="Divočina").check()

    # 1. Surprise: the odds first, then the roll.
    surprise = step(page, "surprise")
    expect(surprise).to_have_attribute("open", "")
    odds = surprise.locator(".ose-odds li")
    expect(odds.nth(0)).to_have_text(f"Družina je překvapená: 33,3{NBSP}%")
    expect(odds.nth(1)).to_have_text(f"Nestvůry jsou překvapené: 33,3{NBSP}%")
    expect(odds.nth(2)).to_have_text(f"Nikdo překvapený: 44,4{NBSP}%")
    expect(odds.nth(5)).to_have_text(f"Překvapené obě strany: 11,1{NBSP}%")
    surprise.get_by_role("button", name="Hodit na překvapení").click()
    expect(result).to_have_text("Nikdo není překvapený.")
    expect(surprise.locator(".ose-stage-steps li")).to_have_text(
        [
            "Družině padlo 4 (překvapení při 1–2): družina překvapená není.",
            "Nestvůrám padlo 5 (překvapení při 1–2): nestvůry překvapené nejsou.",
            "Nikdo není překvapený.",
        ]
    )

    # 2. Distance: 4d6×10 yards outdoors.
    distance = step(page, "distance")
    unfold(distance)
    expect(distance.locator(".ose-odds li").nth(0)).to_have_text("Kostky v divočině: 4k6×10")
    expect(distance.locator(".ose-odds li").nth(1)).to_have_text(
        "Od 40 yardů do 240 yardů, v průměru 140 yardů."
    )
    distance.get_by_role("button", name="Hodit na vzdálenost").click()
    expect(result).to_have_text("Vzdálenost: 100 yardů")
    expect(distance.locator(".ose-stage-steps li").last).to_have_text(
        "Vzdálenost při setkání v divočině: 100 yardů."
    )

    # 3. Reaction: Charisma 13 gives +1; the bands' chances move with it.
    reaction = step(page, "reaction")
    unfold(reaction)
    reaction.get_by_role("spinbutton", name="Charisma mluvčího (3–18)").fill("13")
    reaction_odds = reaction.locator(".ose-odds li")
    expect(reaction_odds.nth(0)).to_have_text("Modifikátor: +1")
    expect(reaction_odds.nth(1)).to_have_text(f"Útok: 0,0{NBSP}%")
    expect(reaction_odds.nth(5)).to_have_text(f"Ochota, přátelství: 8,3{NBSP}%")
    reaction.get_by_role("button", name="Hodit na reakci").click()
    expect(result).to_have_text("Reakce 8: Nejistota, zmatek")
    expect(reaction.locator(".ose-stage-steps li")).to_have_text(
        [
            "Charisma mluvčího 13 dává +1.",
            "2k6: 6 + 1 = 7",  # the seed writes dice with k
            "7 s modifikátorem +1 dává 8",
            "8 v tabulce reakcí: Nejistota, zmatek",
        ]
    )

    # 4. Initiative: round 1, nobody was surprised, so both sides roll.
    initiative = step(page, "initiative")
    unfold(initiative)
    expect(initiative.locator(".ose-odds li")).to_have_text(
        [f"Družina jedná první: 50,0{NBSP}%", f"Nestvůry jednají první: 50,0{NBSP}%"]
    )
    initiative.get_by_role("button", name="Další kolo").click()
    expect(result).to_have_text("1. kolo: nestvůry jednají první")
    expect(initiative.locator("[data-bind='ose-round']")).to_have_text("1")
    expect(initiative.locator(".ose-stage-steps li")).to_have_text(
        ["1. kolo: družině padlo 3, nestvůrám 5.", "Nestvůry jednají první, po nich družina."]
    )

    # 5-6. The party evades: 4 fleeing from 6 in the open is 90%.
    unfold(step(page, "action"))
    page.get_by_role("button", name="Útěk", exact=True).click()
    expect(result).to_have_text("Útěk: jedna strana se pokusí uniknout.")
    evasion = step(page, "evasion")
    expect(evasion).to_have_attribute("open", "")
    evasion.get_by_role("spinbutton", name="Počet pronásledovatelů").fill("6")
    expect(evasion.locator(".ose-odds li")).to_have_text(
        [
            "Prchajících 4, pronásledovatelů 6: podle tabulky 90 %.",
            "Šance na únik: 90 %.",
        ]
    )
    evasion.get_by_role("button", name="Pokusit se uniknout").click()
    expect(result).to_have_text("Únik se zdařil: prchající strana unikne.")
    expect(evasion.locator(".ose-stage-steps li").last).to_have_text(
        "k%: 60 proti 90 %: prchající strana unikne."
    )

    # The encounter in progress survives a reload, still in Czech.
    reload_app(page)
    page.locator("[data-nav='encounter']").click()
    expect(result).to_have_text("Únik se zdařil: prchající strana unikne.")
    expect(panel.get_by_role("textbox", name="Tvor")).to_have_value("Skřeti")
    expect(step(page, "initiative").locator("[data-bind='ose-round']")).to_have_text("1")
    # The party got away: the big button ends the encounter, no next round.
    expect(panel.locator("[data-action='ose-next']")).to_have_text("Ukončit setkání")

    # Every roll is in the log with its steps.
    page.locator("[data-nav='log']").click()
    titles = page.locator(".log-entry .title")
    expect(titles.nth(0)).to_have_text("Únik se zdařil: prchající strana unikne.")
    expect(titles.nth(2)).to_have_text("1. kolo: nestvůry jednají první")
    expect(titles.nth(5)).to_have_text("Nikdo není překvapený.")


def test_next_button_conclusion_and_undo(page: Page, base: str) -> None:
    open_app(page, base)
    page.get_by_role("button", name="Encounter", exact=True).click()
    page.get_by_role("radio", name="Old-School Essentials encounter").check()
    panel = ose_panel(page)
    result = panel.locator("[data-bind='ose-result-title']")
    surprise = step(page, "surprise")
    surprise.get_by_text("Use physical dice").click()
    surprise.get_by_role("textbox", name="Faces you rolled, in order").fill("1 5")
    page.get_by_role("button", name="Next: surprise").click()
    expect(result).to_have_text("The party is surprised: the monsters act alone for one round.")
    distance = step(page, "distance")
    unfold(distance)
    distance.get_by_text("Use physical dice").click()
    distance.get_by_role("textbox", name="Faces you rolled, in order").fill("6 6")
    page.get_by_role("button", name="Next: distance").click()
    expect(result).to_have_text("Distance: 120 feet")
    # the surprised party: the monsters act alone in round 1 without a roll
    initiative = step(page, "initiative")
    unfold(initiative)
    expect(initiative.locator(".ose-odds li")).to_have_text(
        ["Round 1: the monsters act alone, without a roll."]
    )
    initiative.get_by_role("button", name="Next round").click()
    expect(result).to_have_text("Round 1: the monsters act alone")
    conclusion = step(page, "conclusion")
    unfold(conclusion)
    expect(conclusion.locator("[data-bind='ose-conclusion-hint']")).to_have_text(
        "Rounds so far: 1. Ending the encounter advances the exploration clock by 1 turn."
    )
    conclusion.get_by_role("button", name="End the encounter").click()
    expect(result).to_have_text("The encounter is over: 1 turn passes.")
    page.get_by_role("button", name="Explore").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("1")
    # Undo the conclusion: the turn clock goes back, and so does the encounter.
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    page.get_by_role("button", name="Explore").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("0")
    page.get_by_role("button", name="Encounter", exact=True).click()
    expect(result).to_have_text("Round 1: the monsters act alone")
    expect(conclusion.locator("[data-summary='conclusion']")).to_have_text("")
    reload_app(page)  # and it stays undone after a reload
    page.get_by_role("button", name="Encounter", exact=True).click()
    page.get_by_role("radio", name="Old-School Essentials encounter").check()
    expect(result).to_have_text("Round 1: the monsters act alone")
    page.get_by_role("button", name="Explore").click()
    expect(page.locator("[data-bind='turn']")).to_have_text("0")
    # Undo the round: the encounter goes back to before round 1.
    page.get_by_role("button", name="Log").click()
    page.get_by_role("button", name="Undo last action").click()
    page.get_by_role("button", name="Encounter", exact=True).click()
    expect(result).to_have_text("Distance: 120 feet")
    expect(initiative.locator("[data-bind='ose-round']")).to_have_text("0")
    expect(page.get_by_role("button", name="Next: reaction")).to_be_visible()
    # A new encounter starts afresh.
    page.get_by_role("button", name="New encounter").click()
    expect(result).to_have_text("Set the situation, then roll for surprise.")
    expect(page.get_by_role("button", name="Next: surprise")).to_be_visible()


def test_liminal_horror_reaction_with_typed_dice_shows_the_cairn_note(
    page: Page, base: str
) -> None:
    open_app(page, base)
    page.get_by_role("button", name="Encounter", exact=True).click()
    panel = page.locator("[data-procedure='reaction']")
    expect(page.get_by_role("radio", name="Reaction roll")).to_be_checked()
    expect(panel.locator("[data-bind='reaction-source']")).to_have_text(
        "Table from Cairn 2e: Liminal Horror calls for a reaction roll but gives no table."
    )
    expect(panel.get_by_role("spinbutton", name="Speaker's Charisma (3–18)")).to_be_hidden()
    expect(panel.locator("[data-bind='reaction-odds'] li")).to_have_text(
        ["Hostile: 2.8%", "Wary: 25.0%", "Curious: 44.4%", "Kind: 25.0%", "Helpful: 2.8%"]
    )
    panel.get_by_text("Use physical dice").click()
    panel.get_by_role("textbox", name="Faces you rolled, in order").fill("1 2")
    panel.get_by_role("button", name="Roll reaction").click()
    title = panel.locator("[data-bind='reaction-result-title']")
    expect(title).to_have_text("Reaction 3: Wary")
    panel.get_by_text("How it was rolled").click()
    expect(panel.locator("[data-bind='reaction-result-steps'] li")).to_have_text(
        [
            "Table from Cairn 2e: Liminal Horror calls for a reaction roll but gives no table.",
            "2d6: 1 + 2 = 3",
            "3 on the reaction table: Wary",
        ]
    )
    panel.get_by_role("textbox", name="Faces you rolled, in order").fill("7 1")
    panel.get_by_role("button", name="Roll reaction").click()
    expect(page.get_by_role("alert").filter(has_text=re.compile("7"))).to_be_visible()
    expect(title).to_have_text("Reaction 3: Wary")


def test_a_dungeon_pursuit_with_typed_dice_and_movement(page: Page, base: str) -> None:
    """Distance 6 + 6 = 120 feet; the party (60) flees monsters at 90, so the gap closes
    by 30 a round: 120 → 90 after round 1; in round 2 the party drops food for hungry
    pursuers, who stop on 1-3 of a d6 (3 in 6 = 50%): a 5 lets them run on to 60; in
    round 3 a 2 stops them and the party gets away."""
    open_app(page, base)
    page.get_by_role("button", name="Encounter", exact=True).click()
    page.get_by_role("radio", name="Old-School Essentials encounter").check()
    panel = ose_panel(page)
    result = panel.locator("[data-bind='ose-result-title']")
    distance = step(page, "distance")
    unfold(distance)
    distance.get_by_text("Use physical dice").click()
    distance.get_by_role("textbox", name="Faces you rolled, in order").fill("6 6")
    distance.get_by_role("button", name="Roll distance").click()
    expect(result).to_have_text("Distance: 120 feet")

    unfold(step(page, "action"))
    page.get_by_role("button", name="Evade", exact=True).click()
    evasion = step(page, "evasion")
    expect(evasion).to_have_attribute("open", "")
    evasion.get_by_role("spinbutton", name="Base speed of the fleeing side").fill("60")
    evasion.get_by_role("spinbutton", name="Base speed of the pursuers").fill("90")
    expect(evasion.locator(".ose-odds li").last).to_have_text("Evasion chance: 0.0%")
    evasion.get_by_role("button", name="Try to evade").click()
    expect(result).to_have_text("A pursuit begins: the gap is 120 feet.")
    status = evasion.locator("[data-bind='ose-pursuit-status']")
    expect(status).to_have_text("Rounds run: 0. Gap: 120 feet.")
    odds = evasion.locator("[data-bind='ose-pursuit-odds'] li")
    expect(odds).to_have_text(
        ["Caught in the next round: 0.0%", "If nothing stops them, they catch up in 4 rounds."]
    )

    next_round = evasion.get_by_role("button", name="Next pursuit round")
    next_round.click()
    expect(result).to_have_text("Pursuit round 1: the gap is 90 feet.")

    evasion.get_by_role("combobox", name="The fleeing side drops").select_option("food")
    evasion.get_by_role("checkbox", name=re.compile("The pursuers want it")).check()
    expect(odds).to_have_text(
        [
            "The pursuers stop for the dropped item: 50.0%",
            "Caught in the next round: 0.0%",
            "If nothing stops them, they catch up in 3 rounds.",
        ]
    )
    evasion.get_by_text("Use physical dice").click()
    faces = evasion.get_by_role("textbox", name="Faces you rolled, in order")
    faces.fill("5")
    next_round.click()
    expect(result).to_have_text("Pursuit round 2: the gap is 60 feet.")
    expect(faces).to_have_value("")
    faces.fill("2")
    next_round.click()
    expect(result).to_have_text("Pursuit round 3: the fleeing side gets away.")
    expect(evasion.locator(".ose-stage-steps li")).to_have_text(
        [
            "Round 3 of the pursuit.",
            "The fleeing side drops food.",
            "Rolled 2 (they stop on 1-3): the pursuers stop for the food and the fleeing"
            " side gets away.",
        ]
    )
    unfold(evasion)  # finished, the step folded to its line
    expect(status).to_have_text("Rounds run: 3. Gap: 60 feet. The pursuit is over.")
    expect(next_round).to_be_disabled()

    # Movement: a third of the base speed per round, at most one turn of 60 rounds.
    movement = step(page, "movement")
    unfold(movement)
    lines = movement.locator("[data-bind='ose-movement'] li")
    expect(lines).to_have_text(["Encounter speed: 120 ÷ 3 = 40 feet per round."])
    rounds = movement.get_by_role("spinbutton", name="Rounds (1–60)")
    rounds.fill("61")
    expect(lines).to_have_text(
        ["Movement at encounter speed lasts from 1 to 60 rounds (one turn)."]
    )
    rounds.fill("60")
    expect(lines).to_have_text(
        [
            "Encounter speed: 120 ÷ 3 = 40 feet per round.",
            "60 rounds at 40 feet per round: 2400 feet.",
        ]
    )


def test_the_form_survives_a_reload(page: Page, base: str) -> None:
    open_app(page, base)
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Game").select_option("ose")
    page.get_by_role("button", name="Encounter", exact=True).click()
    panel = ose_panel(page)
    panel.get_by_role("radio", name="Wilderness").check()
    reaction = step(page, "reaction")
    unfold(reaction)
    reaction.get_by_role("spinbutton", name="Speaker's Charisma (3–18)").fill("16")
    expect(reaction.locator(".ose-odds li").first).to_have_text("Modifier: +1")
    evasion = step(page, "evasion")
    unfold(evasion)
    evasion.get_by_role("combobox", name="Who flees").select_option("monsters")
    evasion.get_by_role("spinbutton", name="Base speed of the fleeing side").fill("150")
    evasion.get_by_role("spinbutton", name="Base speed of the pursuers").fill("90")
    evasion.get_by_role("spinbutton", name="Creatures fleeing").fill("7")
    evasion.get_by_role("spinbutton", name="Creatures pursuing").fill("2")
    evasion.get_by_role("combobox", name="Terrain of the flight").select_option("dense_woods")
    evasion.get_by_role("spinbutton", name="Referee's modifier (%)").fill("-10")
    movement = step(page, "movement")
    unfold(movement)
    movement.get_by_role("spinbutton", name="Base speed").fill("90")
    movement.get_by_role("spinbutton", name="Rounds (1–60)").fill("12")
    # The reaction panel of the Encounter screen shares the speaker's Charisma.
    page.get_by_role("radio", name="Reaction roll").check()
    other = page.locator("[data-procedure='reaction']")
    expect(other.get_by_role("spinbutton", name="Speaker's Charisma (3–18)")).to_have_value("16")
    expect(other.locator("[data-bind='reaction-odds'] li").first).to_have_text("Modifier: +1")
    other.get_by_role("checkbox", name="Nobody talks").check()
    expect(other.locator("[data-bind='reaction-odds'] li").first).to_have_text("Modifier: 0")

    reload_app(page)
    page.get_by_role("button", name="Encounter", exact=True).click()
    page.get_by_role("radio", name="Reaction roll").check()
    expect(other.get_by_role("checkbox", name="Nobody talks")).to_be_checked()
    page.get_by_role("radio", name="Old-School Essentials encounter").check()
    expect(panel.get_by_role("radio", name="Wilderness")).to_be_checked()
    for stage in (reaction, evasion, movement):
        unfold(stage)
    expect(reaction.get_by_role("spinbutton", name="Speaker's Charisma (3–18)")).to_have_value("16")
    expect(reaction.get_by_role("checkbox", name="Nobody talks")).to_be_checked()
    expect(evasion.get_by_role("combobox", name="Who flees")).to_have_value("monsters")
    expect(evasion.get_by_role("spinbutton", name="Base speed of the fleeing side")).to_have_value(
        "150"
    )
    expect(evasion.get_by_role("spinbutton", name="Base speed of the pursuers")).to_have_value("90")
    expect(evasion.get_by_role("spinbutton", name="Creatures fleeing")).to_have_value("7")
    expect(evasion.get_by_role("spinbutton", name="Creatures pursuing")).to_have_value("2")
    expect(evasion.get_by_role("combobox", name="Terrain of the flight")).to_have_value(
        "dense_woods"
    )
    expect(evasion.get_by_role("spinbutton", name="Referee's modifier (%)")).to_have_value("-10")
    expect(movement.get_by_role("spinbutton", name="Base speed")).to_have_value("90")
    expect(movement.get_by_role("spinbutton", name="Rounds (1–60)")).to_have_value("12")
    # 5-12 fleeing from 1-3 pursuers: 35%; dense woods +25%; the referee's -10%: 50%.
    expect(evasion.locator(".ose-odds li").last).to_have_text("Chance to evade: 50%.")
    expect(movement.locator("[data-bind='ose-movement'] li").last).to_have_text(
        "12 rounds at 30 yards per round: 360 yards."
    )


def test_no_evasion_once_the_fight_has_begun(page: Page, base: str) -> None:
    """The rules allow evasion only before combat starts: after Fight and three combat
    rounds the Evade buttons are off and say why; Undo of the Fight brings them back."""
    open_app(page, base, "?seed=9")
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Game").select_option("ose")
    page.get_by_role("button", name="Encounter", exact=True).click()
    panel = ose_panel(page)
    panel.get_by_role("radio", name="Wilderness").check()
    action = step(page, "action")
    unfold(action)
    evade = action.get_by_role("button", name="Evade", exact=True)
    expect(evade).to_be_enabled()
    why = "The fight has begun: evasion is possible only before combat starts."
    expect(panel.get_by_text(why)).to_have_count(0)
    action.get_by_role("button", name="Fight").click()
    initiative = step(page, "initiative")
    for _ in range(3):
        initiative.get_by_role("button", name="Next round").click()
    expect(initiative.locator("[data-bind='ose-round']")).to_have_text("3")
    unfold(action)  # finished, the step folded to its line
    expect(evade).to_be_disabled()
    expect(evade).to_have_accessible_description(why)
    expect(action.get_by_text(why)).to_be_visible()
    evasion = step(page, "evasion")
    unfold(evasion)
    try_evade = evasion.get_by_role("button", name="Try to evade")
    expect(try_evade).to_be_disabled()
    expect(evasion.get_by_text(why)).to_be_visible()
    expect(evasion.locator(".ose-odds li")).to_have_count(0)  # no chance to show
    reload_app(page)  # the fight is remembered
    page.get_by_role("button", name="Encounter", exact=True).click()
    page.get_by_role("radio", name="Old-School Essentials encounter").check()
    unfold(action)
    expect(evade).to_be_disabled()
    # Undo the three rounds and the Fight: evasion is offered again.
    page.get_by_role("button", name="Log").click()
    for _ in range(4):
        page.get_by_role("button", name="Undo last action").click()
    page.get_by_role("button", name="Encounter", exact=True).click()
    unfold(action)
    expect(evade).to_be_enabled()
    expect(panel.get_by_text(why)).to_have_count(0)
