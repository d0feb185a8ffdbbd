"""The pre-commit hooks, run by the real `pre-commit` tool (`try-repo`) on a throwaway repository:
errata-check fails on a finding, errata-fix fixes it, errata-check then passes.

pre-commit installs the hooks' environment from this project (pip: the network), which takes a
while; so the test has its own marker, off by default: `python -m pytest -m pre_commit` (CI runs it).
Without pre-commit or git it says so and skips.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BAD = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
       "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n")

pytestmark = [
    pytest.mark.pre_commit,
    pytest.mark.skipif(importlib.util.find_spec("pre_commit") is None or shutil.which("git") is None,
                       reason="pre-commit (pip install pre-commit) or git is not installed"),
]


def git(*args: str, cwd: Path) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def hooks_repo(tmp_path_factory) -> tuple[Path, str]:
    """This project's files as they are now (committed or not), committed in a repository of their
    own, so every try-repo below uses one commit and one hook environment."""
    repo = tmp_path_factory.mktemp("hooks") / "errata"
    listed = git("ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=ROOT).split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            target = repo / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    git("init", "-q", cwd=repo)
    git("add", "-A", cwd=repo)
    git("commit", "-q", "-m", "snapshot", cwd=repo)
    return repo, git("rev-parse", "HEAD", cwd=repo).strip()


def try_repo(hooks: tuple[Path, str], hook: str, project: Path, home: Path) -> subprocess.CompletedProcess:
    repo, rev = hooks
    env = {**os.environ, "PRE_COMMIT_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(repo), hook, "--ref", rev, "--all-files"],
        cwd=project, env=env, capture_output=True, text=True, timeout=900)


def test_check_fails_on_a_finding_and_passes_after_errata_fix(hooks_repo, tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / "train.py").write_text(BAD, encoding="utf-8")
    (project / "clean.py").write_text("print('no pack words here')\n", encoding="utf-8")
    git("init", "-q", cwd=project)
    git("add", "-A", cwd=project)
    home = tmp_path / "pre-commit-home"

    failed = try_repo(hooks_repo, "errata-check", project, home)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "errata check" in failed.stdout and "Failed" in failed.stdout
    assert "train.py:2:60: LXF001 `activation_checkpointing_policy` must be a set, found [Block]" in failed.stdout
    assert (project / "train.py").read_text(encoding="utf-8") == BAD  # the check hook changes nothing

    fixed = try_repo(hooks_repo, "errata-fix", project, home)
    # pre-commit fails a hook that modified files, so the user sees and stages the fix
    assert fixed.returncode == 1 and "files were modified by this hook" in fixed.stdout, fixed.stdout
    assert (project / "train.py").read_text(encoding="utf-8") == BAD.replace("[Block]", "{Block}")

    git("add", "-A", cwd=project)
    passed = try_repo(hooks_repo, "errata-check", project, home)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "errata check" in passed.stdout and "Passed" in passed.stdout
