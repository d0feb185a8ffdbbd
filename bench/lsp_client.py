#!/usr/bin/env python3
"""One timed LSP session against a server command, with the client the test suite uses
(tests/stdio_client.py: frames written by hand, each message stamped on arrival). One *session* is:

    spawn ── initialize ──► reply                       init_ms     (process start → initialize reply)
    initialized, didOpen(v1) ──► publishDiagnostics     open_ms     (first publish for the URI)
    hover ×1                                            hover_cold_ms (first hover of the process)
    codeAction ×1                                       action_cold_ms
    hover ×N, codeAction ×N                             hover_warm_ms[], action_warm_ms[]
    didChange(one char, v2..) ──► publishDiagnostics    change_ms[] (publish for THAT version; for
                                                        servers that never send a version: the
                                                        first publish after the change); 250 ms
                                                        pause after each
    5 didChange 100 ms apart ──► publish of the last    burst_ms (from the last keystroke)
    read VmHWM of the server and its children           peak_rss_kb
    shutdown, exit

Standalone use (one session, JSON on stdout):

    python bench/lsp_client.py --cmd "python bench/floor_server.py" --file some.py \
        --hover-needle "XLAFSDPStrategy(" --warm 20 --changes 3
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: the test suite's client
from tests.stdio_client import LspClient, ServerDied, peak_rss_kb, process_tree, status_kb  # noqa: E402,F401

# --------------------------------------------------------------------------- positions


def utf16_len(s: str) -> int:
    return len(s) if s.isascii() else len(s.encode("utf-16-le")) // 2


def find_position(text: str, needle: str, where: float = 0.5, delta: int = 0) -> tuple[int, int] | None:
    """(line, UTF-16 column) of the occurrence of `needle` nearest to `where` (fraction of the
    file's lines), moved `delta` code points into the needle. None if absent."""
    lines = text.split("\n")
    target = int(len(lines) * where)
    best = None
    for i, line in enumerate(lines):
        col = line.find(needle)
        if col >= 0 and (best is None or abs(i - target) < abs(best[0] - target)):
            best = (i, col)
    if best is None:
        return None
    i, col = best
    return i, utf16_len(lines[i][: col + delta])


def comment_end_position(text: str, where: float = 0.4) -> tuple[int, int]:
    """End of the full-line comment nearest to `where`: typing there keeps the file valid
    and changes no diagnostic."""
    lines = text.split("\n")
    target = int(len(lines) * where)
    for d in range(len(lines)):
        for i in (target + d, target - d):
            if 0 <= i < len(lines) and lines[i].lstrip().startswith("#"):
                return i, utf16_len(lines[i])
    return len(lines) - 1, 0


# --------------------------------------------------------------------------- a timed session


def spawn(cmd: list[str], cwd: str | None = None, stderr_path: str | None = None, env: dict | None = None) -> LspClient:
    """The server started for a timed session."""
    client = LspClient(cmd, env=env, cwd=cwd, stderr_path=stderr_path, start=False)
    client.config = None  # `workspace/configuration` answered with null per item, as by a client with no settings
    # Servers start as installed ones do, with their bytecode cached: a PYTHONDONTWRITEBYTECODE
    # inherited from the shell would make a source checkout compile itself at every spawn.
    client.start(drop_env=("PYTHONDONTWRITEBYTECODE",))
    return client

CLIENT_CAPABILITIES = {
    "general": {"positionEncodings": ["utf-16"]},
    "textDocument": {
        "synchronization": {"dynamicRegistration": False, "didSave": True,
                            "willSave": False, "willSaveWaitUntil": False},
        "publishDiagnostics": {"versionSupport": True, "relatedInformation": True,
                               "codeDescriptionSupport": True, "dataSupport": True},
        "hover": {"dynamicRegistration": False, "contentFormat": ["markdown", "plaintext"]},
        "codeAction": {
            "dynamicRegistration": False,
            "codeActionLiteralSupport": {"codeActionKind": {"valueSet": [
                "", "quickfix", "refactor", "refactor.extract", "refactor.inline", "refactor.rewrite",
                "source", "source.organizeImports", "source.fixAll"]}},
            "isPreferredSupport": True, "dataSupport": True,
            "resolveSupport": {"properties": ["edit"]},
        },
    },
    # (VS Code's: it watches the files a server registers for and tells it of their changes)
    "workspace": {"configuration": True, "workspaceFolders": True, "applyEdit": True,
                  "didChangeWatchedFiles": {"dynamicRegistration": True}},
    "window": {"workDoneProgress": False},
}


@dataclass
class SessionSpec:
    cmd: list[str]
    text: str
    path: str                      # file path the document claims to be (inside workspace)
    workspace: str
    hover_pos: tuple[int, int]     # (line, utf16 col)
    action_line: int
    change_pos: tuple[int, int]
    warm: int = 20
    hover: bool = True              # send the hover requests
    actions: bool = True            # send the codeAction requests
    warm_budget_s: float = 10.0     # stop a warm loop early (after >= warm_min samples) past this
    warm_min: int = 3
    changes: int = 3
    change_gap_s: float = 0.25     # pause after each keystroke's publish: each keystroke is isolated
    burst: int = 5                  # then a typing burst: this many keystrokes ...
    burst_interval_s: float = 0.1   # ... this far apart, timed from the last one to its publish
    diag_timeout_s: float = 120.0
    request_timeout_s: float = 60.0
    stderr_path: str | None = None
    env: dict | None = None


def _ms(a: float, b: float) -> float:
    return round((b - a) * 1000.0, 3)


def _hover_text(res: Any) -> str:
    if not res:
        return ""
    c = res.get("contents")
    if isinstance(c, dict):
        return str(c.get("value", ""))
    if isinstance(c, list):
        return " ".join(x if isinstance(x, str) else str(x.get("value", "")) for x in c)
    return str(c)


async def run_session(spec: SessionSpec) -> dict:
    """One timed session. Never raises for server misbehaviour: failures land in result['error']."""
    res: dict[str, Any] = {"error": None}
    uri = Path(spec.path).resolve().as_uri()
    root_uri = Path(spec.workspace).resolve().as_uri()
    t_session = time.perf_counter()
    c: LspClient | None = None
    try:
        c = spawn(spec.cmd, cwd=spec.workspace, stderr_path=spec.stderr_path, env=spec.env)
        reply = await asyncio.wait_for(c.arequest("initialize", {
            "processId": os.getpid(),
            "clientInfo": {"name": "errata-bench", "version": "0.1"},
            "rootUri": root_uri,
            "rootPath": spec.workspace,
            "workspaceFolders": [{"uri": root_uri, "name": Path(spec.workspace).name}],
            "capabilities": CLIENT_CAPABILITIES,
            "initializationOptions": {},
            "trace": "off",
        }), spec.request_timeout_s)
        if "error" in reply:
            raise RuntimeError(f"initialize failed: {reply['error']}")
        res["init_ms"] = _ms(c.t_spawn, reply["__t__"])
        caps = reply["result"].get("capabilities", {})
        sync = caps.get("textDocumentSync")
        sync_kind = sync.get("change", 0) if isinstance(sync, dict) else (sync or 0)
        res["sync_kind"] = {0: "none", 1: "full", 2: "incremental"}.get(sync_kind, str(sync_kind))
        res["server_info"] = reply["result"].get("serverInfo")
        c.notify("initialized", {})

        # ---- open
        t0 = time.perf_counter()
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": spec.text}})
        pubs = lambda: c.publishes.get(uri, [])  # noqa: E731
        t1 = await c.wait_for(lambda: len(pubs()) > 0, spec.diag_timeout_s)
        res["open_ms"] = _ms(t0, t1)
        first = pubs()[0]
        res["open_diagnostics"] = len(first.diagnostics)
        res["sends_version"] = first.version is not None

        # ---- hover / codeAction
        hover_params = {"textDocument": {"uri": uri},
                        "position": {"line": spec.hover_pos[0], "character": spec.hover_pos[1]}}

        def action_params() -> dict:
            last = pubs()[-1].diagnostics if pubs() else []
            ctx = [d for d in last if d["range"]["start"]["line"] <= spec.action_line <= d["range"]["end"]["line"]]
            return {"textDocument": {"uri": uri},
                    "range": {"start": {"line": spec.action_line, "character": 0},
                              "end": {"line": spec.action_line + 1, "character": 0}},
                    "context": {"diagnostics": ctx, "triggerKind": 1}}

        class SoftTimeout(Exception):
            pass

        async def timed(method: str, params: dict) -> tuple[float, Any]:
            ts = time.perf_counter()
            rid, fut = c.request_nowait(method, params)
            try:
                r = await asyncio.wait_for(asyncio.shield(fut), spec.request_timeout_s)
            except asyncio.TimeoutError:
                c.notify("$/cancelRequest", {"id": rid})
                raise SoftTimeout(f"{method} took more than {spec.request_timeout_s:g} s") from None
            if "error" in r:
                raise RuntimeError(f"{method} failed: {r['error']}")
            return _ms(ts, r["__t__"]), r.get("result")

        async def warm_loop(method: str, params: Callable[[], dict]) -> list[float]:
            out: list[float] = []
            t_start = time.perf_counter()
            while len(out) < spec.warm:
                out.append((await timed(method, params()))[0])
                if len(out) >= spec.warm_min and time.perf_counter() - t_start > spec.warm_budget_s:
                    break
            return out

        res["timeouts"] = []
        try:
            if not spec.hover:
                raise SoftTimeout("hover not requested")
            res["hover_cold_ms"], h = await timed("textDocument/hover", hover_params)
            res["hover_text"] = _hover_text(h)[:160]
            res["hover_warm_ms"] = await warm_loop("textDocument/hover", lambda: hover_params)
        except SoftTimeout as e:
            if "not requested" not in str(e):
                res["timeouts"].append(str(e))
        try:
            if not spec.actions:
                raise SoftTimeout("codeAction not requested")
            res["action_cold_ms"], a = await timed("textDocument/codeAction", action_params())
            res["actions"] = len(a or [])
            res["action_titles"] = [x.get("title") for x in (a or [])][:5]
            res["action_warm_ms"] = await warm_loop("textDocument/codeAction", action_params)
        except SoftTimeout as e:
            if "not requested" not in str(e):
                res["timeouts"].append(str(e))

        # ---- typing: one character per change, incremental sync if the server takes it
        line, col = spec.change_pos
        lines = spec.text.split("\n")
        res["change_ms"] = []
        res["change_last_ms"] = []
        for k in range(spec.changes):
            version = 2 + k
            ch = "x"
            if sync_kind == 1:  # full sync: the server asked for the whole text
                lines[line] = lines[line] + ch
                change = {"text": "\n".join(lines)}
            else:
                change = {"range": {"start": {"line": line, "character": col + k},
                                    "end": {"line": line, "character": col + k}},
                          "rangeLength": 0, "text": ch}
            n_before = len(pubs())
            if res["sends_version"]:
                pred = lambda v=version: any(p.version == v for p in pubs())  # noqa: E731
            else:
                pred = lambda n=n_before: len(pubs()) > n  # noqa: E731
            ts = time.perf_counter()
            c.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            t_pub = await c.wait_for(pred, spec.diag_timeout_s)
            res["change_ms"].append(_ms(ts, t_pub))
            await asyncio.sleep(spec.change_gap_s)
            # latest publish for that version seen before the next keystroke (two-phase servers)
            if res["sends_version"]:
                last = [p for p in pubs() if p.version == version][-1]
                res["change_last_ms"].append(_ms(ts, last.t))
        # ---- a typing burst: keystrokes 100 ms apart without waiting; last keystroke -> its publish
        if spec.burst and sync_kind != 1:
            k0 = spec.changes
            n_before = len(pubs())
            last_version = 2 + k0 + spec.burst - 1
            for j in range(spec.burst):
                k = k0 + j
                ts = time.perf_counter()
                c.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": 2 + k},
                    "contentChanges": [{"range": {"start": {"line": line, "character": col + k},
                                                  "end": {"line": line, "character": col + k}},
                                        "rangeLength": 0, "text": "y"}]})
                if j < spec.burst - 1:
                    await asyncio.sleep(spec.burst_interval_s)
            if res["sends_version"]:
                pred = lambda: any(p.version == last_version for p in pubs())  # noqa: E731
            else:
                pred = lambda: len(pubs()) > n_before  # noqa: E731
            t_pub = await c.wait_for(pred, spec.diag_timeout_s)
            res["burst_ms"] = _ms(ts, t_pub)
            res["burst_publishes"] = len(pubs()) - n_before
        res["change_diagnostics"] = len(pubs()[-1].diagnostics)
        res["publishes"] = len(pubs())

        # ---- memory, then shutdown
        res.update(peak_rss_kb(c.proc.pid))
    except asyncio.TimeoutError:
        res["error"] = "timeout"
    except Exception as e:  # noqa: BLE001 - a benchmark records failures, it does not crash
        res["error"] = f"{type(e).__name__}: {e}"
    finally:
        if c is not None:
            if res["error"] is None:
                res.update(await c.aclose())
            else:
                c.kill()
    res["session_s"] = round(time.perf_counter() - t_session, 3)
    res["server_requests"] = sorted({m["method"] for m in c.server_requests}) if c is not None else []
    return res


# --------------------------------------------------------------------------- CLI


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="time one LSP session against a server command")
    ap.add_argument("--cmd", required=True, help="server command line (split with shlex)")
    ap.add_argument("--file", required=True, help="Python file to open")
    ap.add_argument("--hover-needle", default="XLAFSDPStrategy(")
    ap.add_argument("--warm", type=int, default=20)
    ap.add_argument("--changes", type=int, default=3)
    ap.add_argument("--stderr", default=None, help="write the server's stderr here")
    a = ap.parse_args(argv)
    text = Path(a.file).read_text(encoding="utf-8")
    pos = find_position(text, a.hover_needle, delta=3) or find_position(text, "nn.Linear(") or (0, 0)
    cmd = [str(Path(x).resolve()) if ("/" in x or x.endswith(".py")) and os.path.exists(x) else x
           for x in shlex.split(a.cmd)]
    spec = SessionSpec(cmd=cmd, text=text, path=a.file,
                       workspace=str(Path(a.file).resolve().parent), hover_pos=pos,
                       action_line=pos[0], change_pos=comment_end_position(text),
                       warm=a.warm, changes=a.changes, stderr_path=a.stderr)
    out = asyncio.run(run_session(spec))
    print(json.dumps(out, indent=2, ensure_ascii=False))
    return 0 if out["error"] is None else 1


if __name__ == "__main__":
    sys.exit(main())
