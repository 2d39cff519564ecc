"""The Villages draw lesson driven in Python: the exact answer is the engine's
hypergeometric count (with Light cards as wilds when the expansion is on), the simulation
agrees with it, the going-out tab shows the engine's exact gain beside its simulation, and
the controls keep valid choices as the position moves."""

from __future__ import annotations

from fractions import Fraction

from village_games.villages import Villages
from village_games.villages.going_out import going_out_odds, going_out_question
from village_games.villages.odds import DRAW_PLANS, set_chance, set_question
from widgets.villages.draw_lesson import SEAT, DrawLesson, draw_lesson


def test_exact_is_the_engine_count_and_the_simulation_agrees() -> None:
    lesson = DrawLesson(seed=3)
    assert lesson.banner.value == ""
    q = set_question(lesson.game.observation(SEAT), lesson.game.cards, lesson.colour.value)
    want = q.plan_chance(lesson.game.cards, lesson.plan.value, lesson.later.value)
    assert lesson.lesson.last_exact.value == float(want)
    est = lesson.lesson.run(20_000)
    assert est.covers(float(want)) or abs(est.mean - float(want)) < 0.02
    assert "Of the" in lesson.lesson.exact_html.value or "sure" in lesson.lesson.exact_html.value
    assert lesson.curve.value[:4] == b"\x89PNG"
    assert "deck + deck" in lesson.table.value


def test_discard_plans_count_the_known_top_card() -> None:
    lesson = DrawLesson(seed=1)
    for plan in [k for _, k in lesson.plan.options]:
        lesson.plan.value = plan
        q = lesson.question()
        known = q.known_from_discard(lesson.game.cards, DRAW_PLANS[plan].count("discard"))
        assert lesson.lesson.last_exact.value == float(
            q.plan_chance(lesson.game.cards, plan, lesson.later.value))
        assert known >= 0
    lesson.later.value = 3
    assert lesson.banner.value == ""


def test_moving_the_game_forward_keeps_choices_valid() -> None:
    lesson = draw_lesson(seed=2)
    for moves in (5, 17, 40):
        lesson.moves.value = moves
        assert lesson.banner.value == "", lesson.banner.value
        assert lesson.colour.value in [v for _, v in lesson.colour.options]
    lesson.players.value = 5
    lesson.game_seed.value = 11
    assert lesson.banner.value == ""
    lesson.lesson.run(1_000)


def test_the_expansion_toggle_brings_dark_and_counts_light_cards_as_wild() -> None:
    lesson = DrawLesson(seed=4)
    assert "Dark" not in [v for _, v in lesson.colour.options]
    lesson.expansion.value = True
    lesson.moves.value = 2  # game 4: a Light Angel lies on top of the discard pile
    assert lesson.banner.value == "", lesson.banner.value
    assert "Dark" in [v for _, v in lesson.colour.options]
    assert "Light Angel (wild)" in lesson.position.value
    cards = lesson.game.cards
    lesson.colour.value = "Red"  # two Red units in hand
    q = lesson.question()
    assert q.have == 2 and q.wild_unseen == 2
    lesson.plan.value = "discard-deck"
    assert lesson.lesson.last_exact.value == 1.0  # the wild on top completes the set
    lesson.plan.value = "deck-deck"
    want = q.plan_chance(cards, "deck-deck")
    assert lesson.lesson.last_exact.value == float(want)
    assert "Light" in lesson.lesson.exact_html.value
    # the chance counts Light cards: more than with the Red units alone
    assert want > set_chance(2, q.colour_unseen, q.unseen, 2)
    lesson.lesson.seed_box.value = "11"
    est = lesson.lesson.run(100_000)
    assert est.covers(float(want)) or abs(est.mean - float(want)) < 4 * est.std_error


def test_going_out_tab_shows_the_exact_gain_beside_its_simulation() -> None:
    lesson = DrawLesson(seed=5)
    lesson.expansion.value = True
    lesson.moves.value = 2
    lesson.colour.value = "Red"
    tab = lesson.going_out
    assert tab.curve.value == b""  # its chart waits until the tab is opened
    lesson.tabs.selected_index = 1
    odds = going_out_odds(lesson.game.cards,
                          going_out_question(lesson.game.observation(SEAT), lesson.game.cards,
                                             "Red"))
    for pct in (0, 20, 60):
        tab.chance.value = pct
        assert tab.lesson.last_exact.value == float(odds.gain(Fraction(pct, 100)))
    assert "Red Builder (3 gold)" in tab.info.value and "holds 8" in tab.info.value
    assert "<b>Go out now</b>" in tab.lesson.exact_html.value
    assert tab.curve.value[:4] == b"\x89PNG"
    tab.chance.value = 0  # nobody can beat you to it: waiting only adds gold
    assert "<b>Wait</b>" in tab.lesson.exact_html.value and tab.lesson.last_exact.value > 0
    tab.lesson.seed_box.value = "3"
    est = tab.lesson.run(100_000)
    assert abs(est.mean - tab.lesson.last_exact.value) < 4 * est.std_error
    assert tab.lesson.chart.value[:4] == b"\x89PNG"


def test_changing_the_position_refreshes_both_tabs() -> None:
    lesson = draw_lesson(seed=6)
    lesson.going_out.lesson.run(1_000)
    lesson.game_seed.value = 9
    assert lesson.banner.value == ""
    assert lesson.going_out.lesson.samples is None  # the old simulation is out of date
    q = going_out_question(lesson.game.observation(SEAT), lesson.game.cards,
                           lesson.colour.value)
    assert lesson.going_out.lesson.last_exact.value == float(
        going_out_odds(lesson.game.cards, q).gain(Fraction(lesson.going_out.chance.value,
                                                           100)))
    assert lesson.tabs.titles == ("Drawing a set", "Going out first")


def test_going_out_says_so_when_the_deck_is_nearly_out() -> None:
    lesson = DrawLesson(seed=7)
    lesson.game = Villages.from_dict({
        "players": [{"name": "Ana", "hand": ["Red Farmer", "Red Orc"]}, {"name": "Ben"}],
        "deck": ["Blue Knight"], "unplaced": "discard", "turn": 0, "phase": "main"})
    lesson.going_out.lesson.refresh()
    assert "nearly out" in lesson.going_out.lesson.exact_html.value
    lesson.going_out.lesson.run_button.click()
    assert "nearly out" in lesson.banner.value  # the simulation has nothing to play out


def test_the_position_names_every_discard_card_the_count_treats_as_seen() -> None:
    """A class recounting from the text must get the lesson's numbers: the whole discard
    pile is listed (it is face up and counted as seen), and the seen cards add up."""
    from village_games.villages.odds import seen_counts, unseen_cards

    lesson = DrawLesson(seed=1)
    obs = lesson.game.observation(SEAT)
    assert len(obs["discard"]) == 3  # more than the two cards the text used to list
    text = lesson.position.value
    assert all(card in text for card in obs["discard"])
    pile = text.split("top first: ")[1].split(". ")[0]
    assert pile.split(", ") == obs["discard"][::-1]
    n = seen_counts(obs)
    unseen = len(unseen_cards(obs, lesson.game.cards))
    assert sum(n.values()) + unseen == len(lesson.game.cards.ids)
    assert f"the discard pile&#x27;s {n['discard']}" in text
    assert f"the other {unseen} cards are unseen" in text
