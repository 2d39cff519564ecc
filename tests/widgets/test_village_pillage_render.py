"""The Village Pillage table as HTML: cards, seating, counts, and what a seat must not see."""

import re

import pytest

from village_games import village_pillage
from village_games.village_pillage import Plan, QueueTwo, VillagePillage, standard_deck
from widgets.village_pillage.render import LAYOUTS, card_html, render_table, seat_cells

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli"]
CARDS = standard_deck()


def village(html: str, seat: int) -> str:
    """The HTML of one seat's village panel (panels are not nested)."""
    start = html.rindex('<div class="vg-village ', 0, html.index(f'data-seat="{seat}"'))
    end = html.find('class="vg-village ', start + 10)
    end = html.find("vg-cell-c vg-center", start) if end == -1 else end
    return html[start:end if end != -1 else None]


@pytest.mark.parametrize("name", list(CARDS.cards))
def test_every_card_is_coloured_by_type_and_names_its_effects(name):
    card = CARDS[name]
    html = card_html(name, CARDS)
    assert f"vg-card vg-{card.type_name.lower()}" in html
    assert f">{name}<" in html and card.type_name in html
    if card.buy_relic:
        assert "buy relic" in html and card.if_unable.describe() in html
    else:
        for eff in card.effects:
            if not eff.is_empty:
                assert eff.describe() in html


def test_card_variants():
    assert "vg-card-rows" not in card_html("Florist", CARDS, small=True)
    assert "vg-exhausted" in card_html("Veteran", CARDS, exhausted=True)
    back = card_html("Florist", CARDS, hidden=True)
    assert "vg-back" in back and "Florist" not in back and "Farmer" not in back
    assert "vg-back" in card_html("?", CARDS)
    assert "vs all" in card_html("Farmer", CARDS)  # the same effect against every type is grouped


def test_seats_around_the_table_follow_the_engines_left():
    g = village_pillage.new_game(players=3, seed=1, names=NAMES[:3])
    obs = g.observation(0)
    html = render_table(obs, CARDS)
    # seat 0's left neighbour is seat 1 (engine: left = seat + 1): on the screen's left
    assert obs["players"][0]["left"] == 1
    assert seat_cells(3, 0) == {0: "b", 1: "l", 2: "r"}
    assert re.search(r'vg-seat-1 vg-cell-l', html) and re.search(r'vg-seat-2 vg-cell-r', html)
    mine = village(html, 0)
    assert re.search(r"left \S <b>Ben</b>", mine) and re.search(r"right \S <b>Cy</b>", mine)
    # arrows point at the neighbour on screen: Ana (bottom) looks up-left to Ben
    assert "left ↖ <b>Ben</b>" in mine and "right ↗ <b>Cy</b>" in mine
    for n in range(2, 6):
        for viewer in range(n):
            cells = seat_cells(n, viewer)
            assert cells[viewer] == "b" and sorted(cells.values()) == sorted(LAYOUTS[n])


def test_counts_relics_market_and_hand():
    g = village_pillage.new_game(players=4, seed=2, names=NAMES[:4])
    obs = g.observation(2)
    html = render_table(obs, CARDS)
    assert html.count('class="vg-village ') == 4
    assert 'class="vg-stockpile" data-value="1"' in html
    assert "1/5</b> bank" in html and "next costs 8" in html
    assert html.count("vg-relic-icon") >= 12 and "owned" not in html
    market = html[html.index('class="vg-market"'):]
    for name in obs["market"]:
        assert f'data-card="{name}"' in market
    assert f'data-value="{obs["deck_size"]}"' in html
    assert "Your hand (4)" in village(html, 2)
    assert "vg-viewer" in village(html, 2) and "vg-viewer" not in village(html, 1)
    # the counts drawn are the observation's own (a trace step's, during resolution)
    obs["players"][2].update(stockpile=3, bank=5, relics=2)
    html = render_table(obs, CARDS, highlight=[2])
    seat2 = village(html, 2)
    assert 'vg-stockpile" data-value="3"' in seat2 and "5/5</b> bank" in seat2
    assert 'data-relics="2"' in seat2 and "next costs 10" in seat2
    assert "vg-highlight" in seat2 and "vg-highlight" not in village(html, 0)


def test_other_seats_plans_are_face_down_until_the_reveal():
    state = {"players": [{}, {"hand": ["Farmer", "Wall", "Raider", "Merchant", "Florist",
                                       "Mason"], "secret": ["Mason"]}, {}],
             "market": ["Bard", "Moat", "Miner", "Outlaw"]}
    g = village_pillage.Game.from_dict(state)
    g.apply(1, Plan("Florist", "Mason"))
    html = render_table(g.observation(0), CARDS)
    assert "Mason" not in html  # drawn face down (Bard): secret, and now planned
    plan = village(html, 1)
    assert plan.count("vg-small vg-back") == 2 and "data-card" not in plan.split("vg-plan-area")[1]
    assert "planned ✓" in plan
    # seat 1 sees its own plan, face up
    assert 'data-card="Mason"' in render_table(g.observation(1), CARDS)
    g.apply(0, Plan("Farmer", "Wall"))
    g.apply(2, Plan("Raider", "Merchant"))  # everyone planned: reveal, resolve, refresh
    assert "Mason" in render_table(g.observation(0), CARDS)  # played, so no longer secret


def test_bard_drawn_cards_stay_hidden_from_others():
    state = {"players": [{}, {"hand": ["Farmer", "Wall", "Raider", "Merchant", "Treasury"],
                              "secret": ["Treasury"]}],
             "market": ["Bard", "Moat", "Miner", "Outlaw"]}
    g = village_pillage.Game.from_dict(state)
    html = render_table(g.observation(0), CARDS)
    assert "Treasury" not in html
    assert "1 drawn face down" in village(html, 1) and "5 in hand" in village(html, 1)
    assert "Treasury" in render_table(g.observation(1), CARDS)


def test_duel_shows_the_front_and_back_queue():
    g = village_pillage.new_game(players=2, seed=3, names=NAMES[:2])
    g.apply(0, QueueTwo("Farmer", "Wall"))
    html = render_table(g.observation(0), CARDS)
    assert "vg-duel" in html and "1/4</b> bank" in html
    mine = village(html, 0)
    assert "front: now ↑ <b>Ben</b>" in mine and "back: next round ↑ <b>Ben</b>" in mine
    assert 'data-card="Farmer"' in mine and 'data-card="Wall"' in mine
    g.apply(1, QueueTwo("Raider", "Merchant"))
    html = render_table(g.observation(0), CARDS)  # round 2: only the back cards wait, face down
    assert village(html, 1).count("vg-small vg-back") == 1


def test_winner_banner_shows_the_tie_break_text():
    state = {"players": [{"stockpile": 12, "relics": 2}, {}, {}],
             "market": ["Bard", "Moat", "Miner", "Outlaw"]}
    g = village_pillage.Game.from_dict(state)
    g.apply(0, Plan("Merchant", "Wall"))
    g.apply(1, Plan("Farmer", "Wall"))
    g.apply(2, Plan("Farmer", "Wall"))
    assert g.is_over()
    html = render_table(g.observation(1), CARDS)
    assert "vg-winner-banner" in html and g.result in html
    assert "Player 1" in html.split("vg-winner-banner")[1]
    assert 'data-relics="3"' in village(html, 0) and "vg-winner" in village(html, 0)


@pytest.mark.parametrize("name", ["Berserker", "Labyrinth", "Cathedral", "Innkeeper"])
def test_long_card_names_get_a_smaller_font_instead_of_breaking_mid_word(name):
    assert "vg-card-name vg-long-name" in card_html(name, CARDS, small=True)
    assert "vg-long-name" not in card_html("Farmer", CARDS, small=True)
    assert "vg-long-name" not in card_html("Rat Catcher", CARDS, small=True)  # two words


def test_the_status_line_is_a_legend_for_the_type_letters_on_cards():
    g = village_pillage.new_game(players=3, seed=1)
    page = render_table(g.observation(0), CARDS)
    order = page[page.index('class="vg-order"'):]
    order = order[:order.index("</span></div>")]
    for t in ("Farmer", "Wall", "Raider", "Merchant"):
        assert f'vg-pip vg-pip-{t.lower()}' in order and f"</span> {t}" in order


def test_the_cards_of_the_last_round_stay_on_show_after_the_refresh():
    g = village_pillage.new_game(players=3, seed=1, names=NAMES[:3])
    g.apply(0, Plan("Farmer", "Raider"))
    g.apply(1, Plan("Wall", "Merchant"))
    g.apply(2, Plan("Raider", "Farmer"))
    while g.awaiting:  # settle any market choice of the round
        p = g.to_act()[0]
        g.apply(p, g.legal_actions(p)[0])
    obs = g.observation(0)
    assert obs["phase"] == "plan" and {(r["seat"], r["card"]) for r in obs["last_round"]} == {
        (0, "Farmer"), (0, "Raider"), (1, "Wall"), (1, "Merchant"), (2, "Raider"),
        (2, "Farmer")}
    page = render_table(obs, CARDS)
    assert "last round: Wall, Merchant" in village(page, 1)
    assert VillagePillage.from_dict(g.to_dict()).observation(0) == obs
