"""`event(...)`, the factory engines build their events with, gives exactly `Event(...)`."""

from village_games.core.events import Event, event


def test_event_builds_the_same_event_as_the_class_with_every_field_given():
    args = ("draw", "{} draws.", {"seat": 1}, ("Ann",), "{} draws {}.", ("Ann", "Bard"), (1,),
            True, True)
    built = event(*args)
    assert type(built) is Event
    assert built._asdict() == Event(*args)._asdict()


def test_event_fills_each_left_out_field_with_the_class_default():
    built = event("refresh", "Refresh.")
    assert built._asdict() == Event("refresh", "Refresh.")._asdict()
    assert built.data is Event._field_defaults["data"]  # the one shared, never-mutated dict
    assert event("gain", "{} gains.", {"seat": 0}, ("Bo",), chance=True)._asdict() == Event(
        "gain", "{} gains.", {"seat": 0}, ("Bo",), chance=True)._asdict()
    assert event("gain", "x", reveals=True).final and not event("gain", "x").final
