"""Reading app settings from the page's query string (Voila passes it to the kernel)."""

from __future__ import annotations

import os
from urllib.parse import parse_qs


def query_params(environ: dict[str, str] | None = None) -> dict[str, str]:
    """`?players=3&seed=7` -> {"players": "3", "seed": "7"}; last value wins."""
    env = os.environ if environ is None else environ
    raw = env.get("QUERY_STRING", "")
    return {k: v[-1] for k, v in parse_qs(raw, keep_blank_values=True).items()}
