"""Pulled diagnostics (`textDocument/diagnostic`); pushed ones are published by the server as it checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from . import notebook

if TYPE_CHECKING:
    from .server import ErrataServer


async def pull_diagnostics(ls: ErrataServer, params: types.DocumentDiagnosticParams):
    state = ls.session.states.get(params.text_document.uri) or await notebook.cell_state(ls, params.text_document.uri)
    if state is None:
        return types.RelatedFullDocumentDiagnosticReport(items=[])
    analysis = await ls.analysis_of(state)
    result_id = analysis.identity()
    if params.previous_result_id == result_id:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
    return types.RelatedFullDocumentDiagnosticReport(items=analysis.diagnostics, result_id=result_id)


def register(server: ErrataServer) -> None:
    server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(identifier="errata", inter_file_dependencies=True, workspace_diagnostics=True),
    )(pull_diagnostics)
