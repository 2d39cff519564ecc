"""Every engine's pinned transcripts (the shared tool, `tests/transcripts.py`): each stored
game replays exactly as recorded, every pinned game has its file and no file is stale, and
the check fails, naming the section, when any part of a transcript changes."""

from __future__ import annotations

import pytest

from tests.transcripts import SECTIONS, TranscriptTool, load, mutated
from tests.village_pillage.transcript_tool import TOOL as VILLAGE_PILLAGE
from tests.villagers.transcript_tool import TOOL as VILLAGERS
from tests.villagers_and_villains.transcript_tool import TOOL as VILLAGERS_AND_VILLAINS
from tests.villages.transcript_tool import TOOL as VILLAGES

TOOLS = {"village_pillage": VILLAGE_PILLAGE, "villagers": VILLAGERS,
         "villagers_and_villains": VILLAGERS_AND_VILLAINS, "villages": VILLAGES}
FILES = [(name, path) for name, tool in TOOLS.items() for path in tool.transcript_paths()]


@pytest.mark.parametrize(("game", "path"), FILES, ids=[f"{g}/{p.stem}" for g, p in FILES])
def test_each_seeded_game_replays_exactly_as_recorded(game, path) -> None:
    TOOLS[game].check(load(path), path.name)


@pytest.mark.parametrize("game", TOOLS)
def test_every_pinned_game_has_its_file_and_no_file_is_stale(game: str) -> None:
    tool: TranscriptTool = TOOLS[game]
    assert [p.name for p in tool.transcript_paths()] == sorted(
        f"{spec.name}.json" for spec in tool.games)
    for spec in tool.games:
        record = load(tool.path_for(spec.name))["record"]
        assert (record["seed"], record["options"]["players"]) == (spec.seed, spec.players)


@pytest.mark.parametrize("game", TOOLS)
@pytest.mark.parametrize("section", SECTIONS)
def test_a_changed_transcript_fails_the_check_naming_the_section(game, section) -> None:
    tool: TranscriptTool = TOOLS[game]
    path = tool.transcript_paths()[-1]
    with pytest.raises(AssertionError, match=f"{section}: differs"):
        tool.check(mutated(load(path), section, 4), path.name)
