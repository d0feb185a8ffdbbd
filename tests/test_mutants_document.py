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


def test_line_breaks_changed_from_crlf_to_lf_give_the_lines_and_chunks_of_the_text_read_afresh():
    """The editor's "change line endings" sends the whole text with every line as it was: only the breaks
    differ, so no line is edited (the one-line fast path has no line to take)."""
    for old, new in (("import os\r\nx = 1\r\n", "import os\nx = 1\n"), ("a = 1\nb = 2", "a = 1\r\nb = 2")):
        after = Document(old).edited(new)
        fresh = Document(new)
        assert after.text == new and after.lines == fresh.lines
        assert [(c.role, c.first, c.last, c.text) for c in after.all_chunks] == [
            (c.role, c.first, c.last, c.text) for c in fresh.all_chunks]


def test_a_one_character_edit_sent_as_the_whole_text_rescans_only_its_line():
    """A client that sends the whole text at each keystroke: the next version is made from the lines
    that differ, found by the common prefix and suffix of the two texts (10 kB and 31 kB, past the 8 kB
    blocks they are compared in, and past two of them), not from every line between the blocks."""
    lines = [f"value_{i:04} = {i:06}" for i in range(2000)]  # 20 characters and a break each
    before = Document("\n".join(lines) + "\n")
    lines[500] = lines[500].replace("000500", "000501")
    after = before.edited("\n".join(lines) + "\n")
    assert after.edit == (before.serial, 500, 501, 501)
    assert after.lines == Document(after.text).lines


def test_a_class_with_more_broken_methods_than_the_repair_budget_keeps_the_findings_of_its_good_one():
    """Each method is parsed, and repaired, on its own: 30 half-typed methods do not use up the budget
    of the one that holds the error."""
    from errata_lsp.analysis import check_source

    text = ("from lightning.fabric.strategies import XLAFSDPStrategy\nfrom torch import nn\n\n\n"
            "class Block(nn.Module):\n    pass\n\n\nclass Trainer:\n    name = 'x'\n\n"
            + "".join(f"    def m{i}(self):\n        x = 1 +\n\n" for i in range(30))
            + "    def build(self):\n"
            "        return XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n")
    assert [(f.code, f.span.start.line, f.span.start.column) for f in check_source(text, "t.py").findings] == [
        ("LXF001", 102, 63)]


def test_a_method_whose_repair_leaves_a_line_at_column_0_keeps_the_other_method_s_finding():
    """`s = = \"\"\"` mid-typing: the repair blanks that line, and the string's lines at column 0 are then
    statements beside the stand-in class the method is parsed in. The check goes on (the other method's
    error is found), it does not fail on them."""
    from errata_lsp.analysis import check_source

    text = ("from lightning.fabric.strategies import XLAFSDPStrategy\nfrom torch import nn\n\n\n"
            "class Block(nn.Module):\n    pass\n\n\n"
            'class A:\n    def f(self):\n        s = = """\nx = 1\n"""\n        return 1\n\n'
            "    def build(self):\n"
            "        return XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n")
    assert table(Document(text))[3:] == [("class", 8, 9), ("member", 9, 15), ("member", 15, 18)]
    report = check_source(text, "t.py")
    assert [(f.code, f.span.start.line, f.span.start.column) for f in report.findings] == [("LXF001", 16, 63)]
    assert report.failures == []


def test_a_class_whose_head_does_not_parse_is_read_whole_as_one_chunk():
    """`class Trainer(:` mid-typing: the class and its methods are one chunk, every line of it read (the
    report counts the lines the rules were given, 12 here as with the head typed out)."""
    from errata_lsp.analysis import check_source

    good = ("from lightning.fabric.strategies import XLAFSDPStrategy\n\n\nclass Trainer:\n    name = 'x'\n\n"
            "    def m(self):\n        pass\n\n    def build(self):\n"
            "        return XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n")
    broken = good.replace("class Trainer:", "class Trainer(:")
    assert check_source(good, "t.py").parsed_lines == check_source(broken, "t.py").parsed_lines == 12
    assert [c.role for c in Document(broken).all_chunks] == ["top", "class", "member", "member"]
