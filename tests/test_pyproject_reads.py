"""A workspace's pyproject.toml is parsed once per change on disk, and one over the size cap is
never read: settings are asked for on every check, so they must cost a few `stat` calls."""

from __future__ import annotations

import os

import pytest

from errata_lsp.settings import SettingsError, settings_for


@pytest.fixture
def parses(monkeypatch):
    """The length of each text parsed as TOML."""
    import tomllib

    calls, real = [], tomllib.loads

    def counting(text, *args, **kwargs):
        calls.append(len(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(tomllib, "loads", counting)
    return calls


def test_parsed_once_until_the_file_changes(tmp_path, parses):
    project = tmp_path / "pyproject.toml"
    project.write_text('[tool.errata]\nignore = ["LXF005"]\n', encoding="utf-8")
    (tmp_path / "src").mkdir()
    script = tmp_path / "src" / "train.py"
    for _ in range(5):
        assert settings_for(script).ignore == ("LXF005",)
    assert len(parses) == 1
    project.write_text('[tool.errata]\nignore = ["LXF005", "LXF006"]\n', encoding="utf-8")
    stat = project.stat()
    os.utime(project, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert settings_for(script).ignore == ("LXF005", "LXF006")
    assert settings_for(script).ignore == ("LXF005", "LXF006")
    assert len(parses) == 2


def test_a_pyproject_over_the_cap_is_not_read(tmp_path, parses):
    project = tmp_path / "pyproject.toml"
    project.write_text('[tool.errata]\nignore = ["LXF005"]\n' + "# padding\n" * (2**20 // 10 + 1), encoding="utf-8")
    with pytest.raises(SettingsError, match=r"pyproject.toml: 1\.0 MiB is above the 1 MiB limit for a pyproject.toml; not read"):
        settings_for(tmp_path / "train.py")
    assert parses == []


def test_a_fifo_named_pyproject_does_not_block(tmp_path):
    os.mkfifo(tmp_path / "pyproject.toml")
    assert settings_for(tmp_path / "train.py").ignore == ()
