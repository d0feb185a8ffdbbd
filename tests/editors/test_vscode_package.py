"""The VS Code extension package: it builds with `npm run package` (type-check, esbuild bundle,
vsce) and the .vsix holds what VS Code needs. Needs npm: behind the `vscode_build` marker."""
from __future__ import annotations

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
    assert {"onLanguage:python", "onLanguage:log", "onLanguage:plaintext"} <= events

    # what a published extension has (vsce refuses a package without a repository unless told)
    assert manifest["publisher"] == "errata-lsp"
    assert manifest["repository"]["url"].startswith("https://github.com/")
    assert manifest["bugs"]["url"].endswith("/issues") and manifest["homepage"].startswith("https://")
    assert manifest["icon"] == "images/icon.png" and "extension/images/icon.png" in names
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


def test_vsix_ships_the_server_and_only_pure_python(vsix_path):
    with zipfile.ZipFile(vsix_path) as z:
        names = z.namelist()
    libs = {n.split("/")[3] for n in names if n.startswith("extension/bundled/libs/")}
    assert {"errata_lsp", "pygls", "lsprotocol", "jedi", "parso"} <= libs, sorted(libs)
    assert "extension/bundled/libs/errata_lsp/analysis/packs/xla_fsdp/records/lightning_xla_fsdp.jsonl" in names
    assert "extension/bundled/tool/start_server.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".dylib", ".pyc"))]


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
