"""What the built pages need changed after Voici's build, so that the site works from any
folder of any static host and asks nothing of another host.

- Voici writes each page's settings into the page (a `jupyter-config-data` script) with
  the Pyodide kernel's addresses relative to the site's root (`./static/pyodide/pyodide.js`,
  `./pypi/all.json`), but the kernel reads them relative to the page, which lives two
  folders down (`voici/render/x.html`): the kernel then asks for
  `voici/render/static/pyodide/pyodide.js`, a 404, and never starts. Each such address is
  joined to the page's own `baseUrl` (`../../`), which stays relative, so the site can be
  published under any path.
- The Pyodide kernel installs `ssl` and `sqlite3` at start. Pyodide ships both as wheels
  of its own (compiled parts of CPython), which are on its CDN only, not on PyPI or npm, so
  the site cannot carry them and the install would fail and stop the kernel. No page needs
  either (the apps keep no table store here and make no HTTPS requests), so the kernel's
  start-up list in the site's copy of its scripts leaves them out. The build stops if that
  list is not found exactly as expected (a new kernel version must be looked at again).
- The page's Python runs in a web worker that does not know the page's address, so the
  settings in a link (`?example=`, `?players=`, a replay's record) would never reach it.
  Each page gets a script (scripts/site-static/page-address.js, copied into the site as
  `PAGE_ADDRESS_SCRIPT`) right after its settings, before the page starts its kernel: it
  adds the address's query to the kernel's start-up environment ($QUERY_STRING), where
  `widgets.kit.query.page_query` reads it as under Voila.
- Voila's template links Font Awesome from a CDN. No page of the site uses its icons, and a
  site that must work offline (and not tell a CDN who visits) asks for nothing elsewhere,
  so the links go.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)',
                    re.DOTALL)
START_LIST = '["ssl","sqlite3","ipykernel","comm","pyodide_kernel","jedi","ipython"]'
SITE_START_LIST = '["ipykernel","comm","pyodide_kernel","jedi","ipython"]'
# where the build puts scripts/site-static/page-address.js, from the site's root
PAGE_ADDRESS_SCRIPT = "static/village-games/page-address.js"
CDN_STYLESHEET = re.compile(r'\s*<link rel="stylesheet" href="https://cdn\.jsdelivr\.net/[^"]*"'
                            r'[^>]*/>')


def rebase(url: str, base: str) -> str:
    """`url` as seen from a page whose site root is `base`, when it is written relative to
    the root (`./x`, as Voici writes it); any other address is kept (so a page fixed twice
    stays right)."""
    if not url.startswith("./"):
        return url
    return base.rstrip("/") + "/" + url.removeprefix("./")


def fix_config(config: dict) -> dict:
    """The page's settings with the kernel's Pyodide and wheel index addresses rebased."""
    base = config.get("baseUrl", "./")
    kernel = config.get("litePluginSettings", {}).get(KERNEL_SETTINGS)
    if kernel is None or base in ("", "./"):
        return config
    if "pyodideUrl" in kernel:
        kernel["pyodideUrl"] = rebase(kernel["pyodideUrl"], base)
    kernel["pipliteUrls"] = [rebase(u, base) for u in kernel.get("pipliteUrls", [])]
    return config


def script_json(value: dict) -> str:
    """JSON that is safe inside a <script> element (as Voici writes it: `<`, `>` and `&`
    escaped, so a notebook's text can never close the element)."""
    text = json.dumps(value)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def fix_page(page: str) -> str:
    """A built page with its settings fixed, the page-address script after them, and no
    CDN stylesheet."""
    def settings(match: re.Match[str]) -> str:
        config = json.loads(match.group(2))
        fixed = fix_config(config)
        script = rebase("./" + PAGE_ADDRESS_SCRIPT, config.get("baseUrl", "./"))
        tag = f'\n<script src="{script}"></script>'
        return match.group(1) + script_json(fixed) + match.group(3) + tag

    if PAGE_ADDRESS_SCRIPT in page:  # (fixed before)
        return page
    return CDN_STYLESHEET.sub("", CONFIG.sub(settings, page, count=1))


def fix_kernel_start(site: Path) -> list[Path]:
    """Leave ssl and sqlite3 out of the kernel's start-up installs; the scripts changed."""
    scripts = sorted((site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension"
                      / "static").glob("*.js"))
    changed = []
    for script in scripts:
        text = script.read_text()
        if START_LIST in text:
            script.write_text(text.replace(START_LIST, SITE_START_LIST))
            changed.append(script)
    if not changed:
        raise ValueError(f"the Pyodide kernel's scripts no longer hold {START_LIST}: "
                         "see scripts/site_fixups.py")
    return changed


def fix_site(site: Path) -> list[Path]:
    """Fix every page Voici built under `site`; returns the pages changed."""
    changed = []
    for page in sorted(site.glob("voici/**/*.html")):
        before = page.read_text()
        after = fix_page(before)
        if after != before:
            page.write_text(after)
            changed.append(page)
    return changed
