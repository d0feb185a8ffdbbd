"""Positions as an editor counts them: every expectation here is computed by the converter in
tests/editor_positions.py, which counts code units character by character and shares no code with
the server."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types

from errata_lsp.analysis import Finding, Fix, Severity, Span
from errata_lsp.analysis.findings import Edit, Position, Safety
from errata_lsp.kb import KnowledgeBase
from errata_lsp.lsp.convert import diagnostic, text_edits, whole_text_edit, workspace_edit
from errata_lsp.lsp.text import TextDocument

from .editor_positions import UTF8, UTF16, UTF32, editor_apply, position_at, split_lines, to_offset, to_units, width

MIXED = "é = 1\r\n# 中文 🚀 x = 2\rlast = '🚀'\ny = 3"


# --- the converter itself, on hand-counted cases -----------------------------------------------
def test_the_reference_converter_counts_by_hand():
    assert split_lines(MIXED) == [("é = 1", "\r\n"), ("# 中文 🚀 x = 2", "\r"), ("last = '🚀'", "\n"), ("y = 3", "")]
    # "# 中文 🚀 " is 7 code points: 8 UTF-16 units (the rocket is a surrogate pair), 14 UTF-8 bytes.
    assert to_units(MIXED, 1, 7, UTF16) == types.Position(1, 8)
    assert to_units(MIXED, 1, 7, UTF8) == types.Position(1, 14)
    assert to_units(MIXED, 1, 7, UTF32) == types.Position(1, 7)
    assert to_offset(MIXED, types.Position(1, 8), UTF16) == len("é = 1\r\n# 中文 🚀 ")


# --- engine -> editor ----------------------------------------------------------------------------
@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
def test_every_engine_position_reaches_the_editor_in_its_units(encoding):
    doc = TextDocument("file:///t.py", MIXED, 1)
    for number, (line, _) in enumerate(split_lines(MIXED)):
        for column in range(len(line) + 1):
            assert doc.to_client(Position(number, column), encoding) == to_units(MIXED, number, column, encoding)


def test_a_position_past_the_last_line_is_the_end_of_the_document():
    doc = TextDocument("file:///t.py", MIXED, 1)
    assert doc.to_client(Position(9, 0), UTF16) == types.Position(3, 5)
    assert doc.range_to_client(Span.of(1, 7, 2, 10), UTF16) == types.Range(types.Position(1, 8), types.Position(2, 11))


# --- editor -> engine ----------------------------------------------------------------------------
@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
def test_every_editor_position_lands_on_the_same_character(encoding):
    doc = TextDocument("file:///t.py", MIXED, 1)
    for number, (line, _) in enumerate(split_lines(MIXED)):
        units = sum(width(c, encoding) for c in line)
        for character in range(units + 3):  # past the end too: clamped to the end
            pos = types.Position(number, character)
            assert doc.offset(pos, encoding) == to_offset(MIXED, pos, encoding), (number, character)
            engine = doc.from_client(pos, encoding)
            assert to_units(MIXED, engine.line, engine.column, encoding) == to_units(
                MIXED, number, len(MIXED[:to_offset(MIXED, pos, encoding)].split("\n")[-1].split("\r")[-1]), encoding)


def test_positions_outside_the_document_are_clamped():
    doc = TextDocument("file:///t.py", MIXED, 1)
    assert doc.offset(types.Position(7, 0), UTF16) == len(MIXED)
    assert doc.from_client(types.Position(7, 0), UTF16) == Position(3, 5)
    assert doc.from_client(types.Position(0, 99), UTF16) == Position(0, 5)


def test_the_offset_of_an_editor_position_inside_a_surrogate_pair_is_before_the_character():
    doc = TextDocument("file:///t.py", "a🚀b", 1)
    assert doc.offset(types.Position(0, 2), UTF16) == 1  # half a rocket: the rocket is not split
    assert doc.offset(types.Position(0, 3), UTF16) == 2
    assert doc.position_at(2, UTF16) == types.Position(0, 3)
    assert doc.position_at(2, UTF8) == types.Position(0, 5)


# --- typing: incremental changes -----------------------------------------------------------------
@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
def test_incremental_changes_edit_the_characters_the_editor_meant(encoding):
    doc = TextDocument("file:///t.py", MIXED, 1)
    text = MIXED
    for start, end, new in [((1, 7), (1, 8), "🎉"), ((0, 0), (0, 1), "e"), ((2, 7), (3, 1), "'x'\nz"), ((0, 5), (1, 0), "\n")]:
        rng = types.Range(to_units(text, *start, encoding), to_units(text, *end, encoding))
        doc.apply(types.TextDocumentContentChangePartial(range=rng, text=new), encoding)
        text = editor_apply(text, [types.TextEdit(range=rng, new_text=new)], encoding)
        assert doc.text == text
        assert doc.lines == [line for line, _ in split_lines(text)]
    assert text == "e = 1\n# 中文 🚀 🎉 = 2\rlast = 'x'\nz = 3"


def test_a_reversed_range_is_taken_in_order_and_a_full_change_replaces_everything():
    doc = TextDocument("file:///t.py", "abc\ndef", 1)
    doc.apply(types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(1, 1), types.Position(0, 1)), text="-"), UTF16)
    assert doc.text == "a-ef"
    doc.apply(types.TextDocumentContentChangeWholeDocument(text="x\ny"), UTF16)
    assert (doc.text, doc.lines) == ("x\ny", ["x", "y"])


# --- fixes sent back as edits ---------------------------------------------------------------------
CRLF = "x = 1\r\ny = 2\r\n"


def test_fix_all_never_starts_or_ends_its_edit_inside_a_crlf():
    # The new text differs right after a `\r`: an edit starting between `\r` and `\n` would sit past
    # the end of line 0, where an editor clamps it and keeps a stray `\r`.
    doc = TextDocument("file:///t.py", CRLF, 1)
    for new in ["x = 1\r# c\r\ny = 2\r\n", "x = 1\ny = 2\r\n", "x = 1\r\n\r\ny = 2\r\n", "x = 1\r\r\ny = 2\r\n"]:
        edit = whole_text_edit(doc, new, UTF16)
        assert editor_apply(CRLF, [edit], UTF16) == new, repr(new)
        for pos in (edit.range.start, edit.range.end):
            assert pos.character <= len(split_lines(CRLF)[pos.line][0]), (repr(new), pos)
    assert whole_text_edit(doc, "x = 1\r# c\r\ny = 2\r\n", UTF16) == types.TextEdit(
        range=types.Range(types.Position(0, 5), types.Position(1, 0)), new_text="\r# c\r\n")
    assert whole_text_edit(doc, "x = 1\r\r\ny = 2\r\n", UTF16) == types.TextEdit(
        range=types.Range(types.Position(0, 5), types.Position(1, 0)), new_text="\r\r\n")


@settings(max_examples=150, deadline=None)
@given(old=st.text(alphabet="ab\r\n🚀é", max_size=12), new=st.text(alphabet="ab\r\n🚀é", max_size=12),
       encoding=st.sampled_from([UTF8, UTF16, UTF32]))
def test_fix_all_edit_turns_the_old_text_into_the_new_one_in_any_editor_encoding(old, new, encoding):
    edit = whole_text_edit(TextDocument("file:///t.py", old, 1), new, encoding)
    assert editor_apply(old, [edit], encoding) == new


def test_a_fix_is_sent_as_edits_in_the_editors_units_and_as_a_versioned_change_when_asked():
    doc = TextDocument("file:///t.py", "s = '🚀'; p = [Block]\n", 7)
    fix = Fix("Convert list to set", (Edit(Span.of(0, 13, 0, 14), "{"), Edit(Span.of(0, 19, 0, 20), "}")))
    edits = text_edits(fix, doc, UTF16)
    assert [(e.range.start.character, e.range.end.character, e.new_text) for e in edits] == [(14, 15, "{"), (20, 21, "}")]
    assert editor_apply(doc.text, edits, UTF16) == "s = '🚀'; p = {Block}\n"
    versioned = workspace_edit(doc, edits, versioned=True)
    assert versioned.changes is None
    assert [(c.text_document.uri, c.text_document.version, c.edits) for c in versioned.document_changes] == [
        ("file:///t.py", 7, edits)]
    plain = workspace_edit(doc, edits, versioned=False)
    assert (plain.document_changes, plain.changes) == (None, {"file:///t.py": edits})


# --- a finding as the editor shows it ------------------------------------------------------------
@pytest.mark.parametrize(("severity", "shown"), [
    (Severity.ERROR, types.DiagnosticSeverity.Error),
    (Severity.WARNING, types.DiagnosticSeverity.Warning),
    (Severity.INFORMATION, types.DiagnosticSeverity.Information),
])
def test_a_finding_becomes_a_diagnostic_with_its_severity_place_code_and_link(severity, shown):
    kb = KnowledgeBase.load()
    doc = TextDocument("file:///t.py", "# 🚀\nXLAFSDPStrategy(activation_checkpointing_policy=[Block])\n", 3)
    finding = Finding("LXF001", "7c98b3e7e2bf13da", Span.of(1, 48, 1, 55), "must be a set", severity,
                      (Fix("Convert list to set", (), Safety.SAFE, True),), "policy-not-a-set")
    diag = diagnostic(finding, doc, UTF16, kb)
    assert diag.severity == shown
    assert diag.range == types.Range(types.Position(1, 48), types.Position(1, 55))
    assert (diag.code, diag.source, diag.message) == ("LXF001", "errata", "must be a set")
    # the release tag, as the card links it, not the record's own commit (not in Lightning's history)
    assert diag.code_description.href == ("https://github.com/Lightning-AI/pytorch-lightning/blob/2.6.5/"
                                          "src/lightning/fabric/strategies/xla_fsdp.py#L663")
    assert diag.data == {"record": "7c98b3e7e2bf13da", "rule": "policy-not-a-set",
                         "fixes": [{"title": "Convert list to set", "safety": "safe", "preferred": True}]}


def test_a_finding_of_a_record_the_knowledge_base_lacks_has_no_link():
    doc = TextDocument("file:///t.py", "x\n", 1)
    finding = Finding("LXF001", "no-such-record", Span.of(0, 0, 0, 1), "m", Severity.ERROR)
    assert diagnostic(finding, doc, UTF16, KnowledgeBase.load()).code_description is None


def test_the_reference_position_of_an_index_walks_the_same_lines():
    for offset in range(len(MIXED) + 1):
        if MIXED[offset - 1:offset + 1] != "\r\n":  # between \r and \n is no position of its own
            assert to_offset(MIXED, position_at(MIXED, offset, UTF16), UTF16) == offset, offset


def test_fix_all_edit_covers_only_what_changed():
    # A document that starts with "\n" and ends with "\r": an insertion at its very start is just that.
    doc = TextDocument("file:///t.py", "\nx = 1\r", 1)
    assert whole_text_edit(doc, "# c\nx = 1\r", UTF16) == types.TextEdit(
        range=types.Range(types.Position(0, 0), types.Position(0, 0)), new_text="# c")
    doc = TextDocument("file:///t.py", "a = '🚀'\nb = 2\n", 1)
    assert whole_text_edit(doc, "a = '🚀'\nb = 3\n", UTF16) == types.TextEdit(
        range=types.Range(types.Position(1, 4), types.Position(1, 5)), new_text="3")
    assert whole_text_edit(doc, doc.text, UTF16) == types.TextEdit(
        range=types.Range(types.Position(2, 0), types.Position(2, 0)), new_text="")


@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
def test_characters_at_each_width_boundary_are_counted_as_the_editor_counts_them(encoding):
    # The last and first code point of each UTF-8 length, and both sides of the UTF-16 surrogate range.
    line = "a\x7f\x80\u07ff\u0800\uffff\U00010000z"
    doc = TextDocument("file:///t.py", line, 1)
    for column in range(len(line) + 1):
        pos = to_units(line, 0, column, encoding)
        assert doc.to_client(Position(0, column), encoding) == pos
        assert doc.offset(pos, encoding) == column
        assert doc.from_client(pos, encoding) == Position(0, column)
