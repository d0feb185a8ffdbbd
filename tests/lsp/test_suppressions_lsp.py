"""Suppressions in the editor, over real stdio: an unused `# noqa` code is a warning with a quick
fix that removes it, and hovering a code inside a noqa comment shows what that rule catches."""

from __future__ import annotations

import asyncio
import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .client_tools import apply_text_edits, edits_for

URI = "file:///tmp/errata-noqa/train.py"
TEXT = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
        "s = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block})  # noqa: LXF001, E501\n")
CODE_AT = TEXT.splitlines()[1].index("LXF001")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "errata_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=pytest_lsp.client_capabilities("visual_studio_code"), root_uri=None))
    yield
    await lsp_client.shutdown_session()


async def test_unused_noqa_warning_fix_and_hover(client):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=URI, language_id="python", version=1, text=TEXT)))
    for _ in range(200):
        if client.diagnostics.get(URI):
            break
        await asyncio.sleep(0.05)
    [diagnostic] = client.diagnostics[URI]
    assert (diagnostic.code, diagnostic.severity, diagnostic.message) == (
        "LXF100", types.DiagnosticSeverity.Warning,
        "`# noqa: LXF001` is unused: there is no LXF001 finding on this line")
    assert diagnostic.range == types.Range(types.Position(1, CODE_AT), types.Position(1, CODE_AT + 6))

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(URI), range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic])))
    assert actions[0].title == "Remove the unused `noqa` code LXF001" and actions[0].is_preferred
    fixed = apply_text_edits(TEXT, edits_for(actions[0].edit, URI), types.PositionEncodingKind.Utf16)
    assert fixed == TEXT.replace("# noqa: LXF001, E501", "# noqa: E501")

    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(URI), position=types.Position(1, CODE_AT + 3)))
    assert hover.contents.value == (
        "**LXF001** `policy-not-a-set` · `activation_checkpointing_policy` of XLAFSDPStrategy must be a set of "
        "module classes\n\n`errata-lsp rule LXF001` prints its page.")
    other = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(URI), position=types.Position(1, len(TEXT.splitlines()[1]) - 2)))
    assert other is None  # E501 is another tool's code
