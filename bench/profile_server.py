#!/usr/bin/env python3
"""Profile the server under test on one benchmark case, to explain a missed target.

    python bench/profile_server.py --case 10k --focus change [--tool py-spy|pyinstrument]
                                   [--errata-cmd "errata-lsp"] [--repeat 40]
    python bench/profile_server.py --case 10k --focus memory     # in-process, tracemalloc
    python bench/profile_server.py --focus kb                    # py-spy over the KB load + lookups

One session runs against the server started under the profiler, with the focused operation
repeated (--focus change: --repeat keystrokes; hover: --repeat warm hovers; open/init: --repeat
sessions, each one open). Output in bench/out/profiles/:

  <case>-<focus>.<tool>.txt     py-spy: top functions by self and inclusive samples (idle excluded);
                                pyinstrument: its call tree (text renderer)
  <case>-<focus>.py-spy.raw     py-spy's collapsed stacks (flamegraph.pl input)
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import re
import shlex
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import run as bench_run  # noqa: E402
from lsp_client import SessionSpec, run_session  # noqa: E402

OUT = BENCH / "out" / "profiles"


def _script_args(cmd: list[str]) -> list[str]:
    """How to run the server's Python entry point under pyinstrument."""
    if len(cmd) >= 3 and cmd[1] == "-m":
        return ["-m"] + cmd[2:]
    return cmd  # a console script is a Python file: pyinstrument runs it as a script


def wrap(cmd: list[str], tool: str, out_base: Path) -> tuple[list[str], Path]:
    if tool == "py-spy":
        raw = out_base.with_suffix(".py-spy.raw")
        return ([bench_run.resolve_exe("py-spy") or "py-spy", "record", "-f", "raw", "-r", "500", "--nonblocking", "--subprocesses",
                 "-o", str(raw), "--"] + cmd, raw)
    txt = out_base.with_suffix(".pyinstrument.txt")
    return ([sys.executable, "-m", "pyinstrument", "-r", "text", "--no-color", "--unicode", "-i", "0.0005",
             "-o", str(txt)] + _script_args(cmd), txt)


_FRAME = re.compile(r"^(?P<fn>.*?) \((?P<file>.*?)(?::(?P<line>\d+))?\)$")


def _short(frame: str) -> str:
    m = _FRAME.match(frame)
    if not m:
        return frame
    f = m.group("file")
    for marker in ("site-packages/", "lib/python3.11/", "server/", "bench/"):
        if marker in f:
            f = f.split(marker, 1)[1]
            break
    return f"{m.group('fn')} ({f})"


HANDLING = re.compile(r"_worker \(concurrent|handle_message|_execute_handler|_run_generator|data_received|_handle_notification|_handle_request")


def _tables(stacks: list[tuple[list[str], int]], top: int) -> list[str]:
    self_c: collections.Counter = collections.Counter()
    incl: collections.Counter = collections.Counter()
    total = sum(n for _, n in stacks)
    for frames, n in stacks:
        self_c[frames[-1]] += n
        for f in set(frames):
            incl[f] += n
    if not total:
        return ["  no samples"]
    out = ["  inclusive (function and what it calls):"]
    common = [f for f, c in incl.items() if c == total]  # ancestors of every sample say nothing
    out += [f"    {100 * c / total:5.1f}%  {c:6d}  {f}" for f, c in incl.most_common(top + len(common))
            if f not in common][:top]
    out += ["", "  self (the function's own code):"]
    out += [f"    {100 * c / total:5.1f}%  {c:6d}  {f}" for f, c in self_c.most_common(top)]
    return out


def summarize_raw(raw: Path, top: int = 30) -> str:
    """Top functions of py-spy's collapsed stacks (`a;b;c N`), line numbers folded: once for the
    samples taken while the server handled a message, once for the whole process (start-up too)."""
    stacks: list[tuple[list[str], int]] = []
    for line in raw.read_text(errors="replace").splitlines():
        stack, _, n = line.rpartition(" ")
        if not stack or not n.isdigit():
            continue
        frames = [_short(f) for f in stack.split(";") if f and not f.startswith(("process ", "thread "))]
        if frames:
            stacks.append((frames, int(n)))
    total = sum(n for _, n in stacks)
    handling = [(f, n) for f, n in stacks if any(HANDLING.search(x) for x in f)]
    h = sum(n for _, n in handling)
    out = [f"{total} samples at 500 Hz (idle excluded); {h} ({100 * h / max(total, 1):.0f}%) while handling a message "
           "(main loop or the executor thread that runs the analysis)", "",
           "== while handling LSP messages =="]
    out += _tables(handling, top)
    out += ["", "== whole process (start-up included) =="]
    out += _tables(stacks, top // 2)
    return "\n".join(out) + "\n"


async def profile(cmd: list[str], case: dict, workspace: Path, focus: str, repeat: int, tool: str,
                  out_base: Path) -> dict:
    sessions = repeat if focus in ("open", "init") else 1
    results = []
    out_file = None
    for i in range(sessions):
        base = out_base if sessions == 1 else out_base.with_name(f"{out_base.name}-{i}")
        wrapped, produced = wrap(cmd, tool, base)
        out_file = out_file or produced
        spec = SessionSpec(
            cmd=wrapped, text=case["text"], path=case["path"],
            workspace=str(workspace), hover_pos=tuple(case["hover_pos"]), action_line=case["hover_pos"][0],
            change_pos=tuple(case["change_pos"]),
            warm=repeat if focus in ("hover", "action") else 1,
            hover=focus == "hover", actions=focus == "action",
            changes=repeat if focus == "change" else (0 if focus in ("open", "init") else 1),
            change_gap_s=0.3, burst=0, warm_budget_s=600, stderr_path=str(out_base.with_suffix(".stderr.log")))
        results.append(await run_session(spec))
    return {"results": results, "out": out_file}


def memory_profile(case: dict, top: int = 15) -> str:
    """What the engine allocates for one check of the case's text (the server's per-document work),
    next to what `ast.parse` of the whole text allocates and what the floor's pygls document holds."""
    import gc
    import tracemalloc
    sys.path.insert(0, str(BENCH.parent / "server"))
    from errata_lsp.analysis import check_source  # engine internals: a diagnostic tool, not the contract
    from errata_lsp.kb import KnowledgeBase
    text = case["text"]
    out = []

    def traced(label: str, fn) -> object:
        gc.collect()
        tracemalloc.start(12)
        result = fn()
        snap = tracemalloc.take_snapshot()
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        out.append(f"{label}: peak {peak / 2**20:.1f} MiB, retained {current / 2**20:.1f} MiB")
        stats = snap.filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)]).statistics("lineno")
        for st in stats[:top]:
            frame = st.traceback[0]
            fname = frame.filename
            for marker in ("site-packages/", "lib/python3.11/", "server/"):
                if marker in fname:
                    fname = fname.split(marker, 1)[1]
                    break
            out.append(f"    {st.size / 2**20:7.2f} MiB  {st.count:8d} blocks  {fname}:{frame.lineno}")
        return result

    kb = traced("KnowledgeBase.load() (shipped records)", lambda: KnowledgeBase.load())
    report = traced("check_source(text) — one analysis of the document", lambda: check_source(text, case["path"]))
    traced("ast.parse(text) — the whole file at once, for scale", lambda: __import__("ast").parse(text))
    out.append(f"(findings: {len(getattr(report, 'findings', []))}, kb records: {len(kb) if hasattr(kb, '__len__') else '?'})")
    return "\n".join(out) + "\n"


def kb_profile(records: int) -> str:
    """py-spy over the knowledge-base child that loads the records and runs every lookup."""
    import kb_scale
    path, _ = kb_scale.ensure_records(BENCH / "out" / "kb", records, 0)
    qpath = kb_scale.make_queries(path, records, 1000, 0, BENCH / "out" / "kb" / f"queries-{records}-1000.json")
    raw = OUT / f"kb-{records}.py-spy.raw"
    import json
    import subprocess
    subprocess.run([bench_run.resolve_exe("py-spy") or "py-spy", "record", "-f", "raw", "-r", "200", "-o", str(raw),
                    "--", sys.executable, str(BENCH / "kb_scale.py"), "--child", "lookup",
                    json.dumps([str(path), str(qpath)])], check=False, stdout=subprocess.DEVNULL)
    return summarize_raw(raw, top=40) if raw.exists() else "py-spy wrote nothing\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--case", default="10k", choices=list(bench_run.CASES))
    ap.add_argument("--focus", default="change",
                    choices=["change", "open", "hover", "action", "init", "memory", "kb"])
    ap.add_argument("--kb-records", type=int, default=100_000)
    ap.add_argument("--tool", default="py-spy", choices=["py-spy", "pyinstrument"])
    ap.add_argument("--repeat", type=int, default=40)
    ap.add_argument("--errata-cmd", help="server command (default: errata-lsp)")
    a = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    if a.focus == "kb":
        text = kb_profile(a.kb_records)
        (OUT / f"kb-{a.kb_records}.py-spy.txt").write_text(text)
        print(text)
        return 0
    if a.focus == "memory":
        with tempfile.TemporaryDirectory(prefix="errata-prof-ws-") as ws:
            case = bench_run.prepare_cases([a.case], Path(ws))[a.case]
            text = memory_profile(case)
        (OUT / f"{a.case}-memory.tracemalloc.txt").write_text(text)
        print(text)
        return 0
    servers = bench_run.server_commands(a.errata_cmd)
    cmd = servers["errata"]["cmd"]
    if not cmd:
        print(f"errata server not available: {servers['errata'].get('why')}", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="errata-prof-ws-") as ws:
        workspace = Path(ws)
        case = bench_run.prepare_cases([a.case], workspace)[a.case]
        if a.focus in ("open", "init"):
            a.repeat = min(a.repeat, 10)
        base = OUT / f"{a.case}-{a.focus}"
        r = asyncio.run(profile(cmd, case, workspace, a.focus, a.repeat, a.tool, base))
    errs = [x["error"] for x in r["results"] if x.get("error")]
    if errs:
        print(f"session errors: {errs}", file=sys.stderr)
    if a.tool == "py-spy":
        raws = sorted(OUT.glob(f"{a.case}-{a.focus}*.py-spy.raw"))
        merged = OUT / f"{a.case}-{a.focus}.merged.raw"
        if len(raws) > 1:
            merged.write_text("".join(p.read_text(errors="replace") for p in raws))
        src = merged if len(raws) > 1 else r["out"]
        text = summarize_raw(src) if src.exists() else "py-spy wrote nothing\n"
        txt = OUT / f"{a.case}-{a.focus}.py-spy.txt"
        txt.write_text(f"# {a.case} {a.focus} x{a.repeat}: {shlex.join(cmd)}\n" + text)
        print(txt.read_text())
    else:
        outs = sorted(OUT.glob(f"{a.case}-{a.focus}*.pyinstrument.txt"))
        for p in outs[:1]:
            print(p.read_text())
    r0 = r["results"][0]
    key = {"change": "change_ms", "hover": "hover_warm_ms", "action": "action_warm_ms", "open": "open_ms",
           "init": "init_ms"}[a.focus]
    vals = [x.get(key) for x in r["results"]]
    print(f"{key} under the profiler: {vals if a.focus in ('open', 'init') else r0.get(key)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
