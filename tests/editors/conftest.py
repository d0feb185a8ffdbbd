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
    """`npm ci` (only when node_modules is missing) and `npm run package` in editors/vscode; or the
    .vsix named by ERRATA_VSIX, already built (.ci/run tests the artifact it ships)."""
    if os.environ.get("ERRATA_VSIX"):
        vsix = Path(os.environ["ERRATA_VSIX"]).resolve()
        assert vsix.is_file(), f"ERRATA_VSIX={vsix} is not a file"
        return vsix
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed (apt-get install -y nodejs npm)")
    if not (VSCODE_DIR / "node_modules" / ".bin" / "vsce").exists():
        proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=VSCODE_DIR, capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, f"npm ci failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    vsix = VSCODE_DIR / "errata.vsix"
    if vsix.exists():
        vsix.unlink()
    proc = subprocess.run([npm, "run", "package"], cwd=VSCODE_DIR, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, f"npm run package failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    assert vsix.exists(), f"npm run package wrote no {vsix}:\n{proc.stdout[-2000:]}"
    with zipfile.ZipFile(vsix) as z:
        z.testzip()
    return vsix


@pytest.fixture(scope="session")
def vsix_path() -> Path:
    return build_vsix()


# --- a workspace with its own errata_lsp ------------------------------------------------------------
SHADOW_SHAPES = ("package", "module")


def shadowing_workspace(root: Path, shape: str) -> tuple[Path, Path]:
    """A project with its own `errata_lsp/` package or `errata_lsp.py` that leaves a marker if it is
    ever run: (workspace, marker)."""
    ws = root / f"ws-{shape}"
    ws.mkdir(parents=True)
    marker = root / f"RAN-{shape}"
    code = f"open({str(marker)!r}, 'w').close()\n"
    if shape == "package":
        (ws / "errata_lsp").mkdir()
        (ws / "errata_lsp" / "__init__.py").write_text(code)
        (ws / "errata_lsp" / "__main__.py").write_text(code)
        (ws / "errata_lsp" / "entry.py").write_text(code + "def main(argv=None):\n    return 0\n")
    else:
        (ws / "errata_lsp.py").write_text(code)
    return ws, marker


def lsp_session(cmd: list[str], cwd: Path) -> tuple[int, str]:
    """initialize, initialized, shutdown, exit over stdio with the test suite's client: (exit code, the
    initialize reply as JSON followed by everything the server wrote to stderr)."""
    import json
    import tempfile

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.stdio_client import LspClient, ServerError

    with tempfile.TemporaryDirectory() as tmp:
        stderr = Path(tmp) / "stderr"
        client = LspClient(cmd, cwd=str(cwd), stderr_path=stderr, start=False)
        client.start(drop_env=("PYTHONPATH",))
        try:
            reply = json.dumps({"result": client.request("initialize", {
                "processId": None, "rootUri": cwd.as_uri(), "capabilities": {}}, timeout=120)})
            client.notify("initialized", {})
            code = client.shutdown_and_exit(timeout=120)
        except (ServerError, OSError) as exc:  # the server did not start or went away: its stderr says why
            client.close()
            reply, code = f"{type(exc).__name__}: {exc}\n", client.proc.returncode
        return code, reply + stderr.read_text(errors="replace")
