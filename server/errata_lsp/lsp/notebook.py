"""LSP 3.17 notebook documents: the code cells of an open notebook are checked as one program.

The client sends `notebookDocument/didOpen|didChange|didSave|didClose`; each cell is a text
document of its own (its URI, its version), edited incrementally. Diagnostics are published per
cell; hovers and quick fixes are answered per cell, and a quick fix may edit another cell (the
list written in cell 1 that cell 3's strategy receives). Flow: cell texts -> `CellProgram` ->
engine -> findings mapped back to cells -> diagnostics, code actions, hovers.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..analysis.findings import Safety
from . import convert
from .notebook_state import CellFinding, NotebookAnalysis, NotebookState
from .session import Analysis, DocumentState
from .text import TextDocument, path_str

if TYPE_CHECKING:
    from ..analysis.findings import Edit, Fix
    from .server import ErrataServer

# Every notebook type ("*"), its Python cells. (Without `notebook`, lsprotocol clients cannot read it.)
SYNC_OPTIONS = types.NotebookDocumentSyncOptions(
    notebook_selector=[types.NotebookDocumentFilterWithCells(
        notebook="*", cells=[types.NotebookCellLanguage(language="python")])],
    save=True,
)


# --- analysis ------------------------------------------------------------------------------------
async def analysed(ls: ErrataServer, state: NotebookState) -> NotebookAnalysis:
    """Findings for the notebook as it is now (cached per revision and settings generation), worked
    out in a worker thread: a request on a cell never holds the event loop. Requests for the same
    revision share one analysis."""
    key = (state.revision, ls.session.generation)
    cached = state.analysis
    if cached and (cached.revision, cached.generation) == key:
        return cached
    if state.running is None or state.running[0] != key:
        cells, names = state.snapshot()
        future = asyncio.get_running_loop().run_in_executor(None, _compute, ls, state.uri, cells, names, *key)
        future.add_done_callback(_retrieved)
        state.running = (key, future)
    analysis = await asyncio.shield(state.running[1])  # a cancelled request leaves it running for the next
    if (state.revision, ls.session.generation) == key:
        state.analysis = analysis
    return analysis


def _retrieved(future: asyncio.Future) -> None:
    if not future.cancelled():
        future.exception()  # a failure is reported by the requests that awaited it


def _compute(ls: ErrataServer, uri: str, cells: list[TextDocument], names: dict[str, str], revision: int,
             generation: int) -> NotebookAnalysis:
    import dataclasses

    from ..analysis.engine import check_source
    from ..analysis.findings import Edit
    from ..notebook import CellProgram

    program = CellProgram([(doc.uri, doc.text) for doc in cells], name=names.__getitem__)
    docs = {doc.uri: doc for doc in cells}
    report = check_source(program.text, path_str(uri), ls.session.settings_for(uri))
    for failure in report.failures:
        ls.log(f"rule {failure.rule} failed on {uri}: {failure.error}", types.MessageType.Error)
    kb = ls.session.kb
    found = []
    for finding in report.findings:
        located = program.locate(finding.span)
        if located is None:
            continue
        cell, span = located
        fixes: list[tuple[Fix, dict[str, list[Edit]]]] = []
        for fix in finding.fixes:
            if fix.path is not None:  # an edit of another module of the project: no cell's
                fixes.append((fix, {}))
                continue
            by_cell: dict[str, list[Edit]] = {}
            for edit in fix.edits:
                where = program.locate(edit.span)
                if where is None:
                    break
                by_cell.setdefault(where[0], []).append(Edit(where[1], edit.new_text))
            else:
                fixes.append((fix, by_cell))
        in_cell = dataclasses.replace(finding, span=span, message=program.cell_lines(finding.message))
        found.append(CellFinding(cell, in_cell, convert.diagnostic(in_cell, docs[cell], ls.encoding, kb), fixes))
    return NotebookAnalysis(revision, generation, found, docs)


async def cell_state(ls: ErrataServer, uri: str) -> DocumentState | None:
    """A cell as the server's per-document handlers (hover, pulled diagnostics) take it: its text
    with the findings of the whole notebook's analysis that fall in it."""
    state = ls.session.notebooks.of_cell(uri)
    if state is None or uri not in state.docs:
        return None
    analysis = await analysed(ls, state)
    doc = analysis.docs.get(uri)
    if doc is None:  # not a code cell (markdown, another language): nothing is found in it
        doc = state.docs[uri].snapshot()
    mine = [f for f in analysis.findings if f.cell == uri]
    diagnostics = [f.diagnostic for f in mine]
    result_id = f"nb-{analysis.revision}-{analysis.generation}-{hash(tuple(d.message for d in diagnostics))}"
    payloads = [ls.to_json(d) for d in diagnostics]
    return DocumentState(doc, analysis=Analysis(doc.snapshot(), analysis.generation, [f.finding for f in mine],
                                                diagnostics, payloads, result_id))


# --- publishing ----------------------------------------------------------------------------------
def schedule(ls: ErrataServer, state: NotebookState) -> None:
    if ls.pulls:  # a pulling client asks again for every cell: an edit in one cell can change another's
        ls.refresh_pulls()
        return
    if state.task is None or state.task.done():
        state.task = asyncio.get_running_loop().create_task(_publish_when_settled(ls, state.uri))


async def _publish_when_settled(ls: ErrataServer, uri: str) -> None:
    while True:
        await asyncio.sleep(0)  # let queued changes arrive first
        state = ls.session.notebooks.by_uri.get(uri)
        if state is None:
            return
        revision, generation = state.revision, ls.session.generation
        try:
            analysis = await analysed(ls, state)
        except Exception as exc:
            ls.log(f"checking {uri} failed: {type(exc).__name__}: {exc}", types.MessageType.Error)
            return
        current = ls.session.notebooks.by_uri.get(uri)
        if current is None:
            return
        if current.revision != revision or ls.session.generation != generation:
            continue  # edited meanwhile: check the newest instead
        by_cell: dict[str, list[types.Diagnostic]] = {cell: [] for cell in analysis.docs}
        for found in analysis.findings:
            by_cell[found.cell].append(found.diagnostic)
        for gone in current.published - set(by_cell):
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=gone, diagnostics=[]))
        for cell, diagnostics in by_cell.items():
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=cell, diagnostics=diagnostics, version=analysis.docs[cell].version))
        current.published = set(by_cell)
        return


def republish(ls: ErrataServer) -> None:
    for state in list(ls.session.notebooks.by_uri.values()):
        schedule(ls, state)


# --- notifications -------------------------------------------------------------------------------
def did_open(ls: ErrataServer, params: types.DidOpenNotebookDocumentParams) -> None:
    nb = params.notebook_document
    state = NotebookState(nb.uri, nb.version, [(cell.document, cell.kind) for cell in nb.cells])
    for item in params.cell_text_documents:
        state.docs[item.uri] = TextDocument(item.uri, item.text, item.version, item.language_id)
        ls.session.notebooks.owner[item.uri] = nb.uri
    ls.session.notebooks.by_uri[nb.uri] = state
    schedule(ls, state)


def did_change(ls: ErrataServer, params: types.DidChangeNotebookDocumentParams) -> None:
    state = ls.session.notebooks.by_uri.get(params.notebook_document.uri)
    if state is None:
        ls.log(f"change for a notebook that is not open: {params.notebook_document.uri}", types.MessageType.Warning)
        return
    cells = params.change.cells
    if cells is not None:
        structure = cells.structure
        if structure is not None:
            array = structure.array
            state.cells[array.start:array.start + array.delete_count] = [(c.document, c.kind) for c in array.cells or []]
            for item in structure.did_open or []:
                state.docs[item.uri] = TextDocument(item.uri, item.text, item.version, item.language_id)
                ls.session.notebooks.owner[item.uri] = state.uri
            for ident in structure.did_close or []:
                state.docs.pop(ident.uri, None)
                ls.session.notebooks.owner.pop(ident.uri, None)
        kinds = {cell.document: cell.kind for cell in cells.data or []}
        state.cells = [(uri, kinds.get(uri, kind)) for uri, kind in state.cells]
        for content in cells.text_content or []:
            doc = state.docs.get(content.document.uri)
            if doc is None:
                ls.log(f"change for a cell that is not open: {content.document.uri}", types.MessageType.Warning)
                continue
            for change in content.changes:
                doc.apply(change, ls.encoding)
            doc.version = content.document.version
    state.version = params.notebook_document.version
    state.revision += 1
    schedule(ls, state)


def did_save(ls: ErrataServer, params: types.DidSaveNotebookDocumentParams) -> None:
    state = ls.session.notebooks.by_uri.get(params.notebook_document.uri)
    if state is not None:
        schedule(ls, state)


def did_close(ls: ErrataServer, params: types.DidCloseNotebookDocumentParams) -> None:
    state = ls.session.notebooks.by_uri.pop(params.notebook_document.uri, None)
    if state is None:
        return
    if state.task is not None:
        state.task.cancel()
    for uri in state.docs:
        ls.session.notebooks.owner.pop(uri, None)
    if not ls.pulls:
        for uri in state.published:
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


# --- code actions --------------------------------------------------------------------------------
async def code_actions(ls: ErrataServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    uri = params.text_document.uri
    state = ls.session.notebooks.of_cell(uri)
    if state is None or uri not in state.docs:
        return []
    only = params.context.only

    def wanted(kind: str) -> bool:
        return not only or any(kind == k or kind.startswith(f"{k}.") for k in only)

    analysis = await analysed(ls, state)
    doc = analysis.docs.get(uri)
    if doc is None:
        return []
    docs = analysis.docs  # the texts the findings' ranges are about
    actions: list[types.CodeAction] = []
    if wanted(types.CodeActionKind.QuickFix):
        start = doc.from_client(params.range.start, ls.encoding)
        end = doc.from_client(params.range.end, ls.encoding)
        mine = [found for found in analysis.findings if found.cell == uri]
        for index in convert.asked_for([found.diagnostic for found in mine], params.context.diagnostics,
                                       lambda i: not (mine[i].finding.span.end < start or end < mine[i].finding.span.start)):
            found = mine[index]
            for fix, by_cell in found.fixes:
                if fix.path is not None:
                    module = ls.session.module_to_fix(fix)
                    if module is not None:
                        actions.append(types.CodeAction(
                            title=fix.title if fix.safety is Safety.SAFE else f"{fix.title} (unsafe)",
                            kind=types.CodeActionKind.QuickFix, diagnostics=[found.diagnostic],
                            is_preferred=fix.preferred or None,
                            edit=convert.workspace_edit(module, convert.text_edits(fix, module, ls.encoding),
                                                        ls.versioned_edits)))
                    continue
                actions.append(types.CodeAction(
                    title=fix.title if fix.safety is Safety.SAFE else f"{fix.title} (unsafe)",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[found.diagnostic],
                    is_preferred=fix.preferred or None,
                    edit=_workspace_edit(ls, docs, {
                        cell: [types.TextEdit(range=docs[cell].range_to_client(e.span, ls.encoding), new_text=e.new_text)
                               for e in edits]
                        for cell, edits in by_cell.items()}),
                ))
            noqa = convert.noqa_edit(doc, found.finding, ls.encoding)
            if noqa is not None:
                actions.append(types.CodeAction(
                    title=f"Disable {found.finding.code} for this line", kind=types.CodeActionKind.QuickFix,
                    diagnostics=[found.diagnostic], edit=_workspace_edit(ls, docs, {uri: [noqa]})))
    if wanted(convert.FIX_ALL) and any(f.safety is Safety.SAFE for found in analysis.findings for f, _ in found.fixes):
        if analysis.fixed is None:  # once per revision: editors ask on every cursor move
            analysis.fixed = await asyncio.get_running_loop().run_in_executor(
                None, _fix_all, ls, state.uri, list(docs.values()))
        if analysis.fixed:
            actions.append(types.CodeAction(
                title="errata: fix all in this notebook", kind=convert.FIX_ALL,
                edit=_workspace_edit(ls, docs, {
                    cell: [convert.whole_text_edit(docs[cell], text, ls.encoding)]
                    for cell, text in analysis.fixed.items()}),
            ))
    return actions


def _fix_all(ls: ErrataServer, uri: str, cells: list[TextDocument]) -> dict[str, str]:
    """Each code cell's text after every safe fix, for the cells that change (in a worker thread)."""
    from ..analysis.engine import fix_all
    from ..notebook import CellProgram

    program = CellProgram([(doc.uri, doc.text) for doc in cells])
    fixed, applied = fix_all(program.text, path_str(uri), ls.session.settings_for(uri))
    if not applied:
        return {}
    try:
        return program.split(fixed)
    except ValueError:
        return {}


def _workspace_edit(ls: ErrataServer, docs: dict[str, TextDocument],
                    edits: dict[str, list[types.TextEdit]]) -> types.WorkspaceEdit:
    """Edits of the cells as analysed (`docs`, in notebook order), in notebook order, each with the
    version it was made for: a client drops an edit of a cell changed since."""
    order = list(docs)
    ordered = sorted(edits.items(), key=lambda kv: order.index(kv[0]))
    if ls.versioned_edits:
        return types.WorkspaceEdit(document_changes=[
            types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(uri=cell, version=docs[cell].version),
                edits=cell_edits)
            for cell, cell_edits in ordered])
    return types.WorkspaceEdit(changes=dict(ordered))


def register(server: Any) -> None:
    """Route the notebook notifications to this module."""
    server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)(did_open)
    server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)(did_change)
    server.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)(did_save)
    server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)(did_close)
