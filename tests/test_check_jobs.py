"""`errata-lsp check --jobs N`: the report and its order are those of `--jobs 1`; a worker killed or
Ctrl-C gives one clear line and a non-zero exit, never a hang; a few files are checked in process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from errata_lsp.check_jobs import IN_PROCESS_BELOW

TRAIN = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import c{c}
from configs.c{c} import Block

strategy = XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy=c{c}.CHECKPOINT)


def train(fabric):
    with fabric.strategy.no_backward_sync(fabric.setup_module(Block())):
        pass


Fabric(strategy=strategy).launch(train)
"""
CONFIG = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n\n\nCHECKPOINT = {policy}\n"


def make_project(root: Path, trains: int) -> Path:
    """`trains` scripts in three packages, each reading one of ten configs (three hold a list)."""
    (root / "configs").mkdir(parents=True)
    (root / "pyproject.toml").write_text("")
    (root / "configs" / "__init__.py").write_text("")
    for c in range(10):
        (root / "configs" / f"c{c}.py").write_text(CONFIG.format(policy="[Block]" if c % 4 == 1 else "{Block}"))
    for i in range(trains):
        folder = root / f"runs{i % 3}"
        folder.mkdir(exist_ok=True)
        (folder / f"train_{i:03d}.py").write_text(TRAIN.format(c=i % 10))
    return root


def check(root: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", *extra, "."], cwd=root,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    return make_project(tmp_path_factory.mktemp("jobs") / "proj", IN_PROCESS_BELOW + 30)


@pytest.mark.parametrize("form", ["text", "json"])
def test_workers_report_what_one_process_reports(big, form):
    one, two = check(big, "--jobs", "1", "--format", form), check(big, "--jobs", "2", "--format", form)
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)
    if form == "text":
        found = [line.split(" ")[1] for line in one.stdout.splitlines() if ": LXF" in line]
        # every script: the strategy's no_backward_sync (LXF003); three configs' lists (LXF001), once each
        assert found.count("LXF001") == 3 and found.count("LXF003") == IN_PROCESS_BELOW + 30
        n = IN_PROCESS_BELOW + 33
        assert one.stdout.splitlines()[-1] == f"Found {n} findings: {n} errors ({n - 3} fixable with --fix)."


def _workers(pid: int) -> list[int]:
    """The worker processes (multiprocessing's spawned children) of the process `pid`."""
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in cmdline:
                out.append(int(child))
    return out


def _ctrl_c_as_a_terminal_leaves_it() -> None:
    """The child takes SIGINT as a command typed at a terminal does, however pytest was started: a shell
    starts a background job (`pytest &`) with SIGINT ignored, which every child would inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _started(big: Path, session: bool = False) -> tuple[subprocess.Popen, list[int]]:
    process = subprocess.Popen([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "--jobs", "2", "."],
                               cwd=big, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=session, preexec_fn=_ctrl_c_as_a_terminal_leaves_it)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        workers = _workers(process.pid)
        if workers:
            return process, workers
        time.sleep(0.02)
    process.kill()
    pytest.fail("no worker process started")


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the process tree from /proc")
def test_a_worker_killed_is_one_line_and_exit_2(big):
    process, workers = _started(big)
    os.kill(workers[0], signal.SIGKILL)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 2
    assert out == ""  # no report of part of the files
    assert err.count("\n") == 1 and err.startswith("errata-lsp check: a worker process stopped before it finished (")
    assert err.endswith("); nothing is reported\n")
    assert "Traceback" not in err


def test_a_worker_killed_while_the_next_one_starts_is_the_same_one_line(big):
    """The first worker dies (killed) just as the second is being started, whose start then finds the
    pool's pipes closed: still one line and exit 2, no traceback."""
    probe = ("import os, signal, sys, time\n"
             "import multiprocessing.popen_spawn_posix as spawn\n"
             "import errata_lsp.cli\n"
             "real, started = spawn.Popen._launch, []\n"
             "def launch(self, process):\n"
             "    if started:\n"
             "        os.kill(started[0], signal.SIGKILL)\n"
             "        time.sleep(1)  # the pool sees it die and closes its pipes\n"
             "    real(self, process)\n"
             "    started.append(self.pid)\n"
             "spawn.Popen._launch = launch\n"
             "sys.exit(errata_lsp.cli.main(['check', '--no-cache', '--jobs', '2', '.']))\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=big, capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(
        "errata-lsp check: a worker process stopped before it finished ("), done.stderr


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the process tree from /proc")
def test_ctrl_c_stops_every_worker_and_says_so_once(big):
    process, workers = _started(big, session=True)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal does: the whole foreground group
    out, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (130, "errata-lsp: interrupted\n")
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{w}").exists() and "Z" not in _state(w) for w in workers):
        assert time.monotonic() < deadline, "a worker outlived its run"
        time.sleep(0.05)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the process tree from /proc")
def test_a_worker_never_takes_ctrl_c_even_while_it_starts(big):
    """From the instant a worker exists, SIGINT is held (then ignored): a Ctrl-C there cannot print an
    interpreter's traceback of its own start-up. The parent is back to taking it once they are started."""
    process, workers = _started(big, session=True)
    try:
        masks = [_sigint_held_or_ignored(w) for w in workers]
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=60)
    assert masks == [True] * len(workers)


def _sigint_held_or_ignored(pid: int) -> bool:
    fields = dict(line.split(":\t", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                  if ":\t" in line)
    return bool((int(fields["SigBlk"], 16) | int(fields["SigIgn"], 16)) & (1 << (signal.SIGINT - 1)))


def test_the_parent_takes_ctrl_c_again_once_the_workers_started():
    from errata_lsp import check_jobs

    with check_jobs._sigint_held():
        assert signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set())
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "Z"


def test_ctrl_c_in_process_is_one_line(tmp_path):
    """SIGINT delivered while the files are read (the last one listed, then the signal)."""
    root = make_project(tmp_path / "proj", 3)
    process = subprocess.Popen([sys.executable, "-c",
                                "import errata_lsp.cli, os, signal, sys\n"
                                "import errata_lsp.files as files\n"
                                "real = files.python_files\n"
                                "def interrupted(paths):\n"
                                "    yield from real(paths)\n"
                                "    os.kill(os.getpid(), signal.SIGINT)\n"
                                "errata_lsp.cli.python_files = interrupted\n"
                                "sys.exit(errata_lsp.cli.main(['check', '--no-cache', '--jobs', '1', '.']))\n"],
                               cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=_ctrl_c_as_a_terminal_leaves_it)
    out, err = process.communicate(timeout=120)
    assert (process.returncode, out, err) == (130, "", "errata-lsp: interrupted\n")


def test_a_few_files_start_no_worker(tmp_path):
    """pre-commit on a file or two pays for no process pool: none is even imported."""
    root = make_project(tmp_path / "proj", 3)
    probe = ("import sys, errata_lsp.cli\n"
             "code = errata_lsp.cli.main(['check', '--no-cache', '--jobs', '8', '.'])\n"
             "print(code, 'concurrent.futures.process' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, timeout=120)
    assert result.stdout.splitlines()[-1] == "1 False"


def test_jobs_must_be_a_positive_number(tmp_path):
    result = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--jobs", "0", "."], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == ("errata-lsp check: error: argument --jobs/-j: '0' is not a number "
                                              "of processes (1 or more)")
