"""The engine builds its events directly (events.event); they must be the core's Events."""

from village_games.core.events import Event
from village_games.village_pillage.events import event


def test_event_builds_the_same_event_as_the_core_constructor():
    args = ("draw", "{} draws.", {"seat": 1}, ("Ann",), "{} draws {}.", ("Ann", "Bard"), (1,),
            True, True)
    built = event(*args)
    assert type(built) is Event
    assert built == Event(*args)
    assert built._asdict() == Event(*args)._asdict()


def test_event_defaults_match_the_core_defaults():
    assert event("refresh", "Refresh.") == Event("refresh", "Refresh.")
    assert event("gain", "{} gains.", {"seat": 0}, ("Bo",), chance=True) == Event(
        "gain", "{} gains.", {"seat": 0}, ("Bo",), chance=True)
