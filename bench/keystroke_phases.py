#!/usr/bin/env python3
"""Where a keystroke's time goes in errata's server, over stdio, phase by phase.

    python bench/keystroke_phases.py --file path/to/fabric.py [--keys 100] [--gap 0.05] [--server-path server]

Starts errata's server (the tree at --server-path) with a few of its functions wrapped to note the
time they start and end, opens the file, types `x` at the end of the same comment line as
`keystroke.py` (`--keys` keystrokes, `--gap` seconds apart), and prints, for each phase, the p50
of the time from the keystroke being sent to the phase being reached. The clock is
`time.perf_counter` (CLOCK_MONOTONIC), the same in the client and the server, so the server's
notes and the client's send and arrival times are on one line. Nothing here asserts a timing.

Phases (in the order a keystroke reaches them):
    body        the message's bytes handed to the event loop (stdin read, framed)
    change0/1   errata's change handler starts / ends (JSON decoded and structured before it)
    scheduled   the handler returned to the reading loop (the check is scheduled)
    check0/1    the check starts / ends (in a worker thread, or on the event loop)
    engine0/1   the engine's part of it (`Session.findings`: settings, the document model, rules)
    publish0/1  the publish starts / is written
    arrived     the client has the publish of that version
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent


def serve(notes_path: str) -> int:
    """The server, with its phases noted (runs in the server's process)."""
    import atexit

    from errata_lsp.lsp import framing
    from errata_lsp.lsp import server as lsp_server

    notes: list[tuple[float, str]] = []

    def note(name: str) -> None:
        notes.append((time.perf_counter(), name))

    def wrapped(owner: object, attribute: str, before: str, after: str) -> None:
        real = getattr(owner, attribute)

        def phase(*args: object, **kwargs: object) -> object:
            note(before)
            try:
                return real(*args, **kwargs)
            finally:
                note(after)

        setattr(owner, attribute, phase)

    wrapped(framing, "dispatch", "body", "scheduled")
    wrapped(lsp_server.Session, "change", "change0", "change1")
    wrapped(lsp_server.ErrataServer, "analyse", "check0", "check1")
    wrapped(lsp_server.Session, "findings", "engine0", "engine1")
    wrapped(lsp_server.ErrataServer, "_publish", "publish0", "publish1")
    atexit.register(lambda: Path(notes_path).write_text(json.dumps(notes)))
    return lsp_server.serve()


async def type_keys(server_path: str, path: Path, keys: int, gap: float, notes_path: str) -> dict[str, list[float]]:
    sys.path.insert(0, str(BENCH))
    import keystroke
    from lsp_client import CLIENT_CAPABILITIES, spawn

    text = path.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="errata-phases-") as folder:
        workspace = Path(folder)
        copy = workspace / path.name
        copy.write_text(text, encoding="utf-8")
        uri = copy.resolve().as_uri()
        env_path = os.pathsep.join([str(Path(server_path).resolve()), os.environ.get("PYTHONPATH", "")])
        client = spawn(["env", f"PYTHONPATH={env_path}", sys.executable, str(Path(__file__).resolve()),
                        "--serve", notes_path], cwd=str(workspace))
        await client.arequest("initialize", {"processId": os.getpid(), "rootUri": workspace.as_uri(),
                                             "capabilities": CLIENT_CAPABILITIES, "initializationOptions": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1,
                                                                "text": text}})

        def publishes() -> list:
            return client.publishes.get(uri, [])

        await client.wait_for(lambda: len(publishes()) > 0, 120)
        await asyncio.sleep(0.5)
        line, column = keystroke.keystroke_position(text)
        sent: dict[int, float] = {}
        for k in range(keys):
            version = k + 2
            sent[version] = time.perf_counter()
            client.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": {"line": line, "character": column + k},
                                              "end": {"line": line, "character": column + k}}, "text": "x"}]})
            await asyncio.sleep(gap)
        await client.wait_for(lambda: any(p.version == keys + 1 for p in publishes()), 120)
        arrived = {p.version: p.t for p in publishes()}
        await client.aclose()
    notes = json.loads(Path(notes_path).read_text())
    phases: dict[str, list[float]] = {}
    for version, at in sent.items():
        if version not in arrived:
            continue  # a version the server knew stale by the time it checked
        seen = set()
        for t, name in notes:
            if at <= t <= arrived[version] and name not in seen:
                seen.add(name)
                phases.setdefault(name, []).append((t - at) * 1000)
        phases.setdefault("arrived", []).append((arrived[version] - at) * 1000)
    return phases


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--file", type=Path, help="the Python file typed into")
    ap.add_argument("--keys", type=int, default=100)
    ap.add_argument("--gap", type=float, default=0.05, help="seconds between keystrokes")
    ap.add_argument("--server-path", default=str(BENCH.parent / "server"), help="the errata tree to run")
    ap.add_argument("--serve", metavar="NOTES", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.serve:
        return serve(a.serve)
    if a.file is None:
        ap.error("--file is required")
    with tempfile.TemporaryDirectory(prefix="errata-notes-") as folder:
        phases = asyncio.run(type_keys(a.server_path, a.file, a.keys, a.gap, str(Path(folder) / "notes.json")))
    arrived = phases.get("arrived", [])
    print(f"{a.file.name}: {len(arrived)} keystrokes {a.gap * 1000:.0f} ms apart, p50 ms from the keystroke sent")
    previous = 0.0
    for name, values in sorted(phases.items(), key=lambda kv: statistics.median(kv[1])):
        at = statistics.median(values)
        print(f"  {name:10s} {at:7.3f}  (+{at - previous:6.3f})  n={len(values)}")
        previous = at
    return 0


if __name__ == "__main__":
    sys.exit(main())
