"""A fix that edits another module: the policy list `config.py` writes and `train.py` passes is made a set
where it is written. The engine gives the fix with that module's path and positions; the command line's
`--fix` writes that module (atomically); over real stdio the quick fix is a `WorkspaceEdit` of that
module's URI (its open buffer and version when the client has it open), and applying it ends the finding."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from errata_lsp.analysis import check_source, fix_all
from errata_lsp.analysis.findings import Edit, Fix, Position, Span
from errata_lsp.settings import Settings

try:
    from stdio_client import LspClient
except ImportError:
    from tests.stdio_client import LspClient

CONFIG = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n\n\nREMAT = [Block]\n"
CONFIG_FIXED = CONFIG.replace("REMAT = [Block]", "REMAT = {Block}")
TRAIN = (
    "from lightning.fabric import Fabric\n"
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "from config import REMAT\n"
    "strategy = XLAFSDPStrategy(auto_wrap_policy={object}, activation_checkpointing_policy=REMAT)\n"
    "fabric = Fabric(strategy=strategy)\n"
)
IN_CONFIG = Fix("Convert list to set in config.py",
                (Edit(Span.of(7, 8, 7, 9), "{"), Edit(Span.of(7, 14, 7, 15), "}")), preferred=True)
AT_THE_USE = Fix("Convert `REMAT` to a set with set()", (Edit(Span.of(3, 86, 3, 91), "set(REMAT)"),))


def project(tmp_path: Path, config: str = CONFIG) -> tuple[Path, Path]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "config.py").write_text(config)
    (tmp_path / "train.py").write_text(TRAIN)
    return tmp_path / "config.py", tmp_path / "train.py"


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "errata_lsp", "check", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "NO_COLOR": "1"})


# --- the engine ------------------------------------------------------------------------------------
def test_the_fix_of_a_list_written_in_another_module_edits_that_module(tmp_path):
    config, train = project(tmp_path)
    [finding] = check_source(TRAIN, str(train)).findings
    assert finding.code == "LXF001" and finding.elsewhere is not None
    assert finding.elsewhere.path == str(config)
    assert finding.fixes == (
        Fix(IN_CONFIG.title, IN_CONFIG.edits, preferred=True, path=str(config)),  # where the value is written
        AT_THE_USE,  # the other way, not preferred
    )


def test_a_name_the_writing_module_reads_itself_is_fixed_at_the_use_only(tmp_path):
    _, train = project(tmp_path, CONFIG + "LAYERS = len(REMAT)\n")  # a set there would change what it does
    [finding] = check_source(TRAIN, str(train)).findings
    assert finding.fixes == (Fix(AT_THE_USE.title, AT_THE_USE.edits, preferred=True),)


def test_fix_all_of_one_text_leaves_a_fix_of_another_module_to_its_caller(tmp_path):
    _, train = project(tmp_path)
    assert fix_all(TRAIN, str(train)) == (TRAIN, [])


def test_a_severity_setting_keeps_where_the_value_is_written(tmp_path):
    config, train = project(tmp_path)
    settings = Settings().merged({"severity": {"LXF001": "warning"}}, tmp_path)
    [finding] = check_source(TRAIN, str(train), settings).findings
    assert finding.severity.value == "warning"
    assert finding.elsewhere is not None and finding.elsewhere.path == str(config)
    assert finding.fixes[0].path == str(config)


def test_an_edit_of_the_document_leaves_the_other_modules_fix_where_it_is(tmp_path):
    from errata_lsp.analysis.engine import check_document

    config, train = project(tmp_path)
    first = check_document(TRAIN, str(train))
    added = "# two lines\n# added above\n"
    [finding] = check_document(added + TRAIN, str(train), previous=first,
                               changes=[(Span.of(0, 0, 0, 0), added)]).report.findings
    assert finding.span.start == Position(5, 86)  # the use moved with the edit
    assert finding.fixes[0].path == str(config) and finding.fixes[0].edits == IN_CONFIG.edits  # config.py did not


# --- the command line ------------------------------------------------------------------------------
def test_check_reports_the_finding_in_the_module_that_writes_it_with_its_fix(tmp_path):
    project(tmp_path)
    done = cli("--format", "json", ".", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    [entry] = json.loads(done.stdout)
    assert (entry["path"], entry["line"], entry["column"], entry["code"]) == ("config.py", 8, 9, "LXF001")
    assert entry["message"].endswith("(used in train.py, line 4)")
    assert entry["fixes"] == [{"title": IN_CONFIG.title, "safety": "safe", "preferred": True, "edits": [
        {"line": 8, "column": 9, "end_line": 8, "end_column": 10, "new_text": "{"},
        {"line": 8, "column": 15, "end_line": 8, "end_column": 16, "new_text": "}"}]}]


def test_fix_writes_the_module_that_writes_the_value_and_the_project_is_clean_after(tmp_path):
    config, train = project(tmp_path)
    os.chmod(config, 0o640)
    done = cli("--fix", ".", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Fixed 1 finding." in done.stdout and "All checks passed." in done.stdout
    assert config.read_text() == CONFIG_FIXED
    assert train.read_text() == TRAIN  # the use is left as written
    assert oct(os.stat(config).st_mode & 0o777) == "0o640"  # replaced as every fixed file is: mode kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.py", "pyproject.toml", "train.py"]  # no temporary
    again = cli("--format", "json", ".", cwd=tmp_path)
    assert (again.returncode, json.loads(again.stdout)) == (0, [])


def test_diff_shows_the_other_modules_patch_once_and_writes_nothing(tmp_path):
    config, train = project(tmp_path)
    (tmp_path / "eval.py").write_text(TRAIN)  # a second use of the same list: one fix of config.py
    done = cli("--diff", ".", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stdout == ("--- a/config.py\n+++ b/config.py\n@@ -5,4 +5,4 @@\n     pass\n \n \n"
                           "-REMAT = [Block]\n+REMAT = {Block}\n")
    assert done.stderr.endswith("Found 1 finding; the diff above applies 1 fix.\n")
    assert config.read_text() == CONFIG and train.read_text() == TRAIN


def test_fix_of_one_file_does_not_write_a_module_outside_the_paths_given(tmp_path):
    config, train = project(tmp_path)
    done = cli("--fix", "train.py", cwd=tmp_path)
    assert config.read_text() == CONFIG and train.read_text() == TRAIN
    assert "config.py: outside the paths given; not fixed, the file is unchanged" in done.stderr
    assert done.returncode == 1


# --- the editor, over real stdio -------------------------------------------------------------------
def quick_fixes(client: LspClient, uri: str) -> list[dict]:
    note = client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri and p["diagnostics"],
                                    timeout=60)
    [diagnostic] = note["diagnostics"]
    return client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": diagnostic["range"],
        "context": {"diagnostics": [diagnostic], "only": ["quickfix"]}}, timeout=60)


def apply(text: str, edits: list[dict]) -> str:
    """LSP text edits (UTF-16 positions; the texts here are ASCII) applied to `text`."""
    lines = text.splitlines(keepends=True)

    def offset(position: dict) -> int:
        return sum(len(line) for line in lines[:position["line"]]) + position["character"]

    for edit in sorted(edits, key=lambda e: offset(e["range"]["start"]), reverse=True):
        start, end = offset(edit["range"]["start"]), offset(edit["range"]["end"])
        text = text[:start] + edit["newText"] + text[end:]
    return text


def published_after(client: LspClient, uri: str, start: int) -> list[dict]:
    return client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, timeout=60,
                                    start=start)["diagnostics"]


def test_the_quick_fix_edits_the_file_on_disk_and_the_finding_goes(tmp_path):
    config, train = project(tmp_path)
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize({"general": {"positionEncodings": ["utf-16"]}}, root=tmp_path.as_uri())
        client.open(train.as_uri(), TRAIN)
        actions = quick_fixes(client, train.as_uri())
        assert [(a["title"], a.get("isPreferred")) for a in actions] == [
            (IN_CONFIG.title, True), (AT_THE_USE.title, None), ("Disable LXF001 for this line", None)]
        assert list(actions[0]["edit"]["changes"]) == [config.as_uri()]  # no documentChanges: not supported
        fixed = apply(CONFIG, actions[0]["edit"]["changes"][config.as_uri()])
        assert fixed == CONFIG_FIXED
        config.write_text(fixed)
        mark = len(client.notifications)
        client.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": config.as_uri(), "type": 2}]})
        assert published_after(client, train.as_uri(), mark) == []
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_the_quick_fix_of_an_open_module_is_versioned_and_made_on_its_buffer(tmp_path):
    config, train = project(tmp_path)
    buffer = '"""Unsaved: two lines more than the file."""\n\n' + CONFIG
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize({"general": {"positionEncodings": ["utf-16"]},
                           "workspace": {"workspaceEdit": {"documentChanges": True}}}, root=tmp_path.as_uri())
        client.open(config.as_uri(), buffer, version=7)
        client.open(train.as_uri(), TRAIN)
        [change] = quick_fixes(client, train.as_uri())[0]["edit"]["documentChanges"]
        assert change["textDocument"] == {"uri": config.as_uri(), "version": 7}
        assert [e["range"]["start"]["line"] for e in change["edits"]] == [9, 9]  # the buffer's line, not the file's 7
        fixed = apply(buffer, change["edits"])
        assert fixed == '"""Unsaved: two lines more than the file."""\n\n' + CONFIG_FIXED
        mark = len(client.notifications)
        client.notify("textDocument/didChange", {"textDocument": {"uri": config.as_uri(), "version": 8},
                                                 "contentChanges": [{"text": fixed}]})
        assert published_after(client, train.as_uri(), mark) == []
        assert config.read_text() == CONFIG  # the server wrote nothing itself
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_a_notebook_cells_quick_fix_edits_the_module_the_notebook_imports(tmp_path):
    config, _ = project(tmp_path)
    notebook = (tmp_path / "explore.ipynb").as_uri()
    cell = f"vscode-notebook-cell:{(tmp_path / 'explore.ipynb').as_posix()}#cell0"
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize({"general": {"positionEncodings": ["utf-16"]},
                           "notebookDocument": {"synchronization": {}}}, root=tmp_path.as_uri())
        client.notify("notebookDocument/didOpen", {
            "notebookDocument": {"uri": notebook, "notebookType": "jupyter-notebook", "version": 1,
                                 "cells": [{"kind": 2, "document": cell}]},
            "cellTextDocuments": [{"uri": cell, "languageId": "python", "version": 1, "text": TRAIN}]})
        actions = quick_fixes(client, cell)
        assert [a["title"] for a in actions] == [IN_CONFIG.title, AT_THE_USE.title, "Disable LXF001 for this line"]
        assert apply(CONFIG, actions[0]["edit"]["changes"][config.as_uri()]) == CONFIG_FIXED
        assert list(actions[1]["edit"]["changes"]) == [cell]  # `set(REMAT)` in the cell itself
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()
