"""apply_edits against the rule it keeps, on random groups of edits: a group is applied only when no
edit of it overlaps one of a group applied before (an insertion may not sit at the start of an edited
range; the same range twice is one too many), and the text is rebuilt with each edit in place."""

from __future__ import annotations

import random

import pytest

from errata_lsp.analysis import Edit, Position, Span, apply_edits


def reference(text: str, groups: list[list[tuple[int, int, str]]]) -> tuple[str, list[int]]:
    """The rule written plainly (quadratic): every taken range is compared with every new one."""
    taken: list[tuple[int, int]] = []
    planned: list[tuple[int, int, str]] = []
    used = []
    for index, group in enumerate(groups):
        if any(s < b and a < e or s == e == a or (s == a and e == b) for s, e, _ in group for a, b in taken):
            continue
        taken.extend((s, e) for s, e, _ in group)
        planned.extend(group)
        used.append(index)
    for s, e, new in sorted(planned, key=lambda r: (r[0], r[1]), reverse=True):
        text = text[:s] + new + text[e:]
    return text, used


def edit(text: str, start: int, end: int, new: str) -> Edit:
    def position(offset: int) -> Position:
        line = text.count("\n", 0, offset)
        return Position(line, offset - (text.rfind("\n", 0, offset) + 1))
    return Edit(Span(position(start), position(end)), new)


@pytest.mark.parametrize("seed", range(300))
def test_random_groups_are_taken_or_left_as_the_rule_says(seed):
    rng = random.Random(seed)
    text = "".join(rng.choice("ab\n") for _ in range(rng.randint(0, 40)))
    groups = []
    for _ in range(rng.randint(1, 12)):
        group = []
        for _ in range(rng.randint(1, 2)):
            start = rng.randint(0, len(text))
            end = min(len(text), start + rng.choice((0, 0, 1, 2, 5)))
            group.append((start, end, rng.choice(("", "X", "YZ"))))
        group.sort()
        if any(a[1] > b[0] or a[0] == b[0] for a, b in zip(group, group[1:])):
            continue  # a fix's own edits never overlap each other
        groups.append(group)
    expected = reference(text, groups)
    assert apply_edits(text, [[edit(text, s, e, new) for s, e, new in g] for g in groups]) == expected
