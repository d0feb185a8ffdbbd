"""errata over real stdio, driven by pytest-lsp with the capabilities of real editors."""

from __future__ import annotations

import asyncio
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from ..editor_positions import position_at
from .client_tools import apply_text_edits, edits_for, slice_range

CLIENTS = ["visual_studio_code", "neovim@v0.10.0", "neovim@v0.11.0"]
HEADER = "from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
LXF001_LINE = "s = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])  # é 中文 🚀\n"
UNICODE_LINE = "bloc = '🚀é中'; s2 = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
SEEDS = (
    HEADER
    + "policy_list = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
    + "clash = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrapper_callable=wrap)\n"
    + "fabric = Fabric(strategy=clash)\n"
    + "model = fabric.setup(Net())\n"
    + "with fabric.strategy.no_backward_sync(model, enabled=True):\n    pass\n"
)


@pytest_lsp.fixture(
    params=CLIENTS,
    config=ClientServerConfig(server_command=[sys.executable, "-m", "errata_lsp"]),
)
async def client(request, lsp_client: LanguageClient):
    lsp_client.client_name = request.param
    result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=pytest_lsp.client_capabilities(request.param),
        root_uri=None,
    ))
    lsp_client.position_encoding = result.capabilities.position_encoding
    yield
    await lsp_client.shutdown_session()


def encoding_of(client: LanguageClient) -> str:
    return client.position_encoding or types.PositionEncodingKind.Utf16


def pulls(client: LanguageClient) -> bool:
    return client.capabilities.text_document.diagnostic is not None


async def diagnostics(client: LanguageClient, uri: str, version: int) -> list[types.Diagnostic]:
    """The diagnostics for `version` of the document, pulled or pushed as this client works."""
    if pulls(client):
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri)))
        return report.items
    for _ in range(200):
        published = client.diagnostics.get(uri)
        if published is not None and client.diagnostic_versions.get(uri) == version:
            return published
        await asyncio.sleep(0.05)
    raise AssertionError(f"no diagnostics for version {version} of {uri}")


def open_doc(client: LanguageClient, uri: str, text: str, language: str = "python") -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)))


def _remember_version(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
    """pytest-lsp keeps the diagnostics of a push; keep the version it was for as well."""
    client.diagnostics[params.uri] = params.diagnostics
    if not hasattr(client, "diagnostic_versions"):
        client.diagnostic_versions = {}
    client.diagnostic_versions[params.uri] = params.version


pytest_lsp.client.DEFAULT_CLIENT_FEATURES[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _remember_version


def track_versions(client: LanguageClient) -> None:
    if not hasattr(client, "diagnostic_versions"):
        client.diagnostic_versions = {}


async def change(client: LanguageClient, uri: str, old: str, new: str, version: int) -> None:
    """Send the smallest incremental change from `old` to `new`."""
    enc = encoding_of(client)
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old, end_new = end_old - 1, end_new - 1
    if old[start - 1:start + 1] == "\r\n" and start > 0:  # an editor cannot start a change inside a CRLF
        start -= 1
    if old[end_old - 1:end_old + 1] == "\r\n" and end_old > 0:
        end_old, end_new = end_old + 1, end_new + 1
    rng = types.Range(position_at(old, start, enc), position_at(old, end_old, enc))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(range=rng, text=new[start:end_new])]))


async def test_diagnose_fix_and_resync(client: LanguageClient, tmp_path):
    track_versions(client)
    uri = (tmp_path / "train.py").as_uri()
    text = HEADER + LXF001_LINE + UNICODE_LINE
    open_doc(client, uri, text)
    found = await diagnostics(client, uri, 1)
    enc = encoding_of(client)
    assert [d.code for d in found] == ["LXF001", "LXF001"]
    for diag in found:
        assert diag.source == "errata"
        assert diag.severity == types.DiagnosticSeverity.Error
        assert diag.code_description.href.startswith("https://github.com/Lightning-AI/pytorch-lightning/blob/")
        assert slice_range(text, diag.range, enc) == "[Block]"  # right in this client's encoding
        assert diag.data["record"] == "7c98b3e7e2bf13da"
    assert found[0].message.startswith("`activation_checkpointing_policy` must be a set, found [Block]")

    version = 1
    for _ in range(2):
        current = (await diagnostics(client, uri, version))[0]
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri), range=current.range,
            context=types.CodeActionContext(diagnostics=[current], only=[types.CodeActionKind.QuickFix])))
        titles = [a.title for a in actions]
        assert "Convert list to set" in titles and "Disable LXF001 for this line" in titles
        chosen = next(a for a in actions if a.title == "Convert list to set")
        assert chosen.is_preferred
        new = apply_text_edits(text, edits_for(chosen.edit, uri), enc)
        version += 1
        await change(client, uri, text, new, version)
        text = new
    assert text == HEADER + LXF001_LINE.replace("[Block]", "{Block}") + UNICODE_LINE.replace("[Block]", "{Block}")
    assert list(await diagnostics(client, uri, version)) == []


async def test_hover_at_the_three_seed_sites(client: LanguageClient, tmp_path):
    track_versions(client)
    uri = (tmp_path / "seeds.py").as_uri()
    open_doc(client, uri, SEEDS)
    found = await diagnostics(client, uri, 1)
    assert sorted(d.code for d in found) == ["LXF001", "LXF002", "LXF003"]
    expected = {
        "LXF001": "must be a set of module types",  # seed 003's "What it means"
        "LXF002": "only one may be provided",  # seed 004
        "LXF003": "defers gradient synchronization",  # seed 000 is the record of the strategy call
    }
    for diag in found:
        hover = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri), position=diag.range.start))
        assert hover is not None, diag.code
        assert "What it means" in hover.contents.value
        assert "```python" in hover.contents.value
        if diag.code != "LXF003":
            assert expected[diag.code] in hover.contents.value


async def test_fix_all_and_settings_change(client: LanguageClient, tmp_path):
    track_versions(client)
    uri = (tmp_path / "all.py").as_uri()
    open_doc(client, uri, SEEDS)
    before = await diagnostics(client, uri, 1)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri),
        range=types.Range(types.Position(0, 0), types.Position(0, 0)),
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.SourceFixAll])))
    assert [a.kind for a in actions] == ["source.fixAll.errata"]
    fixed = apply_text_edits(SEEDS, edits_for(actions[0].edit, uri), encoding_of(client))
    assert "activation_checkpointing_policy={Block}, auto_wrap_policy" in fixed
    assert "fabric.no_backward_sync(model, enabled=True)" in fixed
    await change(client, uri, SEEDS, fixed, 2)
    after = await diagnostics(client, uri, 2)
    assert {d.code for d in before} - {d.code for d in after} == {"LXF001", "LXF003"}
    assert [d.code for d in after] == ["LXF002"]  # its fixes are choices: fix-all leaves it

    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"errata": {"ignore": ["LXF002"]}}))
    for _ in range(100):
        current = await diagnostics(client, uri, 2)
        if not current:
            break
        await asyncio.sleep(0.05)
    assert list(current) == []


async def test_rapid_typing_ends_with_the_last_version(client: LanguageClient, tmp_path):
    track_versions(client)
    uri = (tmp_path / "typing.py").as_uri()
    text = HEADER + "x = 1\n"
    open_doc(client, uri, text)
    await diagnostics(client, uri, 1)
    version = 1
    typed = HEADER
    for char in LXF001_LINE * 3:  # type the line three times, one character per change
        version += 1
        new = typed + char + "x = 1\n"
        await change(client, uri, typed + "x = 1\n", new, version)
        typed += char
    final = typed + "x = 1\n"
    assert version > 200
    found = await diagnostics(client, uri, version)
    assert [d.code for d in found] == ["LXF001"] * 3
    assert all(slice_range(final, d.range, encoding_of(client)) == "[Block]" for d in found)
    if not pulls(client):
        assert client.diagnostic_versions[uri] == version
    assert final == HEADER + LXF001_LINE * 3 + "x = 1\n"  # the client's text, which the ranges above were checked in


async def test_log_document_and_explain(client: LanguageClient, tmp_path):
    track_versions(client)
    uri = (tmp_path / "job.log").as_uri()
    log = (
        "2026-11-29 12:00:01 INFO starting worker 3\n"
        "Traceback (most recent call last):\n"
        '  File "train.py", line 40, in train\n'
        "    model = fabric.setup_module(model)\n"
        "TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. "
        "You can try defining and passing `auto_wrapper_callable` instead.\n"
    )
    open_doc(client, uri, log, language="log")
    found = await diagnostics(client, uri, 1)
    assert len(found) == 1 and found[0].range.start.line == 4
    assert found[0].code == "LXF001"  # the rule that prevents it, not the record's id
    assert found[0].data["record"] == "7c98b3e7e2bf13da"
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri), position=types.Position(4, 20)))
    assert "Make the policy a set and wrap the same layers" in hover.contents.value  # errata corrects the seed's advice
    card = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="errata.explain", arguments=[log]))
    assert "must be a set" in card and "What it means" in card
    nothing = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="errata.explain", arguments=["all good"]))
    assert nothing is None


async def test_log_lines_that_only_fit_a_record_are_approximate(client: LanguageClient, tmp_path):
    """A truncated or re-quoted exception line still gets its diagnostic, with a readable code and a
    message that says the match is approximate; a line about something else gets none."""
    track_versions(client)
    uri = (tmp_path / "ci.log").as_uri()
    log = (
        "[rank0]: TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.Block'>].\n"
        "ZeroDivisionError: division by zero\n"
        "ValueError: You cannot set both 'auto_wrapper_callable' and 'activation_checkpointing_policy'\n"
    )
    open_doc(client, uri, log, language="log")
    found = await diagnostics(client, uri, 1)
    assert [(d.range.start.line, d.code) for d in found] == [(0, "LXF001"), (2, "LXF002")]
    assert found[0].message == (
        "TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.Block'>]. "
        "— close to a known error (approximate match), hover for it")
    assert slice_range(log, found[0].range, encoding_of(client)) == (
        "`activation_checkpointing_policy` must be a set, found [<class 'model.Block'>].")
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri), position=types.Position(0, 30)))
    assert "Make the policy a set and wrap the same layers" in hover.contents.value
    card = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="errata.explain", arguments=["activation_checkpointing_policy must be a set"]))
    assert card.startswith("*No known message matches this text exactly. Closest known errors (approximate match")
    assert "1. **TypeError**: `activation_checkpointing_policy` must be a set" in card
    assert "Make the policy a set and wrap the same layers" in card


async def test_hover_on_lightning_symbols(client: LanguageClient, tmp_path):
    track_versions(client)
    uri = (tmp_path / "api.py").as_uri()
    text = HEADER + "s = XLAFSDPStrategy(state_dict_type='full')\nfabric = Fabric(strategy=s)\nfabric.save('ckpt', {})\n"
    open_doc(client, uri, text)
    await diagnostics(client, uri, 1)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri), position=types.Position(2, 8)))
    assert hover is not None and "XLAFSDPStrategy" in hover.contents.value
    assert "must be a set" in hover.contents.value and "Choose one" in hover.contents.value
    on_save = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri), position=types.Position(4, 9)))
    assert on_save is not None and "Could not find a XLAFSDP model" in on_save.contents.value
    nothing = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri), position=types.Position(2, 0)))
    assert nothing is None  # `s` is a plain name


async def test_pull_reports_unchanged_until_the_text_changes(client: LanguageClient, tmp_path):
    if not pulls(client):
        pytest.skip("this client takes pushed diagnostics")
    uri = (tmp_path / "pull.py").as_uri()
    open_doc(client, uri, HEADER + LXF001_LINE)
    ident = types.TextDocumentIdentifier(uri)
    first = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=ident))
    assert first.kind == "full" and [d.code for d in first.items] == ["LXF001"] and first.result_id
    again = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=ident, previous_result_id=first.result_id))
    assert again.kind == "unchanged" and again.result_id == first.result_id
    await change(client, uri, HEADER + LXF001_LINE, HEADER + LXF001_LINE.replace("[Block]", "{Block}"), 2)
    after = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=ident, previous_result_id=first.result_id))
    assert after.kind == "full" and list(after.items) == [] and after.result_id != first.result_id
