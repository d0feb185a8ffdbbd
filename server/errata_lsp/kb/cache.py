"""The compiled form of a large JSON Lines record file, so that loading it again costs a glance.

The first load parses and validates every record (compiling each pattern) and writes, beside the
user's cache, what lookups need: each record's head (id, class, message, pattern, symbols, tags),
the literal and key word of the message index, and where its line lies in the file. Later loads
read that and nothing else; a record's whole text is parsed only when a card needs it. The cache
is keyed on the file's path, size and modification time and on errata's version, and it is JSON:
reading it runs nothing.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

from .. import __version__
from .record import HEAD, Record

FORMAT = 3  # 3: key words are whole words of the literal (match.key_words)
MIN_BYTES = 1 << 20  # smaller files load fast enough as they are
# Records: a base this large keeps its lookup index on disk, and builds it before it is asked;
# a smaller base is indexed in memory in a few milliseconds, by its first lookup.
ON_DISK_FROM = 5_000


def cache_dir() -> Path:
    if os.environ.get("ERRATA_CACHE_DIR"):
        return Path(os.environ["ERRATA_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "errata"


def _cache_file(path: Path, stat: os.stat_result) -> Path:
    import hashlib  # only files of MIN_BYTES and more are cached

    key = f"{FORMAT}:{__version__}:{path.resolve()}:{stat.st_size}:{stat.st_mtime_ns}"
    return cache_dir() / f"kb-{hashlib.sha256(key.encode()).hexdigest()[:32]}.json"


def read(path: Path, stat: os.stat_result) -> tuple[list[Record], list[tuple[int, str]]] | None:
    """Records (heads that read their data from `path` when asked) and problems, or None on a miss."""
    try:
        with open(_cache_file(path, stat), encoding="utf-8") as handle:
            saved = json.load(handle)
        if saved.get("format") != FORMAT:
            return None
        name = str(path)
        records = [
            Record(source=f"{name}:{row[0]}", head=row[3:], loader=partial(_load_at, path, row[1], row[2]))
            for row in saved["records"]
        ]
        return records, [tuple(p) for p in saved["problems"]]
    except (OSError, ValueError, TypeError, KeyError):
        return None


def write(path: Path, stat: os.stat_result, entries: list[tuple[Record, int, int, int]],
          problems: list[tuple[int, str]]) -> None:
    """Save the compiled form; a cache that cannot be written only costs speed next time."""
    from .match import key_words, literal_of

    literals = [literal_of(record) for record, *_ in entries]
    words = [key_words(literal) for literal in literals]
    frequency = Counter(w for ws in words for w in ws)
    rows = []
    for (record, line, offset, length), literal, candidates in zip(entries, literals, words):
        key = min(candidates, key=lambda w: (frequency[w], -len(w))) if candidates else ""
        # line, offset, length, then the head in HEAD order
        rows.append([line, offset, length, *(record.get(f) for f in HEAD[:5]), record.get("tags", []),
                     record.symbols, literal, key])
    target = _cache_file(path, stat)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_suffix(f".{os.getpid()}.tmp")
        with open(temporary, "w", encoding="utf-8") as handle:
            json.dump({"format": FORMAT, "records": rows, "problems": problems}, handle)
        os.replace(temporary, target)
    except OSError:
        pass


def _load_at(path: Path, offset: int, length: int) -> dict[str, Any]:
    with open(path, "rb") as handle:
        handle.seek(offset)
        item: dict[str, Any] = json.loads(handle.read(length))
    return item["record"] if isinstance(item.get("record"), dict) else item
