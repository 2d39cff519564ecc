"""Reading JSON that anyone may have written (a save, a record, a link): Python's own
complaints become a ValueError that says what is wrong in words a player can act on.

`json.loads` raises RecursionError on an array nested a few thousand deep (a 300-character
link inflates to one), ValueError about "4300 digits" on a huge number, and accepts
nesting deep enough to break whatever walks the data next. `read_json` refuses all three.
"""

from __future__ import annotations

import json
from typing import Any

from .shapes import MAX_DEPTH


def read_json(text: str, what: str = "that text") -> Any:
    """`text` as JSON data; ValueError naming `what` ("that save") and the problem."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{what} is not valid JSON ({exc.msg} at line {exc.lineno}, "
                         f"column {exc.colno})") from None
    except RecursionError:
        raise ValueError(f"{what} is nested far too deeply to be a game") from None
    except ValueError:  # Python refuses integers of thousands of digits
        raise ValueError(f"{what} holds a number far too long to be a real one") from None
    if too_deep(data):
        raise ValueError(f"{what} is nested more than {MAX_DEPTH} levels deep: no game's "
                         "data is") from None
    return data


def too_deep(data: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether lists and objects in `data` nest more than `limit` levels."""
    level = [data]
    for _ in range(limit + 1):
        below: list[Any] = []
        for x in level:
            if type(x) is dict:
                below.extend(v for v in x.values() if type(v) in (dict, list))
            elif type(x) is list:
                below.extend(v for v in x if type(v) in (dict, list))
        if not below:
            return False
        level = below
    return True
