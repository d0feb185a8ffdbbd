"""A data file a program loads (`yaml.safe_load(open(...))`) is read by the check of the program that loads it:
when the file changes on disk (the client tells of `**/*.{json,yaml,yml,toml,ini,cfg}` too), that open program is
checked again and its findings follow the file."""

from __future__ import annotations

import asyncio
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .test_settings import open_doc, pushed, start

pytest.importorskip("yaml")

PROGRAM = '''import yaml
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

CFG = yaml.safe_load(open("configs/tpu.yaml"))


def train(fabric):
    pass


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=CFG["precision"])
fabric.launch(train)
'''


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "errata_lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await lsp_client.shutdown_session()


async def test_a_changed_data_file_checks_its_reader_again(client: LanguageClient, tmp_path):
    workspace = tmp_path / "ws"
    (workspace / "configs").mkdir(parents=True)
    (workspace / "pyproject.toml").write_text("[project]\nname = 'trainer'\n")
    data = workspace / "configs" / "tpu.yaml"
    data.write_text("precision: 16-mixed\n")
    await start(client, root=workspace)
    uri = (workspace / "train.py").as_uri()
    open_doc(client, uri, PROGRAM)
    first = await pushed(client, uri)
    assert [(d.code, d.range.start.line) for d in first] == [("LXF007", 11)]
    assert first[0].message.endswith("(from `CFG['precision']`, `configs/tpu.yaml`, key `precision`)")
    data.write_text("precision: bf16-true\n")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=data.as_uri(), type=types.FileChangeType.Changed)]))
    for _ in range(200):
        if not client.diagnostics[uri]:
            break
        await asyncio.sleep(0.05)
    assert not client.diagnostics[uri]
