"""The browser's Python for the static site, from the npm registry and PyPI, never a CDN.

The Pyodide kernel loads Pyodide from a CDN unless the site carries its own. Pyodide's
npm package holds the interpreter (pyodide.js, pyodide.asm.wasm, python_stdlib.zip) and
its package list (pyodide-lock.json), but none of the wheels that list names: those live
only on the CDN. The kernel needs micropip at start (and installs the rest with it from the
site's own wheels), which is pure Python and on PyPI at the version the list pins. So the
list is cut down to micropip and its dependency, each entry pointing at the wheel fetched
from PyPI and copied beside pyodide.js, with that file's sha256 (Pyodide checks it).
Everything else (numpy, SciPy, matplotlib: the lessons) is left out, so asking for it
fails at once instead of waiting on a CDN that is not there.

`sqlite3` is a part of CPython that Pyodide ships as a wheel of its own (not on PyPI): the
site has none (scripts/site_fixups.py; the play apps run without a store there).
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import tarfile
import urllib.request
from collections.abc import Iterable
from pathlib import Path

# what Pyodide loads from its own package list: micropip, which the kernel loads first to
# install everything else (its dependencies included) from the site's wheel index, at the
# versions scripts/build-site pins (IPython 9.15, whose history needs no sqlite3, where the
# list's IPython 8.23 fails to import without it)
START_PACKAGES = ("micropip", "packaging")
LEFT_OUT = ("sqlite3",)
NPM_LINE = "# npm: pyodide@"
INTEGRITY_LINE = "# npm-integrity: "
REGISTRY = "https://registry.npmjs.org/pyodide/-/pyodide-{version}.tgz"
LOCK = "pyodide-lock.json"
# the files of the npm package a page needs (not its docs, consoles or type definitions)
RUNTIME_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip", LOCK, "package.json")


def pinned_pyodide(constraints: Path) -> tuple[str, str]:
    """The Pyodide version and npm integrity hash that constraints-site.txt pins."""
    version = integrity = ""
    for line in constraints.read_text().splitlines():
        if line.startswith(NPM_LINE):
            version = line.removeprefix(NPM_LINE).strip()
        elif line.startswith(INTEGRITY_LINE):
            integrity = line.removeprefix(INTEGRITY_LINE).strip()
    if not version or not integrity:
        raise ValueError(f"{constraints} pins no Pyodide ({NPM_LINE}... and {INTEGRITY_LINE}...)")
    return version, integrity


def fetch_npm_package(version: str, integrity: str, cache: Path) -> Path:
    """Pyodide's npm tarball in `cache` (fetched once), checked against npm's integrity hash.

    `npm pack` when npm is installed; otherwise the same file from the registry over HTTPS
    (a fresh CI machine has Python but maybe no npm)."""
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.exists():
        if shutil.which("npm"):
            subprocess.run(["npm", "pack", f"pyodide@{version}", "--pack-destination",
                            str(cache)], check=True, capture_output=True)
        else:
            with urllib.request.urlopen(REGISTRY.format(version=version), timeout=120) as r:
                tarball.write_bytes(r.read())
    algorithm, _, expected = integrity.partition("-")
    digest = base64.b64encode(hashlib.new(algorithm, tarball.read_bytes()).digest()).decode()
    if digest != expected:
        tarball.unlink()
        raise ValueError(f"{tarball.name}: {algorithm} is {digest}, npm says {expected}")
    return tarball


def unpack_runtime(tarball: Path, dest: Path) -> None:
    """The interpreter's files from the npm tarball (its `package/` folder) into `dest`."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        for name in RUNTIME_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise ValueError(f"{tarball.name} has no {name}")
            (dest / name).write_bytes(member.read())


def closure(packages: dict[str, dict], roots: Iterable[str]) -> list[str]:
    """`roots` and every package they depend on in the lock, less `LEFT_OUT`, sorted (by
    the lock's names; its dependency lists spell some names otherwise: prompt_toolkit)."""
    by_name = {normalise(n): n for n in packages}
    seen: set[str] = set()
    todo = [normalise(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen or name in LEFT_OUT:
            continue
        if name not in by_name:
            raise ValueError(f"{LOCK} has no package {name!r}")
        seen.add(name)
        todo.extend(normalise(d) for d in packages[by_name[name]]["depends"])
    return sorted(by_name[n] for n in seen)


def download_wheels(pip: list[str], wanted: dict[str, str], dest: Path,
                    python: str) -> dict[str, Path]:
    """Each `name: version` as a pure wheel for Python `python` (3.12) from PyPI, by name."""
    dest.mkdir(parents=True, exist_ok=True)
    specs = [f"{name}=={version}" for name, version in sorted(wanted.items())]
    subprocess.run([*pip, "download", "-q", "--no-deps", "--only-binary=:all:",
                    "--platform", "any", "--python-version", python, "--dest", str(dest),
                    *specs], check=True)
    # (the folder keeps every version fetched before: take the one asked for)
    versions = {normalise(n): v for n, v in wanted.items()}
    found: dict[str, Path] = {}
    for wheel in dest.glob("*.whl"):
        name, version = wheel.name.split("-")[:2]
        if versions.get(normalise(name)) == version:
            found[normalise(name)] = wheel
    missing = [n for n in wanted if normalise(n) not in found]
    if missing:
        raise ValueError(f"PyPI gave no pure wheel for {missing}")
    return found


def python_version(lock: dict) -> str:
    """The `major.minor` of the Python a Pyodide release runs (its lock's `info.python`)."""
    return ".".join(lock["info"]["python"].split(".")[:2])


def normalise(name: str) -> str:
    """A package name as the lock and PyPI compare them (PEP 503)."""
    return name.lower().replace("_", "-").replace(".", "-")


def rewrite_lock(lock: dict, wheels: dict[str, Path]) -> dict:
    """The lock with only the packages in `wheels`, each naming its wheel and sha256, and
    no dependency on a package left out."""
    packages = {}
    for name, entry in lock["packages"].items():
        if normalise(name) not in wheels:
            continue
        wheel = wheels[normalise(name)]
        packages[name] = {
            **entry,
            "file_name": wheel.name,
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "depends": [d for d in entry["depends"] if normalise(d) not in LEFT_OUT],
        }
    return {**lock, "packages": packages}


def build_pyodide(dest: Path, constraints: Path, cache: Path,
                  pip: list[str]) -> tuple[list[str], str]:
    """A Pyodide in `dest` that starts the kernel with no request to anything but the site;
    returns the packages its lock keeps and the version of its Python (3.12)."""
    version, integrity = pinned_pyodide(constraints)
    unpack_runtime(fetch_npm_package(version, integrity, cache), dest)
    lock = json.loads((dest / LOCK).read_text())
    names = closure(lock["packages"], START_PACKAGES)
    wanted = {n: lock["packages"][n]["version"] for n in names}
    wheels = download_wheels(pip, wanted, cache / "pyodide-wheels", python_version(lock))
    for wheel in wheels.values():
        shutil.copy2(wheel, dest / wheel.name)
    (dest / LOCK).write_text(json.dumps(rewrite_lock(lock, wheels)))
    return names, python_version(lock)

