"""`check --fix` never loses the user's file: a full disk or a failed write leaves the original as it
was and says so, a save made while the check ran is kept, the mode and the owner survive, and a
symbolic link leading out of the paths given is reported, not written through."""

from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
from pathlib import Path

import pytest

from errata_lsp.cli import main

try:
    from reliability.odd_files import run_cli
except ImportError:
    from tests.reliability.odd_files import run_cli

IMPORT = "from lightning.fabric.strategies import XLAFSDPStrategy\n"
BAD = IMPORT + "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
FIXED = BAD.replace("[Block]", "{Block}")
PADDING = "".join(f"# line {i} of padding so the file is larger than the write limit\n" for i in range(2000))


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = tmp_path / "proj"
    root.mkdir()
    monkeypatch.chdir(root)
    return root


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in ("t.py",))


# --- a write that fails half-way ---------------------------------------------------------------------
def _file_size_limit(limit: int):
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def test_a_write_that_fails_half_way_leaves_the_original_whole(project):
    original = (BAD + PADDING).encode()
    path = project / "t.py"
    path.write_bytes(original)
    done = run_cli("check", "--fix", "t.py", cwd=project, preexec=_file_size_limit(len(original) // 2),
                   env={"PYTHONDONTWRITEBYTECODE": "1"})
    assert path.read_bytes() == original
    err = done.stderr.decode()
    assert err.strip() == "t.py: cannot write: File too large; the file is unchanged", err
    assert done.returncode == 2
    assert leftovers(project) == []  # no temporary file left beside it


@pytest.fixture
def small_disk(tmp_path):
    """A real file system of 64 KiB (tmpfs), where it can be mounted."""
    mount = tmp_path / "disk"
    mount.mkdir()
    try:
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], check=True,
                       capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        pytest.skip("cannot mount a small tmpfs here (needs root): the file-size-limit test covers the same path")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], capture_output=True, timeout=30)


def test_a_full_disk_leaves_the_original_whole(small_disk):
    original = (BAD + PADDING[: 40_000]).encode()
    path = small_disk / "t.py"
    path.write_bytes(original)
    filler = small_disk / "filler"
    with open(filler, "wb", buffering=0) as handle:  # fill the rest of the disk
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError:
            pass
    done = run_cli("check", "--fix", "t.py", cwd=small_disk, env={"PYTHONDONTWRITEBYTECODE": "1"})
    assert path.read_bytes() == original
    err = done.stderr.decode()
    assert err.strip() == "t.py: cannot write: No space left on device; the file is unchanged", err
    assert done.returncode == 2
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler", "t.py"]


def test_a_folder_that_cannot_take_a_new_file_leaves_the_original_whole(project):
    path = project / "sub" / "t.py"
    path.parent.mkdir()
    path.write_text(BAD, encoding="utf-8")
    path.parent.chmod(0o555)
    try:
        done = run_cli("check", "--fix", "sub/t.py", cwd=project, plain_user=True)
    finally:
        path.parent.chmod(0o755)
    assert path.read_text(encoding="utf-8") == BAD
    assert done.stderr.decode().strip() == "sub/t.py: cannot write: Permission denied; the file is unchanged"
    assert done.returncode == 2


# --- a save made while the check ran -------------------------------------------------------------------
def test_a_save_made_during_the_check_is_kept(project, capsys, monkeypatch):
    import errata_lsp.cli as cli

    path = project / "t.py"
    path.write_text(BAD, encoding="utf-8")
    saved = BAD + "x = 1  # typed in the editor and saved while the check ran\n"
    real_fix_all = cli.fix_all

    def fix_all_during_a_save(*args, **kwargs):
        result = real_fix_all(*args, **kwargs)
        path.write_text(saved, encoding="utf-8")  # the editor saves between the read and the write
        return result

    monkeypatch.setattr(cli, "fix_all", fix_all_during_a_save)
    assert main(["check", "--fix", "t.py"]) == 2
    assert path.read_text(encoding="utf-8") == saved
    err = capsys.readouterr().err
    assert "t.py: changed on disk since it was read; the fixes are not written, its new content is kept" in err
    assert leftovers(project) == []


# --- what the file keeps ------------------------------------------------------------------------------------
def test_mode_and_owner_are_kept(project):
    path = project / "t.py"
    path.write_text(BAD, encoding="utf-8")
    path.chmod(0o640)
    owner = (path.stat().st_uid, path.stat().st_gid)
    if os.geteuid() == 0:
        os.chown(path, 65534, 65534)  # someone else's file, fixed by root
        owner = (65534, 65534)
    done = run_cli("check", "--fix", "t.py", cwd=project)
    assert done.returncode == 0, done.stderr.decode()
    assert path.read_text(encoding="utf-8") == FIXED
    info = path.stat()
    assert stat.S_IMODE(info.st_mode) == 0o640
    assert (info.st_uid, info.st_gid) == owner
    assert leftovers(project) == []


# --- symbolic links -----------------------------------------------------------------------------------------
def test_a_link_out_of_the_paths_given_is_reported_not_written(tmp_path):
    project, elsewhere = tmp_path / "proj", tmp_path / "elsewhere"
    project.mkdir()
    elsewhere.mkdir()
    real = elsewhere / "real.py"
    real.write_text(BAD, encoding="utf-8")
    (project / "link.py").symlink_to(real)
    done = run_cli("check", "--fix", "proj", cwd=tmp_path)
    assert real.read_text(encoding="utf-8") == BAD
    assert (project / "link.py").is_symlink()
    err = done.stderr.decode().strip().splitlines()
    assert err == [f"proj/link.py: a symbolic link to {real}, outside the paths given; not fixed, the file is unchanged"]
    assert done.returncode == 2


def test_a_link_inside_the_paths_given_fixes_its_target_and_stays_a_link(project):
    real = project / "real.py"
    real.write_text(BAD, encoding="utf-8")
    (project / "alias.py").symlink_to("real.py")
    done = run_cli("check", "--fix", ".", cwd=project)
    assert done.returncode == 0, done.stderr.decode()
    assert real.read_text(encoding="utf-8") == FIXED
    assert (project / "alias.py").is_symlink() and os.readlink(project / "alias.py") == "real.py"
