"""Apply text edits given in (line, code-point column) to the original text, byte for byte elsewhere."""

from __future__ import annotations

from bisect import bisect_left, insort
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

    Returns the new text and the indexes of the groups that were applied. Linear in the text and
    about n log n in the edits: 20,000 fixes cost what checking found them cost.
    """
    offsets = line_offsets(text)
    taken = _Taken()
    planned: list[tuple[int, int, str]] = []
    used: list[int] = []
    for index, group in enumerate(groups):
        ranges = [(to_offset(offsets, text, e.span.start), to_offset(offsets, text, e.span.end), e.new_text) for e in group]
        # a fix that writes the same text over the same range twice (one display reached on two paths) writes it once
        ranges = [r for i, r in enumerate(ranges) if r[0] == r[1] or r not in ranges[:i]]
        if any(taken.overlaps(a, b) for a, b, _ in ranges):
            continue
        for a, b, _ in ranges:
            taken.add(a, b)
        planned.extend(ranges)
        used.append(index)
    planned.sort(key=lambda r: (r[0], r[1]))  # stable: edits at one place keep their order
    pieces = []
    done = 0
    for start, end, new in planned:
        pieces.append(text[done:start])
        pieces.append(new)
        done = max(done, end)
    pieces.append(text[done:])
    return "".join(pieces), used


class _Taken:
    """The ranges already edited, sorted. Ranges accepted never overlap (an insertion lies at no
    other range's start, nor strictly inside one), so their ends rise with their starts and one
    neighbour answers each question."""

    def __init__(self) -> None:
        self.ranges: list[tuple[int, int]] = []

    def overlaps(self, start: int, end: int) -> bool:
        """Whether [start, end) overlaps a taken range, or is an insertion at the start of one (or
        the same range again)."""
        before = bisect_left(self.ranges, (end, -1))  # the ranges that start before `end`
        if before and self.ranges[before - 1][1] > start:
            return True
        at = bisect_left(self.ranges, (start, -1))
        return at < len(self.ranges) and self.ranges[at][0] == start and (start == end or self.ranges[at][1] == end)

    def add(self, start: int, end: int) -> None:
        insort(self.ranges, (start, end))


def apply_fix(text: str, edits: Sequence[Edit]) -> str:
    return apply_edits(text, [edits])[0]
