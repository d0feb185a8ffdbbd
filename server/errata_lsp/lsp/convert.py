"""Engine findings and fixes as LSP diagnostics, edits and code actions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from ..analysis.findings import Finding, Fix, Position, Severity
from ..analysis.suppressions import add_noqa
from ..kb.corrections import corrected_link
from .text import TextDocument

if TYPE_CHECKING:
    from ..kb.base import KnowledgeBase

SOURCE = "errata"
FIX_ALL = "source.fixAll.errata"  # the code action kind of errata's every safe fix
SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFORMATION: types.DiagnosticSeverity.Information,
}


def diagnostic(finding: Finding, doc: TextDocument, encoding: str, kb: KnowledgeBase) -> types.Diagnostic:
    record = kb.get(finding.record_id)
    link = corrected_link(record) if record else None
    return types.Diagnostic(
        range=doc.range_to_client(finding.span, encoding),
        message=finding.message,
        severity=SEVERITY[finding.severity],
        code=finding.code,
        code_description=types.CodeDescription(href=link) if link else None,
        source=SOURCE,
        related_information=_written_elsewhere(finding),
        data={
            "record": finding.record_id,
            "rule": finding.rule,
            "fixes": [{"title": f.title, "safety": f.safety.value, "preferred": f.preferred} for f in finding.fixes],
        },
    )


def _written_elsewhere(finding: Finding) -> list[types.DiagnosticRelatedInformation] | None:
    """The other module's line that writes the value this use raises on: where the fix belongs."""
    place = finding.elsewhere
    if place is None:
        return None
    # columns as code points: the other file is not open here to count its UTF-16 units (the line is right)
    start, end = place.span.start, place.span.end
    where = types.Range(types.Position(start.line, start.column), types.Position(end.line, end.column))
    return [types.DiagnosticRelatedInformation(
        location=types.Location(uri=Path(place.path).as_uri(), range=where),
        message=f"{place.what}: the fix belongs here")]


def text_edits(fix: Fix, doc: TextDocument, encoding: str) -> list[types.TextEdit]:
    return [types.TextEdit(range=doc.range_to_client(e.span, encoding), new_text=e.new_text) for e in fix.edits]


def workspace_edit(doc: TextDocument, edits: list[types.TextEdit], versioned: bool) -> types.WorkspaceEdit:
    return documents_edit([(doc, edits)], versioned)


def documents_edit(parts: Sequence[tuple[TextDocument, list[types.TextEdit]]], versioned: bool) -> types.WorkspaceEdit:
    """Edits of one or more documents, each with the version of the text they were made for when the
    client takes versioned edits (it drops an edit of a document changed since; a file not open has none)."""
    if versioned:
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
            text_document=types.OptionalVersionedTextDocumentIdentifier(uri=doc.uri, version=doc.version),
            edits=edits,
        ) for doc, edits in parts])
    return types.WorkspaceEdit(changes={doc.uri: edits for doc, edits in parts})


def whole_text_edit(doc: TextDocument, new_text: str, encoding: str) -> types.TextEdit:
    """One edit covering only the part of the document that changed (keeps the cursor where it was)."""
    old = doc.text
    start, limit = 0, min(len(old), len(new_text))
    while start < limit and old[start] == new_text[start]:
        start += 1
    end_old, end_new = len(old), len(new_text)
    while end_old > start and end_new > start and old[end_old - 1] == new_text[end_new - 1]:
        end_old, end_new = end_old - 1, end_new - 1
    if 0 < start < len(old) and old[start - 1] == "\r" and old[start] == "\n":
        start -= 1  # never split a CRLF
    if 0 < end_old < len(old) and old[end_old - 1] == "\r" and old[end_old] == "\n":
        end_old, end_new = end_old + 1, end_new + 1
    return types.TextEdit(
        range=types.Range(doc.position_at(start, encoding), doc.position_at(end_old, encoding)),
        new_text=new_text[start:end_new],
    )


def asked_for(diagnostics: Sequence[types.Diagnostic], context: Sequence[types.Diagnostic],
              in_range: Callable[[int], bool]) -> list[int]:
    """Which of a document's diagnostics a code-action request is about, by index: those the
    request's `context.diagnostics` names, in its order (the diagnostic a user picked in the
    editor, or those under the cursor); when it names none, those `in_range` of the request.
    A client echoes a diagnostic back as it got it, though it may drop `data`: code, range and
    message say which one it is. Other servers' diagnostics in the context are not ours."""
    if not context:
        return [i for i in range(len(diagnostics)) if in_range(i)]
    chosen: list[int] = []
    for theirs in context:
        if theirs.source not in (None, SOURCE):
            continue
        for i, ours in enumerate(diagnostics):
            if i not in chosen and ours.code == theirs.code and ours.range == theirs.range and ours.message == theirs.message:
                chosen.append(i)
                break
    return chosen


def noqa_edit(doc: TextDocument, finding: Finding, encoding: str) -> types.TextEdit | None:
    """The engine's `# noqa` insertion for this finding's line, in the client's positions."""
    inserts = add_noqa(doc.lines, [finding])
    if not inserts:
        return None
    line, column, text = inserts[0]
    at = doc.to_client(Position(line, column), encoding)
    return types.TextEdit(range=types.Range(at, at), new_text=text)
