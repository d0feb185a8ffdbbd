#!/usr/bin/env python3
"""Run the whole benchmark suite with one command.

    python bench/run.py            # full run (~10 min on 2 cores)
    python bench/run.py --quick    # short run (< 2 min): fewer sessions, no pylsp/jedi, 20k KB records

Writes bench/out/results.json and bench/out/results.md. Options:

    --errata-cmd "errata-lsp"      the server under test (default: the installed errata-lsp
                                   console script, else `python -m errata_lsp`)
    --servers errata,floor,ruff    subset of errata,floor,ruff,pylsp,jedi
    --cases 10k,50k,10k-notrig     subset of the cases
    --sessions N                   sessions per server per case (default 5; --quick 2)
    --skip-lsp / --skip-kb / --skip-parse

Benchmarks only report: nothing here fails on a slow number. See bench/README.md.
"""
from __future__ import annotations

import argparse
import ast
import asyncio
import datetime as _dt
import json
import os
import platform
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))

import gen_script  # noqa: E402
import kb_scale  # noqa: E402
from lsp_client import SessionSpec, comment_end_position, find_position, run_session  # noqa: E402
from stats import percentile, summary  # noqa: E402

OUT = BENCH / "out"

CASES = {
    "10k": {"lines": 10_000, "triggers": True},
    "50k": {"lines": 50_000, "triggers": True},
    "10k-notrig": {"lines": 10_000, "triggers": False},
}
ALL_SERVERS = ["errata", "floor", "ruff", "pylsp", "jedi"]
# Context baselines: slow (seconds per request on big files), so fewer sessions.
SLOW_BASELINES = {"pylsp", "jedi"}
# (server, case) pairs not run by default, with the reason (shown in the report)
SKIP_PAIRS = {
    ("jedi", "50k"): "jedi-language-server answers codeAction on this file in over 60 s (it computes "
                     "extract refactorings eagerly) and queues every later message behind it",
}

# (metric, case, kind, limit): kind "floor"/"ruff" = errata/that server's p50 ratio; "abs" = errata's own value
TARGETS = [
    ("open_ms", "10k", "ruff", 1.0), ("open_ms", "10k", "floor", 1.5),
    ("change_ms", "10k", "ruff", 1.0), ("change_ms", "10k", "floor", 1.5),
    ("open_ms", "50k", "ruff", 1.0), ("open_ms", "50k", "floor", 1.5),
    ("change_ms", "50k", "ruff", 1.0), ("change_ms", "50k", "floor", 1.5),
    ("open_ms", "10k-notrig", "floor", 1.1), ("change_ms", "10k-notrig", "floor", 1.1),
    ("hover_warm_ms", "10k", "abs", 5.0), ("hover_cold_ms", "10k", "abs", 100.0),
    ("init_ms", "all", "floor", 1.2),
    ("peak_rss_mb", "10k", "floor", 1.3), ("peak_rss_mb", "50k", "floor", 1.3),
    ("peak_rss_mb", "10k-notrig", "floor", 1.3),
]
METRIC_NAMES = {
    "open_ms": "didOpen → diagnostics", "change_ms": "didChange → diagnostics",
    "hover_warm_ms": "hover p50 warm", "hover_cold_ms": "hover cold (first)",
    "init_ms": "start → initialize reply", "peak_rss_mb": "peak RSS",
}


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------ servers

def resolve_exe(name: str) -> str | None:
    """A console script's real path: the interpreter's scripts dir first (a pyenv shim would add
    a bash + pyenv start to every measurement), then PATH."""
    cand = Path(sysconfig.get_path("scripts")) / name
    if cand.exists():
        return str(cand)
    found = shutil.which(name)
    if found and "/shims/" in found and shutil.which("pyenv"):
        p = subprocess.run(["pyenv", "which", name], capture_output=True, text=True)
        if p.returncode == 0 and p.stdout.strip():
            return p.stdout.strip()
    return found


def errata_default_cmd() -> tuple[list[str] | None, str]:
    exe = resolve_exe("errata-lsp")
    if exe:
        return [exe], ""
    p = subprocess.run([sys.executable, "-c", "import importlib.util as u; "
                        "print(bool(u.find_spec('errata_lsp.__main__')))"], capture_output=True, text=True)
    if p.stdout.strip() == "True":
        return [sys.executable, "-m", "errata_lsp"], ""
    return None, "errata-lsp is not installed (pip install -e .) and `python -m errata_lsp` is not there"


def server_commands(errata_cmd: str | None) -> dict[str, dict]:
    out: dict[str, dict] = {}
    if errata_cmd:
        cmd = shlex.split(errata_cmd)
        exe = resolve_exe(cmd[0]) if "/" not in cmd[0] else str(Path(cmd[0]).absolute())
        # the server runs in the benchmark's workspace: make file arguments absolute (not resolved: a
        # virtual environment's `python` is a link, and the interpreter it points to has not its packages)
        args = [str(Path(x).absolute()) if ("/" in x or x.endswith(".py")) and Path(x).exists() else x
                for x in cmd[1:]]
        out["errata"] = {"cmd": [exe] + args} if exe else {"cmd": None, "why": f"{cmd[0]} not found"}
    else:
        cmd, why = errata_default_cmd()
        out["errata"] = {"cmd": cmd, "why": why}
    out["floor"] = {"cmd": [sys.executable, str(BENCH / "floor_server.py")]}
    for name, exe, args in (("ruff", "ruff", ["server"]), ("pylsp", "pylsp", []),
                            ("jedi", "jedi-language-server", [])):
        path = resolve_exe(exe)
        out[name] = {"cmd": [path] + args} if path else {
            "cmd": None, "why": f"`{exe}` is not installed (pip install "
                                f"{'python-lsp-server' if name == 'pylsp' else 'jedi-language-server' if name == 'jedi' else 'ruff'})"}
    return out


def servers_to_run(names: str, errata_cmd: str | None, also: list[str]) -> tuple[dict[str, dict], list[str]]:
    """The commands of the servers named (`errata,floor,ruff`; those not installed are left out), then
    each `--also NAME=COMMAND` server after them: the commands by name, and the names in order."""
    commands = server_commands(errata_cmd)
    servers = [s for s in names.split(",") if commands.get(s, {}).get("cmd")]
    for extra in also:
        name, _, command = extra.partition("=")
        commands[name] = {"cmd": shlex.split(command)}
        servers.append(name)
    return commands, servers


def tool_versions() -> dict:
    v = {"python": platform.python_version()}
    for mod in ("pygls", "lsprotocol", "parso", "jedi"):
        try:
            from importlib.metadata import version
            v[mod] = version(mod)
        except Exception:  # noqa: BLE001
            v[mod] = None
    for name, exe in (("ruff", "ruff"), ("pylsp", "pylsp"), ("jedi-language-server", "jedi-language-server")):
        path = resolve_exe(exe)
        if path:
            try:
                p = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=20)
                v[name] = (p.stdout or p.stderr).strip().splitlines()[-1] if (p.stdout or p.stderr).strip() else "?"
            except Exception:  # noqa: BLE001
                v[name] = "?"
    try:
        from importlib.metadata import version
        v["errata-lsp"] = version("errata-lsp")
    except Exception:  # noqa: BLE001
        v["errata-lsp"] = None
    return v


def machine() -> dict:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        mem = f"{int(Path('/proc/meminfo').read_text().split()[1]) / 2**20:.0f} GiB"
    except (OSError, ValueError):
        pass
    return {"host": platform.node(), "cpu": cpu, "cores": os.cpu_count(), "memory": mem,
            "os": platform.platform(), "load_avg": os.getloadavg()}


def git_commit() -> str | None:
    try:
        p = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        return p.stdout.strip() or None
    except OSError:
        return None


# ------------------------------------------------------------------------------ cases

def prepare_cases(names: list[str], workspace: Path) -> dict[str, dict]:
    cases = {}
    for name in names:
        c = CASES[name]
        text = gen_script.generate(c["lines"], seed=0, triggers=c["triggers"])
        path = workspace / f"train_{name.replace('-', '_')}.py"
        path.write_text(text, encoding="utf-8")
        if c["triggers"]:
            hover = find_position(text, "XLAFSDPStrategy(activation_checkpointing_policy=[", 0.5, delta=3)
        else:
            hover = find_position(text, "nn.Linear(", 0.5, delta=4)
        cases[name] = {
            "lines": c["lines"], "triggers": c["triggers"], "bytes": len(text.encode()), "path": str(path),
            "trigger_lines": sum("XLAFSDPStrategy(" in ln for ln in text.split("\n")),
            "hover_pos": list(hover), "change_pos": list(comment_end_position(text, 0.4)),
            "hover_line_text": text.split("\n")[hover[0]].strip()[:100], "text": text,
        }
    return cases


def warmup_file(workspace: Path) -> Path:
    p = workspace / "warmup.py"
    p.write_text(gen_script.generate(400, seed=1, triggers=True), encoding="utf-8")
    return p


# ------------------------------------------------------------------------------ LSP matrix

WARM_BUDGET_S = 5.0  # a warm loop stops early past this, once it has WARM_MIN samples
WARM_MIN = 3         # --quick: 2 s and 2 samples


async def one_session(cmd, case: dict, workspace: Path, warm: int, changes: int, stderr_path: Path,
                      timeout_s: float, request_timeout_s: float = 60.0) -> dict:
    spec = SessionSpec(cmd=cmd, text=case["text"], path=case["path"], workspace=str(workspace),
                       hover_pos=tuple(case["hover_pos"]), action_line=case["hover_pos"][0],
                       change_pos=tuple(case["change_pos"]), warm=warm, changes=changes,
                       stderr_path=str(stderr_path), diag_timeout_s=min(120.0, timeout_s), warm_budget_s=WARM_BUDGET_S,
                       warm_min=WARM_MIN,
                       request_timeout_s=request_timeout_s)
    try:
        return await asyncio.wait_for(run_session(spec), timeout_s)
    except asyncio.TimeoutError:
        return {"error": f"session did not finish in {timeout_s:g} s"}


def summarize_server(sessions: list[dict]) -> dict:
    ok = [s for s in sessions if not s.get("error")]
    pooled = lambda k: [x for s in ok for x in s.get(k, [])]  # noqa: E731
    single = lambda k: [s[k] for s in ok if s.get(k) is not None]  # noqa: E731
    out = {
        "sessions": len(sessions), "ok": len(ok),
        "errors": sorted({s["error"] for s in sessions if s.get("error")}
                         | {t for s in sessions for t in s.get("timeouts", [])}),
        "init_ms": summary(single("init_ms")), "open_ms": summary(single("open_ms")),
        "change_ms": summary(pooled("change_ms")), "change_last_ms": summary(pooled("change_last_ms")),
        "burst_ms": summary(single("burst_ms")),
        "hover_cold_ms": summary(single("hover_cold_ms")), "hover_warm_ms": summary(pooled("hover_warm_ms")),
        "action_cold_ms": summary(single("action_cold_ms")), "action_warm_ms": summary(pooled("action_warm_ms")),
        "peak_rss_mb": summary([s["peak_rss_kb"] / 1024 for s in ok if s.get("peak_rss_kb")]),
    }
    if ok:
        s0 = ok[0]
        out.update({k: s0.get(k) for k in ("sync_kind", "sends_version", "open_diagnostics", "change_diagnostics",
                                           "actions", "action_titles", "server_info", "pids")})
        out["hover_text"] = s0.get("hover_text", "")[:120]
    return out


def run_lsp(servers: dict, cases: dict, workspace: Path, sessions: int, slow_sessions: int, warm: int,
            changes: int, session_timeout: float) -> dict:
    names = [n for n in ALL_SERVERS if n in servers and servers[n].get("cmd")]
    logs = OUT / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    # warm-up: one unmeasured session each (byte-compiles, fills the page cache)
    wf = warmup_file(workspace)
    wcase = {"text": wf.read_text(encoding="utf-8"), "path": str(wf)}
    wtext = wcase["text"]
    wcase["hover_pos"] = list(find_position(wtext, "XLAFSDPStrategy(", 0.5, 3) or (0, 0))
    wcase["change_pos"] = list(comment_end_position(wtext))
    for n in names:
        r = asyncio.run(one_session(servers[n]["cmd"], wcase, workspace, 2, 1, logs / f"{n}-warmup.log", 120))
        log(f"warm-up {n}: {'ok' if not r.get('error') else r['error']}")
        if r.get("error") and n == "errata":
            servers[n]["warmup_error"] = r["error"]
    raw: dict[str, dict[str, list]] = {c: {n: [] for n in names if (n, c) not in SKIP_PAIRS} for c in cases}
    t0 = time.perf_counter()
    for rep in range(sessions):
        order = names[rep % len(names):] + names[: rep % len(names)]  # round-robin start per repetition
        for cname, case in cases.items():
            for n in order:
                if n in SLOW_BASELINES and rep >= slow_sessions:
                    continue
                if (n, cname) in SKIP_PAIRS:
                    continue
                slow = n in SLOW_BASELINES
                r = asyncio.run(one_session(servers[n]["cmd"], case, workspace, warm, min(changes, 3) if slow else changes,
                                            logs / f"{n}-{cname}.log", session_timeout,
                                            request_timeout_s=20.0 if slow else 60.0))
                r["rep"] = rep
                raw[cname][n].append(r)
                log(f"rep {rep + 1}/{sessions} {cname:10s} {n:6s} "
                    + (f"open {r.get('open_ms', float('nan')):8.1f} ms  change {percentile(r.get('change_ms', []), 50) or float('nan'):8.1f} ms  "
                       f"hover {r.get('hover_cold_ms', float('nan')):7.1f}/{percentile(r.get('hover_warm_ms', []), 50) or float('nan'):6.2f} ms  "
                       f"rss {r.get('peak_rss_kb', 0) / 1024:6.0f} MB" if not r.get("error") else f"ERROR {r['error']}"))
    log(f"LSP matrix done in {time.perf_counter() - t0:.0f} s")
    return {c: {n: {"summary": summarize_server(raw[c][n]), "sessions": raw[c][n]} for n in raw[c]} for c in cases}


# ------------------------------------------------------------------------------ in-process parse baselines

def run_parse(cases: dict, reps: int, parso_reps: int, parso_max_lines: int = 10**9) -> dict:
    out = {}
    try:
        import parso
    except ImportError:
        parso = None
    for cname, case in cases.items():
        text = case["text"]
        res = {}
        ts = []
        for _ in range(reps):
            t0 = time.perf_counter()
            ast.parse(text)
            ts.append((time.perf_counter() - t0) * 1000)
        res["ast_parse_ms"] = summary(ts)
        if parso is not None and text.count("\n") <= parso_max_lines:
            ts = []
            for _ in range(parso_reps):
                t0 = time.perf_counter()
                parso.parse(text)
                ts.append((time.perf_counter() - t0) * 1000)
            res["parso_parse_ms"] = summary(ts)
        else:
            res["parso_parse_ms"] = None
        ts = []
        for _ in range(reps * 4):
            t0 = time.perf_counter()
            any(w in text for w in ("XLAFSDP", "xla_fsdp", "no_backward_sync", "Fabric", "fabric"))
            ts.append((time.perf_counter() - t0) * 1000)
        res["trigger_scan_ms"] = summary(ts)
        out[cname] = res
    return out


def run_parse_child(cases: dict, reps: int, parso_reps: int, parso_max_lines: int = 10**9) -> dict:
    """run_parse in a fresh interpreter: the bench process's own heap (after many sessions) would
    slow `ast.parse` through the garbage collector and flatter every server."""
    spec = json.dumps({"cases": {k: {"path": v["path"]} for k, v in cases.items()}, "reps": reps, "parso_reps": parso_reps,
                       "parso_max_lines": parso_max_lines})
    p = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--parse-child", spec],
                       capture_output=True, text=True, timeout=900)
    if p.returncode != 0:
        return {"error": p.stderr.strip()[-500:]}
    return json.loads(p.stdout)


# ------------------------------------------------------------------------------ ratios and report

def _p50(lsp: dict, case: str, server: str, metric: str) -> float | None:
    try:
        return lsp[case][server]["summary"][metric]["p50"]
    except (KeyError, TypeError):
        return None


def compute_ratios(lsp: dict, kb: dict | None) -> list[dict]:
    rows = []
    cases = list(lsp)

    def pooled_init(server):
        vals = [s["init_ms"] for c in cases for s in lsp[c].get(server, {}).get("sessions", []) if s.get("init_ms")]
        return percentile(vals, 50)

    for metric, case, kind, limit in TARGETS:
        if case != "all" and case not in lsp:
            continue
        if case == "all":
            e, f, r = pooled_init("errata"), pooled_init("floor"), pooled_init("ruff")
        else:
            e, f, r = (_p50(lsp, case, s, metric) for s in ("errata", "floor", "ruff"))
        row = {"metric": metric, "case": case, "vs": kind, "limit": limit, "errata": e, "floor": f, "ruff": r}
        if kind == "abs":
            row["value"] = e
        else:
            other = f if kind == "floor" else r
            row["value"] = (e / other) if (e is not None and other) else None
        row["pass"] = None if row["value"] is None else row["value"] <= limit
        # informational: the other ratio
        row["errata_over_floor"] = (e / f) if (e is not None and f) else None
        row["errata_over_ruff"] = (e / r) if (e is not None and r) else None
        rows.append(row)
    if kb and kb.get("engine_available"):
        load = (kb.get("load") or {}).get("load_s", {}).get("p50")
        rows.append({"metric": "kb_load_s", "case": f"{kb['file']['records']} records", "vs": "abs", "limit": 1.0,
                     "value": load, "pass": None if load is None else load <= 1.0})
        for qs in ("matching", "traceback", "nonmatching"):
            p99 = ((kb.get("lookup") or {}).get(qs) or {}).get("p99")
            rows.append({"metric": f"explain_p99_ms ({qs})", "case": f"{kb['file']['records']} records", "vs": "abs",
                         "limit": 2.0, "value": p99, "pass": None if p99 is None else p99 <= 2.0})
    return rows


def _f(x, nd=1, unit="") -> str:
    if x is None:
        return "—"
    if isinstance(x, float) and abs(x) < 10 and nd == 1:
        return f"{x:.2f}{unit}"
    return f"{x:.{nd}f}{unit}"


def _pp(s: dict | None, nd=1) -> str:
    if not s or s.get("p50") is None:
        return "—"
    return f"{_f(s['p50'], nd)} / {_f(s['p95'], nd)}"


def render_md(res: dict) -> str:
    m = res["meta"]
    L = [f"# errata benchmark results ({m['mode']})", "",
         f"- date: {m['date']}", f"- machine: {m['machine']['cpu']}, {m['machine']['cores']} cores, {m['machine']['memory']} "
         f"(load avg at start {', '.join(f'{x:.2f}' for x in m['machine']['load_avg'])}"
         + (f"; at end {', '.join(f'{x:.2f}' for x in m['load_avg_end'])})" if m.get("load_avg_end") else ")"),
         f"- command: `{m['command']}`", f"- commit: {m['commit']}",
         "- versions: " + ", ".join(f"{k} {v}" for k, v in m["versions"].items() if v), ""]
    L.append("## Servers")
    L.append("")
    for n, s in res["servers"].items():
        L.append(f"- **{n}**: " + (f"`{' '.join(s['cmd'])}`" if s.get("cmd") else f"skipped — {s.get('why')}")
                 + (f" (warm-up error: {s['warmup_error']})" if s.get("warmup_error") else "")
                 + (f" — {s['note']}" if s.get("note") else ""))
    L.append("")
    rows = res.get("ratios") or []
    if rows:
        L += ["## Targets (p50 ratios from this run)", "",
              "| metric | case | errata | floor | ruff | errata/floor | errata/ruff | target | met |",
              "|---|---|---|---|---|---|---|---|---|"]
        for r in rows:
            if r["metric"].startswith(("kb_", "explain")):
                continue
            unit = " MB" if r["metric"] == "peak_rss_mb" else " ms"
            tgt = f"≤ {r['limit']:g} ms" if r["vs"] == "abs" else f"≤ {r['limit']:g}× {r['vs']}"
            met = "—" if r["pass"] is None else ("yes" if r["pass"] else "**NO**")
            L.append(f"| {METRIC_NAMES.get(r['metric'], r['metric'])} | {r['case']} | {_f(r['errata'], 1, unit)} | "
                     f"{_f(r['floor'], 1, unit)} | {_f(r['ruff'], 1, unit)} | {_f(r.get('errata_over_floor'), 2)}× | "
                     f"{_f(r.get('errata_over_ruff'), 2)}× | {tgt} | {met} |")
        kbrows = [r for r in rows if r["metric"].startswith(("kb_", "explain"))]
        if kbrows:
            L += ["", "| knowledge base | size | value | target | met |", "|---|---|---|---|---|"]
            for r in kbrows:
                unit = " s" if r["metric"] == "kb_load_s" else " ms"
                met = "—" if r["pass"] is None else ("yes" if r["pass"] else "**NO**")
                L.append(f"| {r['metric']} | {r['case']} | {_f(r['value'], 3 if unit == ' ms' else 2, unit)} | "
                         f"≤ {r['limit']:g}{unit} | {met} |")
        L.append("")
    lsp = res.get("lsp") or {}
    for cname, per in lsp.items():
        c = res["cases"][cname]
        L += [f"## Case {cname}: {c['lines']} lines, {c['bytes'] / 1024:.0f} KiB, "
              f"{c['trigger_lines']} `XLAFSDPStrategy(` lines; hover at {tuple(c['hover_pos'])} `{c['hover_line_text'][:60]}`", "",
              "p50 / p95 in ms (RSS in MB). init, open, burst, cold: one sample per session; change, warm: all samples pooled.", "",
              "| server | ok | init | open→diag | change→diag | burst→diag | hover cold | hover warm "
              "| action cold | action warm | peak RSS | diags | sync |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for n, d in per.items():
            s = d["summary"]
            L.append(f"| {n} | {s['ok']}/{s['sessions']} | {_pp(s['init_ms'])} | {_pp(s['open_ms'])} | {_pp(s['change_ms'])} | "
                     f"{_pp(s.get('burst_ms'))} | "
                     f"{_pp(s['hover_cold_ms'])} | {_pp(s['hover_warm_ms'], 2)} | {_pp(s['action_cold_ms'])} | "
                     f"{_pp(s['action_warm_ms'], 2)} | {_pp(s['peak_rss_mb'], 0)} | {s.get('open_diagnostics', '—')} | "
                     f"{s.get('sync_kind', '—')}{'' if s.get('sends_version', True) else ' (no version)'} |")
            if s["errors"]:
                L.append(f"|  ↳ errors | {'; '.join(e[:120] for e in s['errors'])} ||||||||||||")
        L.append("")
    parse = res.get("parse") or {}
    if parse.get("error"):
        L += ["## In-process parse baselines", "", f"failed: {parse['error']}", ""]
        parse = {}
    if parse:
        L += ["## In-process parse baselines (same text, fresh interpreter, p50 / p95 ms)", "",
              "| case | ast.parse | parso.parse | trigger-word scan |", "|---|---|---|---|"]
        for cname, p in parse.items():
            L.append(f"| {cname} | {_pp(p['ast_parse_ms'])} | {_pp(p['parso_parse_ms'])} | {_pp(p['trigger_scan_ms'], 3)} |")
        L.append("")
    kb = res.get("kb")
    if kb:
        L += [f"## Knowledge base: {kb['file']['records']} records, {kb['file']['bytes'] / 2**20:.0f} MiB JSONL", ""]
        if not kb.get("engine_available"):
            L.append(f"Engine not measured: {kb.get('engine_error')}")
        else:
            ld = kb.get("load") or {}
            tr = kb.get("load_traced") or {}
            if ld.get("load_s"):
                L.append(f"- load: p50 {_f(ld['load_s']['p50'], 2)} s over {ld['load_s']['n']} fresh processes "
                         f"(import {_f(ld['import_s']['p50'], 3)} s); RSS delta {_f(ld['rss_delta_mb']['p50'], 0)} MB, "
                         f"peak RSS {_f(ld['peak_rss_mb']['p50'], 0)} MB; records {ld.get('records_loaded')}, problems {ld.get('problems')}")
            else:
                L.append(f"- load: failed: {[r.get('error') for r in ld.get('runs', [])][:1]}")
            if tr and "error" not in tr:
                sub = tr.get("traced_records", kb["file"]["records"])
                L.append(f"- tracemalloc peak during load {_f(tr['tracemalloc_peak_mb'], 0)} MB "
                         f"(retained {_f(tr['tracemalloc_current_mb'], 0)} MB)"
                         + (f" — on the first {sub} records only: the engine's load is too slow to trace all "
                            f"{kb['file']['records']} within the run's budget" if sub != kb["file"]["records"] else ""))
            elif tr:
                L.append(f"- tracemalloc run failed: {tr.get('error')}")
            lk = kb.get("lookup") or {}
            if "error" in lk:
                L.append(f"- lookups failed: {lk['error'][:300]}")
            elif lk:
                L.append(f"- first lookup (pays any lazy index build): {_f(lk['first_lookup_ms'], 1)} ms; second {_f(lk['second_lookup_ms'], 3)} ms")
        bl = kb.get("baseline") or {}
        L += ["", "| lookup (ms) | n | p50 | p99 | max | found expected | top-1 | false positives |", "|---|---|---|---|---|---|---|---|"]
        lk = kb.get("lookup") or {}
        for qs in ("matching", "traceback", "nonmatching"):
            e = lk.get(qs)
            if e:
                L.append(f"| errata {qs} | {e['n']} | {_f(e['p50'], 3)} | {_f(e['p99'], 3)} | {_f(e['max'], 3)} | "
                         f"{_f(e.get('hit_rate'), 3) if 'hit_rate' in e else '—'} | {_f(e.get('top1_rate'), 3) if 'top1_rate' in e else '—'} | "
                         f"{e.get('false_positives', '—')} |")
        for qs in ("matching", "traceback", "nonmatching"):
            b = bl.get(qs)
            if b:
                L.append(f"| baseline re.search loop, {qs} | {b['n']} | {_f(b['p50'], 2)} | {_f(b['p99'], 2)} | {_f(b['max'], 2)} | "
                         f"{_f(b['hit_rate'], 3) if 'hit_rate' in b else '—'} | — | {b.get('false_positives', '—')} |")
        if "error" in bl:
            L.append(f"\nbaseline failed: {bl['error'][:300]}")
        elif bl:
            L.append(f"\nBaseline compile of {bl['patterns']} patterns: {_f(bl['compile_s'], 2)} s "
                     f"(+{bl['compiled_rss_delta_kb'] / 1024:.0f} MB RSS).")
        pe, pb = kb.get("pathological_engine") or {}, kb.get("pathological_baseline") or {}
        if pe or pb:
            L += ["", f"Catastrophic-backtracking records (pattern vs query); errata with them next to "
                  f"{pe.get('records', '?')} records, the baseline next to all {pb.get('patterns', '?')} patterns, "
                  f"each query in a forked child killed after {pb.get('timeout_s', '?')} s:", "",
                  "| pattern | query | errata kb.match | baseline re.search loop |", "|---|---|---|---|"]
            eq = {q["pattern"]: q for q in pe.get("queries", [])}
            bq = {q["pattern"]: q for q in pb.get("queries", [])}
            for pat in list(dict.fromkeys(list(eq) + list(bq))):
                q = eq.get(pat) or bq.get(pat)
                qtext = q["query"] if len(q["query"]) < 40 else q["query"][:37] + "…"
                cell = pat.replace("|", "\\|")
                L.append(f"| `{cell}` | `{qtext}` | {eq.get(pat, {}).get('result', pe.get('error', '—'))} | "
                         f"{bq.get(pat, {}).get('result', pb.get('error', '—'))} |")
        L.append("")
    L += ["## Notes", ""] + [f"- {n}" for n in res.get("notes", [])]
    return "\n".join(L) + "\n"


# ------------------------------------------------------------------------------ main

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="errata benchmark suite")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--errata-cmd", default=os.environ.get("ERRATA_CMD"))
    ap.add_argument("--servers", default=",".join(ALL_SERVERS))
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--sessions", type=int)
    ap.add_argument("--slow-sessions", type=int, help="sessions for pylsp/jedi (default 1; 0 in --quick)")
    ap.add_argument("--warm", type=int)
    ap.add_argument("--changes", type=int)
    ap.add_argument("--kb-records", type=int)
    ap.add_argument("--skip-lsp", action="store_true")
    ap.add_argument("--skip-kb", action="store_true")
    ap.add_argument("--skip-parse", action="store_true")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--parse-child", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.parse_child:
        spec = json.loads(a.parse_child)
        cases = {k: {"text": Path(v["path"]).read_text(encoding="utf-8")} for k, v in spec["cases"].items()}
        print(json.dumps(run_parse(cases, spec["reps"], spec["parso_reps"], spec.get("parso_max_lines", 10**9))))
        return 0
    quick = a.quick
    sessions = a.sessions or (2 if quick else 5)
    slow_sessions = a.slow_sessions if a.slow_sessions is not None else (0 if quick else 1)
    warm = a.warm or (10 if quick else 20)
    global WARM_BUDGET_S, WARM_MIN
    WARM_BUDGET_S, WARM_MIN = (2.0, 2) if quick else (5.0, 3)
    changes = a.changes or (2 if quick else 5)
    kb_records = a.kb_records or (20_000 if quick else 100_000)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    t_start = time.perf_counter()
    notes: list[str] = []

    servers = server_commands(a.errata_cmd)
    wanted = [s.strip() for s in a.servers.split(",") if s.strip()]
    for n in list(servers):
        if n not in wanted:
            servers[n] = {"cmd": None, "why": "not selected (--servers)"}
        elif n in SLOW_BASELINES and slow_sessions == 0 and servers[n].get("cmd"):
            servers[n] = {"cmd": None, "why": "skipped in --quick (seconds per request on these files)"}
        elif n in SLOW_BASELINES and servers[n].get("cmd"):
            servers[n]["note"] = (f"context baseline: {slow_sessions} session(s) per case, 3 changes, "
                                  "a request that takes over 20 s is cancelled and reported")
    for (n, c), why in SKIP_PAIRS.items():
        if servers.get(n, {}).get("cmd"):
            notes.append(f"{n} not run on {c}: {why}")
    for n, s in servers.items():
        if not s.get("cmd"):
            notes.append(f"{n}: skipped — {s.get('why')}")
            log(f"{n}: skipped — {s.get('why')}")

    res: dict = {"meta": {
        "date": _dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        "mode": "quick" if quick else "full",
        "command": " ".join(["python", "bench/run.py"] + (argv if argv is not None else sys.argv[1:])),
        "machine": machine(), "versions": tool_versions(), "commit": git_commit(),
        "settings": {"sessions": sessions, "slow_sessions": slow_sessions, "warm": warm, "changes": changes,
                     "kb_records": kb_records},
    }, "servers": servers, "notes": notes}

    workspace = Path(tempfile.mkdtemp(prefix="errata-bench-ws-"))
    try:
        case_names = [c.strip() for c in a.cases.split(",") if c.strip()]
        cases = prepare_cases(case_names, workspace)
        res["cases"] = {k: {kk: vv for kk, vv in v.items() if kk != "text"} for k, v in cases.items()}
        if not a.skip_lsp:
            lsp = run_lsp(servers, cases, workspace, sessions, slow_sessions, warm, changes,
                          session_timeout=300.0)
            res["lsp"] = lsp
        if not a.skip_parse:
            log("in-process parse baselines (in a fresh interpreter) ...")
            res["parse"] = run_parse_child(cases, 3 if quick else 5, 1 if quick else 2,
                                           20_000 if quick else 10**9)
    finally:
        shutil.rmtree(workspace, ignore_errors=True)
    if not a.skip_kb:
        res["kb"] = kb_scale.run(records=kb_records, queries=200 if quick else 1000,
                                 baseline_queries=20 if quick else 50, load_runs=1 if quick else 3,
                                 patho_timeout=3.0 if quick else 5.0, log=log, traced=not quick)
        if quick:
            notes.append(f"--quick: knowledge base of {kb_records} records, not 100,000; no tracemalloc run")
    res["ratios"] = compute_ratios(res.get("lsp") or {}, res.get("kb"))
    res["wall_s"] = round(time.perf_counter() - t_start, 1)
    res["meta"]["load_avg_end"] = os.getloadavg()
    notes.append(f"total wall time {res['wall_s']:.0f} s")
    (out / "results.json").write_text(json.dumps(res, indent=2, ensure_ascii=False), encoding="utf-8")
    (out / "results.md").write_text(render_md(res), encoding="utf-8")
    # every run is also kept under its own name, so a later --quick does not erase a full run
    runs = out / "runs"
    runs.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S") + "-" + res["meta"]["mode"]
    (runs / f"{stamp}.json").write_text(json.dumps(res, indent=2, ensure_ascii=False), encoding="utf-8")
    (runs / f"{stamp}.md").write_text(render_md(res), encoding="utf-8")
    log(f"wrote {out / 'results.json'} and {out / 'results.md'} in {res['wall_s']:.0f} s")
    print(render_md(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
