"""Apply text edits given in (line, code-point column) to the original text, byte for byte elsewhere."""

from __future__ import annotations

from collections.abc import Sequence

from .document import LINE_BREAK
from .findings import Edit, Position


def line_offsets(text: str) -> list[int]:
    """Offset of the first character of each line (lines as LSP counts them)."""
    return [0] + [m.end() for m in LINE_BREAK.finditer(text)]


def to_offset(offsets: list[int], text: str, pos: Position) -> int:
    if pos.line >= len(offsets):
        return len(text)
    start = offsets[pos.line]
    end = offsets[pos.line + 1] if pos.line + 1 < len(offsets) else len(text)
    line = text[start:end].rstrip("\r\n")
    return start + min(pos.column, len(line))


def apply_edits(text: str, groups: Sequence[Sequence[Edit]]) -> tuple[str, list[int]]:
    """Apply groups of edits (one group per fix) that do not overlap an earlier group.

    Returns the new text and the indexes of the groups that were applied.
    """
    offsets = line_offsets(text)
    taken: list[tuple[int, int]] = []
    planned: list[tuple[int, int, str]] = []
    used: list[int] = []
    for index, group in enumerate(groups):
        ranges = [(to_offset(offsets, text, e.span.start), to_offset(offsets, text, e.span.end), e.new_text) for e in group]
        if any(_overlaps(a, b, taken) for a, b, _ in ranges):
            continue
        taken.extend((a, b) for a, b, _ in ranges)
        planned.extend(ranges)
        used.append(index)
    for start, end, new in sorted(planned, key=lambda r: (r[0], r[1]), reverse=True):
        text = text[:start] + new + text[end:]
    return text, used


def _overlaps(start: int, end: int, taken: list[tuple[int, int]]) -> bool:
    return any(start < b and a < end or start == end == a or (start == a and end == b) for a, b in taken)


def apply_fix(text: str, edits: Sequence[Edit]) -> str:
    return apply_edits(text, [edits])[0]
