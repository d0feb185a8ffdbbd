"""A two-sided clash placed on the side its fix belongs to (`fix_at` of a record's `detect` section). LXF011:
Fabric's accelerator flag and the strategy's own `accelerator=` clash whether they agree or not; when the flag
is "tpu" (or an XLAAccelerator) and a helper of another module pins the strategy, the pin is the redundant side.
The engine keeps the use's span in the document and places the finding at the pin (`Finding.elsewhere`); the
command line reports it in that module and `--fix` removes the pin there; the editor's quick fix is a
WorkspaceEdit of that module. A flag that disagrees (or a clash written in one module) stays at the flag."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.findings import Edit, Fix, Place, Safety, Severity, Span

try:
    from stdio_client import LspClient
except ImportError:
    from tests.stdio_client import LspClient

STRATEGIES = (
    "from lightning.fabric.accelerators import XLAAccelerator\n"
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "\n"
    "\n"
    "def make_strategy(state_dict_type=\"full\"):\n"
    "    strategy = XLAFSDPStrategy(\n"
    "        state_dict_type=state_dict_type,\n"
    "        accelerator=XLAAccelerator(),\n"
    "    )\n"
    "    return strategy\n"
)
STRATEGIES_FIXED = STRATEGIES.replace("        accelerator=XLAAccelerator(),\n", "")
TRAIN = (
    "from lightning.fabric import Fabric\n"
    "\n"
    "from setup.strategies import make_strategy\n"
    "\n"
    "fabric = Fabric(accelerator={flag}, strategy=make_strategy(), devices=8)\n"
)
CLASH = ("accelerator set through both strategy class and accelerator flag, choose one: `Fabric(...)` raises "
         "ValueError because the strategy already has `XLAAccelerator()` and the flag is `{flag}` (only \"auto\" is "
         "allowed then)")
NOTE = ("; `\"tpu\"` picks the XLA accelerator already (XLAFSDPStrategy runs only there), so the side to drop is "
        "the strategy's `accelerator=XLAAccelerator()` (strategies.py, line 8)")
PIN = Span.of(7, 8, 7, 36)  # `accelerator=XLAAccelerator()` in setup/strategies.py
PIN_REMOVED = Edit(Span.of(6, 39, 7, 36), "")  # with the comma before it


def project(tmp_path: Path, flag: str = '"tpu"') -> tuple[Path, Path, str]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "setup").mkdir()
    (tmp_path / "setup" / "__init__.py").write_text("")
    (tmp_path / "setup" / "strategies.py").write_text(STRATEGIES)
    text = TRAIN.format(flag=flag)
    (tmp_path / "train.py").write_text(text)
    return tmp_path / "setup" / "strategies.py", tmp_path / "train.py", text


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "errata_lsp", "check", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "NO_COLOR": "1"})


# --- the section ----------------------------------------------------------------------------------
def test_fix_at_is_checked_when_the_section_is_read():
    import copy

    from errata_lsp.analysis.detect import check_spec
    from errata_lsp.analysis.rules import RULES

    [lxf011] = [r for r in RULES if r.code == "LXF011"]
    spec = copy.deepcopy(dict(lxf011.spec))
    assert check_spec(spec) == []
    spec["fix_at"] = {"in": "strategy", "keyword": "accelerator", "note": "{fix_at} {nope}", "when": [{"fact": "x"}]}
    assert check_spec(spec) == [
        "`fix_at.note`: unknown placeholder `{nope}`",
        "`fix_at.when`[0]: unknown fact `x` (known: strategy_has_accelerator, strategy_accelerator_objects, "
        "strategy_has_precision, plugins_given, plugins_precision, strategy_xla_precision)"]
    spec["fix_at"] = {"keyword": "accelerator"}
    assert check_spec(spec) == [
        "`fix_at` must be {\"in\": argument, \"keyword\": name, \"when\": [...], \"note\": text}"]


# --- the engine ------------------------------------------------------------------------------------
def test_a_tpu_flag_clashing_with_a_pin_another_module_writes_is_placed_at_the_pin(tmp_path):
    strategies, train, text = project(tmp_path)
    [finding] = check_source(text, str(train)).findings
    assert (finding.code, finding.severity) == ("LXF011", Severity.ERROR)
    assert finding.span == Span.of(4, 16, 4, 33)  # the use keeps its span: `accelerator="tpu"`
    assert finding.message == CLASH.format(flag='"tpu"') + NOTE
    assert finding.elsewhere == Place(str(strategies), PIN,
                                      "the `accelerator=` of the `strategy=` argument is written here")
    assert finding.fixes == (
        Fix('Remove `accelerator="tpu"` from Fabric', (Edit(Span.of(4, 16, 4, 35), ""),), Safety.UNSAFE),
        Fix("Remove `accelerator=` from the strategy", (PIN_REMOVED,), Safety.UNSAFE, preferred=True,
            path=str(strategies)),  # where the finding belongs: the fix applied
    )


def test_an_xla_accelerator_flag_agrees_too(tmp_path):
    strategies, train, _ = project(tmp_path)
    text = TRAIN.format(flag="XLAAccelerator()").replace(
        "from lightning.fabric import Fabric\n",
        "from lightning.fabric import Fabric\nfrom lightning.fabric.accelerators import XLAAccelerator\n")
    [finding] = check_source(text, str(train)).findings
    assert finding.elsewhere is not None and (finding.elsewhere.path, finding.elsewhere.span) == (str(strategies), PIN)
    assert finding.message.endswith("so the side to drop is the strategy's `accelerator=XLAAccelerator()` "
                                    "(strategies.py, line 8)")


@pytest.mark.parametrize("flag", ['"auto"', "None"])
def test_a_flag_left_to_auto_is_silent(tmp_path, flag):
    _, train, text = project(tmp_path, flag)
    assert check_source(text, str(train)).findings == []


def test_a_flag_that_disagrees_with_the_pin_stays_at_the_flag(tmp_path):
    strategies, train, text = project(tmp_path, '"cuda"')
    [finding] = check_source(text, str(train)).findings
    assert (finding.code, finding.span, finding.elsewhere) == ("LXF011", Span.of(4, 16, 4, 34), None)
    assert finding.message == CLASH.format(flag='"cuda"')
    assert [(f.title, f.preferred, f.path) for f in finding.fixes] == [
        ('Remove `accelerator="cuda"` from Fabric', True, None),
        ("Remove `accelerator=` from the strategy", False, str(strategies))]


def test_a_clash_written_in_one_module_stays_at_the_flag(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    text = STRATEGIES + "\n\nfrom lightning.fabric import Fabric\nfabric = Fabric(accelerator='tpu', strategy=make_strategy())\n"
    path = tmp_path / "train.py"
    path.write_text(text)
    [finding] = check_source(text, str(path)).findings
    assert (finding.span, finding.elsewhere, finding.message) == (Span.of(13, 16, 13, 33), None, CLASH.format(flag="'tpu'"))
    assert [(f.title, f.preferred, f.path) for f in finding.fixes] == [("Remove `accelerator='tpu'` from Fabric", True, None)]


# --- the command line ------------------------------------------------------------------------------
def test_check_reports_it_in_the_module_of_the_pin_and_fix_removes_the_pin(tmp_path):
    strategies, train, text = project(tmp_path)
    done = cli("--format", "json", ".", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    [entry] = json.loads(done.stdout)
    assert (entry["path"], entry["line"], entry["column"], entry["end_line"], entry["end_column"]) == (
        os.path.join("setup", "strategies.py"), 8, 9, 8, 37)
    assert entry["message"] == CLASH.format(flag='"tpu"') + NOTE + " (used in train.py, line 5)"
    assert [(f["title"], f["preferred"]) for f in entry["fixes"]] == [("Remove `accelerator=` from the strategy", True)]
    fixed = cli("--fix", "--unsafe-fixes", ".", cwd=tmp_path)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "Fixed 1 finding." in fixed.stdout and "All checks passed." in fixed.stdout
    assert strategies.read_text() == STRATEGIES_FIXED and train.read_text() == text  # the flag is left
    again = cli("--format", "json", ".", cwd=tmp_path)
    assert (again.returncode, json.loads(again.stdout)) == (0, [])


# --- the editor, over real stdio -------------------------------------------------------------------
def test_the_editor_links_the_pin_and_its_quick_fix_edits_that_module(tmp_path):
    strategies, train, text = project(tmp_path)
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize({"general": {"positionEncodings": ["utf-16"]}}, root=tmp_path.as_uri())
        client.open(train.as_uri(), text)
        note = client.wait_notification("textDocument/publishDiagnostics",
                                        lambda p: p["uri"] == train.as_uri() and p["diagnostics"], timeout=60)
        [diagnostic] = note["diagnostics"]
        assert diagnostic["range"] == {"start": {"line": 4, "character": 16}, "end": {"line": 4, "character": 33}}
        assert diagnostic["relatedInformation"] == [{
            "location": {"uri": strategies.as_uri(),
                         "range": {"start": {"line": 7, "character": 8}, "end": {"line": 7, "character": 36}}},
            "message": "the `accelerator=` of the `strategy=` argument is written here: the fix belongs here"}]
        actions = client.request("textDocument/codeAction", {
            "textDocument": {"uri": train.as_uri()}, "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic], "only": ["quickfix"]}}, timeout=60)
        preferred = [a for a in actions if a.get("isPreferred")]
        assert [a["title"] for a in preferred] == ["Remove `accelerator=` from the strategy (unsafe)"]
        assert list(preferred[0]["edit"]["changes"]) == [strategies.as_uri()]
        [edit] = preferred[0]["edit"]["changes"][strategies.as_uri()]
        assert (edit["range"], edit["newText"]) == (
            {"start": {"line": 6, "character": 39}, "end": {"line": 7, "character": 36}}, "")
        strategies.write_text(STRATEGIES_FIXED)
        mark = len(client.notifications)
        client.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": strategies.as_uri(), "type": 2}]})
        assert client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == train.as_uri(),
                                        timeout=60, start=mark)["diagnostics"] == []
        assert client.shutdown_and_exit() == 0
    finally:
        client.close()


def test_the_check_cache_keeps_what_is_written_at_the_place(tmp_path):
    from errata_lsp.check_cache import report_from_json, report_to_json

    _, train, text = project(tmp_path)
    report = check_source(text, str(train))
    again = report_from_json(json.loads(json.dumps(report_to_json(report))))
    assert again.findings == report.findings and again.findings[0].elsewhere.what.startswith("the `accelerator=`")
