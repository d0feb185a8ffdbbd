"""The VS Code extension's start script with `errata.importStrategy: fromEnvironment`: it imports the
server of the interpreter's environment (here the one running the tests), and never the workspace's
own errata_lsp, package or module. No npm needed: the script is the repository's file."""
from __future__ import annotations

import os
import sys

import pytest

from conftest import ROOT, SHADOW_SHAPES, lsp_session, shadowing_workspace

START = ROOT / "editors" / "vscode" / "bundled" / "tool" / "start_server.py"


@pytest.mark.parametrize("shape", SHADOW_SHAPES)
def test_start_from_the_environment_never_runs_the_workspace(shape, tmp_path, monkeypatch):
    monkeypatch.setenv("ERRATA_IMPORT_STRATEGY", "fromEnvironment")
    ws, marker = shadowing_workspace(tmp_path, shape)
    code, output = lsp_session([sys.executable, str(START)], ws)
    assert not marker.exists(), output
    assert code == 0 and '"capabilities"' in output, output[-3000:]


def test_start_from_an_environment_without_errata_says_so(tmp_path, monkeypatch):
    import subprocess

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    # an environment without errata: nothing of the caller's PYTHONPATH (which may lead to a tree) either
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run([str(venv / "bin" / "python"), str(START)], capture_output=True, text=True, timeout=60,
                          env={**env, "ERRATA_IMPORT_STRATEGY": "fromEnvironment"}, cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"errata: cannot import the errata_lsp package with {venv / 'bin' / 'python'}")
    assert "set errata.importStrategy to useBundled" in proc.stderr
