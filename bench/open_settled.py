#!/usr/bin/env python3
"""Open → diagnostics once a server has started: the open itself, without the start-up it overlaps.

`bench/keystroke.py` sends `didOpen` right after `initialize`, as an editor does, so its open→diag
also holds whatever start-up work the server still does then (errata loads its rule pack in the
background after answering `initialize`). Here each session waits `--settle` seconds after
`initialized` before it sends `didOpen`, then times the first publishDiagnostics; then it opens
a second copy of the same text under another name and times that too (a warm process: every rule
and table already loaded once). Then it closes the first and opens it again: with the same text
(`reopen`), and once more with a line inserted at the top (`reopen edited`, as after a change made
outside the editor). Beside each open's wall time, the CPU time the server's threads ran during it
(`/proc/<pid>/task/*/schedstat`), which a loaded machine does not stretch.

    python bench/open_settled.py --cases 10k,30k --real fabric.py --rounds 3 \\
        --errata-cmd "errata-lsp" --also "before=env PYTHONPATH=<old>/server python -m errata_lsp"

Servers rotate per round, as in keystroke.py. Only ratios within one run mean anything.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import gen_script  # noqa: E402
from keystroke import GENERATED  # noqa: E402
from lsp_client import CLIENT_CAPABILITIES, spawn  # noqa: E402
from run import servers_to_run  # noqa: E402


def cpu_ns(pid: int) -> int:
    """CPU time the process's live threads have run, in ns (`schedstat`: not the 10 ms ticks of `stat`),
    so the open's own CPU is told apart from the time a loaded machine made it wait."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):  # a thread that just ended
            continue
    return total


async def session(cmd: list[str], text: str, workspace: Path, name: str, settle: float, timeout: float) -> dict:
    root = workspace.resolve().as_uri()
    uris = [(workspace / f"{name}.py").resolve().as_uri(), (workspace / f"{name}_again.py").resolve().as_uri()]
    out: dict = {"error": None}
    c = None
    try:
        c = spawn(cmd, cwd=str(workspace))
        reply = await asyncio.wait_for(c.arequest("initialize", {
            "processId": os.getpid(), "rootUri": root, "capabilities": CLIENT_CAPABILITIES,
            "workspaceFolders": [{"uri": root, "name": workspace.name}], "initializationOptions": {}}), timeout)
        if "error" in reply:
            raise RuntimeError(f"initialize failed: {reply['error']}")
        c.notify("initialized", {})
        await asyncio.sleep(settle)
        for key, uri in zip(("open_ms", "second_open_ms"), uris):
            used: list[int] = []

            def published(u: str = uri, used: list[int] = used) -> bool:
                if c.publishes.get(u) and not used:
                    used.append(cpu_ns(c.proc.pid))
                return bool(used)

            start, start_cpu = time.perf_counter(), cpu_ns(c.proc.pid)
            c.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "python", "version": 1, "text": text}})
            t = await c.wait_for(published, timeout)
            out[key] = (t - start) * 1000
            out[key.replace("_ms", "_cpu_ms")] = (used[0] - start_cpu) / 1e6
            out["diagnostics"] = len(c.publishes[uri][0].diagnostics)
            await asyncio.sleep(0.3)
        for key, again in (("reopen_ms", text), ("reopen_edited_ms", "import sys\n" + text)):
            c.notify("textDocument/didClose", {"textDocument": {"uri": uris[0]}})
            await asyncio.sleep(0.3)
            seen = len(c.publishes.get(uris[0], []))  # the close's empty publish included
            start = time.perf_counter()
            c.notify("textDocument/didOpen", {"textDocument": {
                "uri": uris[0], "languageId": "python", "version": 1, "text": again}})
            t = await c.wait_for(lambda n=seen: len(c.publishes.get(uris[0], [])) > n, timeout)
            out[key] = (t - start) * 1000
            out[key[:-3] + "_diagnostics"] = len(c.publishes[uris[0]][seen].diagnostics)
            await asyncio.sleep(0.3)
    except Exception as exc:  # noqa: BLE001 - a benchmark records failures
        out["error"] = f"{type(exc).__name__}: {exc}"
    finally:
        if c is not None:
            try:
                await asyncio.wait_for(c.arequest("shutdown", None), 5)
                c.notify("exit", None)
            except Exception:  # noqa: BLE001
                pass
            c.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", default="10k,30k")
    ap.add_argument("--real", action="append", default=[])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--settle", type=float, default=3.0, help="seconds between `initialized` and `didOpen`")
    ap.add_argument("--servers", default="errata,floor,ruff")
    ap.add_argument("--errata-cmd", default=os.environ.get("ERRATA_CMD"))
    ap.add_argument("--also", action="append", default=[], metavar="NAME=COMMAND")
    a = ap.parse_args(argv)
    commands, servers = servers_to_run(a.servers, a.errata_cmd, a.also)
    workspace = Path(tempfile.mkdtemp(prefix="errata-open-"))
    texts = {name: gen_script.generate(GENERATED[name], seed=0, triggers=True) for name in a.cases.split(",") if name}
    texts.update({Path(p).stem: Path(p).read_text(encoding="utf-8") for p in a.real})
    results: dict[tuple[str, str], list[dict]] = {}
    for r in range(a.rounds):
        order = servers[r % len(servers):] + servers[:r % len(servers)]
        for case, text in texts.items():
            for server in order:
                res = asyncio.run(session(commands[server]["cmd"], text, workspace, f"{case}_{server}_{r}",
                                          a.settle, 120.0))
                results.setdefault((case, server), []).append(res)
                print(f"round {r + 1}/{a.rounds} {case:<28} {server:<8} "
                      + (res["error"] or f"open {res['open_ms']:7.1f}  second open {res['second_open_ms']:7.1f}  "
                                         f"reopen {res['reopen_ms']:7.1f}  reopen edited {res['reopen_edited_ms']:7.1f} ms"),
                      file=sys.stderr, flush=True)
    print("| case | server | diagnostics | open→diag p50 ms (settled) | second open p50 ms | reopen p50 ms "
          "| reopen edited p50 ms (diagnostics) | / ruff | / floor |")
    print("|---|---|---|---|---|---|---|---|---|")
    for case in texts:
        p50 = {s: statistics.median(x["open_ms"] for x in results[(case, s)] if not x["error"]) for s in servers
               if any(not x["error"] for x in results[(case, s)])}
        for server in servers:
            ok = [x for x in results[(case, server)] if not x["error"]]
            if not ok:
                print(f"| {case} | {server} | error: {results[(case, server)][0]['error']} | | | | | | |")
                continue
            second, reopen, edited = (statistics.median(x[key] for x in ok)
                                      for key in ("second_open_ms", "reopen_ms", "reopen_edited_ms"))
            ratios = [f"{p50[server] / p50[other]:.2f}×" if other in p50 else "" for other in ("ruff", "floor")]
            print(f"| {case} | {server} | {ok[0]['diagnostics']} | {p50[server]:.1f} | {second:.1f} | {reopen:.1f} "
                  f"| {edited:.1f} ({ok[0]['reopen_edited_diagnostics']}) | {ratios[0]} | {ratios[1]} |")
    print(f"\nCPU ms the server's threads ran from `didOpen` to the first publish (p50; load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}):\n")
    print("| case | server | open CPU ms | second open CPU ms | / ruff | / floor |")
    print("|---|---|---|---|---|---|")
    for case in texts:
        cpu = {s: statistics.median(x["open_cpu_ms"] for x in results[(case, s)] if not x["error"]) for s in servers
               if any(not x["error"] for x in results[(case, s)])}
        for server in cpu:
            second = statistics.median(x["second_open_cpu_ms"] for x in results[(case, server)] if not x["error"])
            ratios = [f"{cpu[server] / cpu[other]:.2f}×" if cpu.get(other) else "" for other in ("ruff", "floor")]
            print(f"| {case} | {server} | {cpu[server]:.1f} | {second:.1f} | {ratios[0]} | {ratios[1]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
