"""The document model at its edges: a string whose last line looks like a method does not cut the
class there; several edits applied in one change, to a text with `\\r\\n` breaks, all land; a tab
turned into a line break gives the lines read afresh; the chunk that holds a line; the repair budget."""

from __future__ import annotations

from errata_lsp.analysis.document import Document
from errata_lsp.analysis.findings import Position, Span


def table(doc: Document) -> list[tuple[str, int, int]]:
    return [(c.role, c.first, c.last) for c in doc.all_chunks]


def test_a_string_s_last_line_that_reads_like_a_method_does_not_cut_the_class():
    text = 'class A:\n    x = """\n    def fake(): """\n    def real(self):\n        pass\n'
    assert table(Document(text)) == [("class", 0, 3), ("member", 3, 6)]
    text = 'class A:\n    def m(self):\n        pass\n    x = """\n    def fake(): """\n    def real(self):\n        pass\n'
    assert table(Document(text)) == [("class", 0, 1), ("member", 1, 5), ("member", 5, 8)]


def test_every_edit_of_one_change_lands_on_a_text_with_crlf_breaks():
    doc = Document("a = 1\r\nb = 2\r\n")
    edited = doc.apply([(Span(Position(0, 4), Position(0, 5)), "3"), (Span(Position(1, 4), Position(1, 5)), "4"),
                        (Span(Position(2, 0), Position(2, 0)), "c = 5\r\n")])
    assert edited.text == "a = 3\r\nb = 4\r\nc = 5\r\n"
    assert edited.lines == Document(edited.text).lines == ["a = 3", "b = 4", "c = 5", ""]


def test_a_tab_turned_into_a_line_break_gives_the_lines_and_chunks_of_the_text_read_afresh():
    before = Document("x = 1\ty = 2\nz = 3\n")
    after = before.edited("x = 1\ny = 2\nz = 3\n")  # the kept tail starts after a tab in the old text
    fresh = Document(after.text)
    assert after.lines == fresh.lines == ["x = 1", "y = 2", "z = 3", ""]
    assert table(after) == table(fresh) == [("top", 0, 4)]
    assert [c.text for c in after.all_chunks] == [c.text for c in fresh.all_chunks]


def test_the_chunk_at_a_line_is_the_one_that_holds_it_the_first_one_too():
    doc = Document("import os\nx = 1\ndef f():\n    pass\n")
    first, second = doc.all_chunks
    assert table(doc) == [("top", 0, 2), ("top", 2, 5)]
    assert [doc.chunk_at(line) for line in range(5)] == [first, first, second, second, second]
    assert doc.chunk_at(5) is None


def test_a_chunk_is_repaired_while_it_has_fewer_broken_lines_than_the_budget_of_parses():
    from errata_lsp.analysis import check_source

    def checked(broken: int) -> list[tuple[str, int]]:
        text = ("from lightning.fabric.strategies import XLAFSDPStrategy\n" + "x = 1 +\n" * broken
                + "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n")
        return [(f.code, f.span.start.line) for f in check_source(text, "t.py").findings]

    # each parse that fails neutralises one line: the 25 parses of MAX_REPAIRS mend 24 lines
    assert checked(24) == [("LXF001", 25)]
    assert checked(25) == []  # past the budget: the chunk keeps no tree
