#!/usr/bin/env python3
"""Spawn -> first diagnostics, many rounds: errata against the pygls echo floor (and other servers).

    python bench/spawn.py --lines 300 --rounds 15 [--real file.py] \
        --errata-cmd "env PYTHONPATH=server python -m errata_lsp" --also "before=env PYTHONPATH=<old>/server python -m errata_lsp"

One session per (round, server): spawn, initialize, initialized and didOpen at once (as
`bench/keystroke.py` does), then the time to the first publishDiagnostics, and the CPU time the server
process had used when that publish arrived (user + system, from /proc/<pid>/stat, read by the
client's reading thread as the message comes in), nothing more. Servers rotate their order per
round. On a shared machine a single spawn's wall time moves by hundreds of milliseconds, so the
table gives the quartiles and the minimum beside the median; the CPU time moves far less.
Nothing here asserts a timing.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import gen_script  # noqa: E402
from keystroke import CLIENT_CAPABILITIES  # noqa: E402
from lsp_client import spawn  # noqa: E402
from run import servers_to_run  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def cpu_ms(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / TICK  # utime, stime


async def first_publish(cmd: list[str], text: str, path: Path, workspace: Path) -> tuple[float, float]:
    """(wall ms, server CPU ms) from spawn to the first publishDiagnostics of the document."""
    uri, cpu = path.resolve().as_uri(), []
    client = spawn(cmd, cwd=str(workspace))
    try:
        reply = await asyncio.wait_for(client.arequest("initialize", {
            "processId": os.getpid(), "rootUri": workspace.resolve().as_uri(), "capabilities": CLIENT_CAPABILITIES,
            "workspaceFolders": [{"uri": workspace.resolve().as_uri(), "name": workspace.name}],
            "initializationOptions": {}}), 60)
        if "error" in reply:
            raise RuntimeError(f"initialize failed: {reply['error']}")
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": text}})

        def published() -> bool:
            if client.publishes.get(uri) and not cpu:
                cpu.append(cpu_ms(client.proc.pid))
            return bool(cpu)

        at = await client.wait_for(published, 60)
        return (at - client.t_spawn) * 1000, cpu[0]
    finally:
        await client.aclose()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lines", type=int, default=300, help="a generated script of this many lines")
    ap.add_argument("--real", help="a real Python file instead of a generated one")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--servers", default="errata,floor")
    ap.add_argument("--errata-cmd", default=os.environ.get("ERRATA_CMD"))
    ap.add_argument("--also", action="append", default=[], metavar="NAME=COMMAND")
    a = ap.parse_args(argv)
    commands, servers = servers_to_run(a.servers, a.errata_cmd, a.also)
    with tempfile.TemporaryDirectory(prefix="errata-spawn-") as tmp:
        workspace = Path(tmp)
        path = workspace / (Path(a.real).name if a.real else "train.py")
        path.write_text(Path(a.real).read_text(encoding="utf-8") if a.real else
                        gen_script.generate(a.lines, seed=0, triggers=True), encoding="utf-8")
        text = path.read_text(encoding="utf-8")
        wall: dict[str, list[float]] = {s: [] for s in servers}
        cpu: dict[str, list[float]] = {s: [] for s in servers}
        for r in range(a.rounds):
            for server in servers[r % len(servers):] + servers[:r % len(servers)]:
                try:
                    ms, used = asyncio.run(first_publish(commands[server]["cmd"], text, path, workspace))
                except Exception as exc:  # noqa: BLE001 - a benchmark records failures
                    print(f"round {r + 1} {server}: {type(exc).__name__}: {exc}", file=sys.stderr)
                    continue
                wall[server].append(ms)
                cpu[server].append(used)
    print(f"{a.rounds} rounds, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}\n")
    for title, samples in (("spawn → first diagnostics, wall ms", wall),
                           ("CPU ms of the server process at its first diagnostics", cpu)):
        print(f"{title}:\n")
        print("| server | min | p25 | p50 | p75 | /floor min | /floor p25 | /floor p50 | /floor p75 |")
        print("|---|---|---|---|---|---|---|---|---|")
        floor = _stats(samples.get("floor", []))
        for server in servers:
            stats = _stats(samples[server])
            if not stats:
                continue
            ratios = [f"{s / f:.2f}×" for s, f in zip(stats, floor)] if floor else [""] * 4
            print(f"| {server} | {' | '.join(f'{s:.0f}' for s in stats)} | {' | '.join(ratios)} |")
        print()
    return 0


def _stats(values: list[float]) -> list[float]:
    if len(values) < 2:
        return list(values) * 4
    quartiles = statistics.quantiles(values, n=4)
    return [min(values), quartiles[0], statistics.median(values), quartiles[2]]


if __name__ == "__main__":
    raise SystemExit(main())
