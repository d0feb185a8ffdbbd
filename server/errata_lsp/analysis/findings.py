"""What a rule reports: positions are (0-based line, code-point column) in the document's own text."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"  # the library will raise
    WARNING = "warning"  # it raises on some paths, or misbehaves silently
    INFORMATION = "information"  # a better spelling of code that works


class Safety(str, Enum):
    SAFE = "safe"  # cannot change what the program means beyond removing the crash
    UNSAFE = "unsafe"  # a choice the user must confirm


@dataclass(frozen=True, order=True)
class Position:
    """A place in a document: 0-based line and code-point column."""

    line: int
    column: int


@dataclass(frozen=True, order=True)
class Span:
    """From `start` to `end`, in the document's own positions."""

    start: Position
    end: Position

    @classmethod
    def of(cls, line: int, column: int, end_line: int, end_column: int) -> Span:
        return cls(Position(line, column), Position(end_line, end_column))

    def contains(self, pos: Position) -> bool:
        return self.start <= pos <= self.end


@dataclass(frozen=True)
class Edit:
    """Replace the text of `span` with `new_text`."""

    span: Span
    new_text: str


@dataclass(frozen=True)
class Fix:
    """A titled set of edits that removes a finding, and whether it is safe to apply unasked. `path` is
    the other module of the project the edits are in (the one that writes the value), in that module's
    own positions; None for the finding's own document."""

    title: str
    edits: tuple[Edit, ...]
    safety: Safety = Safety.SAFE
    preferred: bool = False
    path: str | None = None


@dataclass(frozen=True)
class Place:
    """A span in another file of the project, and what is written there (said where it is shown)."""

    path: str
    span: Span
    what: str = "the value is written here"


@dataclass(frozen=True)
class Finding:
    """One misuse found: its rule and record, where it is, what to say, and how to fix it. `elsewhere` is
    where the value that makes it raise is written when that is another module (`config.py`'s list, read
    here): where the fix belongs, while `span` is the use in this document."""

    code: str
    record_id: str
    span: Span
    message: str
    severity: Severity
    fixes: tuple[Fix, ...] = field(default=())
    rule: str = ""
    elsewhere: Place | None = None

    @property
    def preferred_fix(self) -> Fix | None:
        return next((f for f in self.fixes if f.preferred), self.fixes[0] if self.fixes else None)
