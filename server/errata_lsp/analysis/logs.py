"""Logs and tracebacks read against the knowledge base: a finding on each line that states a known
error, so a pasted traceback is explained where it lies (in the editor and by `errata-lsp log`), and
the records that explain a whole text (`errata.explain`, `errata-lsp explain`). Nothing here runs
or imports the code the log came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .findings import Finding, Position, Severity, Span

if TYPE_CHECKING:
    from ..kb.base import KnowledgeBase
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
    from ..kb.match import exception_messages

    found = []
    for number, line in enumerate(lines):
        if len(line) > MAX_LINE or not line.strip():
            continue
        matches = kb.match_details(line)
        stated = exception_messages(line)
        if matches:
            record, text = matches[0].record, matches[0].text
            note = notes[0]
        elif stated:
            guesses = kb.guess(line, limit=1)
            if not guesses:
                continue
            record, text = guesses[0].record, stated[0][1]
            note = notes[1]
        else:
            continue
        start = max(line.find(text), 0)
        cls = stated[0][0] if stated else record.error_class
        message = f"{cls}: {' '.join(text.split())[:200]} — {note}"
        found.append(Finding(
            log_code(record), record.id, Span(Position(number, start), Position(number, start + len(text))),
            message, Severity.WARNING if record.error_class.endswith("Warning") else Severity.ERROR,
            (), RULE))
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
