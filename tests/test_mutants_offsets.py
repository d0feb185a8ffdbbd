"""Client positions on lines the fast path of `column_from_units` cannot take: a line holding a lone
surrogate is counted character by character, and each character there must be as wide as an editor
counts it. Expectations come from tests/editor_positions.py, which shares no code with the server."""

from __future__ import annotations

import pytest
from lsprotocol import types

from errata_lsp.analysis.findings import Position
from errata_lsp.lsp.text import TextDocument

from .editor_positions import UTF8, UTF16, UTF32, to_units


@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
def test_a_line_with_a_lone_surrogate_counts_each_width_boundary_as_the_editor_does(encoding):
    # The last and first code point of each UTF-8 length, both sides of the UTF-16 surrogate range,
    # and a lone low surrogate (pasted from a broken file), which sends the line to the slow count.
    line = "a\x7f\x80\u07ff\u0800\uffff\U00010000\udc00z"
    doc = TextDocument("file:///t.py", line, 1)
    for column in range(len(line) + 1):
        pos = to_units(line, 0, column, encoding)
        assert doc.offset(pos, encoding) == column, column
        assert doc.from_client(pos, encoding) == Position(0, column), column


def test_a_client_column_inside_a_wide_character_of_a_line_with_a_lone_surrogate_is_before_it():
    doc = TextDocument("file:///t.py", "\x80\u0800\U00010000\udc00", 1)
    # UTF-8: \x80 is 2 bytes, \u0800 3, the rocket-plane character 4, the lone surrogate 3.
    assert [doc.offset(types.Position(0, c), UTF8) for c in (0, 1, 2, 3, 4, 5, 6, 9, 10, 12, 13)] == \
        [0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4]
    # UTF-16: the character past U+FFFF is a surrogate pair; half of it is before it.
    assert [doc.offset(types.Position(0, c), UTF16) for c in (0, 1, 2, 3, 4, 5)] == [0, 1, 2, 2, 3, 4]

