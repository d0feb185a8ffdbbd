"""A plugin picked out of a registry by a key written elsewhere (`PRECISIONS[name](...)` with `name` a settings
module's constant) is placed where the key is written when the registry also builds `XLAPrecision`: the entry is
a sound plugin for other strategies, the pick is what XLAFSDPStrategy cannot take. The value keeps the key that
picked it (`Value.picked`, set by flow.py's subscript reading and kept by the call of the entry)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.findings import Place, Severity, Span

PRECISIONS = (
    "from lightning.fabric.plugins import HalfPrecision, MixedPrecision, XLAPrecision\n"
    "\n"
    "PRECISIONS = {{\"xla\": {xla}, \"half\": HalfPrecision}}\n"
    "\n"
    "\n"
    "def build(name, precision=\"bf16-true\"):\n"
    "    return PRECISIONS[name](precision)\n"
)
TRAIN = (
    "from lightning.fabric import Fabric\n"
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "\n"
    "from precisions import build\n"
    "from settings import PLUGIN\n"
    "\n"
    "fabric = Fabric(strategy=XLAFSDPStrategy(), plugins=[build({key})])\n"
)
FOUND = "The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found `PRECISIONS[name](precision)` (`precisions.py`, line 7)"
RAISES = (": `Fabric(...)` raises TypeError when it hands the plugin to the strategy. Prefer the string flag, "
          "`Fabric(precision='bf16-true')` ('32-true', '16-true' or 'bf16-true')")
PICKED = ", picked by the key `\"half\"` (`settings.py`, line 1) out of a registry that also builds `XLAPrecision`"
USE = Span.of(6, 53, 6, 66)  # `build(PLUGIN)`


def project(tmp_path: Path, plugin: str = "half", xla: str = "XLAPrecision", key: str = "PLUGIN") -> tuple[Path, str]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "precisions.py").write_text(PRECISIONS.format(xla=xla))
    (tmp_path / "settings.py").write_text(f"PLUGIN = \"{plugin}\"\n")
    text = TRAIN.format(key=key)
    (tmp_path / "train.py").write_text(text)
    return tmp_path / "train.py", text


def test_a_registry_pick_by_a_key_of_another_module_is_placed_at_the_key(tmp_path):
    train, text = project(tmp_path)
    [finding] = check_source(text, str(train)).findings
    assert (finding.code, finding.severity, finding.span) == ("LXF008", Severity.ERROR, USE)
    assert finding.message == FOUND + PICKED + RAISES
    assert finding.elsewhere == Place(str(tmp_path / "settings.py"), Span.of(0, 9, 0, 15),
                                      "the key that picks the plugin is written here")


def test_the_key_of_the_xla_entry_is_silent(tmp_path):
    train, text = project(tmp_path, plugin="xla")
    assert check_source(text, str(train)).findings == []


def test_a_registry_without_an_xla_entry_is_placed_where_the_plugin_is_built(tmp_path):
    train, text = project(tmp_path, xla="MixedPrecision")
    [finding] = check_source(text, str(train)).findings
    assert (finding.code, finding.span, finding.message) == ("LXF008", USE, FOUND + RAISES)
    assert finding.elsewhere == Place(str(tmp_path / "precisions.py"), Span.of(6, 11, 6, 38))


def test_a_key_written_at_the_use_keeps_the_finding_there(tmp_path):
    train, text = project(tmp_path, key='"half"')
    [finding] = check_source(text, str(train)).findings
    assert (finding.code, finding.span, finding.elsewhere) == ("LXF008", Span.of(6, 53, 6, 66), None)
    assert finding.message == FOUND + PICKED.replace("(`settings.py`, line 1)", "(line 7)") + RAISES


def test_check_reports_it_in_the_module_that_writes_the_key(tmp_path):
    project(tmp_path)
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--format", "json", "."], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, env={**os.environ, "NO_COLOR": "1"})
    assert done.returncode == 1, done.stderr
    [entry] = json.loads(done.stdout)
    assert (entry["path"], entry["line"], entry["column"], entry["end_column"], entry["code"]) == (
        "settings.py", 1, 10, 16, "LXF008")
    assert entry["message"] == FOUND + PICKED + RAISES + " (used in train.py, line 7)"
