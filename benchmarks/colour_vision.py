"""The four games' tables as people with a colour-vision deficiency see them. A measurement.

Simulates protanopia, deuteranopia (red-green) and tritanopia (blue-yellow) with the
matrices of Machado, Oliveira and Fernandes (2009, severity 1.0, applied in linear RGB):

1. on the colours that carry meaning (the Villages bands, Village Pillage's card types,
   Villagers & Villains' card kinds are read the same way): for each deficiency, the pairs
   of colours that come closer than ΔE76 = 20 (hard to tell apart at a glance), which
   therefore must be told apart by a printed word;
2. on screenshots of each play app (`scripts/serve` on notebooks/, Debian's Chromium):
   <out>/<game>.png and <game>_<deficiency>.png, to look at.

    .venv/bin/python benchmarks/colour_vision.py [--out /tmp/shots/cvd]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
from harness.chromium import launch_chromium  # noqa: E402
from harness.pages import new_device, open_app  # noqa: E402
from harness.voila import running_voila  # noqa: E402

MACHADO = {  # severity 1.0
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                   [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                     [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                   [0.004733, 0.691367, 0.303900]],
}
PALETTES = {  # widgets/villages/render.py BAND, widgets/kit/style.css card borders
    "Villages units": {"Red": "#b03a2e", "Orange": "#d9731a", "Yellow": "#c9a40e",
                       "Green": "#2e8b4a", "Blue": "#2e6fba", "Purple": "#7d3c98"},
    "Village Pillage cards": {"Farmer": "#4e8a2e", "Wall": "#2f5f9e", "Raider": "#a8322a",
                              "Merchant": "#b88a14"},
}
PLAY = {
    "village_pillage": ("village_pillage_play.ipynb", "players=3&seats=human,bot,bot&seed=4"),
    "villagers": ("villagers_play.ipynb", "players=2&seats=human,bot&seed=4"),
    "villagers_and_villains": ("villagers_and_villains_play.ipynb",
                               "players=2&seats=human,bot&seed=4"),
    "villages": ("villages_play.ipynb", "players=2&seats=human,bot&seed=1"),
}
CLOSE = 20.0  # ΔE76 below this: two colours are hard to tell apart at a glance


def to_linear(srgb: np.ndarray) -> np.ndarray:
    return np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)


def to_srgb(lin: np.ndarray) -> np.ndarray:
    lin = np.clip(lin, 0, 1)
    return np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)


def simulate(rgb: np.ndarray, kind: str) -> np.ndarray:
    """`rgb` (…×3, sRGB 0-1) as seen with deficiency `kind`."""
    return to_srgb(to_linear(rgb) @ np.asarray(MACHADO[kind]).T)


def lab(rgb: np.ndarray) -> np.ndarray:
    lin = to_linear(rgb)
    xyz = lin @ np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                          [0.0193, 0.1192, 0.9505]]).T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]),
                     200 * (f[..., 1] - f[..., 2])], axis=-1)


def hex_rgb(h: str) -> np.ndarray:
    return np.array([int(h[i:i + 2], 16) for i in (1, 3, 5)]) / 255


def palette_report() -> None:
    for name, colours in PALETTES.items():
        print(f"{name}:")
        for kind in ("normal", *MACHADO):
            seen = {c: (hex_rgb(h) if kind == "normal" else simulate(hex_rgb(h), kind))
                    for c, h in colours.items()}
            pairs = sorted((float(np.linalg.norm(lab(seen[a]) - lab(seen[b]))), a, b)
                           for a, b in itertools.combinations(colours, 2))
            close = [f"{a}/{b} {d:.0f}" for d, a, b in pairs if d < CLOSE]
            print(f"  {kind:13s} closest {pairs[0][1]}/{pairs[0][2]} ΔE {pairs[0][0]:.0f}; "
                  f"below {CLOSE:.0f}: {', '.join(close) or 'none'}")


def screenshots(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, \
            running_voila(ROOT / "notebooks", Path(tmp) / "server.log") as url, \
            sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = new_device(browser, 1366, 900)
        for game, (notebook, query) in PLAY.items():
            open_app(page, url, notebook, query, ready=".vg-board-html")
            page.locator(".vg-board-html").scroll_into_view_if_needed()
            shot = out / f"{game}.png"
            page.locator(".vg-board-html").screenshot(path=str(shot))
            rgb = np.asarray(Image.open(shot).convert("RGB"), dtype=float) / 255
            for kind in MACHADO:
                seen = (simulate(rgb, kind) * 255).round().astype(np.uint8)
                Image.fromarray(seen).save(out / f"{game}_{kind}.png")
            print(f"  {shot} and its {', '.join(MACHADO)} versions")
        browser.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("/tmp/shots/cvd"))
    ap.add_argument("--no-screens", action="store_true", help="only the colour pairs")
    args = ap.parse_args()
    palette_report()
    if not args.no_screens:
        screenshots(args.out)


if __name__ == "__main__":
    main()
