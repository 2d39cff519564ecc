"""Every lesson links to its class experiment with the settings on screen, and the
experiment asks the lesson's own question: the same exact answer."""

from __future__ import annotations

import html
import re
from fractions import Fraction
from urllib.parse import parse_qsl, urlparse

import pytest

from village_games.experiments import kind
from village_games.villagers.solo.odds import event_count_chances
from widgets.teach.lesson import Lesson
from widgets.village_pillage.lesson_app import lesson_app
from widgets.village_pillage.market_lesson import market_lesson
from widgets.villagers.backs_lesson import backs_lesson
from widgets.villagers.facedown_lesson import facedown_lesson
from widgets.villagers.solo_lesson import solo_lesson
from widgets.villagers_and_villains.defend_lesson import LOSS, defend_lesson
from widgets.villagers_and_villains.recruit_lesson import recruit_lesson
from widgets.villages.draw_lesson import draw_lesson

HREF = re.compile(r"class='vg-class-link' href='([^']+)'")


def link(lesson: Lesson) -> tuple[str, dict[str, str]]:
    """The kind and settings the lesson's class-experiment link carries."""
    found = HREF.search(lesson.exact_html.value)
    assert found, lesson.exact_html.value
    url = urlparse(html.unescape(found.group(1)))
    assert url.path == "class_experiment.ipynb"
    query = dict(parse_qsl(url.query))
    return query.pop("kind"), query


def exact_of(lesson: Lesson) -> Fraction:
    key, settings = link(lesson)
    k = kind(key)
    return k.exact(k.check(settings)).value


def test_the_recruit_link_follows_the_sliders_and_gives_the_lessons_answer():
    app = recruit_lesson()
    app.position.value, app.extra.value, app.favor.value = 5, 2, True
    key, settings = link(app.lesson)
    assert key == "vv-recruit" and settings["position"] == "5" and settings["favor"] == "1"
    assert float(exact_of(app.lesson)) == pytest.approx(app.lesson.last_exact.value)


def test_the_defend_link_asks_this_round_or_within_the_rounds_ahead():
    app = defend_lesson()
    app.heroes.value = 2
    assert float(exact_of(app.lesson)) == pytest.approx(app.lesson.last_exact.value)
    app.question.value = LOSS
    app.rounds.value = 3
    key, settings = link(app.lesson)
    assert settings["rounds"] == "3" and settings["heroes"] == "2"
    survive = 1.0
    for p in app.round_chances():
        survive *= 1 - p
    assert float(exact_of(app.lesson)) == pytest.approx(1 - survive)


def test_the_market_link_carries_the_wanted_cards():
    app = market_lesson()
    app.wanted.value = ("Innkeeper", "Bard")
    app.purchases.value = 6
    key, settings = link(app.lesson)
    assert key == "vp-market" and set(settings["wanted"].split(",")) == {"Bard", "Innkeeper"}
    assert float(exact_of(app.lesson)) == pytest.approx(app.lesson.last_exact.value)


def test_the_card_counting_links_carry_the_position_stack_and_villager():
    backs = backs_lesson()
    backs.moves.value = 10
    key, settings = link(backs.lesson)
    assert key == "villagers-backs" and settings["moves"] == "10"
    assert settings["stack"] == str(backs.stack.value + 1)
    assert settings["villager"] == backs.villager.value
    assert float(exact_of(backs.lesson)) == pytest.approx(backs.lesson.last_exact.value)
    facedown = facedown_lesson()
    assert float(exact_of(facedown.lesson)) == pytest.approx(facedown.lesson.last_exact.value)


def test_the_solo_lesson_links_both_of_its_questions():
    app = solo_lesson()
    assert link(app.win_games) == ("villagers-solo-games", {"mode": "normal"})
    key, settings = link(app.next_events)
    assert key == "villagers-solo-events"
    chances = event_count_chances(app.game, 0)
    assert exact_of(app.next_events) == chances[int(settings["events"])] == max(
        chances.values())


def test_the_draw_lesson_links_both_tabs():
    app = draw_lesson()
    app.later.value = 2
    key, settings = link(app.lesson)
    assert key == "villages-draw" and settings["later"] == "2"
    assert settings["colour"] == app.colour.value
    assert float(exact_of(app.lesson)) == pytest.approx(app.lesson.last_exact.value)
    key, settings = link(app.going_out.lesson)
    assert key == "villages-going-out"
    assert exact_of(app.going_out.lesson) == app.going_out.odds().completes


def test_the_village_pillage_match_links_its_position_and_strategies():
    app = lesson_app()
    app.my_stockpile.value = 4
    app.you_play.value = "Always Raider"
    key, settings = link(app.match)
    assert key == "vp-round" and settings["my_stockpile"] == "4"
    assert (settings["you"], settings["they"]) == ("raider", "uniform")
