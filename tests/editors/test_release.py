"""Release settings: pyproject.toml is the one place for the version, the repository and the VS Code
publisher id; the extension's package.json follows it (editors/vscode/scripts/release_settings.py)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, VSCODE_DIR

SCRIPT = VSCODE_DIR / "scripts" / "release_settings.py"


def run(script: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=60)


def layout(tmp_path: Path) -> Path:
    """A copy of the files the script reads, laid out as in the repository."""
    (tmp_path / "editors" / "vscode" / "scripts").mkdir(parents=True)
    for name in ("pyproject.toml", "CHANGELOG.md", "editors/vscode/package.json", "editors/vscode/scripts/release_settings.py"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path / "editors" / "vscode" / "scripts" / "release_settings.py"


def test_the_repository_agrees_with_itself():
    proc = run(SCRIPT, "--check")
    assert proc.returncode == 0, proc.stderr
    manifest = json.loads((VSCODE_DIR / "package.json").read_text(encoding="utf-8"))
    assert run(SCRIPT, "--tag").stdout == f"v{manifest['version']}\n"


def test_a_new_repository_and_publisher_in_pyproject_reach_package_json(tmp_path):
    script = layout(tmp_path)
    pyproject = tmp_path / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    pyproject.write_text(text.replace('Repository = "https://github.com/errata-lsp/errata"',
                                      'Repository = "https://example.org/team/errata"')
                             .replace('vscode-publisher = "errata-lsp"', 'vscode-publisher = "team"'), encoding="utf-8")
    check = run(script, "--check")
    assert check.returncode == 1
    assert "package.json publisher is 'errata-lsp', pyproject.toml says 'team'" in check.stderr
    assert "package.json homepage is 'https://github.com/errata-lsp/errata#readme'" in check.stderr

    assert run(script).returncode == 0
    changelog = tmp_path / "editors" / "vscode" / "CHANGELOG.md"
    assert changelog.read_text(encoding="utf-8") == (tmp_path / "CHANGELOG.md").read_text(encoding="utf-8")
    manifest = json.loads((tmp_path / "editors" / "vscode" / "package.json").read_text(encoding="utf-8"))
    assert (manifest["publisher"], manifest["repository"]["url"], manifest["homepage"], manifest["bugs"]["url"]) == (
        "team", "https://example.org/team/errata.git", "https://example.org/team/errata#readme",
        "https://example.org/team/errata/issues")
    assert run(script, "--check").returncode == 0


def test_a_version_without_its_changelog_section_is_refused(tmp_path):
    script = layout(tmp_path)
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8").replace('version = "0.1.0"', 'version = "0.2.0"', 1),
                         encoding="utf-8")
    proc = run(script)
    assert proc.returncode == 1 and "CHANGELOG.md has no section `## [0.2.0]`" in proc.stderr
    manifest = json.loads((tmp_path / "editors" / "vscode" / "package.json").read_text(encoding="utf-8"))
    assert manifest["version"] == "0.2.0"  # the manifest follows anyway; the build stops on the changelog
    assert run(script, "--tag").stdout == "v0.2.0\n"
