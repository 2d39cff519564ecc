"""Replay timelines: a record becomes the engine's own steps, for one viewer, or a clear
refusal naming what is wrong; packed records survive a link and refuse damage."""

import base64
import json
import random
import zlib

import pytest

from village_games import village_pillage
from village_games.bots import PillageBot, RandomBot
from village_games.core import ALL_CARDS, RecordError, SeatView, play
from village_games.core.records import (
    pack_record,
    record_from_json,
    record_json,
    unpack_record,
)
from village_games.core.timeline import (
    CHECKPOINT_EVERY,
    KEPT_ACTIONS,
    MAX_ACTIONS,
    build_timeline,
    viewers,
)

from .toy_game import Pile, new_pile


def finished_pillage(players: int = 3, seed: int = 7) -> village_pillage.Game:
    g = village_pillage.new_game(players=players, seed=seed, names=["Ana", "Ben", "Cy",
                                                                     "Dee", "Eli"][:players])
    return play(g, [PillageBot(seed=s) for s in range(players)])


def running_pillage(actions: int = 20) -> village_pillage.Game:
    done = finished_pillage()
    g = village_pillage.new_game(**{"seed": done.seed, **done.options})
    for seat, action in done.history[:actions]:
        g.apply(seat, action)
    return g


def as_json(record: dict) -> dict:
    return json.loads(json.dumps(record))


FINISHED = as_json(finished_pillage().record())


# ---------------------------------------------------------------- steps
def test_each_step_shows_the_table_the_engine_reports_for_that_viewer():
    tl = village_pillage.timeline(FINISHED, viewer=1)
    assert tl.over and tl.viewer == 1
    assert tl.steps[0].action == 0 and tl.steps[0].event.kind == "setup"
    # the last step of each recorded action shows what a fresh game shows after it
    fresh = village_pillage.new_game(seed=FINISHED["seed"], **FINISHED["options"])
    last_of = {s.action: s for s in tl.steps}
    for k, (seat, action) in enumerate(FINISHED["actions"], start=1):
        fresh.apply(seat, action)
        if k in last_of:
            assert last_of[k].obs == fresh.observation(1), f"after action {k}"
    assert tl.steps[-1].obs == fresh.observation(1)
    assert tl.steps[-1].event.kind == "win"
    assert tl.steps[-1].log_end == len(fresh.log) == len(tl.events)


def test_steps_belong_to_rounds_in_order_and_silent_events_fold_into_the_next_step():
    tl = village_pillage.timeline(FINISHED, viewer=0)
    rounds = [s.round for s in tl.steps]
    assert rounds == sorted(rounds) and tl.rounds == list(range(1, rounds[-1] + 1))
    assert all(s.obs["round"] == s.round for s in tl.steps if s.event.kind != "win")
    assert not [s for s in tl.steps if s.event.kind in ("plan", "nothing")]
    kinds = [line.kind for line in tl.log(len(tl) - 1)]
    assert "plan" in kinds  # folded, not lost: the log has every event
    first_reveal = next(i for i, s in enumerate(tl.steps) if s.event.kind == "reveal")
    assert [line.kind for line in tl.log(first_reveal)].count("plan") == 3
    assert tl.round_steps(2)[0] == next(i for i, s in enumerate(tl.steps) if s.round == 2)


def test_a_seat_reads_only_its_own_secrets_and_all_cards_reads_everything():
    seat0 = village_pillage.timeline(FINISHED, viewer=0)
    everyone = village_pillage.timeline(FINISHED, viewer=ALL_CARDS)
    table = village_pillage.timeline(FINISHED, viewer=None)
    assert len(seat0) == len(everyone) == len(table)
    end = len(seat0) - 1
    seat0_log = " ".join(line.text for line in seat0.log(end))
    all_log = " ".join(line.text for line in everyone.log(end))
    table_log = " ".join(line.text for line in table.log(end))
    assert "Ana places" in seat0_log and "Ben places" not in seat0_log
    assert "Ben places" in all_log and "Ana places" in all_log
    assert "places" not in table_log
    for step in seat0.steps:
        assert [p["hand"] is not None for p in step.obs["players"]] == [True, False, False]
    for step in table.steps:
        assert all(p["hand"] is None for p in step.obs["players"])
    for step in everyone.steps:
        assert all(p["hand"] is not None for p in step.obs["players"])
        assert step.obs["all_cards"] and step.obs["viewer"] is None


def test_all_cards_is_refused_while_the_recorded_game_is_running():
    record = as_json(running_pillage().record())
    with pytest.raises(ValueError, match="only once the game is over"):
        village_pillage.timeline(record, viewer=ALL_CARDS)
    tl = village_pillage.timeline(record, viewer=None)
    assert not tl.over and ALL_CARDS not in viewers(tl.game)
    assert all(not s.obs["all_cards"] for s in tl.steps)
    assert viewers(village_pillage.timeline(FINISHED).game)[-1] == ALL_CARDS


def test_a_running_game_ends_on_its_last_event_even_when_that_one_is_silent():
    g = running_pillage(actions=0)
    g.apply(0, g.legal_actions(0)[0])  # one face-down plan: a silent event
    tl = village_pillage.timeline(as_json(g.record()), viewer=0)
    assert len(tl) == 2 and tl.steps[-1].event.kind == "plan"
    assert tl.steps[-1].obs == g.observation(0)


def test_any_game_on_the_protocol_gets_a_timeline():
    g = play(new_pile(seed=3, size=9), [RandomBot(1), RandomBot(2)])
    tl = build_timeline(as_json(g.record()), new_pile, Pile.from_dict, viewer=0)
    assert len(tl) == len(g.history) + 1  # no log before the first move, no silent kinds
    assert tl.steps[0].event is None and tl.text(0) == "" and tl.steps[0].round is None
    assert tl.steps[-1].obs == g.observation(0) and tl.rounds == []
    assert [line.text for line in tl.log(len(tl) - 1)] == g.log_for(0)
    with pytest.raises(ValueError, match="Pile has no view that shows every card"):
        build_timeline(g.record(), new_pile, Pile.from_dict, viewer=ALL_CARDS)
    with pytest.raises(ValueError, match="seat from 0 to 1"):
        build_timeline(g.record(), new_pile, Pile.from_dict, viewer=2)


def test_a_record_that_starts_from_a_scenario_steps_from_there():
    g = village_pillage.Game.from_dict({"players": [{"stockpile": 4}, {}, {}], "seed": 2})
    while not g.is_over() and len(g.history) < 12:
        seat = g.to_act()[0]
        g.apply(seat, random.Random(len(g.history)).choice(list(g.legal_actions(seat))))
    tl = village_pillage.timeline(as_json(g.record()), viewer=0)
    assert tl.steps[0].obs["players"][0]["stockpile"] == 4
    assert tl.steps[-1].obs == g.observation(0)


# ---------------------------------------------------------------- bad records
def _with(change):
    record = as_json(FINISHED)
    change(record)
    return record


def _set_action(k, row):
    return lambda r: r["actions"].__setitem__(k - 1, row)


@pytest.mark.parametrize("change, words", [
    (lambda r: r.pop("actions"), ["not a whole game record", "'actions'"]),
    (lambda r: r.update(game="villagers"), ["record is for 'villagers'", "village_pillage"]),
    (lambda r: r.update(version=99), ["record has format version 99", "version 1 or 2"]),
    (lambda r: r.update(options={"players": 9}), ["options cannot start a game", "2 to 5"]),
    (lambda r: r["options"].update(colour="red"), ["options do not fit", "colour"]),
    (lambda r: r.update(actions="all of them"), ["actions must be a list"]),
    (lambda r: r.update(seed=None), ["the record's seed must be a whole number, got None"]),
    (lambda r: r.update(seed="5"), ["the record's seed must be a whole number, got '5'"]),
    (_set_action(12, [1, {"type": "Plan", "left": "Wall", "right": "Wall"}]),
     ["action 12 (Ben, seat 2: Plan(left=Wall, right=Wall)) is not legal",
      "cannot be played twice"]),
    (_set_action(4, [1, {"type": "Fly"}]), ["action 4 (Ben, seat 2: Fly) is not legal",
                                            "unknown action type 'Fly'"]),
    (_set_action(5, [7, {"type": "Plan"}]), ["action 5 is not [seat, action]", "0 to 2"]),
    (lambda r: r["actions"].append(r["actions"][0]), ["is not legal: the game is over"]),
])
def test_a_bad_record_is_refused_naming_the_problem(change, words):
    with pytest.raises(RecordError) as caught:
        village_pillage.timeline(_with(change), viewer=0)
    for word in words:
        assert word in str(caught.value)


def test_a_record_longer_than_any_game_is_refused_before_replaying():
    record = _with(lambda r: r.update(actions=r["actions"] * (MAX_ACTIONS // 60 + 1)))
    with pytest.raises(RecordError, match=f"at most {MAX_ACTIONS}"):
        village_pillage.timeline(record)


@pytest.mark.parametrize("text, words", [
    ("", "text is empty"),
    ("{not json", "not valid JSON"),
    ("[1, 2]", "a game record is a JSON object"),
    ('{"game": "village_pillage"}', "not a whole game record"),
    ('{"game": "village_pillage", "version": 2, "options": {}, "seed": ' + "9" * 5000
     + ', "actions": []}', "number far too long"),
])
def test_record_text_that_is_not_a_record_says_why(text, words):
    with pytest.raises(RecordError, match=words):
        record_from_json(text)


# ---------------------------------------------------------------- packed records
def test_a_packed_record_is_short_link_safe_and_comes_back_exactly():
    token = pack_record(FINISHED)
    assert len(token) < len(record_json(FINISHED)) / 4
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert unpack_record(token) == FINISHED
    assert record_from_json(record_json(FINISHED)) == FINISHED


@pytest.mark.parametrize("damage, words", [
    (lambda t: t[: len(t) // 2], "cut short"),
    (lambda t: t[:-5], "cut short"),
    (lambda t: "AAAA" + t, "does not unpack"),
    (lambda t: "A" + t, "not in the packed form"),
    (lambda t: t + "AAAA", "something follows its end"),
    (lambda t: "", "empty"),
    (lambda t: "%%%", "cut short"),
])
def test_a_damaged_link_record_is_refused(damage, words):
    with pytest.raises(RecordError, match=words):
        unpack_record(damage(pack_record(FINISHED)))


def nested_token(depth: int) -> str:
    """A link's record that is only an array nested `depth` deep."""
    text = "[" * depth + "]" * depth
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


@pytest.mark.parametrize("depth", [40, 900, 100_000])
def test_a_link_record_of_deeply_nested_json_is_refused_in_words(depth):
    assert len(nested_token(depth)) < 400  # (a link of 294 characters killed the page)
    with pytest.raises(RecordError, match="nested"):
        unpack_record(nested_token(depth))
    with pytest.raises(RecordError, match="nested"):
        record_from_json("[" * depth + "]" * depth)


def test_a_link_record_never_inflates_into_a_huge_text():
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * 50_000_000, 9)).decode()
    assert len(bomb) < 100_000
    with pytest.raises(RecordError, match="far more than a game record"):
        unpack_record(bomb)


# ---------------------------------------------------------------- observations on demand
def _random_game(module, players: int, seed: int, moves: int):
    g = module.new_game(players=players, seed=seed)
    rnd = random.Random(seed)
    while not g.is_over() and len(g.history) < moves:
        p = g.to_act()[0]
        acts = g.legal_actions(p)
        g.apply(p, acts[int(rnd.random() * len(acts))])
    return g


@pytest.mark.parametrize("name", ["village_pillage", "villagers", "villagers_and_villains",
                                  "villages"])
def test_every_step_shows_what_a_traced_replay_shows_whatever_order_it_is_read_in(name):
    """Observations are replayed from kept copies when read: looked at out of order (back,
    forward, far apart), each step still shows exactly what it showed as it happened."""
    import importlib

    module = importlib.import_module(f"village_games.{name}")
    g = _random_game(module, 3, 5, moves=CHECKPOINT_EVERY * 3 + 10)
    record = as_json(g.record())
    viewer = 1
    fresh = module.new_game(players=3, seed=5)
    seen = {(0, -1): fresh.view(viewer)}
    for k, (seat, action) in enumerate(g.history, start=1):
        for i, (_event, obs) in enumerate(fresh.apply_traced(seat, action, viewer)):
            seen[(k, i)] = obs
    tl = module.timeline(record, viewer)
    order = list(range(len(tl)))
    random.Random(3).shuffle(order)
    order += list(range(len(tl) - 1, -1, -1))  # and stepping back from the end
    for index in order:
        step = tl.steps[index]
        assert step.obs == seen[(step.action, step.moment)], (name, index)


def test_a_long_game_opens_without_holding_every_observation():
    """Five Villages bots may play 20,000 moves and more; the timeline keeps a copy of the
    game every CHECKPOINT_EVERY actions, not an observation per step."""
    from village_games import villages
    from village_games.bots import VillagesBot

    g = villages.new_game(players=5, seed=1)  # these bots play 7,335 moves in all
    bots = [VillagesBot(seed=31 + s) for s in range(5)]
    while len(g.history) < 5_100:
        p = g.to_act()[0]
        g.apply(p, bots[p].act(SeatView(g, p)))
    tl = villages.timeline(as_json(g.record()), 0)
    assert len(tl) > len(g.history) > 5_000  # the old limit
    views = tl.steps[0].views
    assert len(views.kept) == -(-len(g.history) // CHECKPOINT_EVERY)
    assert tl.steps[-1].obs == g.observation(0)
    assert len(views.seen) <= KEPT_ACTIONS
