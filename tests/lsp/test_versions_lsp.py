"""The language server follows the user's Lightning: the interpreter the editor names (read, never
run), the finding's wording for that release, and a hover that says which release it speaks of and
links the raise line at that release's tag."""

from __future__ import annotations

import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from ..test_environment import PATH_SCRIPT, SCRIPT, make_venv, untouched
from .test_settings import open_doc, pushed, start

LAUNCH = (
    "To use the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a function that contains the code "
    "to launch in processes: Fabric raises TypeError. Move the training code into `def train(fabric): ...` and call "
    "`fabric.launch(train)`"
)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "errata_lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await lsp_client.shutdown_session()


async def test_the_editors_interpreter_sets_the_release(client: LanguageClient, tmp_path):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "pyproject.toml").write_text("[project]\nname = 'trainer'\n")
    venv = make_venv(tmp_path / "envs" / "old", lightning="2.1.0", torch="2.0.1")
    python = str(venv / "bin" / "python")
    await start(client, {"python": {"interpreter": python}}, root=workspace)
    uri = (workspace / "train.py").as_uri()
    open_doc(client, uri, SCRIPT)
    found = sorted(await pushed(client, uri), key=lambda d: d.range.start.line)
    assert [(d.code, d.message) for d in found][1] == ("LXF016", LAUNCH)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri), position=found[1].range.start))
    parts = hover.contents.value.split("\n\n")
    assert parts[:4] == [
        f"**LXF016** {LAUNCH}",
        "---",
        ("### TypeError: To use the `<strategy class>` strategy, `.launch()` needs to be called with a function that "
         "contains the code to launch in processes."),
        (f"**Your environment.** lightning 2.1.0 (from the editor's interpreter {python}). lightning 2.1.0 words the "
         "message as in the title; the newest covered release says: To spawn processes with the `<strategy class>` "
         "strategy, `.launch()` needs to be called with a function that contains the code to launch in processes."),
    ]
    assert parts[-1] == ("Raised at [src/lightning/fabric/fabric.py:830](https://github.com/Lightning-AI/"
                         "pytorch-lightning/blob/2.1.0/src/lightning/fabric/fabric.py#L830) (lightning 2.1.0)")
    assert untouched(venv)


async def test_a_changed_lockfile_is_read_again(client: LanguageClient, tmp_path):
    import asyncio

    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "pyproject.toml").write_text("[project]\nname = 'trainer'\n")
    lock = workspace / "uv.lock"
    lock.write_text('version = 1\n\n[[package]]\nname = "lightning"\nversion = "2.6.6"\n')
    await start(client, root=workspace)
    uri = (workspace / "train.py").as_uri()
    open_doc(client, uri, SCRIPT)
    first = sorted(await pushed(client, uri), key=lambda d: d.range.start.line)
    assert first[1].message == LAUNCH.replace("To use the", "To spawn processes with the")
    lock.write_text('version = 1\n\n[[package]]\nname = "lightning"\nversion = "2.1.2"\n')
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=lock.as_uri(), type=types.FileChangeType.Changed)]))
    for _ in range(200):
        now = sorted(client.diagnostics[uri], key=lambda d: d.range.start.line)
        if now[1].message != first[1].message:
            break
        await asyncio.sleep(0.05)
    assert now[1].message == LAUNCH


async def test_api_hover_lists_only_what_the_release_raises(client: LanguageClient, tmp_path):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "pyproject.toml").write_text("[project]\nname = 'trainer'\n")
    await start(client, root=workspace)
    text = "from lightning.fabric import Fabric\nfabric = Fabric(accelerator='tpu')\n"
    xrt = "- **RuntimeError**: The XLA XRT runtime is not supported anymore."

    async def listed(name: str) -> list[str]:
        uri = (workspace / name).as_uri()
        open_doc(client, uri, text)
        hover = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri), position=types.Position(1, 10)))
        return [line for line in hover.contents.value.splitlines() if line.startswith("- ")]

    newest = await listed("newest.py")  # no environment: the newest release, which has the XRT check
    assert any(line.startswith(xrt) for line in newest)
    (workspace / "requirements.txt").write_text("lightning==2.1.4\n")  # 2.1 has no XRT check (from 2.2.0)
    older = await listed("older.py")
    assert not any(line.startswith(xrt) for line in older)
    assert older == [line for line in newest if not line.startswith(xrt)]


async def test_the_hover_says_which_torch_the_interpreter_has(client: LanguageClient, tmp_path):
    """A record whose error torch decides (a `pathlib` path through `torch.load` from torch 2.6): with the
    editor's interpreter on torch 2.9.0 the finding is there, and its card says that torch raises it."""
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "pyproject.toml").write_text("[project]\nname = 'trainer'\n")
    venv = make_venv(tmp_path / "envs" / "new", lightning="2.6.6", torch="2.9.0")
    await start(client, {"python": {"interpreter": str(venv / "bin" / "python")}}, root=workspace)
    uri = (workspace / "train.py").as_uri()
    open_doc(client, uri, PATH_SCRIPT)
    found = [d for d in await pushed(client, uri) if d.code == "LXF029"]
    assert [(d.range.start.line, d.range.start.character, d.severity) for d in found] == [
        (6, 16, types.DiagnosticSeverity.Error)]
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri), position=found[0].range.start))
    assert ("**Needs torch>=2.6.** `torch.load` reads with `weights_only=True` by default from torch 2.6, and refuses "
            f"a `pathlib` path. Your torch: 2.9.0 (from the editor's interpreter {venv / 'bin' / 'python'}), "
            "which raises it.") in hover.contents.value.split("\n\n")
    assert untouched(venv)
