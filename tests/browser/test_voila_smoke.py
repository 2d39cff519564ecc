"""The browser fixtures work end to end, independent of notebooks/ (which is in flux):
Voila serves a generated notebook from a temp dir, Chromium clicks a real Button, and the
kernel's answer reaches the page.
"""

import nbformat
import pytest
from playwright.sync_api import expect

APP = """\
import ipywidgets as widgets

label = widgets.Label("not clicked")
label.add_class("smoke-label")
button = widgets.Button(description="Click me")
button.add_class("smoke-button")
button.on_click(lambda _: setattr(label, "value", "clicked"))
widgets.VBox([button, label])
"""


@pytest.fixture(scope="module")
def smoke_server(voila_factory, tmp_path_factory) -> str:
    root = tmp_path_factory.mktemp("smoke-notebooks")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Smoke"), nbformat.v4.new_code_cell(APP)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, root / "index.ipynb")
    return voila_factory(root)


def test_click_updates_label(page, smoke_server, open_app):
    open_app(page, smoke_server, "index.ipynb", ready=".smoke-button")
    label = page.locator(".smoke-label")
    expect(label).to_have_text("not clicked")
    page.locator(".smoke-button").click()
    expect(label).to_have_text("clicked")


def test_root_redirects_to_gallery(page, smoke_server):
    page.goto(smoke_server + "/")
    assert page.url.endswith("/voila/render/index.ipynb")
    expect(page.locator(".smoke-button")).to_be_visible()
