"""Open documents, kept exactly as the client has them, and positions in the negotiated encoding.

The engine speaks (line, code-point column) on lines split at \\r\\n, \\r and \\n only, as LSP does.
Client positions are converted here and nowhere else.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from lsprotocol import types

from ..analysis.document import LINE_BREAK
from ..analysis.findings import Position, Span

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
    thread never sees a later edit."""

    uri: str
    text: str
    version: int | None
    language_id: str = "python"
    _lines: list[str] | None = field(default=None, repr=False)
    _starts: list[int] | None = field(default=None, repr=False)

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = LINE_BREAK.split(self.text)
        return self._lines

    def _line_starts(self) -> list[int]:
        if self._starts is None:
            self._starts = [0] + [m.end() for m in LINE_BREAK.finditer(self.text)]
        return self._starts

    def lines_if_split(self) -> list[str] | None:
        return self._lines

    def adopt_lines(self, text: str, lines: list[str] | None) -> None:
        """Take `lines`, the same text's lines split elsewhere (the engine's), as this document's line
        table if it has none yet: one list of line strings for both, not two (~1 MB at 10k lines).
        Only for a text that is this very object: the lists are never changed, only replaced."""
        if self._lines is None and lines is not None and self.text is text:
            self._lines = lines

    def snapshot(self) -> TextDocument:
        """This text, version and line table as one value that later edits leave alone."""
        return TextDocument(self.uri, self.text, self.version, self.language_id, self._lines, self._starts)

    def offset(self, pos: types.Position, encoding: str) -> int:
        """Offset in `text` of a client position, clamped into the document as LSP asks."""
        starts = self._line_starts()
        if pos.line < 0:
            return 0
        if pos.line >= len(starts):
            return len(self.text)
        line = self.lines[pos.line]
        return starts[pos.line] + column_from_units(line, pos.character, encoding)

    def apply(self, change: types.TextDocumentContentChangeEvent, encoding: str) -> None:
        if isinstance(change, types.TextDocumentContentChangePartial) and change.range is not None:
            start = self.offset(change.range.start, encoding)
            end = self.offset(change.range.end, encoding)
            if end < start:
                start, end = end, start
            lines, starts, old = self.lines, self._line_starts(), self.text
            self.text = old[:start] + change.text + old[end:]
            self._lines, self._starts = _relined(self.text, lines, starts, start, end, len(change.text) - (end - start))
        else:
            self.text = change.text
            self._lines = self._starts = None

    def position_at(self, offset: int, encoding: str) -> types.Position:
        starts = self._line_starts()
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
