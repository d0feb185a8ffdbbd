"""What an editor does with the server's answers: apply edits to its own copy of the text."""

from __future__ import annotations

from lsprotocol import types

from errata_lsp.lsp.text import TextDocument


def apply_text_edits(text: str, edits: list[types.TextEdit], encoding: str) -> str:
    """Apply LSP text edits (positions in `encoding` units), last first, as a client does."""
    doc = TextDocument("file:///x", text, 0)
    spans = sorted(
        ((doc.offset(e.range.start, encoding), doc.offset(e.range.end, encoding), e.new_text) for e in edits),
        reverse=True,
    )
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def edits_for(edit: types.WorkspaceEdit, uri: str) -> list[types.TextEdit]:
    if edit.document_changes:
        return [e for change in edit.document_changes if change.text_document.uri == uri for e in change.edits]
    return list((edit.changes or {}).get(uri, []))


def slice_range(text: str, rng: types.Range, encoding: str) -> str:
    doc = TextDocument("file:///x", text, 0)
    return text[doc.offset(rng.start, encoding):doc.offset(rng.end, encoding)]
