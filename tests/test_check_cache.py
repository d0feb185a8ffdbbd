"""`errata-lsp check`'s cache: the same report from it as without it, and never a stale finding — an
imported module edited, a module added where an import looks, the settings changed — and a corrupt or
foreign shard ignored. Every run is the real console entry in a child process with its own cache folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from errata_lsp.check_cache import FORMAT, CheckCache

TRAIN = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import Block, CHECKPOINT

strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=CHECKPOINT)
fabric = Fabric(strategy=strategy)
"""
CONFIG_LIST = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n\n\nCHECKPOINT = [Block]\n"
CONFIG_SET = CONFIG_LIST.replace("[Block]", "{Block}")
FINDING = ("config.py:8:14: LXF001 `activation_checkpointing_policy` must be a set, found [Block] (from "
           "`CHECKPOINT`, `config.py`, line 8) (used in train.py, line 6)")


def check(root: Path, cache: Path | None, *extra: str, env: dict | None = None) -> subprocess.CompletedProcess:
    where = ["--no-cache"] if cache is None else ["--cache-dir", str(cache)]
    return subprocess.run([sys.executable, "-m", "errata_lsp", "check", *where, *extra, "."], cwd=root,
                          capture_output=True, text=True, timeout=120, env=env)


def lines(result: subprocess.CompletedProcess) -> list[str]:
    return [line for line in result.stdout.splitlines() if line.startswith(("config.py", "train.py"))]


def shards(cache: Path) -> list[Path]:
    return sorted((cache / f"v{FORMAT}").glob("*/*.json"))


def entries(cache: Path) -> dict[str, dict]:
    """Every file's entry, by file name."""
    return {name: entry for shard in shards(cache) for name, entry in json.loads(shard.read_text())["files"].items()}


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "proj"
    root.mkdir()
    (root / "pyproject.toml").write_text("[project]\nname = 'proj'\n")
    (root / "train.py").write_text(TRAIN)
    (root / "config.py").write_text(CONFIG_LIST)
    return root


def test_a_cached_run_reports_what_an_uncached_one_does(project, tmp_path):
    cache = tmp_path / "cache"
    for form in ([], ["--format", "json"]):
        fresh = check(project, None, *form)
        first, second = check(project, cache, *form), check(project, cache, *form)
        assert (first.returncode, first.stdout) == (second.returncode, second.stdout) == (1, fresh.stdout)
        assert first.stderr == second.stderr == fresh.stderr == ""
        if not form:
            assert lines(fresh) == [FINDING]
    assert sorted(entries(cache)) == ["config.py", "train.py"]
    assert len(shards(cache)) == 1  # the files of one folder, under one set of settings


def test_an_entry_is_what_the_second_run_reports(project, tmp_path):
    """The second run reads the entry (it says what the entry holds), it does not check again."""
    cache = tmp_path / "cache"
    check(project, cache)
    for shard in shards(cache):
        data = json.loads(shard.read_text())
        for entry in data["files"].values():
            for finding in entry["report"]["findings"]:
                finding["message"] = finding["message"].replace("must be a set", "MUST BE A SET")
        shard.write_text(json.dumps(data))
    assert lines(check(project, cache))[0].startswith("config.py:8:14: LXF001 `activation_checkpointing_policy` "
                                                      "MUST BE A SET, found [Block]")


def test_an_imported_module_edited_changes_the_importing_modules_finding(project, tmp_path):
    cache = tmp_path / "cache"
    assert lines(check(project, cache)) == [FINDING]
    (project / "config.py").write_text(CONFIG_SET)  # the same size: a stamp of size and time alone could miss it
    result = check(project, cache)
    assert (result.returncode, lines(result)) == (0, [])
    (project / "config.py").write_text(CONFIG_LIST)
    assert lines(check(project, cache)) == [FINDING]


def test_a_module_added_where_an_import_looks_is_read(project, tmp_path):
    """train.py's `from config import ...` first finds no module; a config.py that appears is found."""
    cache = tmp_path / "cache"
    (project / "config.py").unlink()
    first = check(project, cache)
    assert (first.returncode, lines(first)) == (0, [])
    (project / "config.py").write_text(CONFIG_LIST)  # train.py unchanged: its entry is named as before
    assert lines(check(project, cache)) == [FINDING]


def test_a_module_shadowing_another_in_a_package_is_read(tmp_path):
    """`from pkg import CHECKPOINT`: read through `pkg/__init__.py` from `pkg/settings.py`; a new folder
    `pkg/` beside an old `pkg.py`, or the reverse, changes what the import finds."""
    root = tmp_path / "proj"
    (root / "pkg").mkdir(parents=True)
    (root / "pyproject.toml").write_text("")
    (root / "train.py").write_text(TRAIN.replace("from config import", "from pkg.settings import"))
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "settings.py").write_text(CONFIG_SET)
    cache = tmp_path / "cache"
    assert lines(check(root, cache)) == []
    (root / "pkg" / "settings").mkdir()  # a package now comes first: `pkg/settings/__init__.py`
    (root / "pkg" / "settings" / "__init__.py").write_text(CONFIG_LIST)
    result = check(root, cache)
    assert [line.split(": LXF001")[0] for line in result.stdout.splitlines() if "LXF001" in line] == [
        "pkg/settings/__init__.py:8:14"]


def test_settings_changed_are_a_miss(project, tmp_path):
    cache = tmp_path / "cache"
    assert lines(check(project, cache)) == [FINDING]
    assert lines(check(project, cache, "--ignore", "LXF001")) == []
    (project / "pyproject.toml").write_text("[project]\nname = 'proj'\n[tool.errata]\nignore = ['LXF001']\n")
    assert lines(check(project, cache)) == []
    (project / "pyproject.toml").write_text("[project]\nname = 'proj'\n")
    assert lines(check(project, cache)) == [FINDING]


@pytest.mark.parametrize("garbage", [b"", b"{not json", b"\xff\xfe\x00", b'{"format": 999, "files": {}}', b"[]",
                                     b'{"format": 1, "files": []}',
                                     b'{"format": 1, "files": {"train.py": {"text": null, "modules": 3}}}',
                                     b'{"format": 1, "files": {"train.py": 7, "config.py": []}}'])
def test_a_corrupt_or_foreign_shard_is_a_miss(project, tmp_path, garbage):
    cache = tmp_path / "cache"
    expected = check(project, cache)
    for shard in shards(cache):
        shard.write_bytes(garbage)
    result = check(project, cache)
    assert (result.returncode, result.stdout, result.stderr) == (expected.returncode, expected.stdout, "")
    assert sorted(entries(cache)) == ["config.py", "train.py"]  # written again, whole


def test_an_entry_of_a_truncated_report_is_a_miss(project, tmp_path):
    """A valid JSON entry whose report lacks a field: a miss, not a crash."""
    cache = tmp_path / "cache"
    expected = check(project, cache)
    for shard in shards(cache):
        data = json.loads(shard.read_text())
        for entry in data["files"].values():
            for finding in entry["report"]["findings"]:
                del finding["span"]
        shard.write_text(json.dumps(data))
    result = check(project, cache)
    assert (result.returncode, result.stdout, result.stderr) == (expected.returncode, expected.stdout, "")


def test_no_cache_writes_nothing_and_the_default_folder_is_the_users(project, tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    result = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "."], cwd=project,
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 1 and not (tmp_path / "xdg").exists()
    result = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "."], cwd=project,
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 1
    assert sorted(entries(tmp_path / "xdg" / "errata")) == ["config.py", "train.py"]


def test_an_unwritable_cache_folder_checks_uncached(project, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    result = check(project, blocker / "cache")  # a folder under a file cannot be made
    assert (result.returncode, lines(result), result.stderr) == (1, [FINDING], "")


def test_the_cache_keeps_its_bound_by_dropping_the_least_recently_used_shards(tmp_path):
    folder = tmp_path / "cache" / f"v{FORMAT}" / "ab"
    folder.mkdir(parents=True)
    for i in range(10):
        entry = folder / f"{i}.json"
        entry.write_bytes(b"x" * 1000)
        os.utime(entry, ns=(i * 10**9, i * 10**9))  # 0 is the least recently used
    cache = CheckCache(tmp_path / "cache")
    cache.prune(limit=5000)
    assert sorted(int(p.stem) for p in folder.iterdir()) == [7, 8, 9]  # down to 3/4 of the bound
    cache.prune(limit=5000)
    assert len(list(folder.iterdir())) == 3


def test_the_entry_of_a_file_gone_is_dropped_from_its_shard(project, tmp_path):
    cache = tmp_path / "cache"
    check(project, cache)
    (project / "extra.py").write_text("x = 1\n")
    check(project, cache)
    assert sorted(entries(cache)) == ["config.py", "extra.py", "train.py"]
    (project / "extra.py").unlink()
    (project / "config.py").write_text(CONFIG_SET)  # a change: the shard is written again
    check(project, cache)
    assert sorted(entries(cache)) == ["config.py", "train.py"]


def test_a_cached_run_loads_no_rule(project, tmp_path):
    """Every file from the cache: the rule pack is never imported (nor is it for a file without a pack's words)."""
    cache = tmp_path / "cache"
    check(project, cache)
    probe = ("import sys, errata_lsp.cli\n"
             f"code = errata_lsp.cli.main(['check', '--cache-dir', {str(cache)!r}, '.'])\n"
             "print(code, 'errata_lsp.analysis.rules' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", probe], cwd=project, capture_output=True, text=True, timeout=120)
    assert result.stdout.splitlines()[0] == FINDING
    assert result.stdout.splitlines()[-1] == "1 False"
    (project / "config.py").write_text(CONFIG_SET)  # train.py checked again: the rules are loaded
    result = subprocess.run([sys.executable, "-c", probe], cwd=project, capture_output=True, text=True, timeout=120)
    assert result.stdout.splitlines()[-1] == "0 True"


def test_a_module_changed_during_the_run_is_not_kept(project, tmp_path):
    """config.py's time says it changed after the run began (an edit while it ran): train.py's report,
    which read it, is not kept (config.py's own is: its text is what was checked)."""
    cache = tmp_path / "cache"
    future = time.time_ns() + 3600 * 10**9
    os.utime(project / "config.py", ns=(future, future))
    assert lines(check(project, cache)) == [FINDING]
    assert sorted(entries(cache)) == ["config.py"]


def test_the_user_records_changed_are_another_entry(project, tmp_path):
    cache = tmp_path / "cache"
    (project / "records.jsonl").write_text("")
    (project / "pyproject.toml").write_text("[project]\nname = 'proj'\n[tool.errata]\nkb-paths = ['records.jsonl']\n")
    check(project, cache)
    assert len(shards(cache)) == 1
    check(project, cache)
    assert len(shards(cache)) == 1
    (project / "records.jsonl").write_text("\n")  # what a rule of the records could say has changed
    check(project, cache)
    assert len(shards(cache)) == 2


def test_a_folder_no_import_can_name_keeps_the_entries(project, tmp_path):
    """`.pytest_cache/` or `.ruff_cache/` made in the project changes no import: the entries hold; a
    folder an import can name (`newpkg/`) may change one: they are checked again."""
    cache = tmp_path / "cache"
    check(project, cache)

    def mark() -> None:  # what the entries say, changed, shows whether they are used
        for shard in shards(cache):
            data = json.loads(shard.read_text())
            for entry in data["files"].values():
                for finding in entry["report"]["findings"]:
                    finding["message"] = "KEPT " + finding["message"]
            shard.write_text(json.dumps(data))

    mark()
    (project / ".pytest_cache").mkdir()
    (project / "notes-v2.py").write_text("")
    assert lines(check(project, cache))[0].startswith("config.py:8:14: LXF001 KEPT `activation")
    (project / "newpkg").mkdir()
    assert lines(check(project, cache)) == [FINDING]
