"""Odd things a workspace can hold (FIFOs, device files, folders that cannot be entered) and a way to
run the real command line as a user whom permissions apply to, even when the tests run as root."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ERRATA = [sys.executable, "-m", "errata_lsp"]
MEMORY_LIMIT = 1 << 30  # a child that reads /dev/zero whole fails fast instead of taking the machine


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_cli(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None, timeout: float = 60,
            plain_user: bool = False, preexec=_limited) -> subprocess.CompletedProcess:
    """The real console entry point in a child process with bounded memory; bytes out."""
    command = [*ERRATA, *args]
    if plain_user:
        command = [*plain_user_prefix(), *command]
    return subprocess.run(command, capture_output=True, cwd=cwd, timeout=timeout, preexec_fn=preexec,
                          env={**os.environ, **(env or {})})


def plain_user_prefix() -> list[str]:
    """Root reads and enters every folder whatever its mode; without the two capabilities that let
    it, it meets permissions as any user does (files it made are its own, so the owner bits apply)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root and setpriv is missing: root reads every folder, so this cannot be shown")
    caps = "-dac_override,-dac_read_search"
    return [setpriv, f"--bounding-set={caps}", f"--inh-caps={caps}"]


def locked_folder(path: Path, mode: int) -> Path:
    """A folder with `mode` (0o644: can be listed but not entered; 0o000: neither)."""
    path.mkdir(parents=True, exist_ok=True)
    path.chmod(mode)
    return path


def fifo(path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    os.mkfifo(path)
    return path
