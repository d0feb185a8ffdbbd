"""Over real stdio: a change in one module (an open buffer's edit, a file changed on disk) checks
again and republishes the open module that imports it, for push clients; pull clients are told to
pull again (`workspace/diagnostic/refresh`)."""

from __future__ import annotations

import os
import time
from pathlib import Path

try:
    from stdio_client import LspClient
except ImportError:
    from tests.stdio_client import LspClient

CONFIG_LIST = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n\n\nREMAT = [Block]\n"
CONFIG_SET = CONFIG_LIST.replace("REMAT = [Block]", "REMAT = {Block}")
TRAIN = (
    "from lightning.fabric import Fabric\n"
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "from config import REMAT\n"
    "strategy = XLAFSDPStrategy(auto_wrap_policy={object}, activation_checkpointing_policy=REMAT)\n"
    "fabric = Fabric(strategy=strategy)\n"
)
PUSH = {"general": {"positionEncodings": ["utf-16"]},
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}
PULL = {"general": {"positionEncodings": ["utf-16"]},
        "textDocument": {"diagnostic": {"dynamicRegistration": False}},
        "workspace": {"diagnostics": {"refreshSupport": True}}}


def project(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "config.py").write_text(CONFIG_LIST)
    (tmp_path / "train.py").write_text(TRAIN)
    return tmp_path / "config.py", tmp_path / "train.py"


def republished(client: LspClient, uri: str, start: int, expected: list[str]) -> list[str]:
    """The codes of the first publish for `uri` after notification number `start` that has `expected`
    (an edit may be published more than once while it settles: one check for the opened buffer, one for
    its change); what was published instead when none has."""
    try:
        note = client.wait_notification(
            "textDocument/publishDiagnostics",
            lambda p: p["uri"] == uri and [d["code"] for d in p["diagnostics"]] == expected, timeout=60, start=start)
    except Exception:
        return [d["code"] for n in client.notifications[start:] if n.get("method") == "textDocument/publishDiagnostics"
                and n["params"]["uri"] == uri for d in n["params"]["diagnostics"]] or ["(nothing published)"]
    return [d["code"] for d in note["diagnostics"]]


def codes_published(client: LspClient, uri: str, start: int) -> list[str]:
    """The codes of the first publish for `uri` after notification number `start`."""
    note = client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, timeout=60,
                                    start=start)
    return [d["code"] for d in note["diagnostics"]]


def test_a_change_in_an_imported_module_republishes_the_open_module_that_imports_it(tmp_path):
    config, train = project(tmp_path)
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(PUSH, root=tmp_path.as_uri())
        client.open(train.as_uri(), TRAIN)
        assert codes_published(client, train.as_uri(), 0) == ["LXF001"]
        registrations = [r for m in client.server_requests if m["method"] == "client/registerCapability"
                         for r in m["params"]["registrations"]]
        assert [(r["method"], r["registerOptions"]["watchers"]) for r in registrations] == [
            ("workspace/didChangeWatchedFiles", [{"globPattern": "**/*.py"}, {"globPattern": "**/*.{json,yaml,yml,toml,ini,cfg}"}])]

        # the unsaved buffer of config.py wins over the file: train.py, unchanged, is checked again
        mark = len(client.notifications)
        client.open(config.as_uri(), CONFIG_LIST)
        client.notify("textDocument/didChange", {"textDocument": {"uri": config.as_uri(), "version": 2},
                                                 "contentChanges": [{"text": CONFIG_SET}]})
        assert republished(client, train.as_uri(), mark, []) == []

        # closed unsaved: the file on disk (a list) stands for it again
        mark = len(client.notifications)
        client.notify("textDocument/didClose", {"textDocument": {"uri": config.as_uri()}})
        assert republished(client, train.as_uri(), mark, ["LXF001"]) == ["LXF001"]

        # changed on disk, and the client's watcher says so
        config.write_text(CONFIG_SET)
        mark = len(client.notifications)
        client.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": config.as_uri(), "type": 2}]})
        assert republished(client, train.as_uri(), mark, []) == []
        assert not [m for m in client.logs() if "failed" in m], client.logs()
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_a_client_that_cannot_watch_files_gets_a_change_on_disk_seen_at_the_next_keystroke(tmp_path):
    """No watcher to tell of changes (the client cannot register one): each check takes the modules' stamps
    again, so the keystroke after config.py changed on disk reads it."""
    config, train = project(tmp_path)
    os.utime(config, ns=(1, 1))
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize({"general": {"positionEncodings": ["utf-16"]}}, root=tmp_path.as_uri())
        client.open(train.as_uri(), TRAIN)
        assert codes_published(client, train.as_uri(), 0) == ["LXF001"]
        assert [m for m in client.server_requests if m["method"] == "client/registerCapability"] == []
        config.write_text(CONFIG_SET)
        mark = len(client.notifications)
        client.notify("textDocument/didChange", {"textDocument": {"uri": train.as_uri(), "version": 2},
                                                 "contentChanges": [{"text": TRAIN + "# typed\n"}]})
        assert republished(client, train.as_uri(), mark, []) == []
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_a_file_that_changes_nothing_imported_republishes_nothing(tmp_path):
    config, train = project(tmp_path)
    other = tmp_path / "other.py"
    other.write_text("x = 1\n")
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(PUSH, root=tmp_path.as_uri())
        client.open(train.as_uri(), TRAIN)
        assert codes_published(client, train.as_uri(), 0) == ["LXF001"]
        mark = len(client.notifications)
        client.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": other.as_uri(), "type": 2}]})
        client.request("textDocument/hover", {"textDocument": {"uri": train.as_uri()},
                                              "position": {"line": 0, "character": 0}})
        time.sleep(0.5)
        assert [n for n in client.notifications[mark:] if n.get("method") == "textDocument/publishDiagnostics"] == []
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_a_pull_client_is_asked_to_pull_again(tmp_path):
    config, train = project(tmp_path)
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(PULL, root=tmp_path.as_uri())
        client.open(train.as_uri(), TRAIN)
        pulled = client.request("textDocument/diagnostic", {"textDocument": {"uri": train.as_uri()}}, timeout=60)
        assert [d["code"] for d in pulled["items"]] == ["LXF001"]
        client.open(config.as_uri(), CONFIG_SET)  # its buffer differs from the file: train.py's findings change
        deadline = time.monotonic() + 30
        while not [m for m in client.server_requests if m["method"] == "workspace/diagnostic/refresh"]:
            assert time.monotonic() < deadline, "no workspace/diagnostic/refresh"
            time.sleep(0.05)
        pulled = client.request("textDocument/diagnostic", {"textDocument": {"uri": train.as_uri()}}, timeout=60)
        assert pulled["items"] == []
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_a_pull_client_is_asked_to_pull_again_when_a_module_changes_on_disk(tmp_path):
    config, train = project(tmp_path)
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize({**PULL, "workspace": {**PULL["workspace"], "didChangeWatchedFiles": {"dynamicRegistration": True}}},
                          root=tmp_path.as_uri())
        client.open(train.as_uri(), TRAIN)
        pulled = client.request("textDocument/diagnostic", {"textDocument": {"uri": train.as_uri()}}, timeout=60)
        assert [d["code"] for d in pulled["items"]] == ["LXF001"]
        config.write_text(CONFIG_SET)
        client.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": config.as_uri(), "type": 2}]})
        deadline = time.monotonic() + 30
        while not [m for m in client.server_requests if m["method"] == "workspace/diagnostic/refresh"]:
            assert time.monotonic() < deadline, "no workspace/diagnostic/refresh"
            time.sleep(0.05)
        pulled = client.request("textDocument/diagnostic", {"textDocument": {"uri": train.as_uri()}}, timeout=60)
        assert pulled["items"] == []
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


TRAINER = ("class Trainer:\n    def __init__(self, fabric):\n        self.fabric = fabric\n\n"
           "    def step(self, model, optimizer):\n        self.fabric.clip_gradients(model, optimizer, clip_val=0.5)\n")
LAUNCH = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
          "from trainer import Trainer\n\n\ndef main(fabric):\n    Trainer(fabric).step(None, None)\n\n\n"
          "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(main)\n")


def test_an_edit_of_the_module_that_gives_the_fabric_republishes_the_open_module_it_is_given_to(tmp_path):
    """trainer.py builds no Fabric: train.py's launched XLAFSDP one makes its `clip_val` raise. Editing
    train.py's buffer to another strategy republishes trainer.py without the error, and back."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    trainer, train = tmp_path / "trainer.py", tmp_path / "train.py"
    trainer.write_text(TRAINER)
    train.write_text(LAUNCH)
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(PUSH, root=tmp_path.as_uri())
        client.open(trainer.as_uri(), TRAINER)
        assert codes_published(client, trainer.as_uri(), 0) == ["LXF014"]
        mark = len(client.notifications)
        client.open(train.as_uri(), LAUNCH)
        client.notify("textDocument/didChange", {"textDocument": {"uri": train.as_uri(), "version": 2},
                                                 "contentChanges": [{"text": LAUNCH.replace("XLAFSDPStrategy()", "'xla'")}]})
        assert republished(client, trainer.as_uri(), mark, []) == []
        mark = len(client.notifications)
        client.notify("textDocument/didChange", {"textDocument": {"uri": train.as_uri(), "version": 3},
                                                 "contentChanges": [{"text": LAUNCH}]})
        assert republished(client, trainer.as_uri(), mark, ["LXF014"]) == ["LXF014"]
        assert not [m for m in client.logs() if "failed" in m], client.logs()
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_a_module_created_where_an_import_looked_republishes_the_open_module_and_deleted_again(tmp_path):
    """train.py imports config.py before it exists: nothing to say. The file created (and the watcher's
    notification) republishes train.py with the error its list causes; deleted, without it."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    config, train = tmp_path / "config.py", tmp_path / "train.py"
    train.write_text(TRAIN)
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(PUSH, root=tmp_path.as_uri())
        client.open(train.as_uri(), TRAIN)
        assert codes_published(client, train.as_uri(), 0) == []
        config.write_text(CONFIG_LIST)
        mark = len(client.notifications)
        client.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": config.as_uri(), "type": 1}]})
        assert republished(client, train.as_uri(), mark, ["LXF001"]) == ["LXF001"]
        config.unlink()
        mark = len(client.notifications)
        client.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": config.as_uri(), "type": 3}]})
        assert republished(client, train.as_uri(), mark, []) == []
        assert not [m for m in client.logs() if "failed" in m], client.logs()
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()
