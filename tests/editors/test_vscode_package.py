"""The VS Code extension package: it builds with `npm run package` (type-check, esbuild bundle,
vsce) and the .vsix holds what VS Code needs. Needs npm: behind the `vscode_build` marker."""
from __future__ import annotations

import json
import zipfile

import pytest

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

    contributes = manifest["contributes"]
    commands = {c["command"]: c for c in contributes["commands"]}
    assert {"errata.explainMessage", "errata.restartServer", "errata.showOutput"} <= set(commands)
    assert commands["errata.explainMessage"]["title"].startswith("Explain error message")
    # the server's own command must not be shadowed by a client command of the same id
    assert "errata.explain" not in commands

    props = contributes["configuration"]["properties"]
    for key in ("errata.server.command", "errata.select", "errata.ignore", "errata.kb.paths",
                "errata.severity", "errata.trace.server"):
        assert key in props, key
    assert set(props["errata.server.command"]["type"]) >= {"array", "string"}
    assert props["errata.trace.server"]["enum"] == ["off", "messages", "verbose"]

    kinds = {a["kind"] for entry in contributes["codeActions"] for a in entry["actions"]}
    assert "source.fixAll.errata" in kinds

    # the bundle is self-contained: vscode-languageclient is inside, only `vscode` is external
    assert "errata.explain" in bundle and "errata-lsp" in bundle
    assert 'require("vscode-languageclient' not in bundle
