#!/usr/bin/env python3
"""RSS of a server over stdio when line breaks are typed above most of a document:

    python bench/rss_line_breaks.py [--lines 10000] [--breaks 3] [--rounds 2] -- COMMAND...

Opens a generated script, waits for its diagnostics, then types `--breaks` line breaks, one at a time
(each after the previous publish), at the start of the first top-level `def`: every chunk below
moves. Prints the server's VmRSS after the open and after the breaks, and its VmHWM.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gen_script  # noqa: E402
from lsp_client import CLIENT_CAPABILITIES, spawn  # noqa: E402


def status_mb(pid: int, key: str) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key):
            return int(line.split()[1]) / 1024
    return float("nan")


async def session(cmd: list[str], text: str, breaks: int) -> str:
    workspace = Path(tempfile.mkdtemp(prefix="errata-breaks-"))
    path = workspace / "script.py"
    path.write_text(text, encoding="utf-8")
    uri, root = path.as_uri(), workspace.as_uri()
    c = spawn(cmd, cwd=str(workspace))
    try:
        await c.arequest("initialize", {"processId": os.getpid(), "rootUri": root, "capabilities": CLIENT_CAPABILITIES,
                                        "workspaceFolders": [{"uri": root, "name": "w"}], "initializationOptions": {}})
        c.notify("initialized", {})
        c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1,
                                                           "text": text}})
        await c.wait_for(lambda: bool(c.publishes.get(uri)), 120)
        await asyncio.sleep(1)
        opened = status_mb(c.proc.pid, "VmRSS")
        line = next(i for i, s in enumerate(text.split("\n")) if s.startswith("def "))
        for version in range(2, 2 + breaks):
            at = {"line": line, "character": 0}
            c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                "contentChanges": [{"range": {"start": at, "end": at}, "text": "\n"}]})
            await c.wait_for(lambda v=version: any(p.version == v for p in c.publishes.get(uri, [])), 120)
            await asyncio.sleep(0.3)
        return (f"RSS open {opened:.1f} MB, after {breaks} line breaks above line {line} "
                f"{status_mb(c.proc.pid, 'VmRSS'):.1f} MB, peak {status_mb(c.proc.pid, 'VmHWM'):.1f} MB")
    finally:
        c.proc.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lines", type=int, default=10_000)
    ap.add_argument("--breaks", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
    text = gen_script.generate(a.lines, seed=0, triggers=True)
    for _ in range(a.rounds):
        print(asyncio.run(session(cmd, text, a.breaks)))


if __name__ == "__main__":
    main()
