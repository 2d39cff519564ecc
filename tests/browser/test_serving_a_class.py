"""Pages a class opens: never blank, and a closed tab gives its kernel back.

- The app's output arrives even when it comes late, and a page whose app does not show
  says so and offers a retry (Voila template `village`, page_guard.js). The late output is
  produced the way a busy server produced it: the cell's messages reach Voila only after
  the kernel has replied that the cell finished. Voila's executor used to wait 4 s for
  them, then sent the page without the app.
- Closing a page shuts its kernel down (Voila's unload beacon, with the xsrf check off).
"""

import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect

from harness.chromium import close_page, new_page
from harness.voila import running_voila
from tests.browser.conftest import patient

DELAY_S = 5  # more than the 4 s Voila's executor waited by default
LATE_APP = f"""\
import sys
import time

import ipywidgets as widgets
from IPython import get_ipython

# Hold the kernel's IOPub thread: what this cell publishes (the app, then 'idle') reaches
# Voila {DELAY_S} s after the kernel replied that the cell finished (the reply waits for
# stdout and stderr to flush, so they give up waiting first).
sys.stdout.flush_timeout = sys.stderr.flush_timeout = 0.1
get_ipython().kernel.iopub_thread.schedule(lambda: time.sleep({DELAY_S}))
app = widgets.Label("the app")
app.add_class("late-app")
app
"""
# A widget view whose model does not exist: the output arrives, no widget ever renders.
NEVER_RENDERS = """\
display({"application/vnd.jupyter.widget-view+json":
         {"model_id": "no-such-model", "version_major": 2, "version_minor": 0}}, raw=True)
"""
BUTTON_APP = """\
import ipywidgets as widgets

button = widgets.Button(description="Click")
button.add_class("quick-app")
button
"""
NOTICE = ".vg-page-guard"


def write_notebook(path: Path, code: str) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Intro text\n\nThe app comes below."),
                nbformat.v4.new_code_cell(code)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, path)


@pytest.fixture(scope="module")
def guard_root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("guard-notebooks")
    write_notebook(root / "late.ipynb", LATE_APP)
    write_notebook(root / "never_renders.ipynb", NEVER_RENDERS)
    write_notebook(root / "quick.ipynb", BUTTON_APP)
    return root


@pytest.fixture(scope="module")
def impatient_server(guard_root, tmp_path_factory) -> Iterator[str]:
    """Voila as it was: its executor waits 4 s (nbclient's default) for a cell's output."""
    log = tmp_path_factory.mktemp("impatient") / "server.log"
    with running_voila(guard_root, log, "--VoilaExecutor.iopub_timeout=4") as url:
        yield url


def test_with_the_project_flags_a_late_output_still_arrives(page, voila_factory, guard_root):
    page.goto(f"{voila_factory(guard_root)}/voila/render/late.ipynb")
    expect(page.locator(".late-app")).to_have_text("the app")
    expect(page.locator(NOTICE)).to_have_count(0)


def test_a_page_whose_output_was_lost_says_so_and_retries(page, impatient_server):
    page.goto(f"{impatient_server}/voila/render/late.ipynb")
    notice = page.locator(NOTICE)
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("did not reach this page")
    expect(page.locator(".late-app")).to_have_count(0)
    page.evaluate("window.vgBeforeRetry = true")
    with page.expect_navigation():
        notice.get_by_role("button", name="Try again").click()
    assert page.evaluate("window.vgBeforeRetry") is None  # a fresh page was loaded


def test_an_app_whose_widgets_never_render_gets_the_notice(page, voila_factory, guard_root):
    page.add_init_script("window.VG_PAGE_GUARD_MS = 1000")
    page.goto(f"{voila_factory(guard_root)}/voila/render/never_renders.ipynb")
    notice = page.locator(NOTICE)
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("has not appeared yet")
    expect(notice.get_by_role("button", name="Try again")).to_be_visible()


def kernel_alive(base: str, kernel_id: str) -> bool:
    try:
        urllib.request.urlopen(f"{base}/api/kernels/{kernel_id}", timeout=5)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise
    return True


def test_closing_a_page_shuts_its_kernel_down(browser, voila_factory, guard_root):
    base = voila_factory(guard_root)
    page = patient(new_page(browser))
    page.goto(f"{base}/voila/render/quick.ipynb")
    expect(page.locator(".quick-app")).to_be_visible()
    kernel_id = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    assert kernel_alive(base, kernel_id)
    close_page(page)
    deadline = time.monotonic() + 120  # (a loaded machine is slower, not wrong)
    while kernel_alive(base, kernel_id):
        assert time.monotonic() < deadline, "the closed page's kernel is still running"
        time.sleep(0.5)
