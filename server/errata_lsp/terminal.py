"""Findings as a person reads them on a terminal: the `path:line:col: CODE message` line in colour,
then a code frame (the offending line and a caret under the span), as Ruff shows them.

Piped or written to a file, output stays the plain line per finding that editors, pre-commit and
CI parse. `NO_COLOR` (any value) turns colour off and `FORCE_COLOR` (any value but `0`) on, the
latter winning: a CI log that renders colour asks for it (https://no-color.org, https://force-color.org).
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import IO

from .analysis.findings import Severity, Span
from .report_formats import Entry, text_line

RESET = "\x1b[0m"
SEVERITY_COLOUR = {Severity.ERROR: "\x1b[1;31m", Severity.WARNING: "\x1b[1;33m", Severity.INFORMATION: "\x1b[1;36m"}
BOLD, DIM, BLUE = "\x1b[1m", "\x1b[2m", "\x1b[1;34m"
TAB = 4


@dataclass(frozen=True)
class Style:
    colour: bool  # escape sequences for colour
    frame: bool  # a code frame under each finding

    @property
    def plain(self) -> bool:
        return not (self.colour or self.frame)


PLAIN = Style(colour=False, frame=False)


def style_for(stream: IO[str] | None, environ: Mapping[str, str] = os.environ) -> Style:
    """How to show findings on `stream` (None: a file the report is written to, always plain)."""
    if stream is None:
        return PLAIN
    forced = environ.get("FORCE_COLOR", "") not in ("", "0")
    terminal = _is_terminal(stream) and environ.get("TERM") != "dumb"
    colour = forced or (terminal and not environ.get("NO_COLOR"))
    return Style(colour=colour, frame=terminal or forced)


def finding(entry: Entry, line_text: str | None, span: Span, style: Style) -> str:
    """The finding's line, and under it (with `style.frame`) the source line `line_text` where
    `span` (in that line's columns) starts, a caret under what it covers."""
    if style.plain:
        return text_line(entry)
    head = text_line(entry)
    if style.colour:
        code, start = entry.finding.code, entry.finding.span.start
        where, _, rest = head.partition(f": {code} ")
        position = f":{f'cell {entry.cell}:' if entry.cell is not None else ''}{start.line + 1}:{start.column + 1}"
        path = where[: len(where) - len(position)]
        head = f"{BOLD}{path}{RESET}{DIM}{position}{RESET}: {SEVERITY_COLOUR[entry.finding.severity]}{code}{RESET} {rest}"
    if not style.frame or line_text is None:
        return head
    number = str(entry.finding.span.start.line + 1)
    gutter = " " * len(number)
    end = span.end.column if span.end.line == span.start.line else len(line_text)
    before, covered = line_text[: span.start.column], line_text[span.start.column: max(end, span.start.column)]
    caret = " " * _width(before) + "^" * max(1, _width(covered))
    bar = f"{BLUE}|{RESET}" if style.colour else "|"
    if style.colour:
        caret = f"{SEVERITY_COLOUR[entry.finding.severity]}{caret}{RESET}"
        number = f"{BLUE}{number}{RESET}"
    shown = line_text.expandtabs(TAB).rstrip("\r\n")
    return f"{head}\n{gutter} {bar}\n{number} {bar} {shown}\n{gutter} {bar} {caret}\n"


def _width(text: str) -> int:
    """Columns a terminal gives `text`: wide characters take two, tabs go to the next stop, combining marks none."""
    width = 0
    for char in text:
        if char == "\t":
            width += TAB - width % TAB
        elif unicodedata.combining(char):
            continue
        else:
            width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):  # closed, or not a real stream
        return False
