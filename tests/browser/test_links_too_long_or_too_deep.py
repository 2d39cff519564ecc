"""Links no game fits in: the server answers an address longer than the apps make with a
page that says what to do instead (it used to drop the connection), and a short link
whose record is deeply nested JSON opens the replay page with a notice (it used to stop
the page with a cell error)."""

import base64
import zlib

import pytest
from playwright.sync_api import expect

ADDRESS_LIMIT = 64_000  # scripts/long_links.py: the longest address the server opens

REPLAYS = ["village_pillage_replay.ipynb", "villagers_replay.ipynb",
           "villagers_and_villains_replay.ipynb", "villages_replay.ipynb"]


def nested_link_record(depth: int = 100_000) -> str:
    text = b"[" * depth + b"]" * depth
    return base64.urlsafe_b64encode(zlib.compress(text, 9)).decode().rstrip("=")


@pytest.mark.parametrize("notebook", REPLAYS)
def test_a_short_link_of_deeply_nested_json_gets_a_notice_and_the_page_works(
        page, voila_server, open_app, notebook):
    token = nested_link_record()
    assert len(token) < 400
    open_app(page, voila_server, notebook, query=f"record={token}", ready=".vg-rp-empty")
    expect(page.locator(".vg-notice .vg-query-error")).to_contain_text("nested far too deeply")
    page.locator(".vg-rp-bots").click()
    expect(page.locator(".vg-rp-count")).to_contain_text("step 1 of")
    expect(page.locator(".vg-error")).to_be_hidden()


def test_a_link_longer_than_the_server_opens_gets_a_page_saying_what_to_do(page,
                                                                            voila_server):
    notebook = REPLAYS[0]
    address = f"/voila/render/{notebook}?record=" + "A" * 70_000
    assert len(address) > 65_536  # tornado's own limit dropped the connection
    answer = page.goto(voila_server + address)
    assert answer is not None and answer.status == 414
    expect(page.locator("h1")).to_have_text("This link is too long to open")
    body = page.locator("main")
    expect(body).to_contain_text(f"{len(address):,} characters")
    expect(body).to_contain_text(f"up to {ADDRESS_LIMIT:,} characters")
    expect(body).to_contain_text("record file")
    for width, height in ((1366, 768), (800, 900)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=f"/tmp/link_too_long_{width}.png")
    page.get_by_role("link", name="open it without the game in the link").click()
    expect(page.locator(".vg-rp-empty")).to_be_visible()
    expect(page.locator(".vg-rp-upload")).to_be_visible()


def test_a_link_just_over_what_the_server_opens_gets_the_page_too(page, voila_server):
    address = f"/voila/render/{REPLAYS[0]}?record="
    address += "A" * (ADDRESS_LIMIT + 1 - len(address))
    answer = page.goto(voila_server + address)
    assert answer is not None and answer.status == 414
    expect(page.locator("h1")).to_have_text("This link is too long to open")
