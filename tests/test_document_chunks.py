"""The chunk table, line by line: where a run of top-level statements starts, how a class is cut at
its methods, and what a rescan after an edit keeps. Lines are 0-based, `last` excluded."""

from __future__ import annotations

import ast

from errata_lsp.analysis.document import Document
from errata_lsp.analysis.findings import Position, Span


def table(doc: Document) -> list[tuple[str, int, int]]:
    return [(c.role, c.first, c.last) for c in doc.all_chunks]


def insert(doc: Document, line: int, column: int, text: str) -> Document:
    at = Position(line, column)
    return doc.apply([(Span(at, at), text)])


TOP_LEVEL = '''\
import os
x = 1
y = 2
# a comment above the decorators
@decorator
@other(
    arg=1,
)
def f():
    pass
@cache
import sys
s = """
def not_code():
class Nope:
"""
if x:
    pass
'''


def test_top_level_runs_start_at_compound_statements_and_imports():
    assert table(Document(TOP_LEVEL)) == [
        ("top", 0, 4),    # simple statements stay together; a comment goes with what is above it
        ("top", 4, 10),   # decorators (one spread over lines) start the chunk of their definition
        ("top", 10, 11),  # a decorator over no definition yet (mid-typing) does not swallow the
        ("top", 11, 16),  # import below it; lines inside a closed triple-quoted string start nothing
        ("top", 16, 19),
    ]


def test_each_chunk_holds_its_own_lines_of_text():
    doc = Document(TOP_LEVEL)
    assert [c.text for c in doc.all_chunks] == ["".join(TOP_LEVEL.splitlines(True)[c.first:c.last])
                                                for c in doc.all_chunks]
    assert doc.chunk_at(9).first == 4 and doc.chunk_at(10).first == 10 and doc.chunk_at(15).first == 11 and doc.chunk_at(18).first == 16


CLASS = '''\
class Loop(Base):
    """Doc."""
    size = 1

    @property
    # between the decorator and its method
    def fabric(self):
        return self._fabric
    shared = 2

    def step(self):
        text = """
    def not_a_method(self):
"""
        return text

    class Inner:
        def m(self):
            pass
loop = Loop()
'''


def test_a_class_is_cut_into_its_head_and_one_chunk_per_method():
    doc = Document(CLASS)
    assert table(doc) == [
        ("class", 0, 4),    # the class line, its docstring and attributes before the first method
        ("member", 4, 10),  # a decorated method with its decorator, and the attribute after it
        ("member", 10, 19),  # a `def` inside a string and a nested class do not cut the method
        ("top", 19, 21),    # back at column 0: top-level code again
    ]
    head = doc.all_chunks[0]
    assert [c.head for c in doc.all_chunks] == [None, head, head, None]
    assert [c.indent for c in doc.all_chunks[:3]] == ["    "] * 3


def test_a_bracket_closed_at_column_0_does_not_end_the_class():
    doc = Document("class Config:\n    sizes = dict(\n        a=1,\n)\n    def m(self):\n        pass\n")
    assert table(doc) == [("class", 0, 4), ("member", 4, 7)]


def test_a_class_without_methods_is_one_chunk_and_a_tab_indented_class_is_cut_too():
    assert table(Document("class Config:\n    x = 1\n    y = 2\nconfig = Config()\n")) == [("top", 0, 5)]
    tabbed = Document("class T:\n\tdef a(self):\n\t\tpass\n\tdef b(self):\n\t\tpass\n")
    assert table(tabbed) == [("class", 0, 1), ("member", 1, 3), ("member", 3, 6)]
    assert tabbed.all_chunks[1].indent == "\t"


FUNCTIONS = "import os\n\ndef a():\n    return 1\n\ndef b():\n    return 2\n\ndef c():\n    return 3\n"


def test_an_edit_inside_one_chunk_replaces_that_chunk_alone():
    doc = Document(FUNCTIONS)
    for chunk in doc.all_chunks:
        doc.parsed(chunk)
    before = list(doc.all_chunks)
    edited = doc.apply([(Span(Position(3, 11), Position(3, 12)), "10")])  # `return 1` -> `return 10`
    assert table(edited) == table(doc) == [("top", 0, 2), ("top", 2, 5), ("top", 5, 8), ("top", 8, 11)]
    assert [c is b for c, b in zip(edited.all_chunks, before, strict=True)] == [True, False, True, True]
    assert edited.all_chunks[1].parsed is None  # parsed again only when asked


def test_a_string_opened_mid_typing_hides_nothing_until_it_is_closed():
    doc = Document(FUNCTIONS)
    opened = insert(doc, 1, 0, 's = """\n')
    assert table(opened) == [("top", 0, 3), ("top", 3, 6), ("top", 6, 9), ("top", 9, 12)]
    closed = insert(opened, 7, 0, '"""\n')  # the string now holds `def a` and `def b`
    assert table(closed) == [("top", 0, 10), ("top", 10, 13)]
    for version in (opened, closed):
        assert table(version) == table(Document(version.text))


def test_a_definition_typed_into_a_run_of_statements_splits_it():
    doc = Document("x = 1\ny = 2\nz = 3\n")
    assert table(doc) == [("top", 0, 4)]
    split = doc.apply([(Span(Position(1, 0), Position(1, 5)), "def y(): pass")])
    assert table(split) == [("top", 0, 1), ("top", 1, 4)]
    joined = split.apply([(Span(Position(1, 0), Position(1, 13)), "y = 2")])
    assert table(joined) == [("top", 0, 4)]


def test_a_line_inserted_above_moves_the_chunks_below_with_their_trees():
    # a version made by an edit owns its trees; one made from scratch shares them with the parse cache
    doc = Document(FUNCTIONS).edited(FUNCTIONS.replace("return 3", "return 4"))
    lines_before = [doc.parsed(c).tree.body[0].lineno for c in doc.all_chunks]
    assert lines_before == [1, 3, 6, 9]
    moved = insert(doc, 0, 0, "import sys\n")  # an import of its own: a chunk of its own
    assert table(moved) == [("top", 0, 1), ("top", 1, 3), ("top", 3, 6), ("top", 6, 9), ("top", 9, 12)]
    kept = [c for c in moved.all_chunks if c.parsed is not None]
    # the edit touched line 0: `import os` is cut again, found with the same text and moved as well
    assert [c.first for c in kept] == [1, 3, 6, 9]
    assert [c.parsed.tree.body[0].lineno for c in kept] == [2, 4, 7, 10]


def test_trees_shared_with_the_parse_cache_are_parsed_again_rather_than_renumbered():
    doc = Document(FUNCTIONS)
    shared = [doc.parsed(c).tree for c in doc.all_chunks]
    moved = insert(doc, 0, 0, "import sys\n")
    assert [c.parsed for c in moved.all_chunks] == [None] * 5
    assert [moved.parsed(c).tree.body[0].lineno for c in moved.all_chunks[1:]] == [2, 4, 7, 10]
    assert [tree.body[0].lineno for tree in shared] == [1, 3, 6, 9]  # the cached trees are untouched


def test_a_method_added_to_a_class_cuts_it_once_more():
    doc = Document(CLASS)
    added = insert(doc, 9, 0, "    def reset(self):\n        pass\n")
    assert table(added) == [("class", 0, 4), ("member", 4, 9), ("member", 9, 12), ("member", 12, 21),
                            ("top", 21, 23)]
    assert table(added) == table(Document(added.text))
    assert all(c.head is added.all_chunks[0] for c in added.all_chunks[1:4])


STRINGS_IN_A_CLASS = '''\
class A:
    @dec("""
    @x
    )
  \x0c
    # not a comment
""")
    def m(self):
        """Doc.

        # not a comment either
        @decorator-like
        \x0c x
        """
        return 1  # a comment
    \x0c
    def n(self):
        pass
    @property
    \x0c
    def p(self):
        pass
'''


def full_table(doc: Document) -> tuple:
    chunks = doc.all_chunks
    heads = [chunks.index(c.head) if c.head is not None else None for c in chunks]
    return ([(c.role, c.first, c.last, c.text, c.indent) for c in chunks], heads, doc._table.starts, doc._table.spans)


def test_typing_one_character_anywhere_in_a_line_gives_the_table_of_the_whole_text():
    pieces = ["x", " ", "\t", "\x0c", "#", "'", '"', "\\", "@", ")", "(", ":", "é", "\x00", "def", "@property"]
    for source in (CLASS, TOP_LEVEL, CLASS.replace("    ", "\t"), STRINGS_IN_A_CLASS):
        doc = Document(source)
        for chunk in doc.all_chunks:
            doc.parsed(chunk)
        for line, text in enumerate(doc.lines):
            for column in sorted({0, len(text) - len(text.lstrip()), len(text) // 2, len(text)}):
                for piece in pieces:
                    typed = insert(doc, line, column, piece)
                    assert full_table(typed) == full_table(Document(typed.text)), (line, column, piece)
                    if column:
                        erased = doc.apply([(Span(Position(line, column - 1), Position(line, column)), "")])
                        assert full_table(erased) == full_table(Document(erased.text)), (line, column)


def test_typing_in_a_comment_of_a_method_keeps_every_other_chunk_and_the_method_s_tree():
    doc = Document(CLASS)
    for chunk in doc.all_chunks:
        doc.parsed(chunk)
    typed = insert(doc, 11, len(doc.lines[11]), "  # not code")  # after `text = """`: inside the string
    assert typed.all_chunks[2].parsed is None  # a string's text changed: that method is parsed again
    typed = insert(doc, 5, len(doc.lines[5]), "x")  # the comment between the decorator and its method
    before, after = doc.all_chunks, typed.all_chunks
    assert [a is b for a, b in zip(after, before, strict=True)] == [True, False, True, True]
    assert after[1].text == "    @property\n    # between the decorator and its methodx\n" \
        "    def fabric(self):\n        return self._fabric\n    shared = 2\n\n"
    assert after[1].parsed is before[1].parsed and after[1].head is after[0]
    head_typed = insert(doc, 1, len(doc.lines[1]), "  # a comment")  # the class head: its methods follow it
    assert [c.head is head_typed.all_chunks[0] for c in head_typed.all_chunks] == [False, True, True, False]


def test_a_nul_or_a_lone_surrogate_cuts_the_text_as_the_character_ast_sees_in_its_place():
    # the open scans the text itself, an edit scans joined lines; the parse sees U+FFFD for both
    odd = ('import os\nx = "a\x00b"  # \ud800 é\n"""\n\x00def hidden():\n"""\ndef f():\n    return "\ud800"\n'
           'class C:\n    a = "\x00"\n    def m(self):\n        pass\n')
    seen = odd.replace("\x00", "\ufffd").replace("\ud800", "\ufffd")
    # the `def` inside the triple-quoted string starts nothing, whatever stands before it
    expected = [("top", 0, 5), ("top", 5, 7), ("class", 7, 9), ("member", 9, 12)]
    assert table(Document(odd)) == table(Document(seen)) == expected
    assert table(Document("\ufeff" + odd)) == expected  # a BOM: the lines are joined, not the text taken
    edited = Document(odd.replace("pass", "return 1")).edited(odd)
    assert table(edited) == expected
    assert [c.text for c in Document(odd).all_chunks] == [c.text for c in Document(seen).all_chunks]


def test_the_nodes_of_a_chunk_far_down_share_one_int_per_line_number():
    body = "".join(f"def f{i}(a):\n    b = a + {i}\n    return b\n" for i in range(400))

    def numbers(doc: Document) -> list[int]:
        nodes = [n for c in doc.all_chunks if c.parsed for n in ast.walk(c.parsed.tree) if hasattr(n, "lineno")]
        return [n.lineno for n in nodes] + [n.end_lineno for n in nodes]

    # a version made by an edit owns its trees (one made from scratch shares them with the parse cache)
    doc = Document(body).edited(body.replace("+ 0", "+ 9"))
    for c in doc.all_chunks:
        doc.parsed(c)
    found = numbers(doc)
    assert max(found) == 1200
    assert len({id(x) for x in found}) == len(set(found))  # past 256 each would be its own object
    moved = insert(doc, 0, 0, "\n\n")  # every tree below renumbered
    found = numbers(moved)
    assert len(found) > 4000 and max(found) == 1202
    assert len({id(x) for x in found}) == len(set(found))
    assert [c.parsed.tree.body[0].lineno for c in moved.all_chunks if c.parsed] == list(range(3, 1202, 3))  # the first one too (its text is the same)
