"""Logs and tracebacks read against the knowledge base: a finding on each line that states a known
error, so a pasted traceback is explained where it lies (in the editor and by `errata-lsp log`), and
the records that explain a whole text (`errata.explain`, `errata-lsp explain`). Nothing here runs
or imports the code the log came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .findings import Finding, Position, Severity, Span

if TYPE_CHECKING:
    from ..kb.base import KnowledgeBase
    from ..kb.match import Match
    from ..kb.record import Record

LOG_LANGUAGES = frozenset({"log", "plaintext", "text", "Log"})  # editor language ids of log documents
LOG_SUFFIXES = (".log", ".txt")
MAX_LINE = 20_000  # a longer line (a dumped tensor, a base64 blob) states no error worth matching
RULE = "log-match"
# What a finding's message ends with, (exact match, approximate match): where to read more
EDITOR_NOTES = ("known error, hover for how to fix it", "close to a known error (approximate match), hover for it")
CLI_NOTES = ("known error, `errata-lsp explain` prints how to fix it",
             "close to a known error (approximate match), `errata-lsp explain` prints it")


def is_log(name: str, language_id: str | None = None) -> bool:
    """A document read as a log: by its editor language, else by its name."""
    return language_id in LOG_LANGUAGES or name.endswith(LOG_SUFFIXES)


def log_findings(lines: list[str], kb: KnowledgeBase, notes: tuple[str, str] = EDITOR_NOTES) -> list[Finding]:
    """A finding on each line of a log that states a known error; a line that states an exception no
    message matches exactly gets the record that fits it best, said to be approximate."""
    return LogMatcher().findings(lines, kb, notes)


_UNSEEN: Any = object()


class LogMatcher:
    """The findings of one log document, kept from check to check: a line is matched only when its
    text was not seen before, so an edit costs the lines it changed, not the whole log (a dict
    look-up for each other line). At most `max_approximate` lines, the first ones, are matched
    approximately (each such look-up ranks records: ~20 ms); `skipped` says how many more were not."""

    def __init__(self, max_approximate: int | None = None) -> None:
        self.max_approximate = max_approximate
        self.skipped = 0
        self._kb: KnowledgeBase | None = None
        self._exact: dict[str, tuple[Match | None, tuple[str, str] | None]] = {}
        self._approximate: dict[str, Record | None] = {}
        self._notes: tuple[str, str] | None = None
        self._last: dict[tuple[int, str], Finding] = {}  # the last check's findings, by line number and text

    def findings(self, lines: list[str], kb: KnowledgeBase, notes: tuple[str, str] = EDITOR_NOTES) -> list[Finding]:
        from ..kb.match import exception_messages

        if kb is not self._kb or notes != self._notes or len(self._exact) > 2 * len(lines) + 10_000:
            self._kb, self._notes, self._exact, self._approximate, self._last = kb, notes, {}, {}, {}
        exact, approximate, last = self._exact, self._approximate, self._last
        kept: dict[tuple[int, str], Finding] = {}
        found = []
        guessed = self.skipped = 0
        for number, line in enumerate(lines):
            seen = exact.get(line)
            if seen is None:
                if len(line) > MAX_LINE or not line.strip():
                    seen = (None, None)
                else:
                    matches, statements = kb.match_details(line), exception_messages(line)
                    seen = (matches[0] if matches else None, statements[0] if statements else None)
                exact[line] = seen
            match, stated = seen
            if match is not None:
                record, text, note = match.record, match.text, notes[0]
            elif stated is not None:
                if self.max_approximate is not None and guessed >= self.max_approximate:
                    self.skipped += 1
                    continue
                guessed += 1
                best = approximate.get(line, _UNSEEN)
                if best is _UNSEEN:
                    guesses = kb.guess(line, limit=1)
                    best = approximate[line] = guesses[0].record if guesses else None
                if best is None:
                    continue
                record, text, note = best, stated[1], notes[1]  # the message the line states
            else:
                continue
            finding = last.get((number, line))  # the same line at the same place: the same finding
            if finding is None:
                start = max(line.find(text), 0)
                cls = stated[0] if stated else record.error_class
                message = f"{cls}: {' '.join(text.split())[:200]} — {note}"
                finding = Finding(
                    log_code(record), record.id, Span(Position(number, start), Position(number, start + len(text))),
                    message, Severity.WARNING if record.error_class.endswith("Warning") else Severity.ERROR,
                    (), RULE)
            kept[(number, line)] = finding
            found.append(finding)
        self._last = kept
        return found


def log_code(record: Record) -> str:
    """A code a person can read and search for: the rule that prevents the error, else the record's
    own code or slug, else its error class."""
    from .rules import RULES

    for rule in RULES:
        if rule.record == record.id:
            return rule.code
    return str(record.get("errorCode") or record.get("slug") or record.error_class.rsplit(".", 1)[-1])


@dataclass(frozen=True)
class Explanation:
    """The records that explain a message or traceback, best first, and what to say before their
    cards: which older Lightning words it so, or that no message matched exactly."""

    records: list[Record]
    note: str | None = None
    approximate: bool = False


def explain(kb: KnowledgeBase, text: str, escape: bool = True) -> Explanation:
    """The records whose message `text` states; else those of an older release's wording; else the
    records that fit best, said to be approximate (`errata-lsp explain` and `errata.explain`; the
    note is Markdown, its texts as written with `escape=False`)."""
    from ..kb.rank import approximate_note
    from ..kb.versions import older_wordings

    matches = kb.match(text)
    if matches:
        return Explanation(list(matches))
    older = older_wordings(kb, text)  # the words of an older Lightning release
    if older:
        return Explanation(list(older[1]), older[0])
    guesses = kb.guess(text)
    if guesses:
        return Explanation([g.record for g in guesses], approximate_note(guesses, escape), approximate=True)
    return Explanation([])
