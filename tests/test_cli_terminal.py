"""`errata-lsp check` as a person sees it on a terminal (a real pseudo-terminal): colour and a code
frame; plain lines when piped; NO_COLOR and FORCE_COLOR honoured. And the command line's other
courtesies: an unknown code in --select / --ignore is an error, counts read in the plural, and
--statistics lines up."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
          "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block],\tauto_wrap_policy={Block})\n")
LINE = "/train.py:2:53: LXF001 `activation_checkpointing_policy` must be a set, found [Block]"
FRAME = ("  |\n"
         "2 | s = XLAFSDPStrategy(activation_checkpointing_policy=[Block],    auto_wrap_policy={Block})\n"  # the tab to column 64
         "  |                                                     ^^^^^^^\n")
ESC = "\x1b["


def env(**changes: str | None) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    out["TERM"] = "xterm-256color"
    out.update({k: v for k, v in changes.items() if v is not None})
    return out


def on_a_terminal(args: list[str], cwd: Path, environ: dict[str, str]) -> tuple[int, str]:
    """Run errata with stdout and stderr on a new pseudo-terminal: its exit code and what the terminal got."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "errata_lsp", *args], stdin=subprocess.DEVNULL,
                            stdout=follower, stderr=follower, cwd=cwd, env=environ)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the other side is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    return proc.wait(60), b"".join(chunks).decode().replace("\r\n", "\n")


@pytest.fixture
def script(tmp_path) -> Path:
    (tmp_path / "train.py").write_text(SOURCE, encoding="utf-8")
    return tmp_path


def test_a_terminal_gets_colour_and_a_code_frame(script):
    code, out = on_a_terminal(["check", "train.py", "--select", "LXF001"], script, env())
    assert code == 1
    assert ("\x1b[1mtrain.py\x1b[0m\x1b[2m:2:53\x1b[0m: \x1b[1;31mLXF001\x1b[0m `activation_checkpointing_policy` "
            "must be a set, found [Block]\n") in out
    assert "\x1b[1;31m" + " " * 52 + "^^^^^^^\x1b[0m\n" in out  # under column 53


def test_no_color_keeps_the_frame_without_colour(script):
    code, out = on_a_terminal(["check", "train.py", "--select", "LXF001"], script, env(NO_COLOR="1"))
    assert code == 1 and ESC not in out
    assert out == f"train.py{LINE[len('/train.py'):]}\n{FRAME}\nFound 1 finding: 1 error (1 fixable with --fix).\n"


def test_piped_output_is_plain_and_force_color_colours_it(script):
    piped = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "train.py", "--select", "LXF001"],
                           cwd=script, capture_output=True, text=True, env=env(), timeout=60)
    assert piped.stdout == f"train.py{LINE[len('/train.py'):]}\nFound 1 finding: 1 error (1 fixable with --fix).\n"
    forced = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "train.py", "--select", "LXF001"],
                            cwd=script, capture_output=True, text=True, env=env(FORCE_COLOR="1", NO_COLOR="1"),
                            timeout=60)
    assert "\x1b[1;31mLXF001\x1b[0m" in forced.stdout and "^^^^^^^" in forced.stdout
    to_a_file = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "train.py", "--select", "LXF001",
                                "--output-file", "report.txt"], cwd=script, env=env(FORCE_COLOR="1"), timeout=60)
    assert to_a_file.returncode == 1 and ESC not in (script / "report.txt").read_text()


@pytest.mark.parametrize(("args", "message"), [
    (["--select", "NOPE"], "errata-lsp check: --select: no rule has the code NOPE; `errata-lsp rules` lists the rules\n"),
    (["--ignore", "LXF001,nope,ZZ9"],
     "errata-lsp check: --ignore: no rule has the codes NOPE, ZZ9; `errata-lsp rules` lists the rules\n"),
])
def test_an_unknown_code_is_an_error_naming_it(script, args, message):
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "train.py", *args], cwd=script,
                          capture_output=True, text=True, env=env(), timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", message)


def test_counts_read_in_the_plural_and_statistics_line_up(script):
    (script / "more.py").write_text(SOURCE.replace("s = ", "t = "), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", ".", "--statistics"], cwd=script,
                          capture_output=True, text=True, env=env(), timeout=60)
    assert done.stdout == (
        "2  LXF001  [*] `activation_checkpointing_policy` of XLAFSDPStrategy must be a set of module classes\n"
        "Found 2 findings: 2 errors (2 fixable with --fix).\n")
    (script / "more.py").write_text(SOURCE.replace("auto_wrap_policy={Block}", "state_dict_type='full'"), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", ".", "--statistics"], cwd=script,
                          capture_output=True, text=True, env=env(), timeout=60)
    assert done.stdout == (
        "2  LXF001  [*] `activation_checkpointing_policy` of XLAFSDPStrategy must be a set of module classes\n"
        "1  LXF005  [ ] `activation_checkpointing_policy` does nothing unless `auto_wrap_policy` is set too\n"
        "Found 3 findings: 2 errors, 1 warning (2 fixable with --fix).\n")
