"""Put the server's Python package and its pure-Python dependencies in bundled/libs, for the .vsix.

The package is copied from the repository (server/errata_lsp); the dependencies named in
pyproject.toml are installed as pure-Python wheels good for Python 3.10 and later. A compiled one
(`regex`) is left out: the server runs without it (see kb/match.py).
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

EXTENSION = Path(__file__).resolve().parents[1]
REPO = EXTENSION.parents[1]
LIBS = EXTENSION / "bundled" / "libs"
COMPILED = {"regex"}


def dependencies() -> list[str]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    out = []
    for requirement in project["dependencies"]:
        name = re.match(r"[A-Za-z0-9_.-]+", requirement).group(0).lower()
        if name not in COMPILED:
            out.append(requirement.split(";")[0].strip())  # every marker: the bundle serves 3.10 too
    return out


def main() -> int:
    if LIBS.exists():
        shutil.rmtree(LIBS)
    LIBS.mkdir(parents=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "--target", str(LIBS), "--no-compile", "--only-binary=:all:", "--platform", "any",
                    "--implementation", "py", "--python-version", "3.10", *dependencies()], check=True)
    shutil.copytree(REPO / "server" / "errata_lsp", LIBS / "errata_lsp",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for junk in LIBS.glob("bin"):
        shutil.rmtree(junk)
    compiled = [p for p in LIBS.rglob("*") if p.suffix in (".so", ".pyd", ".dylib")]
    if compiled:
        print(f"compiled files in the bundle: {compiled[:5]}", file=sys.stderr)
        return 1
    print(f"bundled {sorted(p.name for p in LIBS.iterdir() if not p.name.endswith('-info'))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
