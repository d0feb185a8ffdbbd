#!/usr/bin/env python3
"""The language server on a project, over real stdio (`lsp_client.py`'s client), as ratios measured in
one run (interleaved rounds, medians), on a project of 200 modules from `gen_project.py`:

- keystroke: an `x` typed at the end of a comment inside `run()` of `proj/hub.py`, which imports 20
  project modules (the policy's classes from 10 configs, 10 helpers), against the same in
  `proj/lone.py` (the same code, its classes its own): each keystroke → the publish of its version;
- open: a fresh server given `proj/hub.py` (didOpen → first publish), against a fresh server given
  `lone.py` alone in an empty folder;
- dependents: 10 open scripts that import one config module; that module's open buffer changed (its
  policy turned from a set to a list and back) → every one of the 10 republished, against 10 isolated
  keystrokes in `lone.py` (the issue's target: less than those 10 keystrokes cost), in its comment
  (no rule runs) and in code the rules read (`probe = 1` then `print(probe)`: every rule runs).

Also, in this process (CPU time of this thread, steadier than wall time on a busy machine): the engine's
check of a comment keystroke and of a code keystroke in hub.py against lone.py, and its 10 checks of
the dependents after the change against 10 of lone.py's keystrokes (each `check_document` given the
previous version and the edit).

    python bench/project_scale.py [--rounds 3] [--keystrokes 10]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from gen_project import generate  # noqa: E402
from lsp_client import CLIENT_CAPABILITIES, comment_end_position, spawn  # noqa: E402

SERVER = [sys.executable, "-m", "errata_lsp"]
TIMEOUT = 120.0
DEPENDENT = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from proj.shared_config import Block, CHECKPOINT


def run_{i}(fabric):
    strategy = XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy=CHECKPOINT)
    return Fabric(strategy=strategy)
"""
SHARED = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n\n\nCHECKPOINT = {policy}\n"


def _env() -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT / "server")
    return env


async def _server(workspace: Path):
    client = spawn(SERVER, cwd=str(workspace), env=_env())
    root = workspace.resolve().as_uri()
    reply = await asyncio.wait_for(client.arequest("initialize", {
        "processId": os.getpid(), "rootUri": root, "workspaceFolders": [{"uri": root, "name": workspace.name}],
        "capabilities": CLIENT_CAPABILITIES}), TIMEOUT)
    if "error" in reply:
        raise RuntimeError(reply["error"])
    client.notify("initialized", {})
    return client


async def _open(client, path: Path) -> float:
    """didOpen → the first publish for it, in ms."""
    uri = path.resolve().as_uri()
    start = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1,
                                                            "text": path.read_text()}})
    arrived = await client.wait_for(lambda: bool(client.publishes.get(uri)), TIMEOUT)
    return (arrived - start) * 1000


async def _change(client, uri: str, version: int, line: int, column: int, text: str) -> float:
    """One insertion → the publish of its version, ms."""
    start = time.perf_counter()
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"range": {"start": {"line": line, "character": column},
                                      "end": {"line": line, "character": column}}, "text": text}]})
    arrived = await client.wait_for(
        lambda: any(p.version == version for p in client.publishes.get(uri, [])), TIMEOUT)
    return (arrived - start) * 1000


async def _keystrokes(client, path: Path, count: int, live: bool = False) -> list[float]:
    """`count` isolated keystrokes in `run()`, each → its version's publish, ms: an `x` at the end of its
    comment, or (`live`) a digit typed into `probe = 1` added below it with `print(probe)` after (a
    statement the rules read: every rule runs again)."""
    uri = path.resolve().as_uri()
    line, column = comment_end_position(path.read_text(), where=0.9)
    version, text = 2, "x"
    if live:
        await _change(client, uri, version, line + 1, 0, "    probe = 1\n    print(probe)\n")
        version, line, column, text = version + 1, line + 1, len("    probe = 1"), "1"
        await asyncio.sleep(0.25)
    out = []
    for typed in range(version, version + count):
        out.append(await _change(client, uri, typed, line, column, text))
        column += 1
        await asyncio.sleep(0.25)
    return out


async def keystroke_round(project: Path, count: int) -> dict[str, float]:
    client = await _server(project)
    try:
        out = {}
        for name in ("hub", "lone"):
            path = project / "proj" / f"{name}.py"
            await _open(client, path)
            await asyncio.sleep(0.5)
            out[name] = statistics.median(await _keystrokes(client, path, count))
        return out
    finally:
        await client.aclose()


async def open_round(project: Path, lone_folder: Path) -> dict[str, float]:
    out = {}
    for name, workspace, path in (("hub", project, project / "proj" / "hub.py"),
                                  ("lone", lone_folder, lone_folder / "lone.py")):
        client = await _server(workspace)
        try:
            out[name] = await _open(client, path)
        finally:
            await client.aclose()
    return out


async def dependents_round(project: Path, count: int) -> dict[str, float]:
    shared = project / "proj" / "shared_config.py"
    dependents = [project / "proj" / f"dependent_{i}.py" for i in range(10)]
    client = await _server(project)
    try:
        for path in [shared, *dependents]:
            await _open(client, path)
        await asyncio.sleep(0.5)
        uris = [p.resolve().as_uri() for p in dependents]
        times = []
        for version, policy in ((2, "[Block]"), (3, "{Block}"), (4, "[Block]"), (5, "{Block}")):
            start = time.perf_counter()
            client.notify("textDocument/didChange", {
                "textDocument": {"uri": shared.resolve().as_uri(), "version": version},
                "contentChanges": [{"text": SHARED.format(policy=policy)}]})
            arrived = await client.wait_for(
                lambda s=start: all(any(p.t > s for p in client.publishes.get(u, [])) for u in uris), TIMEOUT)
            times.append((arrived - start) * 1000)
            await asyncio.sleep(0.5)
        out = {"all 10 republished": statistics.median(times)}
        for live in (False, True):
            lone = project / "proj" / "lone.py"
            await _open(client, lone)
            await asyncio.sleep(0.5)
            keys = await _keystrokes(client, lone, count, live=live)
            out["10 lone code keystrokes" if live else "10 lone keystrokes"] = 10 * statistics.median(keys)
            client.notify("textDocument/didClose", {"textDocument": {"uri": lone.resolve().as_uri()}})
            await asyncio.sleep(0.25)
        return out
    finally:
        await client.aclose()


def engine_cpu(project: Path, count: int) -> dict[str, float]:
    """CPU ms of the engine's part: the 10 dependents checked again after the shared module's buffer
    changed (median over its changes), against 10 keystrokes in lone.py (10 × the median keystroke)."""
    sys.path.insert(0, str(ROOT / "server"))
    from errata_lsp.analysis.engine import check_document
    from errata_lsp.analysis.project import WORKSPACE

    WORKSPACE.add_folder(str(project))
    if hasattr(WORKSPACE, "watch"):  # as the server once the client watches files for it (the stdio client does)
        WORKSPACE.watch.on = True
    shared = str(project / "proj" / "shared_config.py")
    docs = {}
    for i in range(10):
        path = str(project / "proj" / f"dependent_{i}.py")
        docs[path] = check_document(Path(path).read_text(), path, own_trees=True)
    times = []
    for policy in ("[Block]", "{Block}") * max(2, count // 2):
        WORKSPACE.set_buffer(shared, SHARED.format(policy=policy))
        start = time.thread_time()
        for path, previous in list(docs.items()):
            docs[path] = check_document(previous.document.text if previous.document else Path(path).read_text(),
                                        path, previous=previous, own_trees=True)
        times.append((time.thread_time() - start) * 1000)
    WORKSPACE.set_buffer(shared, None)
    out = {"10 dependents": statistics.median(times)}
    for name in ("lone", "hub"):
        for live in (False, True):
            key = f"{name} {'code' if live else 'comment'} keystroke"
            out[key] = _engine_keystroke(check_document, str(project / "proj" / f"{name}.py"), count, live)
    out["10 comment keystrokes"] = 10 * out["lone comment keystroke"]
    out["10 code keystrokes"] = 10 * out["lone code keystroke"]
    return out


def _engine_keystroke(check_document, path: str, count: int, live: bool) -> float:
    """The engine's CPU ms for one keystroke in `run()` of `path` (median of `count`, after a warm check)."""
    from errata_lsp.analysis.findings import Position, Span

    text = Path(path).read_text()
    line, column = comment_end_position(text, where=0.9)
    lines = text.split("\n")
    if live:
        lines.insert(line + 1, "    probe = 1\n    print(probe)")
        lines = "\n".join(lines).split("\n")
        line, column = line + 1, len("    probe = 1")
    state = check_document("\n".join(lines), path, own_trees=True)
    keys = []
    for _ in range(count + 1):
        typed = "1" if live else "x"
        lines[line] = lines[line][:column] + typed + lines[line][column:]
        start = time.thread_time()
        at = Position(line, column)
        state = check_document("\n".join(lines), path, previous=state, changes=[(Span(at, at), typed)], own_trees=True)
        keys.append((time.thread_time() - start) * 1000)
        column += 1
    return statistics.median(keys[1:])


async def main_async(rounds: int, count: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="errata-project-scale-"))
    try:
        project = work / "project"
        generate(project, 200)
        (project / "proj" / "shared_config.py").write_text(SHARED.format(policy="{Block}"))
        for i in range(10):
            (project / "proj" / f"dependent_{i}.py").write_text(DEPENDENT.format(i=i))
        lone_folder = work / "lone"
        lone_folder.mkdir()
        shutil.copy(project / "proj" / "lone.py", lone_folder / "lone.py")
        samples: dict[str, dict[str, list[float]]] = {"keystroke": {}, "open": {}, "dependents": {}}
        for _ in range(rounds):
            for name, result in (("keystroke", await keystroke_round(project, count)),
                                 ("open", await open_round(project, lone_folder)),
                                 ("dependents", await dependents_round(project, count))):
                for key, value in result.items():
                    samples[name].setdefault(key, []).append(value)
        cpu = engine_cpu(project, count)
        med = {n: {k: statistics.median(v) for k, v in s.items()} for n, s in samples.items()}
        print(f"The server on a 200-module project ({rounds} rounds, medians, ms; {os.cpu_count()} cores)\n")
        print("| measure | project | baseline | ratio | target |")
        print("|---|---:|---:|---:|---|")
        k, o, d = med["keystroke"], med["open"], med["dependents"]
        print(f"| keystroke: hub.py (20 project imports) / lone.py | {k['hub']:.1f} | {k['lone']:.1f} | "
              f"{k['hub'] / k['lone']:.2f} | ≤ 1.1 |")
        print(f"| open → first diagnostics: hub.py in the project / lone.py alone | {o['hub']:.1f} | {o['lone']:.1f} | "
              f"{o['hub'] / o['lone']:.2f} | ≤ 2 |")
        for baseline in ("10 lone keystrokes", "10 lone code keystrokes"):
            print(f"| a module 10 open files import changed → all 10 republished / {baseline} | "
                  f"{d['all 10 republished']:.1f} | {d[baseline]:.1f} | {d['all 10 republished'] / d[baseline]:.2f} "
                  "| < 1 |")
        for kind in ("comment", "code"):
            hub, lone = cpu[f"hub {kind} keystroke"], cpu[f"lone {kind} keystroke"]
            print(f"| the engine's CPU in process: a {kind} keystroke in hub.py / in lone.py | {hub:.3f} | {lone:.3f} "
                  f"| {hub / lone:.2f} | ≤ 1.1 |")
        for baseline in ("10 comment keystrokes", "10 code keystrokes"):
            print(f"| the same, the engine's CPU in process: 10 dependents / {baseline} | {cpu['10 dependents']:.2f} "
                  f"| {cpu[baseline]:.2f} | {cpu['10 dependents'] / cpu[baseline]:.2f} | < 1 |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keystrokes", type=int, default=10)
    args = parser.parse_args()
    asyncio.run(main_async(args.rounds, args.keystrokes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
