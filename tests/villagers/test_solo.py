"""The solo mode against the Countess: setup per mode, the Countess's draft, the Event
Phase's end, the Jester, the seasons, reshuffles, the final round and the outcome."""

from __future__ import annotations

import json
import random

import pytest

from village_games import villagers
from village_games.core.card_data import CardDataError
from village_games.core.errors import IllegalAction
from village_games.villagers import Build, DraftRoad, DraftStack, Villagers
from village_games.villagers.solo.actions import (
    GiveCountess,
    PickVillager,
    PlayJester,
    ResolveEvent,
)
from village_games.villagers.solo.events import EVENT_FILE, standard_events
from village_games.villagers.solo.values import gold_value

from .solo_scenarios import solo

EVENTS = standard_events()


def new(mode: str = "normal", seed: int = 3, **kw) -> Villagers:
    return villagers.new_game(players=1, seed=seed, solo_mode=mode, **kw)


# ------------------------------------------------------------------ setup and modes
@pytest.mark.parametrize("mode", ["beginner", "normal", "hard"])
def test_setup_follows_the_two_player_game_with_the_solo_changes(mode: str) -> None:
    g = new(mode)
    assert g.num_players == 1 and g.to_act() == [0]
    assert [len(s.cards) for s in g.stacks] == [5] * 6
    everywhere = [c for s in g.stacks for c in s.cards] + g.reserve.cards + g.players[0].hand()
    assert not any(g.cards[c].suit == "Special" for c in everywhere)
    assert len(g.players[0].hand()) == 5 and not g.players[1].hand()
    her = g.players[1]
    assert [s.card for s in her.village] == ["Countess"]
    assert her.village[0].flipped == (mode == "beginner")
    assert her.summary(g.cards).gold == (0 if mode == "beginner" else 4)
    assert her.gold == (10 if mode == "hard" else 1)
    s = g.solo
    assert len(s.face_up) == (2 if mode == "hard" else 1)
    assert all(EVENTS[e].season == "summer" for e in s.face_up)
    assert s.jester == (mode != "hard")
    winter = set(s.decks["winter"])
    assert ("-It Was You!" in winter) == (mode == "normal")
    assert g.bank == 150 - 8 - her.gold
    assert g.scores() == [8.0] and not g.audit()


def test_the_jester_is_offered_at_once_except_in_hard_mode() -> None:
    assert any(isinstance(a, PlayJester) for a in new("normal").legal_actions(0))
    hard = new("hard")
    assert not any(isinstance(a, PlayJester) for a in hard.legal_actions(0))
    with pytest.raises(IllegalAction, match="Hard mode"):
        hard.apply(0, PlayJester(hard.solo.face_up[0]))


def test_the_jester_is_logged_before_the_event_it_sends_to_the_discard_pile() -> None:
    g = new("normal")
    event = g.solo.face_up[0]
    kinds = [e.kind for e in g.apply(0, PlayJester(event))]
    assert kinds.index("jester") < kinds.index("event_discard")


def test_bad_solo_options_are_refused_with_the_allowed_values() -> None:
    with pytest.raises(ValueError, match="beginner, normal, hard"):
        new("easy")
    with pytest.raises(ValueError, match="1-player game"):
        villagers.new_game(players=2, solo_mode="normal")
    with pytest.raises(ValueError, match="not balanced"):
        villagers.new_game(players=1, expansions="saints")
    assert villagers.new_game(players=3, seed=1).solo is None


def test_a_users_event_file_is_loaded_kept_in_the_record_and_checked(tmp_path) -> None:
    text = (EVENTS_FILE := EVENT_FILE).read_text()
    mine = tmp_path / "my_events.toml"
    mine.write_text(text.replace("gold = 2\nhelp = \"Every Basic",
                                 "gold = 5\nhelp = \"Every Basic"))
    g = new(events=str(mine))
    assert g.options["events"]["name"] == "my_events.toml"
    assert g.solo.events["Land Claim"].gold == 5
    again = villagers.replay(g.record())
    assert again.solo.events["Land Claim"].gold == 5
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('effect = "conscription"', 'effect = "arson"'))
    with pytest.raises(CardDataError, match="bad.toml event 'Conscription': field 'effect'"):
        new(events=str(bad))
    wrong_kind = tmp_path / "kind.toml"
    wrong_kind.write_text(text.replace('kind = "draft_phase"', 'kind = "event"'))
    with pytest.raises(CardDataError, match="event 'Rats': effect 'fewer_drafts' needs kind"):
        new(events=str(wrong_kind))
    assert EVENTS_FILE.exists()


# ------------------------------------------------------------------ the Countess's draft
def test_after_each_draft_she_gets_a_face_up_villager_before_the_road_refills() -> None:
    g = new()
    road = g.road[:]
    g.apply(0, DraftRoad(0))
    assert g.phase == "countess" and g.road[0] is None
    assert set(g.legal_actions(0)) >= {GiveCountess(i) for i in range(1, 6)}
    with pytest.raises(IllegalAction, match="no face-up villager"):
        g.apply(0, GiveCountess(0))
    g.apply(0, GiveCountess(2))
    assert [s.card for s in g.players[1].village] == ["Countess", road[2]]
    assert g.road[0] is not None and g.road[2] is not None and g.phase == "draft"


def test_a_face_down_draft_feeds_her_too_and_coins_on_her_card_go_to_her_supply() -> None:
    g = new()
    g.road_coins[4] = 2
    g.apply(0, DraftStack(0))
    assert g.phase == "countess"
    g.apply(0, GiveCountess(4))
    assert g.players[1].gold == 3 and g.road_coins[4] == 0


def test_she_counts_as_another_player_for_your_padlocks() -> None:
    g = solo([], phase="build", hand=["Glass Blower"], village=["Founders", "Miner"],
             countess=["Blacksmith"])
    assert Build("Glass Blower", 1, "bank") not in g.legal_actions(0)
    g.apply(0, Build("Glass Blower", 1, "1:1"))
    assert g.players[0].gold == 8 and g.players[1].village[1].coins == 2


# ------------------------------------------------------------------ end of the Event Phase
def test_a_silver_villager_is_valued_in_her_village() -> None:
    g = solo(["Land Claim"], countess=["Seeker", "Blacksmith", "Glass Blower", "Mason",
                                       "Locksmith", "Ore Muler"])
    assert gold_value(g, 1, 6) == 9  # 6 Ore symbols: 3 Gold per 2 (the rulebook's example)


@pytest.mark.parametrize(("top", "dealt"), [("Jeweler", 1), ("Truffler", 2), ("Hunter", 3)])
def test_her_reserve_card_decides_how_many_events_are_dealt(top: str, dealt: int) -> None:
    g = solo(["Land Claim"], reserve=["Mason", top])
    g.apply(0, ResolveEvent("Land Claim"))
    assert g.players[1].village[-1].card == top and len(g.solo.face_up) == dealt


def test_beginner_mode_always_deals_one_event() -> None:
    g = solo(["Land Claim"], reserve=["Mason", "Hunter"], mode="beginner")
    g.apply(0, ResolveEvent("Land Claim"))
    assert len(g.solo.face_up) == 1


def test_winter_events_are_dealt_once_the_first_market_is_resolved() -> None:
    summer = solo(["Land Claim"], reserve=["Mason", "Jeweler"])
    summer.apply(0, ResolveEvent("Land Claim"))
    assert EVENTS[summer.solo.face_up[0]].season == "summer"
    winter = solo(["Land Claim"], reserve=["Mason", "Jeweler"], markets=1)
    winter.apply(0, ResolveEvent("Land Claim"))
    assert EVENTS[winter.solo.face_up[0]].season == "winter"


def test_the_event_phase_comes_before_the_first_market() -> None:
    g = solo(["Land Claim"], stacks=[[], [], ["Seeker"], [], [], ["Fisher"]],
             reserve=["Mason", "Jeweler"])
    g.apply(0, ResolveEvent("Land Claim"))
    kinds = [e.kind for e in g.log]
    assert kinds.index("event_count") < kinds.index("market") and g.markets == 1
    # (the First Market was due, not yet resolved, when the events were dealt: Summer)
    assert EVENTS[g.solo.face_up[0]].season == "summer"


def test_a_spent_event_deck_is_reshuffled_from_its_discards() -> None:
    summer = EVENTS.deck("summer", "normal")
    g = solo(["Land Claim"], reserve=["Mason", "Jeweler"],
             solo={"decks": {"summer": [], "winter": EVENTS.deck("winter", "normal")},
                   "discards": {"summer": [e for e in summer if e != "Land Claim"]}})
    g.apply(0, ResolveEvent("Land Claim"))
    assert any(e.kind == "event_shuffle" for e in g.log)
    assert len(g.solo.face_up) == 1 and len(g.solo.decks["summer"]) == 11


def test_an_empty_reserve_is_rebuilt_from_the_discard_pile() -> None:
    g = solo(["Land Claim"], reserve=[])  # (every card not placed is discarded)
    before = len(g.discard)
    g.apply(0, ResolveEvent("Land Claim"))
    assert not g.discard and len(g.reserve.cards) == before - 1
    assert any(e.kind == "reserve_rebuilt" for e in g.log)


def test_in_the_final_round_she_takes_no_reserve_card_and_the_game_ends() -> None:
    g = solo(["Land Claim"], stacks=[[]] * 6, reserve=["Jeweler"], markets=1, gold=50)
    g.apply(0, ResolveEvent("Land Claim"))
    assert g.is_over() and [s.card for s in g.players[1].village] == ["Countess"]
    out = g.outcome()
    assert out.winners == (0,) and out.scores == (g.players[0].gold,)
    assert "beats the Countess" in out.reason


@pytest.mark.parametrize("gold", [2, 3])
def test_without_more_gold_than_her_nobody_wins_and_the_outcome_says_so(gold: int) -> None:
    g = solo(["Land Claim"], stacks=[[]] * 6, reserve=["Jeweler"], markets=1, gold=gold,
             her_gold=1)  # the Second Market pays the Founders 2, her card 4
    g.apply(0, ResolveEvent("Land Claim"))
    out = g.outcome()
    assert out.winners == () and "The Countess wins" in out.reason
    assert ("tie" in out.reason) == (gold == 3)


# ------------------------------------------------------------------ the Jester
def test_the_jester_discards_an_untouched_event_once_per_game() -> None:
    g = solo(["Tribute", "Customs"], hand=["Cooper"], markets=1)
    g.apply(0, PlayJester("Tribute"))
    assert g.solo.face_up == ["Customs"] and not g.solo.jester
    with pytest.raises(IllegalAction, match="once per game"):
        g.apply(0, PlayJester("Customs"))


def test_the_jester_cannot_touch_an_event_being_resolved() -> None:
    g = solo(["Betrayer", "Tribute"], village=["Founders", "Hunter", "Harvester"])
    g.apply(0, ResolveEvent("Betrayer"))
    assert g.phase == "event"
    with pytest.raises(IllegalAction, match="not a face-up event"):
        g.apply(0, PlayJester("Betrayer"))
    g.apply(0, PlayJester("Tribute"))  # another, untouched event: allowed
    g.apply(0, PickVillager(1))
    assert g.phase != "event"


# ------------------------------------------------------------------ saves, views, bots
def test_a_save_mid_event_round_trips_and_plays_on_the_same() -> None:
    g = solo(["Betrayer", "Tribute"], village=["Founders", "Hunter", "Harvester"])
    g.apply(0, ResolveEvent("Betrayer"))
    d = json.loads(json.dumps(g.to_dict()))
    h = Villagers.from_dict(d)
    assert h.to_dict() == g.to_dict() and h.phase == "event"
    for x in (g, h):
        x.apply(0, PickVillager(2))
    assert h.to_dict() == g.to_dict()


def test_a_solo_save_whose_refill_names_a_filled_road_slot_is_refused() -> None:
    g = new()
    g.apply(0, DraftRoad(5))
    d = g.to_dict()
    assert d["phase"] == "countess" and d["solo"]["refill"] == [5] and d["road"][0]
    d["solo"]["refill"] = [0]  # it would be dealt over the villager lying there
    with pytest.raises(ValueError, match="solo.refill must name empty Road slots"):
        Villagers.from_dict(d)


def test_a_solo_save_with_a_slot_to_refill_outside_the_countesss_pick_is_refused() -> None:
    g = new()
    g.apply(0, DraftRoad(5))
    g.apply(0, GiveCountess(0))
    d = g.to_dict()
    assert d["phase"] == "draft" and d["solo"]["refill"] == []
    d["solo"]["refill"] = [5]
    with pytest.raises(ValueError, match=r"solo.refill must be \[\] except in the Countess"):
        Villagers.from_dict(d)


def test_a_solo_save_in_the_countesss_pick_with_the_player_done_drafting_is_refused() -> None:
    g = new()
    g.apply(0, DraftRoad(5))
    d = g.to_dict()
    d["players"][0]["drafting"] = False  # the drafted villager would stay in the square
    with pytest.raises(ValueError, match=r"players\[0\]\.square must be empty when drafting"):
        Villagers.from_dict(d)


def test_the_event_decks_order_is_hidden_and_resampled() -> None:
    g = new()
    obs = g.observation(0)["solo"]
    assert obs["deck_order"] is None and obs["decks"]["winter"] == 12
    assert obs["face_up"][0]["help"]
    worlds = {tuple(g.determinize(0, random.Random(k)).solo.decks["winter"]) for k in range(5)}
    assert len(worlds) > 1
    assert all(g.determinize(0, random.Random(k)).solo.face_up == g.solo.face_up
               for k in range(3))


@pytest.mark.parametrize("mode", ["beginner", "normal", "hard"])
def test_the_villagers_bot_plays_a_whole_solo_game(mode: str) -> None:
    from village_games.bots import VillagersBot
    from village_games.core.seat import SeatView

    g = new(mode, seed=11)
    bot = VillagersBot(1)
    while not g.is_over():
        g.apply(0, bot.act(SeatView(g, 0)))
    assert g.outcome() is not None and not g.audit()
    assert g.players[1].gold > 1


def test_a_solo_save_has_format_2_and_a_base_game_keeps_format_1() -> None:
    assert new().to_dict()["version"] == 2 and new().record()["version"] == 2
    assert villagers.new_game(players=2, seed=1).to_dict()["version"] == 1
    d = new().to_dict()
    with pytest.raises(ValueError, match="format version 2"):
        Villagers.from_dict({**d, "version": 1})


def test_a_solo_save_in_the_event_phase_with_no_face_up_event_is_refused() -> None:
    """(A hostile tester's save left the player with no legal move.)"""
    g = solo(["Betrayer", "Tribute"], village=["Founders", "Hunter", "Harvester"])
    d = g.to_dict()
    assert d["phase"] == "events"
    for name in d["solo"]["face_up"]:
        d["solo"]["discards"][g.solo.events[name].season].append(name)
    d["solo"]["face_up"] = d["solo"]["begun"] = []
    with pytest.raises(ValueError, match="the Event Phase .* needs a face-up event"):
        Villagers.from_dict(d)


def test_a_solo_save_waiting_on_a_choice_of_no_event_is_refused() -> None:
    g = solo(["Betrayer", "Tribute"], village=["Founders", "Hunter", "Harvester"])
    g.apply(0, ResolveEvent("Betrayer"))
    d = g.to_dict()
    assert d["phase"] == "event" and d["solo"]["current"] == "Betrayer"
    d["solo"]["current"] = None
    d["solo"]["discards"][g.solo.events["Betrayer"].season].append("Betrayer")
    with pytest.raises(ValueError, match="solo.current must name the event the phase 'event'"):
        Villagers.from_dict(d)
