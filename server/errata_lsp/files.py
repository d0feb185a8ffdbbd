"""Finding, reading and writing the Python files a user points the command line at."""

from __future__ import annotations

import io
import os
import tokenize
from collections.abc import Iterable, Iterator
from pathlib import Path

SKIP_DIRS = {
    ".git", ".hg", ".svn", ".venv", "venv", "env", ".env", "build", "dist", "__pycache__", "node_modules",
    ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".eggs", "site-packages", ".hypothesis",
    ".ipynb_checkpoints",
}


class SourceError(Exception):
    """A file that cannot be read or decoded; the message is one line for the user."""


def python_files(paths: Iterable[str]) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.endswith(".egg-info"))
                for name in sorted(files):
                    if name.endswith((".py", ".pyi", ".ipynb")):
                        yield Path(root) / name
        else:
            yield path  # named explicitly: checked whatever its suffix, reported if missing


def read_source(path: Path) -> tuple[str, str]:
    """The text and its encoding, honouring a BOM or a PEP 263 coding line. Line endings are kept."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SourceError("no such file") from None
    except IsADirectoryError:
        raise SourceError("is a directory") from None
    except OSError as exc:
        raise SourceError(f"cannot read: {exc.strerror or exc}") from None
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        raise SourceError(f"cannot decode: {exc.msg}") from None
    if encoding == "utf-8-sig":
        encoding = "utf-8"  # keep the BOM in the text so positions and rewrites stay exact
    try:
        return data.decode(encoding), encoding
    except (UnicodeDecodeError, LookupError) as exc:
        reason = f"byte {exc.start} is not valid {encoding}" if isinstance(exc, UnicodeDecodeError) else str(exc)
        raise SourceError(f"cannot decode: {reason}") from None


def write_source(path: Path, text: str, encoding: str) -> None:
    with open(path, "w", encoding=encoding, newline="") as handle:
        handle.write(text)
