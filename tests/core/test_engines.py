import pytest

from village_games.engines import ENGINES, engine


def test_every_engine_is_found_by_its_game_name():
    for name in ENGINES:
        module = engine(name)
        assert module.new_game(players=2, seed=1).game_name == name


def test_an_unknown_game_name_is_refused_with_the_names_there_are():
    with pytest.raises(ValueError, match="the games are village_pillage, villagers"):
        engine("chess")
