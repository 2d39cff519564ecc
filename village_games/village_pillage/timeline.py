"""Counts after each event of a round, so a table can show the resolution step by step.

Resolution events carry `data["delta"]` rows `[seat, stockpile change, bank change]`, and a
relic purchase (kind "relic") carries `data["seat"]` and the new `data["relics"]`. Replaying
those from the counts before the reveal gives the counts after every event; the last entry
equals the game's counts once the round is done.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Counts = list[list[int]]  # per seat: [stockpile, bank, relics]


def _data(event: Any) -> dict[str, Any]:
    return event["data"] if isinstance(event, dict) else event.data


def _kind(event: Any) -> str:
    return event["kind"] if isinstance(event, dict) else event.kind


def counts_after_events(start: Counts, events: Iterable[Any]) -> list[Counts]:
    """One snapshot per event: the [stockpile, bank, relics] rows after that event.

    `start` is not modified. Events may be `Event` objects or their `to_dict()` form;
    events without counts (phases, reveals, choices) repeat the previous snapshot.
    """
    current = [list(row) for row in start]
    out: list[Counts] = []
    for event in events:
        data = _data(event)
        for seat, d_stock, d_bank in data.get("delta", ()):
            current[seat][0] += d_stock
            current[seat][1] += d_bank
        if _kind(event) == "relic" and "seat" in data and "relics" in data:
            current[data["seat"]][2] = data["relics"]
        out.append([row[:] for row in current])
    return out


def changed_seats(before: Counts, after: Counts) -> list[int]:
    """Seats whose counts differ between two snapshots (for highlighting)."""
    return [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
