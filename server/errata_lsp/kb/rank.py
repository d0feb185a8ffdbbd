"""Approximate lookup: rank records by how well a text fits their message, when no pattern matches.

Users paste what they have: a message without its last sentence, the first line of a wrapped one,
other quotes, their own words. Each record is a bag of words (its message without placeholders, the
words only its pattern spells out, its API symbols, its error class) and, beside it, the words of
its prose (what it means, when it happens, the solutions: where a user's own words such as
`precision 16-mixed` or `does not exist` are found), in an SQLite FTS5 table. A word counts whole
and by its parts (`no_backward_sync`, `XLAFSDPStrategy` -> xlafsdp, strategy), a value such as
`16-mixed` whole, a plain word by its stem (`pickled` meets `pickle`); a filler word of a question
(`the`, `says`) that no record has weighs nothing. A
large knowledge base keeps that table on disk, beside the compiled record files, so it is built
once and a later start only opens it; a small one is indexed in memory in milliseconds.

FTS5 finds the candidates by the text's rarest words (so a lookup never scores most of the base);
whether one fits at all is a separate, plain test: the words the record shares with the text must
carry most of the text's weight (rare words weigh more, words no record has weigh most), so text
about something else finds nothing instead of the least bad. The records that fit are ranked by
BM25 over all the text's words, times that fit. bench/RESULTS.md compares this with a BM25 in
Python (same ranking, faster per lookup, but rebuilt in every process: 31 s and 105 MB at 100k).
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .cache import ON_DISK_FROM
from .record import Record

if TYPE_CHECKING:  # sqlite3 is imported when the index is first built, not with the server
    import sqlite3

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# a value spelled with a hyphen and a digit, kept whole: `16-mixed`, `bf16-true`, `v4-8`
HYPHENATED = re.compile(r"(?<![\w-])(?=[A-Za-z0-9-]*\d)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+(?![\w-])")
CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
# words of a question that say nothing about which error it is
STOP = frozenset("""a an and are as at be been but by can cannot could did do does doing for from get gets got had has
have how i if in into is it its me my of on or says so than that the their them then there these this to too
tried trying was we were what when where which while why will with would you your""".split())
# how users say what messages say otherwise (Python's wording, not a library's): the words a
# question gains, by stem (`fabric says no_backward_sync does not exist` -> `... has no attribute`)
SAYS_ALSO = {"exist": ("attribute",), "twice": ("once",), "again": ("once",),
             "dict": ("dictionary",), "together": ("both", "joint")}
CONTEXT_FIT = 0.5  # a word found only in a record's prose weighs this much of a message word in the fit
CONTEXT_SCORE = 0.3  # and in the score
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# Values a user's message holds where the record has a placeholder: paths, URLs, addresses.
VALUE = re.compile(r"\S*[/\\]\S*|\b0x[0-9a-fA-F]+\b")
MAX_QUERY_WORDS = 64
CANDIDATES = 50  # found by their rarest words, then tested for fit and ranked by BM25 on all words
K1, B = 1.2, 0.75  # BM25's usual parameters (SQLite's bm25() uses the same)
MAX_POSTINGS = 1_000  # records a lookup visits at most, summed over its words (see ranking_words)
MIN_FIT = 0.5  # share of the text's word weight the record must hold
MIN_SHARED = 2  # words in common, besides the error class
SCHEMA = 4
# Regex syntax that looks like words: `\bword`, `\sword`, `(?P<name>`.
REGEX_SYNTAX = re.compile(r"\\[A-Za-z]|\(\?P?<\w+>|\(\?P=\w+\)")


@dataclass(frozen=True)
class Guess:
    record: Record
    score: float  # BM25 over the query's words times the fit (higher fits better); comparable within one lookup
    fit: float  # share of the text's word weight found in the record's message, 0..1


IN_ORDER = 1.25  # a record whose message holds the text's words in its order: the text's own record
MAX_LEAD = 4  # words in a row beyond the next record's that still add to that
IN_A_ROW = 4

def words(text: str) -> list[str]:
    """Lower-case words of a text; an identifier counts whole and by its parts (`a_b` -> a_b, a, b;
    `XLAFSDPStrategy` -> xlafsdpstrategy, xlafsdp, strategy), so `activation checkpointing policy`
    meets `activation_checkpointing_policy`; a hyphenated value with a digit (`16-mixed`) counts
    whole too; a plain word counts by its stem."""
    out = [value.lower() for value in HYPHENATED.findall(text)]
    for token in WORD.findall(text):
        word = token.lower()
        parts = [p for p in word.split("_") if len(p) > 1]
        if len(word) > 1 and word.strip("_"):
            out.append(word if "_" in word or not word.isalpha() else stem(word))
        if len(parts) > 1 or (parts and parts[0] != word):
            out.extend(parts)
        camel = [p.lower() for p in CAMEL.findall(token.strip("_")) if len(p) > 1]
        if len(camel) > 1 and "_" not in token:
            out.extend(camel)
    return out


def stem(word: str) -> str:
    """A plain word without its inflection, enough for a user's paraphrase to meet a message's
    word: `pickled`, `pickling`, `pickles` -> `pickl`; `supported` -> `support`."""
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4 and not word.endswith("ss"):
            return word[: -len(suffix)]
    return word


def record_words(record: Record) -> list[str]:
    """What a record is found by: its message as a reader sees it (and any word only its pattern
    spells out, such as a value it requires), its symbols, its error class."""
    found = words(PLACEHOLDER.sub(" ", record.error_message))
    if record.get("messagePattern"):
        found += sorted(set(words(REGEX_SYNTAX.sub(" ", record.get("messagePattern")))) - set(found))
    return found + words(" ".join(record.symbols)) + words(record.error_class.rsplit(".", 1)[-1])


def context_words(record: Record) -> list[str]:
    """The words of a record's prose: what it means, when it happens, its solutions."""
    prose = [record.get(key) or "" for key in ("documentation", "triggerScenarios", "commonSituations")]
    solutions = record.get("solutions") or []
    return words(" ".join([*prose, *(s for s in solutions if isinstance(s, str))]))


def query_words(text: str, error_class: str = "") -> list[str]:
    """The distinct words of a user's text, values (paths, addresses) left out, with the words of
    what it says in other words (SAYS_ALSO); the stated error class, if any, last."""
    said = words(VALUE.sub(" ", text))
    said += [also for word in said for phrase in _SAYS_ALSO.get(word, ()) for also in words(phrase)]
    query = list(dict.fromkeys(said))[:MAX_QUERY_WORDS]
    return query + [error_class.rsplit(".", 1)[-1].lower()] if error_class else query


_SAYS_ALSO = {stem(word): also for word, also in SAYS_ALSO.items()}


def fts5_available() -> bool:
    import sqlite3

    try:
        sqlite3.connect(":memory:").execute("CREATE VIRTUAL TABLE probe USING fts5(x)")
        return True
    except sqlite3.Error:
        return False


class Ranker:
    """BM25 over the records of one knowledge base (in the order given: a row id is a list index)."""

    def __init__(self, records: Sequence[Record], cache_dir: Path | None = None):
        self._records = records
        self._cache_dir = cache_dir
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()  # one connection, used from whichever thread looks up

    def guess(self, text: str, limit: int = 3, error_class: str = "") -> list[Guess]:
        query = query_words(text, error_class)
        if not query or not self._records:
            return []
        with self._lock:
            db = self._open()
            if db is None:
                return []
            marks = ",".join("?" * len(query))
            frequency = dict(db.execute(f"SELECT word, records FROM frequency WHERE word IN ({marks})", query))
            ranking = ranking_words(query, frequency)
            if not ranking:
                return []
            rows = db.execute(  # the bags come back as indexed: no record is split into words again
                f"SELECT rowid, words, context FROM records WHERE records MATCH ? "
                f"ORDER BY bm25(records, 1.0, {CONTEXT_SCORE}) LIMIT ?",
                (" OR ".join(f'"{w}"' for w in ranking), CANDIDATES),
            ).fetchall()
            averages = dict(db.execute("SELECT name, value FROM totals"))
        bags = {row: (message.split(), prose.split()) for row, message, prose in rows}
        return best_fits(self._records, query, error_class, list(bags), frequency,
                         (averages["average words"], averages["average prose words"]), limit, bags)

    def prepare(self) -> None:
        """Build or open the index now (a large base's first build takes seconds: not in a lookup)."""
        with self._lock:
            self._open()

    def _open(self) -> sqlite3.Connection | None:
        if self._db is None:
            self._db = self._connect()
        return self._db

    def _connect(self) -> sqlite3.Connection | None:
        import sqlite3

        if not fts5_available():
            return None
        if len(self._records) < ON_DISK_FROM or self._cache_dir is None:
            return _build(sqlite3.connect(":memory:", check_same_thread=False), self._records)
        path = self._cache_dir / f"kb-fts-{_fingerprint(self._records)}.sqlite"
        if path.exists():
            try:
                db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
                (count,) = db.execute("SELECT count(*) FROM records_docsize").fetchone()
                if count == len(self._records):
                    return db
                db.close()
            except sqlite3.Error:
                pass
        try:  # built beside, then renamed into place: a reader never sees half an index
            self._cache_dir.mkdir(parents=True, exist_ok=True)
            temporary = path.with_suffix(f".{os.getpid()}.tmp")
            temporary.unlink(missing_ok=True)
            _build(sqlite3.connect(temporary), self._records).close()
            os.replace(temporary, path)
            return sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        except (OSError, sqlite3.Error):  # no cache to write: index in memory, as for a small base
            return _build(sqlite3.connect(":memory:", check_same_thread=False), self._records)


def ranking_words(query: list[str], frequency: dict[str, int]) -> list[str]:
    """The query's words that BM25 ranks by: the rarest first, until their records add up to
    MAX_POSTINGS. A word most records hold adds next to nothing to a score but would make every
    lookup visit most records; it still counts when the fit is judged. A text made only of such
    words says too little to rank a large base by: it gets no guess."""
    known = sorted((w for w in query if frequency.get(w)), key=lambda w: frequency[w])
    chosen, visited = [], 0
    for word in known:
        if visited + frequency[word] > MAX_POSTINGS:
            break
        chosen.append(word)
        visited += frequency[word]
    return chosen


def best_fits(records: Sequence[Record], query: list[str], error_class: str, candidates: list[int],
              frequency: dict[str, int], average: tuple[float, float], limit: int,
              bags: dict[int, tuple[list[str], list[str]]] | None = None) -> list[Guess]:
    """The candidates that fit the query, best score first: BM25 over all the query's words, times the fit.

    A record fits when the words it shares with the query carry at least MIN_FIT of the query's
    weight, a word weighing its inverse document frequency (one no record has weighs most) and a
    word found only in the record's prose CONTEXT_FIT of that, and there are MIN_SHARED of them
    besides the stated error class, one at least in its message. Its score is BM25 over its message
    words plus CONTEXT_SCORE times BM25 over the words only its prose has (`average`: the words of a message and
    of a record's prose, on average; `bags`: each candidate's message and prose words as indexed).
    """
    total = len(records)
    weight = {w: 0.0 if w in STOP and not frequency.get(w) else  # a filler word no record has says nothing
              math.log(1 + (total - frequency.get(w, 0) + 0.5) / (frequency.get(w, 0) + 0.5)) for w in query}
    whole = sum(weight.values())
    stated = query[-1] if error_class else None
    said = tuple(query[:-1] if error_class else query)
    out: list[Guess] = []
    runs: list[int] = []
    for rowid in candidates:
        record = records[rowid]
        message, prose_words = bags[rowid] if bags is not None else (record_words(record), context_words(record))
        counts, prose = Counter(message), Counter(prose_words)
        shared = set(query) & counts.keys()
        in_prose = (set(query) & prose.keys()) - shared
        # at most 1: `whole` adds the same weights in another order, which may round a hair lower
        fit = min(1.0, (sum(weight[w] for w in shared) + CONTEXT_FIT * sum(weight[w] for w in in_prose)) / whole)
        if fit >= MIN_FIT and shared - {stated} and len((shared | in_prose) - {stated}) >= MIN_SHARED:
            score = _bm25(counts, shared, total, frequency, sum(counts.values()) / average[0])
            # the prose scores only the words the message lacks: two records whose messages say
            # all the text says stay tied, whatever else their prose says
            score += CONTEXT_SCORE * _bm25(prose, in_prose, total, frequency, sum(prose.values()) / max(1.0, average[1]))
            # BM25 favours short records; scaled by the fit, a record that explains all of the
            # text wins over a shorter one that shares its rarest word only
            runs.append(_longest_run(message, said))
            out.append(Guess(record, score * fit * fit, fit))
    # the text pasted, cut short or rewrapped says the words of its own record in a row: of two records
    # sharing all its words ("The XLA strategy can ..." and "The XLA FSDP strategy can ..."), the one
    # holding the longest run of them comes first, by as many times IN_ORDER as it holds more of them in a
    # row than the next record does ("You selected an invalid strategy name: ..." against the same
    # opening of the accelerator's message, which is shorter and so scores higher by BM25)
    longest = max(runs, default=0)
    if longest:
        second = max((run for run in runs if run != longest), default=0)
        lead = IN_ORDER ** min(MAX_LEAD, max(1, longest - max(second, IN_A_ROW - 1)))
        out = [dataclasses.replace(g, score=g.score * lead) if run == longest else g for g, run in zip(out, runs)]
    out.sort(key=lambda guess: -guess.score)
    return out[:limit]


def _longest_run(message: list[str], said: tuple[str, ...]) -> int:
    """How many words of `said` in a row stand in `message` in a row (0 below IN_A_ROW): each start is
    looked up where its word stands in the message, not tried at every place."""
    places: dict[str, list[int]] = {}
    for at, word in enumerate(message):
        places.setdefault(word, []).append(at)
    best = 0
    for i, word in enumerate(said):
        for start in places.get(word, ()):
            n = 1
            while start + n < len(message) and i + n < len(said) and message[start + n] == said[i + n]:
                n += 1
            best = max(best, n)
    return best if best >= IN_A_ROW else 0


def _bm25(counts: Counter[str], shared: set[str], total: int, frequency: dict[str, int], length: float) -> float:
    return sum(bm25_idf(total, frequency[w]) * counts[w] * (K1 + 1) / (counts[w] + K1 * (1 - B + B * length))
               for w in shared)


def bm25_idf(total: int, holding: int) -> float:
    """BM25's inverse document frequency, as SQLite's bm25() has it (never below a hair above 0)."""
    return max(1e-6, math.log((total - holding + 0.5) / (holding + 0.5)))


def _build(db: sqlite3.Connection, records: Sequence[Record]) -> sqlite3.Connection:
    """The word index and, beside it, how many records hold each word (FTS5's own vocabulary table
    counts that by reading every record list of a word: too slow for common words)."""
    db.execute("CREATE VIRTUAL TABLE records USING fts5(words, context, tokenize=\"unicode61 tokenchars '_-'\")")
    db.execute("CREATE TABLE frequency(word TEXT PRIMARY KEY, records INTEGER) WITHOUT ROWID")
    db.execute("CREATE TABLE totals(name TEXT PRIMARY KEY, value REAL)")
    frequency: Counter[str] = Counter()
    rows, length, prose_length = [], 0, 0
    for i, record in enumerate(records):
        found, prose = record_words(record), context_words(record)
        frequency.update(set(found) | set(prose))
        length, prose_length = length + len(found), prose_length + len(prose)
        rows.append((i, " ".join(found), " ".join(prose)))
    db.executemany("INSERT INTO records(rowid, words, context) VALUES (?, ?, ?)", rows)
    db.executemany("INSERT INTO frequency VALUES (?, ?)", frequency.items())
    db.execute("INSERT INTO totals VALUES ('average words', ?)", (length / max(1, len(records)),))
    db.execute("INSERT INTO totals VALUES ('average prose words', ?)", (prose_length / max(1, len(records)),))
    db.commit()
    return db


def _fingerprint(records: Sequence[Record]) -> str:
    """What the index depends on: each record's id, class and message (its pattern and symbols
    follow them), in order."""
    import hashlib

    text = "\0".join(f"{r.id}\1{r.error_class}\1{r.error_message}" for r in records)
    return hashlib.sha256(f"{SCHEMA}\0{text}".encode()).hexdigest()[:32]


def approximate_note(guesses: Sequence[Guess], escape: bool = True) -> str:
    """Markdown that says the match is approximate and lists the records that fit, with their scores
    (`escape=False`: the messages as written, for a terminal)."""
    lines = ["*No known message matches this text exactly. Closest known errors (approximate match, "
             "BM25 score times the share of the text the record explains; higher fits better):*", ""]
    from . import markdown as md
    from .readable import readable_message

    for i, guess in enumerate(guesses, 1):
        message = " ".join(readable_message(guess.record.error_message).split())
        message = message if len(message) <= 110 else message[:109] + "…"
        say = md.text if escape else str
        lines.append(f"{i}. **{say(guess.record.error_class)}**: {say(message)} — score {guess.score:.1f}")
    return "\n".join(lines)
