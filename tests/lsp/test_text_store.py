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
        assert (doc.lines, doc.line_starts()) == fresh(doc.text)
        assert (before.lines, before.line_starts()) == fresh(before.text)  # the snapshot is untouched


def test_a_carriage_return_typed_before_a_line_feed_joins_them():
    doc = TextDocument("file:///t.py", "ab\ncd\n", 1)
    doc.lines  # noqa: B018
    doc.apply(types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(0, 2), types.Position(0, 2)), text="\r"), UTF16)
    assert doc.lines == ["ab", "cd", ""] and doc.line_starts() == [0, 4, 7]


@settings(max_examples=400, deadline=None)
@given(text=PIECES, edits=st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(0, 8),
                                             st.integers(0, 8), PIECES), max_size=8))
def test_offsets_after_edits_along_one_line_are_those_of_the_text_and_the_changed_line_is_told(text, edits):
    """Without the full table being asked for between edits (typing, as the server does): every
    line's start is right, and `only_line_changed_since` names a line only when every other line of
    each earlier snapshot is the same and as many."""
    doc = TextDocument("file:///t.py", text, 1)
    doc.lines  # noqa: B018
    snapshots = [doc.snapshot()]
    for a, b, c, d, new in edits:
        doc.apply(types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(a, b), types.Position(c, d)), text=new), UTF16)
        lines, starts = fresh(doc.text)
        assert doc.lines == lines and [doc._start(n) for n in range(len(lines))] == starts
        for earlier in snapshots:
            line = doc.only_line_changed_since(earlier)
            if line is not None:
                assert len(earlier.lines) == len(doc.lines)
                assert [n for n, (x, y) in enumerate(zip(earlier.lines, doc.lines)) if x != y] in ([], [line])
        snapshots.append(doc.snapshot())
    for earlier in snapshots:  # each snapshot's own table is untouched
        assert (earlier.lines, earlier.line_starts()) == fresh(earlier.text)


def test_typing_along_a_line_names_that_line_and_a_line_break_or_another_line_does_not():
    doc = TextDocument("file:///t.py", "a = 1\n# note\nb = 2\n", 1)

    def type_at(line: int, column: int, text: str) -> None:
        at = types.Position(line, column)
        doc.apply(types.TextDocumentContentChangePartial(range=types.Range(at, at), text=text), UTF16)

    start = doc.snapshot()
    type_at(1, 6, "x")
    type_at(1, 7, "y")
    assert doc.only_line_changed_since(start) == 1 and doc.lines[1] == "# notexy"
    middle = doc.snapshot()
    type_at(2, 0, "z")
    assert doc.only_line_changed_since(start) is None and doc.only_line_changed_since(middle) == 2
    type_at(2, 1, "\n")
    assert doc.only_line_changed_since(middle) is None and doc.only_line_changed_since(doc.snapshot()) is None
    assert doc.line_starts() == [0, 6, 15, 17, 23]


def _column_by_counting(line: str, offset: int, encoding: str) -> int:
    """The column LSP means: characters counted while their code units fit in `offset`."""
    counted = 0
    for index, char in enumerate(line):
        if encoding == types.PositionEncodingKind.Utf8:
            width = len(char.encode("utf-8", errors="surrogatepass"))
        elif encoding == UTF16:
            width = 2 if ord(char) > 0xFFFF else 1
        else:
            width = 1
        if counted + width > offset:
            return index
        counted += width
    return len(line)


@settings(max_examples=600, deadline=None)
@given(line=st.lists(st.sampled_from(["a", "é", "训", "🚀", "\U0010ffff", "\ud800", "\udc00", " "]), max_size=10).map("".join),
       offset=st.integers(0, 45))
def test_a_client_column_is_the_characters_whose_units_fit(line, offset):
    from errata_lsp.lsp.text import column_from_units

    for encoding in (types.PositionEncodingKind.Utf8, UTF16, types.PositionEncodingKind.Utf32):
        assert column_from_units(line, offset, encoding) == _column_by_counting(line, offset, encoding)


def test_a_document_takes_the_line_table_a_snapshot_of_its_text_made_and_no_other():
    doc = TextDocument("file:///t.py", "a\nb\r\nc", 1)
    snapshot = doc.snapshot()
    assert (snapshot.lines, snapshot.line_starts()) == (["a", "b", "c"], [0, 2, 5])
    doc.share_tables(snapshot)
    assert doc._lines is snapshot._lines and doc._starts is snapshot._starts
    other = TextDocument("file:///t.py", "".join(["a\nb", "\r\nc"]), 1)  # an equal text, not the snapshot's
    other.share_tables(snapshot)
    assert other._lines is None and other._starts is None
    at = types.Position(1, 1)
    doc.apply(types.TextDocumentContentChangePartial(range=types.Range(at, at), text="x"), UTF16)
    assert (doc.lines, doc.line_starts()) == (["a", "bx", "c"], [0, 2, 6])
    assert (snapshot.lines, snapshot.line_starts()) == (["a", "b", "c"], [0, 2, 5])
