"""Match a rendered runtime message, or a whole traceback, to records without a loop of regexes.

Each record is keyed by the rarest word of the literal text its message must contain. A lookup
splits the query into words, takes the records keyed by those words (a few dict hits), keeps those
whose longest literal really occurs in the query (a substring test), and only then runs their
patterns, with the `regex` engine and a shared time budget. So the cost of a lookup grows with the
query, not with the number of records, and no pattern can hold a lookup longer than the budget.
"""

from __future__ import annotations

import re
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..gcpause import paused_gc
from .record import Record, template_literals

_NOT_IMPORTED: Any = object()
regex: Any = _NOT_IMPORTED  # imported by the first compile: most sessions never match a message

WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]{2,}")
# A word that can key a record: one the literal shows whole, with a character on each side that no
# word has. The literal's first and last words may be the end or start of a longer word of the
# message ("load" in `Cannot (re)?load`, which the message spells "reload"), which a query never offers.
KEY_WORD = re.compile(r"(?<=[^A-Za-z0-9_])[A-Za-z][A-Za-z0-9_]{2,}(?=[^A-Za-z0-9_])")
# A line that states an exception: "TypeError: ...", "lightning.fabric...MyError: ...", "_pickle.PicklingError: ..."
EXCEPTION_LINE = re.compile(
    r"(?:^|\s)(?:[\w.]+\.)?(?P<cls>[A-Za-z_]\w*(?:Error|Exception|Warning|Interrupt|Exit)): ?(?P<msg>.*)$"
)
# Without `regex` (no timeout), a pattern with a repeated group could backtrack for ages: not run.
REPEATED_GROUP = re.compile(r"\)[*+{]")
LOOKUP_BUDGET_S = 0.05  # the most CPU time all pattern runs of one lookup may take together
MAX_QUERY_CHARS = 20_000  # longer queries are cut to their last part, where a traceback ends


@dataclass(frozen=True)
class Match:
    """A record whose message matched part of a text, and what it matched."""

    record: Record
    text: str  # the part of the query that matched
    groups: tuple[str, ...]


class MessageIndex:
    def __init__(self, records: Iterable[Record]):
        self._records = list(records)
        self._by_key: dict[str, list[tuple[str, Record]]] | None = None
        self._compiled: dict[str, Any] = {}

    def _build(self) -> dict[str, list[tuple[str, Record]]]:
        by_key: dict[str, list[tuple[str, Record]]] = defaultdict(list)
        fresh = []
        for record in self._records:
            known = record.index_key  # computed by the compiled cache
            if known is None:
                fresh.append(record)
            else:
                by_key[known[1]].append((known[0], record))
        literals = {r.id: literal_of(r) for r in fresh}
        words = {rid: key_words(lit) for rid, lit in literals.items()}
        frequency = Counter(w for ws in words.values() for w in ws)
        for record in fresh:
            candidates = words[record.id]
            key = min(candidates, key=lambda w: (frequency[w], -len(w))) if candidates else ""
            by_key[key].append((literals[record.id], record))
        return dict(by_key)

    def match(self, query: str) -> list[Match]:
        """Records whose message occurs in `query`, best first.

        In a traceback the exception lines are matched first, the last one before the others, and a
        record of the stated exception class before one of another class.
        """
        # A collector pass over a big heap, set off by chance in here, would spend the budget that is
        # meant for the patterns: a lookup allocates little, so the collector waits until it is over.
        with paused_gc():
            if self._by_key is None:
                self._by_key = self._build()
            return self._match(query)

    def _match(self, query: str) -> list[Match]:
        query = query[-MAX_QUERY_CHARS:]
        deadline = time.thread_time() + LOOKUP_BUDGET_S  # CPU time: a busy machine must not cost matches
        best: dict[str, tuple[tuple[int, int, int], Match]] = {}
        stated = exception_messages(query)
        for order, (cls, text) in enumerate(stated + [("", query)]):
            for match in self._match_text(text, deadline):
                same_class = not cls or match.record.error_class.rsplit(".", 1)[-1] == cls
                rank = (order, 0 if same_class else 1, -len(literal_of(match.record)))
                if match.record.id not in best or rank < best[match.record.id][0]:
                    best[match.record.id] = (rank, match)
            if best:
                break
        return [m for _, m in sorted(best.values(), key=lambda pair: pair[0])]

    def _match_text(self, text: str, deadline: float) -> list[Match]:
        assert self._by_key is not None
        words = set(WORD.findall(text)) | {""}
        # The most specific first (the longest literal), so a slow pattern of a vague record cannot
        # use up the time of the record the text is really about.
        candidates = sorted(
            ((literal, record) for word in words for literal, record in self._by_key.get(word, ()) if literal in text),
            key=lambda pair: (-len(pair[0]), pair[1].id),
        )
        out = []
        for _, record in candidates:
            if time.thread_time() >= deadline:
                break  # compiling counts too: 100,000 records sharing a literal must not cost 100,000 compiles
            pattern = self._pattern(record)
            remaining = deadline - time.thread_time()
            if pattern is None or remaining <= 0:
                continue
            try:
                hit = _search(pattern, text, remaining)
            except TimeoutError:
                continue
            if hit:
                out.append(Match(record, hit.group(0), tuple(g or "" for g in hit.groups())))
        return out

    def _pattern(self, record: Record) -> Any:
        if record.id not in self._compiled:
            self._compiled[record.id] = _compile(record.message_pattern)
        return self._compiled[record.id]


def _compile(pattern: str) -> Any:
    """The record's pattern for `_search`, or None when it does not compile (or, without `regex`,
    could run without bound)."""
    global regex
    if regex is _NOT_IMPORTED:
        try:
            import regex as module

            regex = module
        except ImportError:  # `regex` is compiled: a platform the VS Code extension has no build of
            regex = None
    if regex is None:
        if REPEATED_GROUP.search(pattern):
            return None
        try:
            return re.compile(pattern)
        except (re.error, ValueError):
            return None
    try:
        return regex.compile(pattern, regex.V0)
    except (regex.error, ValueError):
        return None


def _search(pattern: Any, text: str, budget: float, tries: int = 3) -> Any:
    """`pattern.search` that gives up after `budget` seconds of this thread's CPU time (a pattern of
    the `re` module, used when `regex` is missing, has no timeout and is only given bounded patterns).

    The engine's timeout is wall-clock time; on a loaded machine it can expire while the thread is not
    even running. Such a timeout is retried; one where the pattern itself burned the time is raised.
    """
    if isinstance(pattern, re.Pattern):
        return pattern.search(text)
    for _ in range(tries):
        cpu = time.thread_time()
        try:
            return pattern.search(text, timeout=budget)
        except TimeoutError:
            if time.thread_time() - cpu >= budget / 2:
                raise
    raise TimeoutError(f"{pattern.pattern!r}: no CPU time to run it")


def exception_messages(text: str) -> list[tuple[str, str]]:
    """(class, message) for each line of `text` that states an exception, last one first.

    A message runs on to the following lines until a blank line or a traceback line.
    """
    lines = text.splitlines()
    out: list[tuple[str, str]] = []
    for i, line in enumerate(lines):
        stated = EXCEPTION_LINE.search(line.strip())
        if not stated:
            continue
        body = [stated["msg"]]
        for follow in lines[i + 1:]:
            if not follow.strip() or follow.startswith(("Traceback", "  File ", "During handling", "The above")):
                break
            body.append(follow.strip())
        out.append((stated["cls"], " ".join(body)))
    out.reverse()
    return out


def key_words(literal: str) -> set[str]:
    """The words of a literal that a query containing it is sure to offer (none: the record is
    keyed by the empty word, which every lookup offers)."""
    return set(KEY_WORD.findall(literal))


def literal_of(record: Record) -> str:
    """The longest literal text the rendered message must contain."""
    if record.get("messagePattern"):
        literal = _longest_pattern_literal(record.get("messagePattern"))
        if literal:
            return literal
    literals = template_literals(record.error_message)
    return literals[0] if literals else ""


def _longest_pattern_literal(pattern: str) -> str:
    """The longest run of plain characters a regex requires at top level; '' when unsure."""
    if "|" in pattern:
        return ""
    runs: list[str] = []
    run: list[str] = []
    depth, i, n = 0, 0, len(pattern)

    def end_run() -> None:
        runs.append("".join(run))
        run.clear()

    while i < n:
        ch = pattern[i]
        if ch == "\\" and i + 1 < n:
            nxt, i = pattern[i + 1], i + 2
            if nxt.isalnum():  # a class such as \d or \s, or a back reference
                end_run()
            elif depth == 0:
                run.append(nxt)
            continue
        if ch == "[":  # a character class: skip its body
            end_run()
            close = pattern.find("]", i + 2)
            i = (close if close != -1 else n) + 1
            continue
        if ch == "(":
            end_run()
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch in "*?{":
            if run:
                run.pop()  # the quantified character may be absent
            end_run()
        elif ch in "+.^$":
            end_run()
        elif depth == 0:
            run.append(ch)
        i += 1
    end_run()
    return max(runs, key=len).strip()
