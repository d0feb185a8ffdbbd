"""An editor's side of positions, written for the tests and sharing no code with the server: LSP
positions are (line, code units) with lines split at \\r\\n, \\r and \\n; a UTF-16 editor counts a
character above U+FFFF as two units, a UTF-8 one counts bytes."""

from __future__ import annotations

from lsprotocol import types

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"


def width(char: str, encoding: str) -> int:
    """Code units of one character: what an editor counts."""
    code = ord(char)
    if encoding == UTF16:
        return 2 if code > 0xFFFF else 1
    if encoding == UTF8:
        return 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4
    return 1


def split_lines(text: str) -> list[tuple[str, str]]:
    """(line, its break) pairs; breaks are \\r\\n, \\r and \\n only, as LSP says."""
    out, line, i = [], "", 0
    while i < len(text):
        char = text[i]
        if char == "\r" and text[i + 1:i + 2] == "\n":
            out.append((line, "\r\n"))
            line, i = "", i + 2
            continue
        if char in "\r\n":
            out.append((line, char))
            line = ""
        else:
            line += char
        i += 1
    out.append((line, ""))
    return out


def to_units(text: str, line: int, column: int, encoding: str) -> types.Position:
    """An engine position (line, code-point column) as the editor's (line, code units)."""
    return types.Position(line, sum(width(c, encoding) for c in split_lines(text)[line][0][:column]))


def to_offset(text: str, pos: types.Position, encoding: str) -> int:
    """Index in `text` of an editor position; a column past the line's end means the end (LSP)."""
    lines = split_lines(text)
    if pos.line >= len(lines):
        return len(text)
    offset = sum(len(line) + len(brk) for line, brk in lines[:pos.line])
    counted = 0
    for char in lines[pos.line][0]:
        if counted + width(char, encoding) > pos.character:
            break
        counted += width(char, encoding)
        offset += 1
    return offset


def editor_apply(text: str, edits: list[types.TextEdit], encoding: str) -> str:
    """Apply LSP edits as an editor does: positions resolved on the original text, last edit first."""
    resolved = sorted(((to_offset(text, e.range.start, encoding), to_offset(text, e.range.end, encoding), e.new_text)
                       for e in edits), reverse=True)
    for start, end, new in resolved:
        text = text[:start] + new + text[end:]
    return text


def position_at(text: str, offset: int, encoding: str) -> types.Position:
    """The editor position of index `offset` in `text` (never between the two characters of a \\r\\n)."""
    assert text[offset - 1:offset + 1] != "\r\n" or offset == 0, "no position lies inside a CRLF"
    line = column = seen = 0
    for number, (content, brk) in enumerate(split_lines(text)):
        if offset <= seen + len(content) or not brk:
            line, column = number, offset - seen
            break
        seen += len(content) + len(brk)
    return to_units(text, line, column, encoding)
