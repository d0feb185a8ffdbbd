"""The VS Code extension package: it builds with `npm run package` (type-check, esbuild bundle,
vsce) and the .vsix holds what VS Code needs. Needs npm: behind the `vscode_build` marker."""
from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import SHADOW_SHAPES, lsp_session, shadowing_workspace

pytestmark = pytest.mark.vscode_build


def test_vsix_builds_and_declares_contributions(vsix_path):
    with zipfile.ZipFile(vsix_path) as z:
        names = set(z.namelist())
        assert "extension/dist/extension.js" in names, sorted(names)
        assert "extension/package.json" in names
        assert not any(n.startswith("extension/node_modules/") for n in names), "node_modules leaked into the .vsix"
        assert not any(n.startswith("extension/src/") for n in names), "sources leaked into the .vsix"
        manifest = json.loads(z.read("extension/package.json"))
        bundle = z.read("extension/dist/extension.js").decode("utf-8")

    assert manifest["main"] == "./dist/extension.js"
    events = set(manifest["activationEvents"])
    assert {"onLanguage:python", "onLanguage:log", "onLanguage:plaintext", "onNotebook:jupyter-notebook",
            "workspaceContains:**/*.py", "workspaceContains:**/*.ipynb"} <= events

    # what a published extension has (vsce refuses a package without a repository unless told)
    assert manifest["publisher"] == "errata-lsp"
    assert manifest["repository"]["url"].startswith("https://github.com/")
    assert manifest["bugs"]["url"].endswith("/issues") and manifest["homepage"].startswith("https://")
    assert manifest["icon"] == "images/icon.png" and "extension/images/icon.png" in names
    assert "extension/changelog.md" in {n.lower() for n in names}  # the Marketplace's Changelog tab
    assert "--allow-missing-repository" not in manifest["scripts"]["package"]

    contributes = manifest["contributes"]
    commands = {c["command"]: c for c in contributes["commands"]}
    assert {"errata.explainMessage", "errata.restartServer", "errata.showOutput", "errata.fixAll"} <= set(commands)
    assert commands["errata.fixAll"]["title"] == "Fix all"
    assert commands["errata.explainMessage"]["title"].startswith("Explain error message")
    # the server's own command must not be shadowed by a client command of the same id
    assert "errata.explain" not in commands

    props = contributes["configuration"]["properties"]
    for key in ("errata.path", "errata.interpreter", "errata.select", "errata.ignore", "errata.kb.paths",
                "errata.severity", "errata.trace.server"):
        assert key in props, key
    assert props["errata.importStrategy"]["enum"] == ["useBundled", "fromEnvironment"]
    assert props["errata.importStrategy"]["default"] == "useBundled"
    assert props["errata.enable"]["default"] is True
    assert props["errata.run"]["enum"] == ["onType", "onSave"] and props["errata.run"]["default"] == "onType"
    assert props["errata.showNotifications"]["enum"] == ["off", "onError", "onWarning", "always"]
    assert "deprecationMessage" in props["errata.server.command"]  # the old name still works
    assert props["errata.trace.server"]["enum"] == ["off", "messages", "verbose"]

    kinds = {a["kind"] for entry in contributes["codeActions"] for a in entry["actions"]}
    assert "source.fixAll.errata" in kinds

    # the bundle is self-contained: vscode-languageclient is inside, only `vscode` is external
    assert "errata.explain" in bundle and "start_server.py" in bundle
    assert 'require("vscode-languageclient' not in bundle


PYTHONS = ("310", "311", "312", "313", "314")
REGEX_MODULES = {f"regex/_regex.{tag}" for py in PYTHONS for tag in (
    f"cpython-{py}-x86_64-linux-gnu.so", f"cpython-{py}-aarch64-linux-gnu.so", f"cpython-{py}-darwin.so",
    f"cp{py}-win_amd64.pyd", f"cp{py}-win_arm64.pyd")}


def test_vsix_ships_the_server_in_one_archive_with_regex_for_every_platform(vsix_path):
    """The Python side is one archive (vsce packs thousands of loose files slowly), holding the server,
    its pure-Python dependencies and regex's extension module for each CPython 3.10-3.14 and platform."""
    with zipfile.ZipFile(vsix_path) as z:
        names = z.namelist()
        libs = zipfile.ZipFile(io.BytesIO(z.read("extension/bundled/libs.zip")))
    assert len(names) < 20, names
    assert not [n for n in names if n.startswith("extension/bundled/libs/")]
    assert "extension/bundled/tool/start_server.py" in names
    inside = libs.namelist()
    assert {n.split("/")[0] for n in inside} >= {"errata_lsp", "pygls", "lsprotocol", "jedi", "parso", "regex"}
    assert "errata_lsp/analysis/packs/xla_fsdp/records/lightning_xla_fsdp.jsonl" in inside
    assert "regex/_regex_core.py" in inside
    compiled = {n for n in inside if n.endswith((".so", ".pyd", ".dylib"))}
    assert compiled == REGEX_MODULES, sorted(compiled ^ REGEX_MODULES)
    assert not [n for n in inside if n.endswith(".pyc") or "__pycache__" in n]
    assert len(libs.comment) == 16 and int(libs.comment, 16) >= 0  # the digest it is unpacked under


@pytest.fixture(scope="module")
def unpacked(vsix_path, tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("vsix")
    with zipfile.ZipFile(vsix_path) as z:
        z.extractall(where)
    return where / "extension"


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory) -> str:
    """A Python with nothing installed: no errata_lsp, no pygls, no regex."""
    venv = tmp_path_factory.mktemp("bare") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = str(venv / "bin" / "python")
    assert subprocess.run([python, "-c", "import errata_lsp"], capture_output=True).returncode != 0
    return python


@pytest.mark.parametrize("shape", SHADOW_SHAPES)
def test_bundled_start_with_a_bare_python_never_runs_the_workspace(unpacked, bare_python, shape, tmp_path):
    """What the extension runs by default (useBundled): the selected interpreter with the packaged
    start script. It serves with nothing installed, and a workspace's own errata_lsp never runs."""
    ws, marker = shadowing_workspace(tmp_path, shape)
    code, output = lsp_session([bare_python, str(unpacked / "bundled" / "tool" / "start_server.py")], ws)
    assert not marker.exists(), output
    assert code == 0 and '"capabilities"' in output and '"errata"' in output, output[-3000:]


def test_the_bundled_server_matches_patterns_with_the_bundled_regex(unpacked, bare_python, tmp_path):
    """Started once, the script unpacks the archive beside itself; there regex is importable by a
    Python with nothing installed, and errata's matcher uses it (the engine the patterns run under,
    with its own timeout)."""
    ws, _ = shadowing_workspace(tmp_path, "module")
    code, output = lsp_session([bare_python, str(unpacked / "bundled" / "tool" / "start_server.py")], ws)
    assert code == 0, output[-3000:]
    [libs] = (unpacked / "bundled").glob("libs-*")
    probe = ("import regex; from errata_lsp.kb import pattern; "
             "print(regex.__file__); print(pattern.engine() is regex and pattern.compile_pattern('(a+)+b')[0] is not None)")
    proc = subprocess.run([bare_python, "-I", "-c", f"import sys; sys.path.insert(0, {str(libs)!r}); {probe}"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    where, compiled = proc.stdout.split()
    assert where.startswith(str(libs / "regex")) and compiled == "True", proc.stdout


def test_a_second_start_reuses_the_unpacked_archive(unpacked, bare_python, tmp_path):
    ws, _ = shadowing_workspace(tmp_path, "package")
    assert lsp_session([bare_python, str(unpacked / "bundled" / "tool" / "start_server.py")], ws)[0] == 0
    [libs] = (unpacked / "bundled").glob("libs-*")
    marker = libs / "errata_lsp" / "__init__.py"
    before = marker.stat().st_mtime_ns
    assert lsp_session([bare_python, str(unpacked / "bundled" / "tool" / "start_server.py")], ws)[0] == 0
    assert list((unpacked / "bundled").glob("libs-*")) == [libs] and marker.stat().st_mtime_ns == before
    assert not list((unpacked / "bundled").glob(".libs-*"))  # no half-unpacked folder left behind
