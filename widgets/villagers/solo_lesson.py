"""Villagers solo lesson: can you beat the Countess, and how many events will she bring?

Two questions, two tabs:

* **Beat the Countess.** The heuristic bot plays whole solo games in the chosen mode; the
  share it wins, with a 95% interval that narrows as games are added. No formula gives
  this number: the simulation is the answer, and its interval says how far to trust it.
* **Her next villager.** At the start of an Event Phase the player sees the suit on the
  back of the Reserve's top card, the villager the Countess will take; what it is worth in
  her village sets how many events come next. That is exact
  (`village_games.villagers.solo.odds`), beside re-deals of the hidden cards.

    from widgets.villagers.solo_lesson import solo_lesson
    solo_lesson()
"""

from __future__ import annotations

import ipywidgets as w
import numpy as np

from village_games.bots.solo_games import event_phase_position, play_solo, solo_gold
from village_games.core import words
from village_games.villagers import Villagers
from village_games.villagers.odds import reserve_top_chances
from village_games.villagers.solo.dealing import events_rule
from village_games.villagers.solo.odds import (
    event_count_chances,
    expected_events,
    simulate_event_counts,
)

from ..kit.apps import add_nav
from ..kit.markup import esc
from ..kit.safe import ErrorBanner, guarded
from ..kit.theme import style_tag
from ..teach.lesson import Choice, Exact, Lesson, fmt
from .position import STYLE

NOTEBOOK = "villagers_solo_lesson.ipynb"
MODES = (("Beginner", "beginner"), ("Normal", "normal"), ("Hard", "hard"))
SEAT = 0
INTRO = (
    "In the solo game you play against the Countess: she takes a villager every time you "
    "draft from the Road and one from the Reserve every round, and each round's events "
    "cost you Gold. Two questions a class can answer with the engine: how often does a "
    "sensible player beat her in each mode, and how many events will her next villager "
    "bring?")
WIN_NOTE = (
    "Each game is a fresh deal played by the project's heuristic bot (it drafts toward the "
    "production chains it can finish, gives the Countess what is worth least to her and "
    "spends the Jester on the costliest event). You win "
    "only with more Gold than she has at the end. Add games and watch the interval narrow: "
    "it shrinks like one over the square root of the number of games.")


class SoloLesson(w.VBox):
    """The two tabs: the bot's win rate per mode, and the events of her next villager."""

    def __init__(self, seed: int | None = None) -> None:
        self.banner = ErrorBanner()
        guard = guarded(self.banner)
        # ---- tab 1: beat the Countess
        self.win_mode = Choice(options=MODES, value="normal", description="Mode", style=STYLE,
                               layout={"width": "200px"})
        self.win_games = Lesson(
            [self.win_mode, w.HTML(f"<div class='vg-note'>{WIN_NOTE}</div>")],
            lambda: None, self._play_games, quantity="share of games won", seed=seed,
            banner=self.banner, run_label="Play games", unit="games",
            trials=(10, 20, 50, 100, 200, 500), default_trials=50, batches=25, share=True,
            experiment=lambda: ("villagers-solo-games", {"mode": self.win_mode.value}))
        self.margin = w.HTML("")
        self.win_games.run_button.on_click(guard(lambda _b: self._show_margin()))
        self._margins: list[np.ndarray] = []
        # ---- tab 2: her next villager
        self.event_mode = Choice(options=MODES, value="normal", description="Mode",
                                 style=STYLE, layout={"width": "200px"})
        self.game_seed = w.BoundedIntText(value=3, min=0, max=10**9, description="Game",
                                          style=STYLE, layout={"width": "150px"})
        self.round = w.IntSlider(value=3, min=1, max=8, description="Event Phase of round",
                                 continuous_update=False, style=STYLE,
                                 layout={"width": "330px"})
        self.position = w.HTML("")
        self.position.add_class("vg-solo-position")
        self.game: Villagers = event_phase_position("normal", 3, 3)
        self._at: tuple[str, int, int] | None = None  # the controls `game` was built for
        self.next_events = Lesson(
            [w.HBox([self.event_mode, self.game_seed, self.round]), self.position],
            self.exact_events, self.sample_events, quantity="events dealt", seed=seed,
            banner=self.banner, run_label="Deal again", unit="deals",
            trials=(100, 1_000, 10_000), default_trials=1_000,
            experiment=self.events_experiment)
        self.tabs = w.Tab([w.VBox([self.win_games, self.margin]), self.next_events])
        self.tabs.set_title(0, "Beat the Countess")
        self.tabs.set_title(1, "Her next villager")
        super().__init__([style_tag(), self.banner,
                          w.HTML(f"<div class='vg-lesson-intro'>{INTRO}</div>"), self.tabs])
        self.add_class("vg-app")
        self.add_class("vg-solo-lesson")

    # ------------------------------------------------------------------ win rate
    def _play_games(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """`n` fresh solo games: 1 for each the bot won; remembers the Gold margins."""
        if not self.win_games.progress.value:  # the first batch of a run
            self._margins = []
        wins = np.zeros(n)
        margins = np.zeros(n)
        for i, seed in enumerate(rng.integers(0, 2**31 - 1, size=n)):
            g = play_solo(self.win_mode.value, int(seed))
            you, her = solo_gold(g)
            outcome = g.outcome()
            assert outcome is not None  # (played to the end)
            wins[i] = SEAT in outcome.winners
            margins[i] = you - her
        self._margins.append(margins)
        return wins

    def _show_margin(self) -> None:
        if self.win_games.samples is None or not self._margins:
            return
        m = np.concatenate(self._margins)
        self.margin.value = (
            f"<div class='vg-note vg-solo-margin'>Your Gold minus hers over these "
            f"{m.size} games: {fmt(float(m.mean()), 1)} on average, from "
            f"{fmt(float(m.min()), 0)} to {fmt(float(m.max()), 0)}.</div>")

    # ------------------------------------------------------------------ next villager
    def _follow_controls(self) -> None:
        """Rebuild the position when the controls moved (the Lesson asks for the exact
        answer on every change, so a bad choice shows in its banner)."""
        at = (self.event_mode.value, self.game_seed.value, self.round.value)
        if at == self._at:
            return
        self.game = event_phase_position(*at)
        self._at = at
        obs = self.game.observation(SEAT)
        solo = obs["solo"]
        top = obs["reserve"]["top_suit"]
        chances = reserve_top_chances(obs, self.game.cards)
        rows = "".join(f"<tr><td>{esc(name)}</td><td>{p}</td></tr>"
                       for name, p in chances.items())
        pending = ", ".join(e["name"] for e in solo["face_up"]) or "none"
        self.position.value = (
            f"<div class='vg-note'>Round {obs['round']}, {solo['season']} events; "
            f"your Gold {solo['gold']['you']}, hers {solo['gold']['countess']}. Events "
            f"to resolve first: {esc(pending)}. The Reserve's top card shows a "
            f"<b>{esc(str(top))}</b> back; it can be:</div>"
            f"<table class='vg-eq-table'><tr><th>villager</th><th>chance</th></tr>{rows}"
            "</table>")

    def events_experiment(self) -> tuple[str, dict[str, object]]:
        """Her next villager as a class experiment, asking about its likeliest number of
        events (the teacher may change `events` in the link)."""
        self._follow_controls()
        chances = event_count_chances(self.game, SEAT)
        if not chances:
            raise ValueError("the Reserve is empty at this point: choose another round")
        likeliest = max(chances, key=lambda k: (chances[k], -k))
        return "villagers-solo-events", {"mode": self.event_mode.value,
                                         "game": self.game_seed.value,
                                         "round": self.round.value, "events": likeliest}

    def exact_events(self) -> Exact:
        self._follow_controls()
        chances = event_count_chances(self.game, SEAT)
        if not chances:
            raise ValueError("the Reserve is empty at this point: choose another round")
        spread = ", ".join(f"{words.count(k, 'event')}: {p}"
                           for k, p in chances.items())
        note = ("Each villager the card can be, valued in her village as it stands now "
                f"(printed Gold plus its Silver there): {events_rule()}. {spread}.")
        return Exact(float(expected_events(chances)), "Expected events", esc(note))

    def sample_events(self, n: int, rng: np.random.Generator) -> np.ndarray:
        return simulate_event_counts(self.game, SEAT, n,
                                     seed=int(rng.integers(0, 2**63))).astype(float)


def solo_lesson(seed: int | None = None) -> SoloLesson:
    """Build the lesson; `seed` makes its simulations replayable."""
    app = SoloLesson(seed)
    add_nav(app, NOTEBOOK)
    return app
