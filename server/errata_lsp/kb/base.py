"""The knowledge base: records indexed by id, by the API symbols they concern and by message."""

from __future__ import annotations

import os
import threading
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ..gcpause import paused_gc
from .load import LoadProblem, load_paths
from .match import MAX_QUERY_CHARS, Match, MessageIndex, exception_messages
from .record import Record

if TYPE_CHECKING:  # the approximate lookup loads with its first use (it brings sqlite3)
    from .rank import Guess, Ranker

# The records installed with errata: each rule pack keeps its own in `analysis/packs/<pack>/records`, where
# this layer finds them by that convention alone (the packs are above the knowledge base, which imports
# none of them).
PACKS = Path(__file__).resolve().parent.parent / "analysis" / "packs"
SHIPPED: tuple[Path, ...] = tuple(sorted(p for p in PACKS.glob("*/records") if p.is_dir()))
_shipped: tuple[list[Record], list[LoadProblem]] | None = None
_shipped_lock = threading.Lock()


def shipped_records() -> tuple[list[Record], list[LoadProblem]]:
    """The records installed with errata, read once per process (the rule pack and every knowledge
    base share them; they change only with the install). Their patterns are not compiled to check
    them here: `errata-lsp kb validate` checks the shipped records in full, and the test suite runs it."""
    global _shipped
    with _shipped_lock:
        if _shipped is None:
            with paused_gc():
                _shipped = load_paths(list(SHIPPED), check_patterns=False)
        return _shipped


class KnowledgeBase:
    def __init__(self, records: Iterable[Record], problems: Iterable[LoadProblem] = ()):
        self.problems: list[LoadProblem] = list(problems)
        self._by_id: dict[str, Record] = {}
        for record in records:
            first = self._by_id.get(record.id)
            if first is not None:
                path, _, line = record.source.rpartition(":")
                self.problems.append(LoadProblem(
                    path, int(line or 0), f"duplicate id {record.id!r} (first at {first.source}); skipped"))
                continue
            self._by_id[record.id] = record
        self._by_symbol: dict[str, list[Record]] | None = None
        self._messages = MessageIndex(self._by_id.values())
        self._ranker: Ranker | None = None

    @classmethod
    def load(cls, extra_paths: Iterable[str | os.PathLike[str]] = (), include_shipped: bool = True) -> KnowledgeBase:
        with paused_gc():
            records, problems = load_paths(extra_paths)
            if include_shipped:  # first: a user's record that reuses a shipped id is the one skipped
                shipped, bad = shipped_records()
                records, problems = [*shipped, *records], [*bad, *problems]
            return cls(records, problems)

    def __len__(self) -> int:
        return len(self._by_id)

    def __iter__(self) -> Iterator[Record]:
        return iter(self._by_id.values())

    def get(self, record_id: str) -> Record | None:
        return self._by_id.get(record_id)

    def by_symbol(self, name: str) -> list[Record]:
        """Records about an API name: `no_backward_sync`, `Fabric.load` or `XLAFSDPStrategy`."""
        if self._by_symbol is None:
            index: dict[str, list[Record]] = defaultdict(list)
            for record in self._by_id.values():
                for symbol in record.symbols:
                    for key in {symbol, symbol.rsplit(".", 1)[-1]}:
                        if record not in index[key]:
                            index[key].append(record)
            self._by_symbol = dict(index)
        return list(self._by_symbol.get(name, ()))

    def match(self, text: str) -> list[Record]:
        """Records whose message appears in `text` (a rendered message or a whole traceback), best first."""
        return [m.record for m in self._messages.match(text)]

    def match_details(self, text: str) -> list[Match]:
        return self._messages.match(text)

    def dropped_patterns(self) -> list[LoadProblem]:
        """Records whose pattern overran its time budget too often to be run again, at their file and line."""
        out = []
        for record, why in self._messages.dropped:
            path, _, line = record.source.rpartition(":")
            out.append(LoadProblem(path, int(line) if line.isdigit() else 0, f"record {record.id!r}: {why}"))
        return out

    def guess(self, text: str, limit: int = 3) -> list[Guess]:
        """When no message matches: the records whose message fits `text` best (approximate, by BM25),
        at most `limit`, best first; none when nothing fits. A traceback is judged by its last
        stated exception."""
        stated = exception_messages(text[-MAX_QUERY_CHARS:])
        if stated:
            error_class, text = stated[0]
            return self.ranker().guess(text, limit, error_class)
        return self.ranker().guess(text[-2_000:], limit)

    def prepare_lookup(self) -> None:
        """Build the approximate lookup's index now if a lookup would otherwise wait for it: a large
        base's first build takes seconds. A small base's takes a few milliseconds and ~2 MB (sqlite3
        and its index): its first lookup builds it, and a session that never asks never pays."""
        from .cache import ON_DISK_FROM

        if len(self._by_id) >= ON_DISK_FROM:
            self.ranker().prepare()

    def ranker(self) -> Ranker:
        """The approximate lookup's index, built (or, for a large base, opened from disk) once."""
        if self._ranker is None:
            from .cache import cache_dir
            from .rank import Ranker

            self._ranker = Ranker(list(self._by_id.values()), cache_dir())
        return self._ranker
