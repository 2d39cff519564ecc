"""Moves made through a play app's own controls, shared by the widget tests."""


def plan(app, left: str, right: str) -> None:
    """A Village Pillage plan: the two cards picked in the picker, then Confirm; the app
    must take it without an error."""
    app.screen.picker.button("left", left).click()
    app.screen.picker.button("right", right).click()
    app.screen.picker.confirm.click()
    assert app.banner.value == "", app.banner.value
