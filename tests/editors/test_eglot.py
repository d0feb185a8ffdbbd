"""Emacs (--batch) + eglot against the real errata server: flymake diagnostic, hover, code actions
(the quick fix applied by eglot), save, errata.explain, and a log file.
Debian: `apt-get install -y emacs-nox elpa-eglot` (Emacs 28.2 + eglot 1.9); Emacs 29+ has eglot built in."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import EDITORS_TESTS, copy_fixtures

EMACS = shutil.which("emacs")
SCRIPT = EDITORS_TESTS / "eglot" / "errata_e2e.el"


def _has_eglot() -> bool:
    if EMACS is None:
        return False
    if any(Path("/usr/share/emacs/site-lisp/elpa").glob("eglot-*")):
        return True
    proc = subprocess.run([EMACS, "--batch", "-Q", "--eval", "(kill-emacs (if (locate-library \"eglot\") 0 1))"],
                          capture_output=True, timeout=60)
    return proc.returncode == 0


@pytest.mark.skipif(not _has_eglot(), reason="emacs with eglot not installed (apt-get install -y emacs-nox elpa-eglot)")
def test_eglot_batch(tmp_path, errata_server_cmd):
    work = copy_fixtures(tmp_path / "work")
    env = dict(
        os.environ,
        HOME=str(tmp_path),  # ~/.emacs.d side effects stay in the temp dir
        ERRATA_CMD=json.dumps(errata_server_cmd),
        ERRATA_PY_FILE=str(work / "sample.py"),
        ERRATA_LOG_FILE=str(work / "runtime.log"),
    )
    proc = subprocess.run([EMACS, "--batch", "-Q", "-l", str(SCRIPT)], cwd=work, env=env,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0 and "PASS" in out, f"emacs exited {proc.returncode}\n{out[-6000:]}"
    assert "{Block}" in (work / "sample.py").read_text()
