"""The seed cards with errata's corrections, as editors show them: hover on each seed's finding and
`errata.explain` on its rendered message, over real stdio (the texts are in tests/seed_cards.py);
and the new records, each hovered on its API."""

from __future__ import annotations

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from ..seed_cards import SEED_CARDS
from .test_e2e import HEADER, client, diagnostics, open_doc, track_versions  # noqa: F401  (client is the fixture)

# One line per seed finding: the record it names, and the rule that reports it.
SITES = (
    HEADER
    + "policy_list = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
    + "clash = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrapper_callable=wrap, auto_wrap_policy={Block})\n"
    + "fabric = Fabric(strategy=clash)\n"
    + "model = fabric.setup(Net())\n"
    + "with fabric.strategy._backward_sync_control.no_backward_sync(model, True):\n    pass\n"
)
RECORD_OF = {"LXF001": "7c98b3e7e2bf13da", "LXF002": "fc8e29955b1155a3", "LXF003": "5bae6b842267fa0d"}
# The hover opens with the finding's message as Markdown: `[Block]` is no link, `_FabricModule` no emphasis.
HEAD_OF = {
    "LXF001": "**LXF001** `activation_checkpointing_policy` must be a set, found \\[Block\\]",
    "LXF002": "**LXF002** `auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be set: Lightning "
              "raises ValueError at setup (the policy is turned into its own auto wrapper)",
    "LXF003": "**LXF003** Blocking backward sync is only possible if the module passed to "
              "`_XLAFSDPBackwardSyncControl.no_backward_sync` is wrapped in `XlaFullyShardedDataParallel`. "
              "Got: \\_FabricModule. Use `fabric.no_backward_sync(model)`",
}


async def test_hover_on_each_seed_finding_shows_its_corrected_card(client: LanguageClient, tmp_path):
    track_versions(client)
    uri = (tmp_path / "seeds.py").as_uri()
    open_doc(client, uri, SITES)
    found = await diagnostics(client, uri, 1)
    assert sorted(d.code for d in found) == ["LXF001", "LXF002", "LXF003"]
    for diag in found:
        hover = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri), position=diag.range.start))
        head = HEAD_OF[diag.code] + "\n\n---\n\n"
        assert hover.contents.value == head + SEED_CARDS[RECORD_OF[diag.code]][1], diag.code


@pytest.mark.parametrize("record_id", sorted(SEED_CARDS))
async def test_explain_command_gives_the_corrected_card(client: LanguageClient, record_id):
    message, card = SEED_CARDS[record_id]
    shown = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="errata.explain", arguments=[message]))
    assert shown == card


# A call of each new record's API, and the start of the line the hover must list for it (readable: no `{...}`;
# Markdown: a `<name>` outside code escaped, so it is not taken for HTML).
API_HOVERS = [
    ("fabric = Fabric(accelerator='tpu', devices=8)\n", "Fabric",
     "**ValueError**: `devices` can only be 'auto', 1, \\<device_count> or \\[\\<0-\\<device_count - 1>>\\] for TPUs. Got \\<devices>"),
    ("fabric = Fabric(accelerator='tpu')\n", "Fabric", "**RuntimeError**: The XLA XRT runtime is not supported anymore."),
    ("loader = fabric.setup_dataloaders(loader)\n", "setup_dataloaders",
     "**TypeError**: Only PyTorch DataLoader are currently supported in `setup_dataloaders`."),
    ("loader = fabric.setup_dataloaders(loader)\n", "setup_dataloaders",
     "**ValueError**: A dataloader should be passed only once to the `setup_dataloaders` method."),
    ("loader = fabric.setup_dataloaders(loader)\n", "setup_dataloaders",
     "**ValueError**: `setup_dataloaders` requires at least one dataloader as input."),
    ("fabric.launch(train)\n", "launch",
     "**RuntimeError**: This script was launched through the CLI, and processes have already been created."),
    ("fabric.save('ckpt', state, filter=keep)\n", "save", "**TypeError**: Filter should be a dictionary, given \\<filter>"),
    ("fabric.save('ckpt', state, filter=keep)\n", "save",
     "**ValueError**: The filter keys \\<filter.keys() - state> are not present in the state keys \\<state>."),
    ("fabric.save('ckpt', state, filter=keep)\n", "save",
     "**TypeError**: Expected `fabric.save(filter=...)` for key \\<k> to be a callable, given \\<v>"),
    ("fabric.load('ckpt', state)\n", "load", "**KeyError**: 'model'"),
    ("fabric.load('ckpt', state)\n", "load", "**KeyError**: '\\<opt_key>'"),
    ("s = XLAFSDPStrategy()\n", "XLAFSDPStrategy",
     "**ValueError**: cluster_environment set through both strategy class and plugins, choose one"),
    ("s = XLAFSDPStrategy()\n", "XLAFSDPStrategy", "**ValueError**: precision set through both strategy class and plugins, choose one"),
    ("s = XLAFSDPStrategy()\n", "XLAFSDPStrategy", "**ValueError**: checkpoint_io set through both strategy class and plugins, choose one"),
    ("fabric = Fabric(precision='bf16-true', plugins=[p])\n", "Fabric",
     "**ValueError**: Received both `precision=<precision_input>` and `plugins=<precision_instance>`. Choose one."),
    ("fabric = Fabric(accelerator='cpu', strategy='fsdp')\n", "Fabric",
     "**ValueError**: You selected the FSDP strategy but FSDP is only available on GPU."),
]


async def test_new_records_show_on_hover_over_their_api(client: LanguageClient, tmp_path):
    track_versions(client)
    for i, (line, word, expected) in enumerate(API_HOVERS):
        uri = (tmp_path / f"api{i}.py").as_uri()
        text = HEADER + line
        open_doc(client, uri, text)
        await diagnostics(client, uri, 1)
        row = text.count("\n") - 1
        hover = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri), position=types.Position(row, line.index(word) + 1)))
        assert hover is not None, line
        listed = [entry for entry in hover.contents.value.splitlines() if entry.startswith("- ")]
        assert any(entry[2:].startswith(expected) for entry in listed), (expected, listed)
