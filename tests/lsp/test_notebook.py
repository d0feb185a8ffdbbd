"""LSP notebook documents over real stdio (pytest-lsp): a finding that flows across cells, its hover,
a quick fix that edits another cell, and an edit to that other cell that clears it."""

from __future__ import annotations

import asyncio
import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .client_tools import apply_text_edits, edits_for

NOTEBOOK = "file:///tmp/errata-nb/train.ipynb"
CELLS = [f"vscode-notebook-cell:/tmp/errata-nb/train.ipynb#cell{i}" for i in range(3)]
FIRST = "!pip list\nfrom lightning.fabric.strategies import XLAFSDPStrategy\npolicy = [Block]\n"
TITLE = "# The strategy"
THIRD = "%%time\nstrategy = XLAFSDPStrategy(activation_checkpointing_policy=policy, auto_wrap_policy={Block})\n"
ARGUMENT = THIRD.splitlines()[1].index("policy,")
MESSAGE = "`activation_checkpointing_policy` must be a set, found [Block] (from `policy`, cell 1, line 3)"


def capabilities(pull: bool) -> types.ClientCapabilities:
    """VS Code's capabilities with the notebook synchronisation it announces since 1.72."""
    caps = pytest_lsp.client_capabilities("visual_studio_code")
    caps.notebook_document = types.NotebookDocumentClientCapabilities(
        synchronization=types.NotebookDocumentSyncClientCapabilities(execution_summary_support=True))
    if pull:
        caps.text_document.diagnostic = types.DiagnosticClientCapabilities(related_document_support=False)
    return caps


@pytest_lsp.fixture(params=["push", "pull"],
                    config=ClientServerConfig(server_command=[sys.executable, "-m", "errata_lsp"]))
async def client(request, lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=capabilities(request.param == "pull"), root_uri=None))
    lsp_client.pulls = request.param == "pull"
    lsp_client.sync = result.capabilities.notebook_document_sync
    yield
    await lsp_client.shutdown_session()


def open_notebook(client: LanguageClient) -> None:
    code, markup = types.NotebookCellKind.Code, types.NotebookCellKind.Markup
    client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
        notebook_document=types.NotebookDocument(
            uri=NOTEBOOK, notebook_type="jupyter-notebook", version=1,
            cells=[types.NotebookCell(kind=k, document=u) for k, u in zip((code, markup, code), CELLS)]),
        cell_text_documents=[
            types.TextDocumentItem(uri=CELLS[0], language_id="python", version=1, text=FIRST),
            types.TextDocumentItem(uri=CELLS[1], language_id="markdown", version=1, text=TITLE),
            types.TextDocumentItem(uri=CELLS[2], language_id="python", version=1, text=THIRD),
        ]))


async def cell_diagnostics(client: LanguageClient, uri: str, until=lambda d: True) -> list[types.Diagnostic]:
    for _ in range(200):
        if client.pulls:
            report = await client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri)))
            found = list(report.items)
        else:
            found = client.diagnostics.get(uri)
            found = None if found is None else list(found)
        if found is not None and until(found):
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"no diagnostics as expected for {uri}: {client.diagnostics.get(uri)}")


async def test_cross_cell_finding_hover_quick_fix_and_an_edit_in_another_cell_that_clears_it(client):
    sync = client.sync
    assert sync is not None and sync.save is True
    assert sync.notebook_selector[0].cells[0].language == "python"
    open_notebook(client)

    # The list is written in cell 1; cell 3 passes it to the strategy: the finding is in cell 3.
    [diagnostic] = await cell_diagnostics(client, CELLS[2], until=lambda d: len(d) == 1)
    assert (diagnostic.code, diagnostic.message, diagnostic.severity) == ("LXF001", MESSAGE, types.DiagnosticSeverity.Error)
    assert diagnostic.range == types.Range(types.Position(1, ARGUMENT), types.Position(1, ARGUMENT + len("policy")))
    assert await cell_diagnostics(client, CELLS[0]) == []  # the magic line is no trouble either

    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(CELLS[2]), position=types.Position(1, ARGUMENT + 2)))
    # Markdown: the message's `[Block]` escaped, so no renderer takes it for a link
    assert hover.contents.value.startswith(
        "**LXF001** `activation_checkpointing_policy` must be a set, found \\[Block\\] (from `policy`, cell 1, line 3)"
        "\n\n---\n\n### TypeError: ")
    assert hover.range == diagnostic.range

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(CELLS[2]), range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic])))
    titles = [a.title for a in actions]
    assert titles[:2] == ["Convert list to set", "Disable LXF001 for this line"]
    fix = actions[0]
    assert fix.is_preferred and list(fix.diagnostics) == [diagnostic]
    # The quick fix on cell 3's diagnostic edits cell 1, where the list is written, and nothing else.
    assert [change.text_document.uri for change in fix.edit.document_changes] == [CELLS[0]]
    assert fix.edit.document_changes[0].text_document.version == 1
    fixed_first = apply_text_edits(FIRST, edits_for(fix.edit, CELLS[0]), types.PositionEncodingKind.Utf16)
    assert fixed_first == FIRST.replace("[Block]", "{Block}")
    noqa = apply_text_edits(THIRD, edits_for(actions[1].edit, CELLS[2]), types.PositionEncodingKind.Utf16)
    assert noqa.splitlines()[1].endswith("auto_wrap_policy={Block})  # noqa: LXF001")

    fix_all = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(CELLS[2]), range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[], only=["source.fixAll.errata"])))
    assert [a.title for a in fix_all] == ["errata: fix all in this notebook"]
    assert apply_text_edits(FIRST, edits_for(fix_all[0].edit, CELLS[0]), types.PositionEncodingKind.Utf16) == fixed_first
    assert list(edits_for(fix_all[0].edit, CELLS[2])) == []

    # The user types the fix in cell 1 (an incremental change of that cell alone): cell 3 clears.
    line = FIRST.splitlines().index("policy = [Block]")
    client.notebook_document_did_change(types.DidChangeNotebookDocumentParams(
        notebook_document=types.VersionedNotebookDocumentIdentifier(version=2, uri=NOTEBOOK),
        change=types.NotebookDocumentChangeEvent(cells=types.NotebookDocumentCellChanges(text_content=[
            types.NotebookDocumentCellContentChanges(
                document=types.VersionedTextDocumentIdentifier(uri=CELLS[0], version=2),
                changes=[types.TextDocumentContentChangePartial(
                    range=types.Range(types.Position(line, 9), types.Position(line, 16)), text="{Block}")]),
        ]))))
    assert await cell_diagnostics(client, CELLS[2], until=lambda d: d == []) == []

    # A new cell inserted between them rebinds the name to a tuple: the finding comes back, in cell 3.
    inserted = "vscode-notebook-cell:/tmp/errata-nb/train.ipynb#cell9"
    client.notebook_document_did_change(types.DidChangeNotebookDocumentParams(
        notebook_document=types.VersionedNotebookDocumentIdentifier(version=3, uri=NOTEBOOK),
        change=types.NotebookDocumentChangeEvent(cells=types.NotebookDocumentCellChanges(
            structure=types.NotebookDocumentCellChangeStructure(
                array=types.NotebookCellArrayChange(start=1, delete_count=0, cells=[
                    types.NotebookCell(kind=types.NotebookCellKind.Code, document=inserted)]),
                did_open=[types.TextDocumentItem(uri=inserted, language_id="python", version=1,
                                                 text="policy = (Block, Head)\n")])))))
    [again] = await cell_diagnostics(client, CELLS[2], until=lambda d: len(d) == 1)
    assert again.message == "`activation_checkpointing_policy` must be a set, found (Block, Head) (from `policy`, cell 2, line 1)"

    client.notebook_document_did_save(types.DidSaveNotebookDocumentParams(
        notebook_document=types.NotebookDocumentIdentifier(uri=NOTEBOOK)))
    client.notebook_document_did_close(types.DidCloseNotebookDocumentParams(
        notebook_document=types.NotebookDocumentIdentifier(uri=NOTEBOOK),
        cell_text_documents=[types.TextDocumentIdentifier(u) for u in (CELLS[0], inserted, CELLS[1], CELLS[2])]))
    if not client.pulls:
        assert await cell_diagnostics(client, CELLS[2], until=lambda d: d == []) == []
    else:  # a closed notebook's cells are no longer known: an empty report
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(CELLS[2])))
        assert list(report.items) == []
