"""The coach toggle in the play app: advice beside the choices, only when asked for."""

from widgets.village_pillage.adapter import make_app


def visible(widget) -> bool:
    return widget.layout.display != "none"


def test_coach_is_off_until_switched_on_then_notes_every_card_button():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "7"})
    assert app.coach.view.value == "" and not visible(app.coach.model)
    assert "·" not in app.screen.picker.button("left", "Raider").description
    app.coach.box.value = True
    assert app.banner.value == ""
    assert visible(app.coach.model)
    assert "Coach: best is" in app.coach.view.value
    assert "every plan they could make equally likely" in app.coach.view.value
    for side in ("left", "right"):
        for card in ("Farmer", "Wall", "Raider", "Merchant"):
            label = app.screen.picker.button(side, card).description
            assert label.startswith(f"{card} · ") and "relic" in label
    app.coach.box.value = False
    assert app.coach.view.value == ""
    assert app.screen.picker.button("left", "Raider").description == "Raider"


def test_switching_the_opponent_model_recomputes_the_advice():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "7"})
    app.coach.box.value = True
    uniform = app.coach.view.value
    app.coach.model.value = "equilibrium"
    assert app.coach.view.value != uniform
    assert "opening equilibrium" in app.coach.view.value


def test_coach_follows_the_game_to_the_next_decision_and_the_duel():
    app = make_app({"players": "2", "seats": "human,bot", "seed": "3"})
    app.coach.box.value = True
    assert "in front" in app.coach.view.value  # the duel's first round: front and back
    app.screen.picker.button("front", "Farmer").click()
    app.screen.picker.button("back", "Wall").click()
    app.screen.picker.confirm.click()
    while app.session.steps.frames:
        app.screen.next_button.click()
    assert app.banner.value == ""
    if app.session.game.phase == "plan":
        assert "queued" in app.coach.view.value  # a one-card queue from round 2 on
        assert app.screen.picker.button("card", "Raider").description.startswith("Raider · ")


def test_hand_over_screen_shows_no_advice():
    app = make_app({"players": "3", "seats": "human,human,bot", "seed": "2"})
    app.coach.box.value = True
    assert not visible(app.screen.board)  # waiting for the first player to say they are ready
    assert app.coach.view.value == ""
    app.screen.handover_button.click()
    assert "Coach: best is" in app.coach.view.value


def test_round_one_of_three_villages_is_exact_though_a_coin_orders_the_buyers():
    app = make_app({"players": "3", "seats": "human,bot,bot", "seed": "7"})
    app.coach.box.value = True
    assert "Exact: all" in app.coach.view.value
    assert "every outcome of the coin flips" in app.coach.view.value
    app.coach.model.value = "equilibrium"  # the page says what the model is
    assert "Farmer 7/24, Wall 10/24, Raider 7/24" in app.coach.view.value
    assert "in each slot" in app.coach.view.value


def test_sampled_advice_shows_both_errors_and_names_no_best_within_the_noise():
    from widgets.village_pillage.coach_view import coaching

    from ..village_pillage.scenarios import played_to_round

    g = played_to_round(4, 5, 4)  # hidden cards: the coach samples
    html = coaching(g, g.to_act()[0], "equilibrium").html
    assert "no plan is clearly best" in html and "best is" not in html
    assert "± is half the 95% interval of the swing" in html
    assert "(0%–" in html  # the relic chance's interval, beside the chance


def test_a_swing_that_rounds_to_nothing_reads_0_not_minus_0():
    from widgets.village_pillage.coach_view import signed

    assert [signed(x) for x in (-0.01, 0.02, -0.3, 1.25)] == ["0.0", "0.0", "−0.3", "+1.2"]


def test_the_equilibrium_model_is_offered_only_where_numpy_can_be_imported(monkeypatch):
    """It solves the lesson's duel with numpy (the `lessons` extra); a Python without it
    (a static site without the Pyodide distribution) offers the other models only."""
    import sys

    from widgets.village_pillage.coach_view import coach_models_here

    assert "equilibrium" in [key for _label, key in coach_models_here()]
    monkeypatch.setitem(sys.modules, "numpy", None)
    assert [key for _label, key in coach_models_here()] == ["uniform"]
