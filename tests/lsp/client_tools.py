"""What an editor does with the server's answers: apply edits to its own copy of the text, with its
own count of positions (tests/editor_positions.py), never the server's."""

from __future__ import annotations

from lsprotocol import types

from ..editor_positions import editor_apply, to_offset


def apply_text_edits(text: str, edits: list[types.TextEdit], encoding: str) -> str:
    """Apply LSP text edits (positions in `encoding` units), last first, as a client does."""
    return editor_apply(text, edits, encoding)


def edits_for(edit: types.WorkspaceEdit, uri: str) -> list[types.TextEdit]:
    if edit.document_changes:
        return [e for change in edit.document_changes if change.text_document.uri == uri for e in change.edits]
    return list((edit.changes or {}).get(uri, []))


def slice_range(text: str, rng: types.Range, encoding: str) -> str:
    return text[to_offset(text, rng.start, encoding):to_offset(text, rng.end, encoding)]
