"""The server's copy of a document: an edit rebuilds the line table only around itself, and the
result is the table a fresh split of the new text gives, whatever the line breaks."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types

from errata_lsp.analysis.document import LINE_BREAK
from errata_lsp.lsp.text import UTF16, TextDocument

PIECES = st.lists(st.sampled_from(["a", "é", "🚀", "\n", "\r", "\r\n", " ", "#"]), max_size=12).map("".join)


def fresh(text: str) -> tuple[list[str], list[int]]:
    return LINE_BREAK.split(text), [0] + [m.end() for m in LINE_BREAK.finditer(text)]


@settings(max_examples=400, deadline=None)
@given(text=PIECES, edits=st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(0, 8),
                                             st.integers(0, 8), PIECES), max_size=6))
def test_edits_keep_the_line_table_of_the_text(text, edits):
    doc = TextDocument("file:///t.py", text, 1)
    doc.lines  # noqa: B018  (the table exists before the edits, as in the server)
    for a, b, c, d, new in edits:
        before = doc.snapshot()
        rng = types.Range(types.Position(a, b), types.Position(c, d))
        start, end = sorted((before.offset(rng.start, UTF16), before.offset(rng.end, UTF16)))
        doc.apply(types.TextDocumentContentChangePartial(range=rng, text=new), UTF16)
        assert doc.text == before.text[:start] + new + before.text[end:]
        assert (doc.lines, doc._line_starts()) == fresh(doc.text)
        assert (before.lines, before._line_starts()) == fresh(before.text)  # the snapshot is untouched


def test_a_carriage_return_typed_before_a_line_feed_joins_them():
    doc = TextDocument("file:///t.py", "ab\ncd\n", 1)
    doc.lines  # noqa: B018
    doc.apply(types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(0, 2), types.Position(0, 2)), text="\r"), UTF16)
    assert doc.lines == ["ab", "cd", ""] and doc._line_starts() == [0, 4, 7]
