"""scripts/long_links.py: which addresses get the "link too long" page, and what it says."""

import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from long_links import ADDRESS_LIMIT, HEADER_BYTES, LongAddress, page_html  # noqa: E402

from widgets.table.replay_link import LINK_LIMIT  # noqa: E402


def test_only_addresses_past_the_limit_are_matched():
    matcher = LongAddress(ADDRESS_LIMIT)
    assert matcher.match(SimpleNamespace(uri="/voila/render/x.ipynb?record=abc")) is None
    assert matcher.match(SimpleNamespace(uri="/" + "a" * ADDRESS_LIMIT)) == {}


def test_every_link_the_apps_make_is_opened_and_every_longer_one_can_be_read():
    longest_app_link = "/voila/render/villagers_and_villains_replay.ipynb?" + "x" * LINK_LIMIT
    assert LongAddress(ADDRESS_LIMIT).match(SimpleNamespace(uri=longest_app_link)) is None
    assert HEADER_BYTES > 2 * 1024 * 1024  # Chromium sends addresses of up to 2 MB


def test_the_page_says_how_long_the_link_was_and_links_the_page_without_it():
    text = " ".join(page_html(70_050, "/voila/render/village_pillage_replay.ipynb", "/").split())
    assert "70,050 characters" in text and f"up to {ADDRESS_LIMIT:,} characters" in text
    assert 'href="/voila/render/village_pillage_replay.ipynb"' in text
    assert ".vg-too-long {" in text  # the stylesheet, from its .css file
    odd = page_html(99_999, '/voila/"><script>.ipynb', "/")
    assert "<script>" not in odd
