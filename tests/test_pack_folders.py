"""A pack is its folder: the packs are found from `analysis/packs/*/`, in the order they declare, and a
pack's folder removed from a copy of the package leaves everything outside it working, in a real
`errata-lsp` process run on that copy."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from errata_lsp.analysis import packs
from errata_lsp.kb.base import SHIPPED

ROOT = Path(__file__).parents[1]
PACKS = ROOT / "server" / "errata_lsp" / "analysis" / "packs"
# One script per pack (and the example the README shows), so each pack's findings are looked at.
SCRIPTS = [ROOT / "examples" / "train_tpu.py", ROOT / "tests" / "corpus" / "c05_half_precision_plugin.py",
           ROOT / "tests" / "corpus" / "t01_xla_half_precision_plugin.py",
           ROOT / "tests" / "corpus" / "t03_xla_all_reduce_max.py"]


def test_packs_are_the_folders_in_their_declared_order():
    folders = {p.name for p in PACKS.iterdir() if (p / "__init__.py").is_file()}
    assert set(packs.NAMES) == folders
    # the shared Lightning pack first, then the findings' order of before: XLAFSDP's, CUDA FSDP's, XLA's
    assert packs.NAMES == ("lightning", "xla_fsdp", "cuda_fsdp", "xla_single")
    assert packs.RULE_PACKAGES == ("errata_lsp.analysis.packs.xla_fsdp.rules",)
    # the knowledge base finds each pack's records by the folder convention alone (it imports no pack)
    assert [p.parent.name for p in SHIPPED] == ["cuda_fsdp", "xla_fsdp", "xla_single"]


def _copy_without(tmp_path: Path, pack: str | None) -> Path:
    target = tmp_path / "server"
    shutil.copytree(ROOT / "server", target, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    if pack is not None:
        shutil.rmtree(target / "errata_lsp" / "analysis" / "packs" / pack)
    return target


def _run(server: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(server), "XDG_CACHE_HOME": str(server.parent / "cache")}
    done = subprocess.run([sys.executable, "-m", "errata_lsp", *args], capture_output=True, text=True,
                          env=env, cwd=server.parent, timeout=300)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def _codes(server: Path) -> list[str]:
    done = _run(server, "rules")
    assert done.returncode == 0, done.stderr
    return [line.split()[0] for line in done.stdout.splitlines() if line.strip()]


Finding = tuple[str, str, str, int, int, str]


def _findings(server: Path) -> list[Finding]:
    done = _run(server, "check", "--format", "json", *map(str, SCRIPTS))
    assert done.returncode in (0, 1), done.stderr
    return [(Path(f["path"]).name, f["code"], f["severity"], f["line"], f["column"], f["message"])
            for f in json.loads(done.stdout)]


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], list[Finding]]:
    server = _copy_without(tmp_path_factory.mktemp("whole"), None)
    return _codes(server), _findings(server)


def test_removing_the_xla_strategies_pack_leaves_the_rest_as_it_was(tmp_path, whole):
    """The pack added by following the README's "How to add a pack": nothing outside its folder names it."""
    codes, findings = whole
    assert {"XLA001", "XLA002", "XLA003", "LXF001", "FSDP005"} <= set(codes)
    assert {"XLA001", "XLA002", "XLA003"} <= {code for _, code, *_ in findings}
    server = _copy_without(tmp_path, "xla_single")
    assert _codes(server) == [code for code in codes if not code.startswith("XLA")]
    assert _findings(server) == [f for f in findings if not f[1].startswith("XLA")]
    validated = _run(server, "kb", "validate")
    # the one thing left behind: the per-release table of every Lightning record, shared by the packs and
    # generated from them, still names the removed pack's records (a table per pack would remove it too)
    removed = sorted(json.loads(line)["id"] for records in (PACKS / "xla_single" / "records").glob("*.jsonl")
                     for line in records.read_text(encoding="utf-8").splitlines() if line.strip())
    table = json.loads((ROOT / "server" / "errata_lsp" / "kb" / "versions" / "lightning.json").read_text())["records"]
    expected = [rid for rid in removed if rid in table]
    assert expected, "the table names the pack's records"
    assert sorted(line.split("'")[1] for line in validated.stdout.splitlines()) == expected, validated.stdout
    assert all(line.endswith(": no such record") for line in validated.stdout.splitlines())
