"""`check` on trees a real workspace can hold: a symlink loop, a `*.py` link to /dev/zero, a 3 GB
file, a FIFO named `*.py`, a folder that cannot be read, names that are not UTF-8, and an output
stream that only takes ASCII. Each gets one clear line, exit 2 where something could not be checked,
and the rest of the tree is still checked."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

try:
    from reliability.odd_files import fifo, locked_folder, run_cli
except ImportError:
    from tests.reliability.odd_files import fifo, locked_folder, run_cli

IMPORT = "from lightning.fabric.strategies import XLAFSDPStrategy\n"
BAD = IMPORT + "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
FINDING = ":2:60: LXF001 `activation_checkpointing_policy` must be a set, found [Block]"


@pytest.fixture
def tree(tmp_path):
    """A folder holding one ordinary file with one finding."""
    root = tmp_path / "tree"
    root.mkdir()
    (root / "good.py").write_text(BAD, encoding="utf-8")
    return root


def lines(data: bytes) -> list[str]:
    return data.decode("utf-8", "replace").strip().splitlines()


def assert_one_line_and_the_rest_checked(done, tree: Path, odd: str, message: str) -> None:
    out, err = lines(done.stdout), lines(done.stderr)
    assert "Traceback" not in done.stderr.decode(), err
    assert err == [f"{odd}: {message}"], err
    assert out[0].startswith(f"{tree / 'good.py'}{FINDING}"), out
    assert out[1:] == ["1 file could not be checked (see above).", "Found 1 finding: 1 error (1 fixable with --fix)."], out
    assert done.returncode == 2


def test_symlink_loop(tree):
    (tree / "a.py").symlink_to(tree / "b.py")
    (tree / "b.py").symlink_to(tree / "a.py")
    done = run_cli("check", str(tree))
    assert lines(done.stderr) == [f"{tree / 'a.py'}: cannot read: Too many levels of symbolic links",
                                  f"{tree / 'b.py'}: cannot read: Too many levels of symbolic links"]
    assert lines(done.stdout)[1] == "2 files could not be checked (see above)."
    assert done.returncode == 2


def test_a_symlink_loop_named_alone(tree):
    (tree / "loop.py").symlink_to(tree / "loop.py")
    done = run_cli("check", str(tree / "loop.py"))
    assert lines(done.stderr) == [f"{tree / 'loop.py'}: cannot read: Too many levels of symbolic links"]
    assert lines(done.stdout) == ["1 file could not be checked (see above)."]
    assert done.returncode == 2


def test_a_py_link_to_dev_zero(tree):
    (tree / "zero.py").symlink_to("/dev/zero")
    done = run_cli("check", str(tree))
    assert_one_line_and_the_rest_checked(done, tree, str(tree / "zero.py"), "not a regular file (a character device)")


def test_a_fifo_named_py(tree):
    fifo(tree / "pipe.py")
    done = run_cli("check", str(tree), timeout=60)
    assert_one_line_and_the_rest_checked(done, tree, str(tree / "pipe.py"), "not a regular file (a FIFO)")


def test_a_three_gigabyte_file_is_not_read(tree):
    huge = tree / "huge.py"
    with open(huge, "wb") as handle:  # sparse: takes no disk, but reading it whole would take 3 GB of memory
        handle.write(IMPORT.encode())
        handle.truncate(3 * 2**30)
    done = run_cli("check", str(tree))  # the child may use 1 GiB of memory at most
    err = lines(done.stderr)
    assert err == [f"{huge}: skipped: 3072.0 MiB is above the 10 MiB limit; not checked"], err
    assert lines(done.stdout)[0].startswith(f"{tree / 'good.py'}{FINDING}")
    assert done.returncode == 1  # as any file above the limit: said, and not an error (tests/test_limits.py)


@pytest.mark.parametrize("mode", [0o000, 0o300], ids=["no-access", "enter-but-not-list"])
def test_a_folder_that_cannot_be_read(tree, mode):
    closed = locked_folder(tree / "closed", 0o755)
    (closed / "hidden.py").write_text(BAD, encoding="utf-8")
    closed.chmod(mode)
    try:
        done = run_cli("check", str(tree), plain_user=True)
    finally:
        closed.chmod(0o755)
    assert_one_line_and_the_rest_checked(done, tree, str(closed), "cannot list: Permission denied")
    assert "All checks passed" not in done.stdout.decode()


def test_a_file_in_a_folder_that_can_be_listed_but_not_entered(tree):
    closed = locked_folder(tree / "closed", 0o755)
    (closed / "hidden.py").write_text(BAD, encoding="utf-8")
    closed.chmod(0o644)
    try:
        done = run_cli("check", str(tree), plain_user=True)
    finally:
        closed.chmod(0o755)
    assert_one_line_and_the_rest_checked(done, tree, str(closed / "hidden.py"), "cannot read: Permission denied")


# --- names and output encodings --------------------------------------------------------------------------
NAME = b"caf\xe9_\xff.py"  # Latin-1, not UTF-8


@pytest.mark.parametrize("encoding", ["ascii:strict", "utf-8:strict", "latin-1:strict"])
def test_a_name_that_is_not_utf8_on_a_strict_output(tree, encoding):
    os.rename(tree / "good.py", os.path.join(os.fsencode(tree), NAME))
    done = run_cli("check", str(tree), env={"PYTHONIOENCODING": encoding})
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    out = done.stdout.decode("ascii", "replace").splitlines()
    assert out[0].startswith(f"{tree}/caf\\xe9_\\xff.py{FINDING}"), out
    assert out[-1] == "Found 1 finding: 1 error (1 fixable with --fix)."
    assert done.returncode == 1


def test_json_on_an_ascii_output_is_valid_json_naming_the_file(tree):
    name = tree / "é.py"
    name.write_text(BAD.replace("strategy =", "stratégie ="), encoding="utf-8")
    done = run_cli("check", "--format", "json", str(name), env={"PYTHONIOENCODING": "ascii:strict"})
    assert done.returncode == 1, done.stderr.decode()
    (finding,) = json.loads(done.stdout.decode("ascii"))
    assert finding["path"] == str(name) and finding["code"] == "LXF001"


def test_json_with_a_name_that_is_not_utf8_round_trips_to_the_file(tree):
    os.rename(tree / "good.py", os.path.join(os.fsencode(tree), NAME))
    done = run_cli("check", "--format", "json", str(tree))
    assert done.returncode == 1, done.stderr.decode()
    (finding,) = json.loads(done.stdout)
    assert os.fsencode(finding["path"]) == os.path.join(os.fsencode(tree), NAME)


def test_explain_on_an_ascii_output(tmp_path):
    message = "`activation_checkpointing_policy` has no effect without `auto_wrap_policy`: no module is checkpointed"
    done = run_cli("explain", message, cwd=tmp_path, env={"PYTHONIOENCODING": "ascii:strict"})
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    assert done.returncode == 0
    assert "(in setup_module \\u2192 _parse_fsdp_kwargs" in done.stdout.decode("ascii")  # the card's arrow, escaped
