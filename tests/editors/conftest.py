"""Shared helpers for the real-editor tests (Neovim, Emacs/eglot, VS Code in code-server).

These tests start the real errata language server, never a stub: the `errata-lsp` script of the
Python running pytest (so a `pip install -e .` checkout is what gets tested), else `errata-lsp`
on PATH, else `python -m errata_lsp`.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EDITORS_TESTS = Path(__file__).resolve().parent
FIXTURES = EDITORS_TESTS / "fixtures"
VSCODE_DIR = ROOT / "editors" / "vscode"
CLIENTS_DIR = Path(os.environ.get("ERRATA_CLIENTS_DIR", ROOT / ".clients"))


def server_command() -> list[str]:
    """argv of the real errata server for the editors to start."""
    bindir = Path(sys.executable).parent
    for name in ("errata-lsp", "errata-lsp.exe"):
        if (bindir / name).exists():
            return [str(bindir / name)]
    found = shutil.which("errata-lsp")
    if found:
        return [found]
    return [sys.executable, "-m", "errata_lsp"]


@pytest.fixture(scope="session")
def errata_server_cmd() -> list[str]:
    if importlib.util.find_spec("errata_lsp") is None:
        pytest.fail("errata_lsp is not importable: run `pip install -e .` in the repository first")
    cmd = server_command()
    proc = subprocess.run(cmd + ["--help"], capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        pytest.fail(f"`{' '.join(cmd)} --help` exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}")
    return cmd


def copy_fixtures(dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    for f in FIXTURES.iterdir():
        if f.is_file():
            shutil.copy(f, dest / f.name)
    return dest


def build_vsix() -> Path:
    """`npm ci` (only when node_modules is missing) and `npm run package` in editors/vscode."""
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed (apt-get install -y nodejs npm)")
    if not (VSCODE_DIR / "node_modules" / ".bin" / "vsce").exists():
        proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=VSCODE_DIR, capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, f"npm ci failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    vsix = VSCODE_DIR / "errata.vsix"
    if vsix.exists():
        vsix.unlink()
    proc = subprocess.run([npm, "run", "package"], cwd=VSCODE_DIR, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, f"npm run package failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    assert vsix.exists(), f"npm run package wrote no {vsix}:\n{proc.stdout[-2000:]}"
    with zipfile.ZipFile(vsix) as z:
        z.testzip()
    return vsix


@pytest.fixture(scope="session")
def vsix_path() -> Path:
    return build_vsix()
