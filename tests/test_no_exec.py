"""Nothing is executed and nothing goes out.

- A record whose validationCode, typeGuard or exampleFix (or any other field) would write a file if
  run leaves no file after loading, matching, hover, explain and check: by the engine, the command
  line and the server.
- The server started as `python -m errata_lsp` in the user's workspace (as the editors do when
  `errata-lsp` is not on PATH) imports none of the workspace's modules (a json.py, logging.py...).
- No interpreter of the workspace (.venv/bin/python and the like) is run, and the server does not
  point jedi at one: checked by running a session in a workspace whose interpreters would leave a
  mark, and by reading the server's jedi calls.
- No network access at any point: the server and the command line run with Python's socket calls
  replaced by ones that record and refuse, through a full session.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

from errata_lsp.kb import KnowledgeBase, card_markdown, summary_line

try:
    from reliability.sources import ROOT
    from reliability.wrappers import BLOCK_NETWORK, wrapped
    from stdio_client import HOVER_AT, SAMPLE, LspClient
except ImportError:
    from tests.reliability.sources import ROOT
    from tests.reliability.wrappers import BLOCK_NETWORK, wrapped
    from tests.stdio_client import HOVER_AT, SAMPLE, LspClient

ERRATA = [str(Path(sys.executable).parent / "errata-lsp")]
HOSTILE_MESSAGE = "Hostile record {name} says the tensor exploded"


def payloads(marker: Path) -> list[str]:
    """Python that leaves `marker` behind if anything ever runs it, in the shapes a field takes."""
    m = str(marker)
    return [
        f"open({m!r}, 'w').write('ran')",
        f"__import__('pathlib').Path({m!r}).touch()",
        f"import os\nos.system('touch {m}')\n",
        f"exec(\"open({m!r}, 'w').write('ran')\")",
        f"```python\nopen({m!r}, 'w')\n```",
        f"{{__import__('os').system('touch {m}')}}",  # a format placeholder
    ]


def hostile_records(folder: Path) -> Path:
    """A record file whose every code-bearing field writes a marker under `folder` if executed."""
    records = []
    for i, field in enumerate(["validationCode", "typeGuard", "exampleFix", "sourceCode", "handlingStrategy",
                               "documentation", "triggerScenarios"]):
        for j, code in enumerate(payloads(folder / f"MARKER_{field}_{i}")):
            records.append({
                "id": f"hostile-{field}-{j}", "repo": "acme/lib", "errorClass": "RuntimeError",
                "errorMessage": HOSTILE_MESSAGE.replace("{name}", f"{field}{j}") + " {detail}",
                field: code, "exampleFix": code if field != "exampleFix" else code,
                "solutions": [code], "preventionTips": [code],
                "symbols": ["XLAFSDPStrategy", "no_backward_sync", "hostile_symbol"],
                "filePath": code.replace("\n", " "), "lineNumber": 1, "githubUrl": f"javascript:{code}",
            })
    path = folder / "records" / "hostile.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return path


def markers(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("MARKER*"))


def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    hostile_records(ws)
    (ws / "pyproject.toml").write_text('[tool.errata]\nkb-paths = ["records/"]\n', encoding="utf-8")
    (ws / "train.py").write_text(SAMPLE + "from lightning.fabric import Fabric\n"
                                 "fabric = Fabric(strategy='xla_fsdp')\n"
                                 "with fabric.strategy.no_backward_sync(model):\n    pass\n", encoding="utf-8")
    # a strategy built in another module: the project model follows it, reading it, never running it
    (ws / "helpers.py").write_text(
        f"open({str(ws / 'MARKER_helpers_imported')!r}, 'w').close()\n"
        "from lightning.fabric.strategies import XLAFSDPStrategy\n"
        "def make_strategy():\n    return XLAFSDPStrategy()\n", encoding="utf-8")
    (ws / "train2.py").write_text(
        "from lightning.fabric import Fabric\nfrom helpers import make_strategy\n"
        "fabric = Fabric(strategy=make_strategy())\nmodel = fabric.setup(Net())\n"
        "with fabric.strategy.no_backward_sync(model, enabled=True):\n    pass\n", encoding="utf-8")
    # interpreters that would leave a mark if run (jedi runs the environment's python to read sys.path)
    for rel in (".venv/bin/python", ".venv/bin/python3", "venv/bin/python", "env/bin/python", "bin/python"):
        exe = ws / rel
        exe.parent.mkdir(parents=True, exist_ok=True)
        exe.write_text(f"#!/bin/sh\ntouch {ws}/MARKER_interpreter_{rel.replace('/', '_')}\nexit 1\n")
        exe.chmod(exe.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        (exe.parent.parent / "pyvenv.cfg").write_text("home = /usr/bin\nversion = 3.11.0\n")
    return ws


def test_engine_loads_and_shows_hostile_records_without_running_them(tmp_path):
    path = hostile_records(tmp_path)
    kb = KnowledgeBase.load([path], include_shipped=True)
    hostile = [r for r in kb if r.id.startswith("hostile-")]
    assert len(hostile) == 42 and not [p for p in kb.problems if "hostile" in p.path]
    for record in hostile:
        card_markdown(record)
        summary_line(record)
        assert record.id in [r.id for r in kb.match(record.error_message.replace("{detail}", "now"))]
    kb.by_symbol("XLAFSDPStrategy")
    assert markers(tmp_path) == []


def test_command_line_never_runs_a_record(tmp_path):
    ws = workspace(tmp_path)
    kb = str(ws / "records" / "hostile.jsonl")
    message = HOSTILE_MESSAGE.replace("{name}", "validationCode0") + " now"
    runs = [
        ERRATA + ["explain", "--all", "--kb", kb, message],
        ERRATA + ["explain", "--kb", kb, "-"],
        ERRATA + ["kb", "validate", kb],
        ERRATA + ["kb", "stats", "--kb", kb],
        ERRATA + ["check", "--diff", "--unsafe-fixes", str(ws / "train.py")],
        ERRATA + ["check", "--format", "json", str(ws)],
        ERRATA + ["rules"],
    ]
    for argv in runs:
        proc = subprocess.run(argv, cwd=ws, input=f"Traceback (most recent call last):\nRuntimeError: {message}\n",
                              capture_output=True, text=True, timeout=120, env=_env())
        assert proc.returncode in (0, 1), (argv, proc.stderr)
    explained = subprocess.run(ERRATA + ["explain", "--kb", kb, message], cwd=ws, capture_output=True, text=True,
                               timeout=120, env=_env())
    assert "Hostile record" in explained.stdout  # the card was shown, as text
    assert markers(ws) == []


def _env() -> dict[str, str]:
    """The environment of the servers and commands these tests start: no virtual environment of the
    caller's, and the errata of this tree (its `server/`), not one that `PYTHONPATH` or the installed
    package would give them."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "CONDA_PREFIX")}
    env["PYTHONPATH"] = str(ROOT / "server")
    return env


def full_session(client: LspClient, ws: Path) -> None:
    """Every feature once: diagnostics (pushed and pulled), hovers on findings and symbols, quick
    fixes and fix-all, explain, a log document, a settings change, edits, close."""
    uri = (ws / "train.py").as_uri()
    text = (ws / "train.py").read_text(encoding="utf-8")
    client.open(uri, text)
    client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, timeout=60)
    hover = client.hover(uri, HOVER_AT["line"], HOVER_AT["character"])
    assert "must be a set" in hover["contents"]["value"]
    for line, character in ((1, 3), (0, 45), (4, 20), (4, 30)):
        client.hover(uri, line, character)
    client.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": {
        "start": {"line": 0, "character": 0}, "end": {"line": 6, "character": 0}}, "context": {"diagnostics": []}})
    message = HOSTILE_MESSAGE.replace("{name}", "typeGuard1") + " now"
    card = client.request("workspace/executeCommand", {"command": "errata.explain", "arguments": [message]})
    assert card and "Hostile record" in card
    log_uri = (ws / "run.log").as_uri()
    client.open(log_uri, f"step 1\nRuntimeError: {message}\n", language="log")
    client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == log_uri, timeout=60)
    client.hover(log_uri, 1, 20)
    client.notify("workspace/didChangeConfiguration", {"settings": {"errata": {"ignore": ["LXF004"]}}})
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "# edited\n"}]})
    client.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    # the strategy comes from helpers.py: read by the project model, helpers.py not executed
    other = (ws / "train2.py").as_uri()
    client.open(other, (ws / "train2.py").read_text(encoding="utf-8"))
    note = client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == other, timeout=60)
    assert "LXF003" in [d["code"] for d in note["diagnostics"]], note


CAPABILITIES = {
    "general": {"positionEncodings": ["utf-16"]},
    "workspace": {"configuration": True, "workspaceEdit": {"documentChanges": True}},
    "textDocument": {"hover": {"contentFormat": ["markdown"]}, "codeAction": {}},
}


def test_server_never_runs_a_record_nor_a_workspace_interpreter(tmp_path):
    ws = workspace(tmp_path)
    with LspClient(cmd=[sys.executable, "-m", "errata_lsp"], cwd=str(ws), env=_env(),
                   stderr_path=tmp_path / "server.stderr") as client:
        client.initialize(capabilities=CAPABILITIES, root=ws.as_uri())
        full_session(client, ws)
        assert client.shutdown_and_exit() == 0
    assert markers(ws) == [], (tmp_path / "server.stderr").read_text()


def _modules_the_server_imports() -> list[str]:
    """Top-level modules a server session loads beyond what Python itself has loaded when a
    `python -m` module starts (runpy and what it needs come before any of errata)."""
    probe = ("import sys; before = set(sys.modules)\n"
             "import errata_lsp.cli, errata_lsp.lsp.server, errata_lsp.kb, errata_lsp.analysis.rules\n"
             "loaded = {m.split('.')[0] for m in before}  # a submodule of one of these is not a new name\n"
             "print('\\n'.join(sorted({m.split('.')[0] for m in set(sys.modules) - before} - loaded)))\n")
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "errata_import_probe.py").write_text(probe)
        out = subprocess.run([sys.executable, "-m", "errata_import_probe"], capture_output=True, text=True,
                             timeout=120, cwd=folder, env=_env())
    names = set(out.stdout.split()) | {"jedi", "parso", "tomli", "typing_extensions", "json", "logging", "asyncio"}
    return sorted(n for n in names if n.isidentifier() and not n.startswith("_") and n != "errata_lsp")


def test_server_started_in_the_workspace_imports_none_of_its_modules(tmp_path):
    """`python -m errata_lsp` puts the working directory first on sys.path; an editor starts the
    server in the user's workspace. Regression: the workspace's json.py, logging.py, asyncio.py,
    regex.py, lsprotocol.py... were imported (run) in place of the real ones."""
    ws = workspace(tmp_path)
    names = _modules_the_server_imports()
    assert len(names) > 10, names
    for name in names:
        (ws / f"{name}.py").write_text(f"open({str(ws / ('MARKER_module_' + name))!r}, 'w').close()\n")
    for cmd in ([sys.executable, "-m", "errata_lsp"], ERRATA):
        with LspClient(cmd=cmd, cwd=str(ws), env=_env(), stderr_path=tmp_path / "server.stderr") as client:
            client.initialize(capabilities=CAPABILITIES, root=ws.as_uri())
            full_session(client, ws)
            assert client.shutdown_and_exit() == 0
        assert markers(ws) == [], (cmd, (tmp_path / "server.stderr").read_text()[-3000:])


JEDI_CALL = re.compile(r"\bjedi\.(\w+)\s*\(")


def _call_text(text: str, start: int) -> str:
    """The source of a call from its name to its closing parenthesis."""
    depth, i = 0, text.index("(", start)
    for j in range(i, len(text)):
        depth += {"(": 1, ")": -1}.get(text[j], 0)
        if depth == 0:
            return text[start:j + 1]
    return text[start:]


def test_jedi_is_never_pointed_at_a_workspace_interpreter():
    """Read every jedi call of the server: a Script runs on the server's own interpreter (or one a
    setting names), a Project loads no extension of the project, and no environment is looked for
    in the workspace (find_virtualenvs, get_default_environment, which honours VIRTUAL_ENV)."""
    sources = {p: p.read_text(encoding="utf-8") for p in (ROOT / "server" / "errata_lsp").rglob("*.py")}
    offending, calls = [], 0
    for path, text in sources.items():
        if "jedi" not in text:
            continue
        for forbidden in ("find_virtualenvs", "find_system_environments", "get_default_environment",
                          "load_unsafe_extensions=True", "smart_sys_path=True"):
            if forbidden in text:
                offending.append(f"{path}: {forbidden}")
        for match in JEDI_CALL.finditer(text):
            call, name = _call_text(text, match.start()), match.group(1)
            calls += 1
            configured = re.search(r"setting|config|option", call, re.I)
            if name == "Script" and "environment=jedi.InterpreterEnvironment()" not in call and not configured:
                offending.append(f"{path}: {call} does not run on the server's own interpreter")
            if name == "Project" and ("environment_path" in call and not configured
                                      or "load_unsafe_extensions=False" not in call):
                offending.append(f"{path}: {call} may load or run something of the workspace")
            if name == "create_environment" and not configured:
                offending.append(f"{path}: {call} not from a setting")
    assert not offending, offending
    assert calls == 0 or any("Script" in t for t in sources.values())


def _network_log(tmp_path: Path) -> Path:
    return tmp_path / "network.jsonl"


def test_no_network_access_in_a_full_server_session(tmp_path):
    ws = workspace(tmp_path)
    log = _network_log(tmp_path)
    env = {**_env(), "ERRATA_TEST_NETWORK_LOG": str(log)}
    # The wrapper works: a connection from the wrapped interpreter is recorded and refused.
    probe = subprocess.run(
        [sys.executable, "-c", BLOCK_NETWORK + "\nimport socket\ntry:\n    socket.create_connection(('127.0.0.1', 9))\n"
         "except OSError as e:\n    print('refused')\n"], env=env, capture_output=True, text=True, timeout=60)
    assert probe.stdout.strip() == "refused" and log.read_text().count("create_connection") == 1
    log.unlink()
    with LspClient(cmd=wrapped(BLOCK_NETWORK), cwd=str(ws), env=env, stderr_path=tmp_path / "server.stderr") as client:
        client.initialize(capabilities=CAPABILITIES, root=ws.as_uri())
        full_session(client, ws)
        assert client.shutdown_and_exit() == 0
    assert not log.exists(), log.read_text()


def test_no_network_access_from_the_command_line(tmp_path):
    ws = workspace(tmp_path)
    log = _network_log(tmp_path)
    env = {**_env(), "ERRATA_TEST_NETWORK_LOG": str(log)}
    kb = str(ws / "records" / "hostile.jsonl")
    for args in (("check", "--diff", str(ws)), ("explain", "--kb", kb, "must be a set"), ("kb", "validate", kb),
                 ("kb", "stats"), ("rules",)):
        proc = subprocess.run(wrapped(BLOCK_NETWORK, args=args), cwd=ws, env=env, capture_output=True, text=True,
                              timeout=120)
        assert proc.returncode in (0, 1), (args, proc.stderr)
    assert not log.exists(), log.read_text()
