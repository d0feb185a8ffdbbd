"""Open documents, kept exactly as the client has them, and positions in the negotiated encoding.

The engine speaks (line, code-point column) on lines split at \\r\\n, \\r and \\n only, as LSP does.
Client positions are converted here and nowhere else.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types
from pygls.uris import to_fs_path

from ..analysis.document import LINE_BREAK
from ..analysis.findings import Position, Span

_SURROGATE = re.compile("[\ud800-\udfff]")  # lone ones: they encode only one by one
UTF8, UTF16, UTF32 = types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16, types.PositionEncodingKind.Utf32


def units(text: str, encoding: str) -> int:
    """Length of `text` in the encoding's code units."""
    if encoding == UTF32 or text.isascii():
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", errors="surrogatepass"))
    return len(text.encode("utf-16-le", errors="surrogatepass")) // 2


def column_from_units(line: str, offset: int, encoding: str) -> int:
    """Code-point column for `offset` code units into `line`; past the end means the end."""
    if offset <= 0:
        return 0
    if encoding == UTF32 or line.isascii():
        return min(offset, len(line))
    if _SURROGATE.search(line) is None:  # encoded and cut: the characters before `offset`, counted in C
        codec, width = ("utf-8", 1) if encoding == UTF8 else ("utf-16-le", 2)
        data = line.encode(codec)
        if offset * width >= len(data):
            return len(line)
        try:
            head = data[:offset * width].decode(codec)
        except UnicodeDecodeError:  # the offset falls inside a character: counted below
            head = None
        if head is not None and (not head or head[-1] == line[len(head) - 1]):
            return len(head)  # else it split a surrogate pair: counted below, as the pair's start
    counted = 0
    for index, char in enumerate(line):
        width = 1 if ord(char) < 0x80 else (
            (2 if ord(char) < 0x800 else 3 if ord(char) < 0x10000 else 4) if encoding == UTF8
            else (2 if ord(char) > 0xFFFF else 1))
        if counted + width > offset:
            return index
        counted += width
    return len(line)


@dataclass
class TextDocument:
    """The text and its line table. An edit rebuilds the table only around the lines it touched,
    and builds new lists rather than changing the old ones, so a `snapshot` handed to a worker
    thread never sees a later edit. An edit within one line replaces that line alone, and the
    lines after it are only noted as moved (`_starts`): typing along a line never shifts the
    offsets of every later line."""

    uri: str
    text: str
    version: int | None
    language_id: str = "python"
    _lines: list[str] | None = field(default=None, repr=False)
    # (offsets, first, delta): line n starts at offsets[n], plus delta from line `first` on.
    # One value, replaced whole: a thread reading it never pairs one list with another's shift
    _starts: tuple[list[int], int, int] | None = field(default=None, repr=False)
    serial: int = 0  # edits applied so far: a snapshot's serial tells which of them it has
    # Every edit from the one after `serial` == `one_line_since` on changed line `one_line` alone,
    # within the line (no line break typed or removed); None: the last edit did more
    one_line: int | None = None
    one_line_since: int = 0

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = LINE_BREAK.split(self.text)
        return self._lines

    def share_tables(self, other: TextDocument) -> None:
        """Take the line table of `other` (a snapshot with this text) if this one has none: tables
        are never changed, only replaced, so they can be shared."""
        self.adopt_lines(other.text, other._lines)
        if other.text is self.text and self._starts is None:
            self._starts = other._starts

    def line_starts(self) -> list[int]:
        """Every line's offset in `text`."""
        table = self._starts
        if table is None:
            starts = [0] + [m.end() for m in LINE_BREAK.finditer(self.text)]
        else:
            offsets, first, delta = table
            if not delta:
                return offsets
            starts = offsets[:first] + [s + delta for s in offsets[first:]]
        self._starts = (starts, len(starts), 0)
        return starts

    def _start(self, line: int) -> int:
        """Offset of `line` (one of the document's), the lines after an edit shifted only as asked."""
        if self._starts is None:
            return self.line_starts()[line]
        offsets, first, delta = self._starts
        return offsets[line] + delta if line >= first else offsets[line]

    def adopt_lines(self, text: str, lines: list[str] | None) -> None:
        """Take `lines`, the same text's lines split elsewhere (the engine's), as this document's line
        table if it has none yet: one list of line strings for both, not two (~1 MB at 10k lines).
        Only for a text that is this very object: the lists are never changed, only replaced."""
        if self._lines is None and lines is not None and self.text is text:
            self._lines = lines

    def snapshot(self) -> TextDocument:
        """This text, version and line table as one value that later edits leave alone."""
        return TextDocument(self.uri, self.text, self.version, self.language_id, self._lines, self._starts,
                            self.serial, self.one_line, self.one_line_since)

    def only_line_changed_since(self, earlier: TextDocument) -> int | None:
        """The one line every edit since `earlier` (a snapshot of this document) changed, within
        that line; None when they did more, or when `earlier` is not an earlier snapshot."""
        if self.one_line is None or not self.one_line_since <= earlier.serial <= self.serial:
            return None
        return self.one_line

    def offset(self, pos: types.Position, encoding: str) -> int:
        """Offset in `text` of a client position, clamped into the document as LSP asks."""
        if pos.line < 0:
            return 0
        lines = self.lines
        if pos.line >= len(lines):
            return len(self.text)
        return self._start(pos.line) + column_from_units(lines[pos.line], pos.character, encoding)

    def apply(self, change: types.TextDocumentContentChangeEvent, encoding: str) -> None:
        line = None
        if isinstance(change, types.TextDocumentContentChangePartial) and change.range is not None:
            start = self.offset(change.range.start, encoding)
            end = self.offset(change.range.end, encoding)
            if end < start:
                start, end = end, start
            lines, old = self.lines, self.text
            if self._starts is None:
                self.line_starts()  # of the text before the edit
            self.text = old[:start] + change.text + old[end:]
            delta = len(change.text) - (end - start)
            line = self._one_line(change, lines, old)
            if line is not None:  # that line replaced, the later ones moved by `delta`
                first = self._start(line)
                self._lines = list(lines)
                self._lines[line] = self.text[first:first + len(lines[line]) + delta]
                if delta:
                    self._starts = self._shifted(line + 1, delta)
            else:
                starts = self.line_starts()
                self._lines, starts = _relined(self.text, lines, starts, start, end, delta)
                self._starts = (starts, len(starts), 0)
        else:
            self.text = change.text
            self._lines = self._starts = None
        if line is None or line != self.one_line:
            self.one_line_since = self.serial  # what was before this edit is not known to be one line
        self.one_line = line
        self.serial += 1

    def _one_line(self, change: types.TextDocumentContentChangePartial, lines: list[str], old: str) -> int | None:
        """The line a range edit stays within (it neither removes nor types a line break, nor
        empties a line between a `\\r` and a `\\n`, which would join them), or None."""
        line = change.range.start.line  # a column past the line's end is its end: the break stays
        if (line != change.range.end.line or not 0 <= line < len(lines) or "\n" in change.text
                or "\r" in change.text):
            return None
        if line and old[self._start(line) - 1] == "\r":
            return None
        return line

    def _shifted(self, first: int, delta: int) -> tuple[list[int], int, int]:
        """The start table with lines from `first` on `delta` further: noted, or added to the shift
        already noted from the same line (typing along one line), else that one applied first."""
        table = self._starts
        if table is None:
            return self.line_starts(), first, delta
        offsets, noted, shift = table
        if not shift or noted == first:
            return offsets, first, shift + delta
        return self.line_starts(), first, delta

    def position_at(self, offset: int, encoding: str) -> types.Position:
        starts = self.line_starts()
        line = bisect.bisect_right(starts, offset) - 1
        return types.Position(line, units(self.text[starts[line]:offset], encoding))

    # --- engine <-> client positions ------------------------------------------------------
    def to_client(self, pos: Position, encoding: str) -> types.Position:
        lines = self.lines
        if pos.line >= len(lines):
            return types.Position(len(lines) - 1, units(lines[-1], encoding))
        return types.Position(pos.line, units(lines[pos.line][: pos.column], encoding))

    def range_to_client(self, span: Span, encoding: str) -> types.Range:
        return types.Range(self.to_client(span.start, encoding), self.to_client(span.end, encoding))

    def from_client(self, pos: types.Position, encoding: str) -> Position:
        lines = self.lines
        line = min(max(pos.line, 0), len(lines) - 1)
        column = column_from_units(lines[line], pos.character, encoding) if pos.line < len(lines) else len(lines[line])
        return Position(line, column)


def _relined(text: str, lines: list[str], starts: list[int], start: int, end: int, delta: int,
             ) -> tuple[list[str], list[int]]:
    """The line table of `text` after the old text's [start, end) was replaced (its length changing
    by `delta`): the lines from the one before the edit (a `\\r` there may now pair with a `\\n`)
    to the one after it are split again, the others are kept and the later starts shifted."""
    first = max(bisect.bisect_right(starts, start) - 2, 0)
    after = bisect.bisect_right(starts, end) + 1  # the first old line left as it was
    if after >= len(starts):
        pieces = LINE_BREAK.split(text[starts[first]:])
        return lines[:first] + pieces, starts[:first + 1] + [
            m.end() for m in LINE_BREAK.finditer(text, starts[first])]
    stop = starts[after] + delta
    segment_starts = [m.end() for m in LINE_BREAK.finditer(text, starts[first], stop)]
    pieces = LINE_BREAK.split(text[starts[first]:stop])[:-1]  # the segment ends with a line break
    return (lines[:first] + pieces + lines[after:],
            starts[:first + 1] + segment_starts[:-1] + [s + delta for s in starts[after:]])


def path_of(uri: str | None) -> Path | None:
    """The file a `file:` URI names; None for another scheme or a URI that names no path."""
    if not uri or not uri.startswith("file:"):
        return None
    try:
        path = to_fs_path(uri)
    except Exception:
        return None
    return Path(path) if path else None


def path_str(uri: str) -> str | None:
    path = path_of(uri)
    return str(path) if path else None
