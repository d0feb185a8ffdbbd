#!/usr/bin/env python3
"""Keystroke latency and memory while typing: errata against Ruff's server and the pygls echo floor.

    python bench/keystroke.py --quick                 # 2 rounds: 300 / 1k / 10k / 30k lines
    python bench/keystroke.py --real a.py --real b.py # also real files (their text is not stored here)

One session per (round, case, server), servers in a rotating order per round so drift on a shared
machine spreads over all of them. A session:

    spawn, initialize, didOpen at once      spawn_ms: spawn -> first publishDiagnostics
                                            open_ms:  didOpen -> first publishDiagnostics
    0.3 s later                             rss_open_mb (VmRSS of the server and its children)
    N keystrokes, 0.3 s after each publish  change_ms[]: one `x` typed at the end of a comment inside a
                                            function that mentions `fabric`, -> publish of that version
                                            (`--typing code|live`: a digit into a statement below it)
    30 keystrokes 50 ms apart               typing_ms[]: each keystroke -> the first publish of that
                                            version or a later one (a server may skip stale versions)
    200 keystrokes, each after the previous publish (--soak cases only), 0.3 s pause
                                            rss_soak_mb, and peak_rss_mb (VmHWM) at the end

Only ratios between servers of the same run mean anything. Nothing here asserts a timing.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import gen_script  # noqa: E402
from lsp_client import CLIENT_CAPABILITIES, process_tree, spawn, status_kb, utf16_len  # noqa: E402
from run import servers_to_run  # noqa: E402
from stats import percentile  # noqa: E402

OUT = BENCH / "out"
GENERATED = {"300": 300, "1k": 1_000, "10k": 10_000, "30k": 30_000}
TOP = re.compile(r"^(?:async\s+def|def|class)\s")


def keystroke_position(text: str, where: float = 0.4) -> tuple[int, int]:
    """End of an indented comment line inside a top-level def or class that mentions `fabric`,
    nearest to `where` (a fraction of the lines): typing there is checked by errata and changes
    no diagnostic."""
    lines = text.split("\n")
    owner: list[int] = []  # for each line, the index of the top-level def/class it sits in (-1: none)
    current = -1
    for i, line in enumerate(lines):
        if TOP.match(line):
            current = i
        elif line and not line[0].isspace() and not line.startswith("#"):
            current = -1
        owner.append(current)
    blocks: dict[int, bool] = {}
    for i, o in enumerate(owner):
        if o >= 0:
            blocks[o] = blocks.get(o, False) or "fabric" in lines[i].lower()
    target = int(len(lines) * where)
    best = None
    for i, line in enumerate(lines):
        if line[:1].isspace() and line.lstrip().startswith("#") and owner[i] >= 0 and blocks[owner[i]]:
            if best is None or abs(i - target) < abs(best - target):
                best = i
    if best is None:
        for i, line in enumerate(lines):
            if line.lstrip().startswith("#") and (best is None or abs(i - target) < abs(best - target)):
                best = i
    if best is None:
        return len(lines) - 1, utf16_len(lines[-1])
    return best, utf16_len(lines[best])


def rss_mb(pid: int, key: str = "VmRSS") -> float:
    return sum(status_kb(p, key) for p in process_tree(pid)) / 1024


def with_probe(text: str, kind: str) -> tuple[str, tuple[int, int] | None]:
    """`--typing code`: a statement `probe = 1` (a local nothing reads) below the comment line where
    `x` would be typed, and the end of it, where digits are typed; `--typing live`: the same with a
    line `print(probe)` after it (a value a call reads: every rule runs again); `--typing open`: digits
    typed into `print(probe, 1`, a line that does not parse while its bracket is open. Unchanged for
    `comment`."""
    if kind == "comment":
        return text, None
    line, _ = keystroke_position(text)
    lines = text.split("\n")
    indent = lines[line][: len(lines[line]) - len(lines[line].lstrip())]
    added = [indent + ("print(probe, 1" if kind == "open" else "probe = 1")]
    added += [indent + "print(probe)"] if kind == "live" else []
    lines[line + 1:line + 1] = added
    return "\n".join(lines), (line + 1, utf16_len(added[0]))


async def session(cmd: list[str], text: str, path: Path, workspace: Path, changes: int, typing: int,
                  typing_gap_s: float, soak: int, timeout_s: float, at: tuple[int, int] | None = None,
                  char: str = "x") -> dict:
    res: dict = {"error": None}
    uri = path.resolve().as_uri()
    root = workspace.resolve().as_uri()
    c = None
    line, col = at or keystroke_position(text)
    res["keystroke_at"] = [line, col]
    version = 1
    typed = 0

    def pubs():
        return c.publishes.get(uri, [])

    def published(v: int):
        return lambda: any(p.version is not None and p.version >= v for p in pubs())

    async def key() -> float:
        nonlocal version, typed
        version += 1
        ts = time.perf_counter()
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": col + typed},
                                          "end": {"line": line, "character": col + typed}},
                                "rangeLength": 0, "text": char}]})
        typed += 1
        return ts

    try:
        c = spawn(cmd, cwd=str(workspace))
        reply = await asyncio.wait_for(c.arequest("initialize", {
            "processId": os.getpid(), "rootUri": root, "capabilities": CLIENT_CAPABILITIES,
            "workspaceFolders": [{"uri": root, "name": workspace.name}], "initializationOptions": {}}), timeout_s)
        if "error" in reply:
            raise RuntimeError(f"initialize failed: {reply['error']}")
        c.notify("initialized", {})
        t_open = time.perf_counter()
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": text}})
        t = await c.wait_for(lambda: len(pubs()) > 0, timeout_s)
        res["spawn_ms"] = (t - c.t_spawn) * 1000
        res["open_ms"] = (t - t_open) * 1000
        if pubs()[0].version is None:
            raise RuntimeError("the server does not send the document version with its diagnostics")
        await asyncio.sleep(0.3)
        res["rss_open_mb"] = rss_mb(c.proc.pid)
        res["change_ms"] = []
        for _ in range(changes):
            ts = await key()
            res["change_ms"].append((await c.wait_for(published(version), timeout_s) - ts) * 1000)
            await asyncio.sleep(0.3)
        sent: list[tuple[int, float]] = []
        for k in range(typing):
            sent.append((version + 1, await key()))
            if k < typing - 1:
                await asyncio.sleep(typing_gap_s)
        await c.wait_for(published(version), timeout_s)
        res["typing_ms"] = []
        for v, ts in sent:
            first = min(p.t for p in pubs() if p.version is not None and p.version >= v and p.t >= ts)
            res["typing_ms"].append((first - ts) * 1000)
        if soak:
            await asyncio.sleep(0.3)
            for _ in range(soak):
                await key()
                await c.wait_for(published(version), timeout_s)
            await asyncio.sleep(0.3)
            res["rss_soak_mb"] = rss_mb(c.proc.pid)
        res["peak_rss_mb"] = rss_mb(c.proc.pid, "VmHWM")
        res["diagnostics"] = len(pubs()[-1].diagnostics)
    except Exception as exc:  # noqa: BLE001 - a benchmark records failures
        res["error"] = f"{type(exc).__name__}: {exc}"
    finally:
        if c is not None:
            if res["error"] is None:
                await c.aclose()
            else:
                c.kill()
    return res


def p50(values: list[float]) -> float | None:
    return percentile(values, 50) if values else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="2 rounds, 3 isolated keystrokes")
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--cases", default="300,1k,10k,30k")
    ap.add_argument("--real", action="append", default=[], help="a real Python file to add as a case")
    ap.add_argument("--soak", default="10k,lightning_fabric_fabric",
                    help="cases that also get 200 keystrokes and an RSS sample after them")
    ap.add_argument("--servers", default="errata,floor,ruff")
    ap.add_argument("--typing", default="comment", choices=("comment", "code", "live", "open"),
                    help="x typed in a comment (the default), or digits into a local nothing reads (code) "
                         "or one a call reads (live), or into a call whose bracket is open (open)")
    ap.add_argument("--errata-cmd", default=os.environ.get("ERRATA_CMD"))
    ap.add_argument("--also", action="append", default=[], metavar="NAME=COMMAND",
                    help="one more server in the same interleaved rounds, e.g. an older errata: "
                         "--also 'before=env PYTHONPATH=/old/server python -m errata_lsp'")
    ap.add_argument("--label", default="run", help="name of the output file: bench/out/keystroke-<label>.json")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"),
                    help="print errata's ratios of two earlier runs side by side (their labels), run nothing")
    a = ap.parse_args(argv)
    if a.compare:
        runs = [json.loads((OUT / f"keystroke-{label}.json").read_text(encoding="utf-8")) for label in a.compare]
        print(compare(*(r["table"] for r in runs), *a.compare))
        return 0
    rounds = a.rounds or (2 if a.quick else 5)
    changes = 3 if a.quick else 5
    commands, servers = servers_to_run(a.servers, a.errata_cmd, a.also)
    if "ruff" in a.servers and "ruff" not in servers:
        print("ruff is not installed (pip install ruff): skipped", file=sys.stderr)
    workspace = Path(tempfile.mkdtemp(prefix="errata-keystroke-"))
    cases: dict[str, Path] = {}
    for name in a.cases.split(","):
        if name:
            path = workspace / f"gen_{name}.py"
            path.write_text(gen_script.generate(GENERATED[name], seed=0, triggers=True), encoding="utf-8")
            cases[name] = path
    for real in a.real:
        src = Path(real)
        path = workspace / src.name
        path.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
        cases[src.stem] = path
    soak = set(a.soak.split(","))
    results: dict[str, dict[str, list[dict]]] = {c: {s: [] for s in servers} for c in cases}
    started = time.time()
    for r in range(rounds):
        order = servers[r % len(servers):] + servers[:r % len(servers)]
        for name, path in cases.items():
            text, at = with_probe(path.read_text(encoding="utf-8"), a.typing)
            for server in order:
                out = asyncio.run(session(commands[server]["cmd"], text, path, workspace, changes, 30, 0.05,
                                          200 if name in soak else 0, 120.0, at, "x" if at is None else "1"))
                results[name][server].append(out)
                print(f"[{time.strftime('%H:%M:%S')}] round {r + 1}/{rounds} {name:28s} {server:6s} "
                      + (out["error"] or f"open {out['open_ms']:7.1f}  change {p50(out['change_ms']):7.1f}  "
                                         f"typing {p50(out['typing_ms']):7.1f} ms"), file=sys.stderr, flush=True)
    table = summarize(results, servers)
    OUT.mkdir(exist_ok=True)
    record = {"started": started, "rounds": rounds, "load_avg": os.getloadavg(), "servers": servers,
              "commands": {s: commands[s]["cmd"] for s in servers}, "results": results, "table": table}
    (OUT / f"keystroke-{a.label}.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    print(render(table, servers))
    for path in workspace.iterdir():
        path.unlink()
    workspace.rmdir()
    return 0


METRICS = [("spawn_ms", "spawn→diag"), ("open_ms", "open→diag"), ("change_ms", "change→diag"),
           ("typing_ms", "typing 50 ms"), ("rss_open_mb", "RSS open"), ("rss_soak_mb", "RSS +200 keys"),
           ("peak_rss_mb", "peak RSS")]


def summarize(results: dict, servers: list[str]) -> dict:
    table: dict = {}
    for case, by_server in results.items():
        table[case] = {}
        for server in servers:
            ok = [s for s in by_server[server] if not s["error"]]
            row = {"ok": f"{len(ok)}/{len(by_server[server])}",
                   "errors": sorted({s["error"] for s in by_server[server] if s["error"]})}
            for metric, _ in METRICS:
                values = [v for s in ok for v in (s.get(metric) if isinstance(s.get(metric), list)
                                                  else [s.get(metric)]) if v is not None]
                row[metric] = p50(values)
            table[case][server] = row
    return table


def render(table: dict, servers: list[str]) -> str:
    head = ["case", "metric"] + [f"{s} p50" for s in servers]
    head += [f"errata/{s}" for s in servers if s != "errata"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for case, rows in table.items():
        for metric, title in METRICS:
            values = [rows[s][metric] for s in servers]
            if all(v is None for v in values):
                continue
            cells = [case, title] + [f"{v:.1f}" if v is not None else "—" for v in values]
            e = rows.get("errata", {}).get(metric)
            for s in servers:
                if s != "errata":
                    o = rows[s][metric]
                    cells.append(f"{e / o:.2f}×" if e is not None and o else "—")
            lines.append("| " + " | ".join(cells) + " |")
    errors = [f"- {case} {s}: {row['ok']} ok; {'; '.join(row['errors'])}"
              for case, rows in table.items() for s, row in rows.items() if row["errors"]]
    return "\n".join(lines + errors)


def compare(before: dict, after: dict, name_before: str, name_after: str) -> str:
    """errata / ruff and errata / floor (p50s of one run each) for two runs, per case and metric."""
    lines = [f"| case | metric | errata/ruff {name_before} | errata/ruff {name_after} | "
             f"errata/floor {name_before} | errata/floor {name_after} |", "|---|---|---|---|---|---|"]

    def ratio(table: dict, case: str, metric: str, other: str) -> str:
        rows = table.get(case, {})
        e, o = rows.get("errata", {}).get(metric), rows.get(other, {}).get(metric)
        return f"{e / o:.2f}×" if e is not None and o else "—"

    for case in after:
        for metric, title in METRICS:
            cells = [ratio(t, case, metric, other) for other in ("ruff", "floor") for t in (before, after)]
            if any(c != "—" for c in cells):
                lines.append(f"| {case} | {title} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
