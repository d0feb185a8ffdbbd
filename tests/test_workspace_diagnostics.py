"""Over real stdio: `diagnosticMode` "workspace" reports the project's files that are not open (pulled
by `workspace/diagnostic`, or published), with work-done progress when the client shows it; the
default, "openFilesOnly", reports none of them; a module changed on disk asks a pull client to pull
again; an open file's diagnostics do not wait for the workspace."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from errata_lsp.settings import Settings, SettingsError

try:
    from stdio_client import LspClient
except ImportError:
    from tests.stdio_client import LspClient

CONFIG = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n\n\nREMAT = [Block]\n"
TRAIN = (
    "from lightning.fabric import Fabric\n"
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "from config import REMAT\n"
    "strategy = XLAFSDPStrategy(auto_wrap_policy={object}, activation_checkpointing_policy=REMAT)\n"
    "fabric = Fabric(strategy=strategy)\n"
)
FINE = "from lightning.fabric import Fabric\n\nfabric = Fabric()\n"
PULL = {"general": {"positionEncodings": ["utf-16"]},
        "textDocument": {"diagnostic": {"dynamicRegistration": False}},
        "workspace": {"diagnostics": {"refreshSupport": True}, "didChangeWatchedFiles": {"dynamicRegistration": True}},
        "window": {"workDoneProgress": True}}
PUSH = {"general": {"positionEncodings": ["utf-16"]}}
WORKSPACE = {"diagnosticMode": "workspace"}


def project(tmp_path: Path) -> dict[str, Path]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    files = {"config.py": CONFIG, "train.py": TRAIN, "fine.py": FINE}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return {name: tmp_path / name for name in files}


def by_uri(report: dict) -> dict[str, list[str]]:
    return {item["uri"]: [d["code"] for d in item.get("items", [])] for item in report["items"]}


def progress(client: LspClient, start: int = 0) -> list[str]:
    return [n["params"]["value"]["kind"] for n in client.notifications[start:] if n.get("method") == "$/progress"]


def published_after(client: LspClient, uri: str, start: int) -> list[dict]:
    return client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, timeout=60,
                                    start=start)["diagnostics"]


def test_the_setting_takes_the_two_modes_and_refuses_others():
    assert Settings().diagnostic_mode == "openFilesOnly"
    assert Settings().merged({"diagnosticMode": "workspace"}).diagnostic_mode == "workspace"
    with pytest.raises(SettingsError, match="`diagnosticMode` must be one of 'openFilesOnly', 'workspace', found 'all'"):
        Settings().merged({"diagnosticMode": "all"})


def test_the_vs_code_extension_offers_the_setting_and_sends_it():
    editors = Path(__file__).resolve().parent.parent / "editors" / "vscode"
    prop = json.loads((editors / "package.json").read_text())["contributes"]["configuration"]["properties"][
        "errata.diagnosticMode"]
    assert (prop["enum"], prop["default"]) == (["openFilesOnly", "workspace"], "openFilesOnly")
    source = (editors / "src" / "extension.ts").read_text()
    assert 'diagnosticMode: cfg.get<string>("diagnosticMode") ?? "openFilesOnly"' in source  # in serverSettings()
    assert 'e.affectsConfiguration("errata.diagnosticMode")' in source  # sent again when it changes


def test_open_files_only_reports_no_unopened_file(tmp_path):
    project(tmp_path)
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        capabilities = client.initialize(PULL, root=tmp_path.as_uri())["capabilities"]
        assert capabilities["diagnosticProvider"]["workspaceDiagnostics"] is True
        report = client.request("workspace/diagnostic", {"previousResultIds": []}, timeout=60)
        assert report == {"items": []}
        assert progress(client) == []
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_workspace_mode_pulls_the_unopened_files_with_progress_then_unchanged(tmp_path):
    files = project(tmp_path)
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(PULL, root=tmp_path.as_uri(), options=WORKSPACE)
        client.open(files["fine.py"].as_uri(), FINE)  # open: pulled on its own, not in the workspace report
        report = client.request("workspace/diagnostic", {"previousResultIds": []}, timeout=120)
        assert by_uri(report) == {files["config.py"].as_uri(): [], files["train.py"].as_uri(): ["LXF001"]}
        [train] = [i for i in report["items"] if i["uri"] == files["train.py"].as_uri()]
        assert train["kind"] == "full" and train["version"] is None
        assert train["items"][0]["range"] == {"start": {"line": 3, "character": 86}, "end": {"line": 3, "character": 91}}
        created = [m for m in client.server_requests if m["method"] == "window/workDoneProgress/create"]
        assert len(created) == 1
        token = created[0]["params"]["token"]
        kinds = [(n["params"]["token"], n["params"]["value"]["kind"]) for n in client.notifications
                 if n.get("method") == "$/progress"]
        assert kinds[0] == (token, "begin") and kinds[-1] == (token, "end")
        assert {kind for _, kind in kinds[1:-1]} == {"report"}

        # asked again with the result ids: unchanged, nothing checked again, no progress
        mark = len(client.notifications)
        again = client.request("workspace/diagnostic", {"previousResultIds": [
            {"uri": i["uri"], "value": i["resultId"]} for i in report["items"]]}, timeout=60)
        assert sorted((i["uri"], i["kind"]) for i in again["items"]) == [
            (files["config.py"].as_uri(), "unchanged"), (files["train.py"].as_uri(), "unchanged")]
        assert progress(client, mark) == []

        # config.py changed on disk: a refresh is asked for, and the next pull has train.py clean
        files["config.py"].write_text(CONFIG.replace("[Block]", "{Block}"))
        asked = len([m for m in client.server_requests if m["method"] == "workspace/diagnostic/refresh"])
        client.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": files["config.py"].as_uri(), "type": 2}]})
        deadline = time.monotonic() + 30
        while len([m for m in client.server_requests if m["method"] == "workspace/diagnostic/refresh"]) == asked:
            assert time.monotonic() < deadline, "no workspace/diagnostic/refresh"
            time.sleep(0.05)
        after = client.request("workspace/diagnostic", {"previousResultIds": []}, timeout=60)
        assert by_uri(after) == {files["config.py"].as_uri(): [], files["train.py"].as_uri(): []}
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_workspace_mode_publishes_the_unopened_files_to_a_push_client(tmp_path):
    files = project(tmp_path)
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(PUSH, root=tmp_path.as_uri(), options=WORKSPACE)  # no workDoneProgress: none is sent
        note = client.wait_notification("textDocument/publishDiagnostics",
                                        lambda p: p["uri"] == files["train.py"].as_uri(), timeout=120)
        assert [d["code"] for d in note["diagnostics"]] == ["LXF001"]
        assert set(client.publishes) == {files["train.py"].as_uri()}  # clean files are not published
        assert progress(client) == [] and not [m for m in client.server_requests
                                               if m["method"] == "window/workDoneProgress/create"]
        # opened, then closed unsaved: its buffer's diagnostics, cleared, then the file's again
        clean = TRAIN.replace("activation_checkpointing_policy=REMAT", "activation_checkpointing_policy=set(REMAT)")
        mark = len(client.notifications)
        client.open(files["train.py"].as_uri(), clean)
        opened = client.wait_notification("textDocument/publishDiagnostics",  # its buffer's, versioned
                                          lambda p: p["uri"] == files["train.py"].as_uri() and p.get("version") == 1,
                                          timeout=60, start=mark)
        assert opened["diagnostics"] == []
        mark = len(client.notifications)
        client.notify("textDocument/didClose", {"textDocument": {"uri": files["train.py"].as_uri()}})
        assert published_after(client, files["train.py"].as_uri(), mark) == []  # the buffer's go
        reported = client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == files["train.py"].as_uri()
                                            and p["diagnostics"], timeout=60, start=mark)
        assert [d["code"] for d in reported["diagnostics"]] == ["LXF001"]  # the file on disk's, again
        # switched off: what it published goes
        mark = len(client.notifications)
        client.notify("workspace/didChangeConfiguration", {"settings": {"errata": {"diagnosticMode": "openFilesOnly"}}})
        cleared = client.wait_notification("textDocument/publishDiagnostics",
                                           lambda p: p["uri"] == files["train.py"].as_uri(), timeout=60, start=mark)
        assert cleared["diagnostics"] == []
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_an_open_files_diagnostics_come_before_a_large_workspace_is_read(tmp_path):
    files = project(tmp_path)
    for n in range(150):  # each one to check: a strategy with a list policy
        (tmp_path / f"module_{n:03}.py").write_text(TRAIN.replace("from config import REMAT\n", "REMAT = [object]\n"))
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize({**PUSH, "window": {"workDoneProgress": True}}, root=tmp_path.as_uri(), options=WORKSPACE)
        deadline = time.monotonic() + 60
        while "begin" not in progress(client):  # the workspace is being read
            assert time.monotonic() < deadline, "no progress began"
            time.sleep(0.01)
        client.open(files["fine.py"].as_uri(), FINE + "x = 1\n")
        client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == files["fine.py"].as_uri(),
                                 timeout=60)
        assert "end" not in progress(client), "the open file's diagnostics waited for the whole workspace"
        deadline = time.monotonic() + 300
        while "end" not in progress(client):
            assert time.monotonic() < deadline, "the workspace was never read"
            time.sleep(0.1)
        published = {uri for uri, publishes in client.publishes.items() if publishes[-1].diagnostics}
        assert published == {files["train.py"].as_uri(), *((tmp_path / f"module_{n:03}.py").as_uri() for n in range(150))}
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()
