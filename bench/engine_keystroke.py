#!/usr/bin/env python3
"""The engine's part of a keystroke, in process: two source trees of errata side by side.

    python bench/engine_keystroke.py --before ../other-checkout/server --after server \\
        [--file path/to/fabric.py ...] [--rounds 3]

For each case (generated scripts of 1k, 10k and 30k lines, and every --file), each tree runs in
a fresh interpreter (PYTHONPATH=<tree>): it opens the file (one check of the whole text), then
types `x` one keystroke at a time at the end of a comment line inside a function the rules look
at (the indented comment nearest 40 % of the file); with `--typing code`, digits into a statement
`probe = 1` added below that comment, a local nothing reads (a tree that reuses findings while only
the constants of such a local change runs no rule); with `--typing live`, the same with a line
`print(probe)` after it, so every keystroke changes a value the rules may see and every rule runs
again; with `--typing open`, digits typed into `print(probe, 1` (a line that does not parse while
its bracket is open); with `--typing docstring`, `x` typed at the end of the docstring line nearest
40 % of the file; with `--typing newline`, Enter at the end of that comment line (every chunk below
moves down a line). The document is checked after each keystroke.
Rounds alternate the order of the trees. Times are the process's CPU time (`time.process_time`):
on a shared machine, wall time mostly measures the other processes. Reported: p50 of the open
and of a keystroke, RSS after
the open and after the last keystroke (200 keystrokes on the 10k file and the real files, 30 on
the others), and the ratio of the `after` tree to the `before` tree, measured in the same run.

Modes: `source` calls `check_source(text)` per keystroke (what a server without a document model
does; works on both trees); `document` calls `check_document(text, previous=...)` and
`edits` the same with the keystroke's edit (`changes=`) instead of comparing lines (the `after`
tree only, when it has them). `--before-mode document` runs the `before` tree as `document` too
(a tree with the document model), so the two trees' keystrokes compare in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TYPING = ["comment"]


def rss_mib() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def typing_position(text: str, where: float = 0.4) -> tuple[int, int]:
    """End of the indented full-line comment nearest `where`, inside a run that mentions Fabric."""
    import io
    import tokenize

    comments = {tok.start[0] - 1 for tok in tokenize.generate_tokens(io.StringIO(text).readline)
                if tok.type == tokenize.COMMENT}  # real comments, not "#" lines of a docstring
    lines = text.split("\n")
    target = int(len(lines) * where)
    for d in range(len(lines)):
        for i in (target + d, target - d):
            if (0 <= i < len(lines) and i in comments and lines[i].startswith((" ", "\t"))
                    and lines[i].lstrip().startswith("#")):
                top = i
                while top > 0 and (not lines[top] or lines[top][0] in " \t#)"):
                    top -= 1
                end = i
                while end < len(lines) and (not lines[end] or lines[end][0] in " \t#)"):
                    end += 1
                if "fabric" in "\n".join(lines[top:end]).lower():
                    return i, len(lines[i])
    raise SystemExit("no indented comment to type in")


def docstring_position(text: str, where: float = 0.4) -> tuple[int, int]:
    """End of the line nearest `where` inside a string standing alone as a statement (a docstring),
    not its first or last line."""
    import ast

    inside = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            inside += range(node.value.lineno, (node.value.end_lineno or node.value.lineno) - 1)  # 0-based, inner
    lines = text.split("\n")
    inside = [i for i in inside if lines[i].strip()]
    if not inside:
        raise SystemExit("no docstring to type in")
    line = min(inside, key=lambda i: abs(i - int(len(lines) * where)))
    return line, len(lines[line])


def child(args: argparse.Namespace) -> None:
    import gc

    gc.collect()
    from errata_lsp.analysis import engine

    args.file = args.child_file
    text = Path(args.file).read_text(encoding="utf-8")
    line, col = docstring_position(text) if args.typing == "docstring" else typing_position(text)
    lines = text.split("\n")
    if args.typing in ("code", "live", "open"):  # type digits into a statement of that function
        indent = lines[line][: len(lines[line]) - len(lines[line].lstrip())]
        probe = indent + ("print(probe, 1" if args.typing == "open" else "probe = 1")  # open: a bracket not closed
        lines.insert(line + 1, probe)
        if args.typing == "live":  # a call reads `probe`: its value is seen, every rule runs again
            lines.insert(line + 2, indent + "print(probe)")
        line, col = line + 1, len(probe)
        text = "\n".join(lines)
    start = time.process_time()
    if args.mode == "source":
        report = engine.check_source(text, args.file)
        state = None
    else:
        state = engine.check_document(text, args.file)
        report = state.report
    open_ms = (time.process_time() - start) * 1000
    rss_open = rss_mib()
    findings = len(report.findings)
    times = []
    typed = "x" if args.typing in ("comment", "docstring") else "\n" if args.typing == "newline" else "1"
    for i in range(args.keystrokes):
        if typed == "\n":
            lines.insert(line + 1, "")
        else:
            lines[line] = lines[line] + typed
        new_text = "\n".join(lines)
        start = time.process_time()
        if args.mode == "source":
            report = engine.check_source(new_text, args.file)
        elif args.mode == "document":
            state = engine.check_document(new_text, args.file, previous=state)
            report = state.report
        else:
            from errata_lsp.analysis.findings import Position, Span

            at = Position(line, col if typed == "\n" else col + i)
            state = engine.check_document(new_text, args.file, previous=state, changes=[(Span(at, at), typed)])
            report = state.report
        times.append((time.process_time() - start) * 1000)
        if len(report.findings) != findings:
            raise SystemExit(f"keystroke {i} changed the findings: {findings} -> {len(report.findings)}")
    print(json.dumps({"open_ms": open_ms, "keystroke_ms": times, "rss_open": rss_open, "rss_end": rss_mib(),
                      "findings": findings}))


def run_child(src: str, mode: str, file: str, keystrokes: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(Path(src).resolve()))
    out = subprocess.run([sys.executable, __file__, "--child", "--mode", mode, "--child-file", file,
                          "--keystrokes", str(keystrokes), "--typing", TYPING[0]], env=env, capture_output=True, text=True, timeout=1800)
    if out.returncode != 0:
        raise SystemExit(f"{src} {mode} {file}: {out.stderr[-2000:]}")
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", help="the `server` directory of the tree to compare against")
    parser.add_argument("--after", default=str(HERE.parent / "server"))
    parser.add_argument("--file", action="append", default=[], help="a real file to type in (repeatable)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sizes", default="1000,10000,30000")
    parser.add_argument("--child", action="store_true")
    parser.add_argument("--mode", default="source")
    parser.add_argument("--modes", default="source,document,edits", help="modes of the `after` tree")
    parser.add_argument("--child-file")
    parser.add_argument("--typing", default="comment", help="comment (the default), code, live, open, docstring or newline")
    parser.add_argument("--before-mode", default="source", help="the mode of the `before` tree: source or document")
    parser.add_argument("--keystrokes", type=int, default=30)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    TYPING[0] = args.typing
    sys.path.insert(0, str(HERE))
    import gen_script

    tmp = Path(tempfile.mkdtemp(prefix="errata-keystroke-"))
    cases = []
    for size in [int(s) for s in args.sizes.split(",") if s]:
        path = tmp / f"gen{size // 1000}k.py"
        path.write_text(gen_script.generate(size, seed=0, triggers=True), encoding="utf-8")
        cases.append((f"{size // 1000}k", str(path), 200 if size == 10000 else 30))
    for file in args.file:
        cases.append((Path(file).name, file, 200))
    runs = [("before", args.before, args.before_mode)] if args.before else []
    runs += [("after", args.after, mode) for mode in args.modes.split(",")]
    results: dict[tuple[str, str, str], list[dict]] = {}
    for r in range(args.rounds):
        for name, path, keys in cases:
            order = runs if r % 2 == 0 else list(reversed(runs))
            for tree, src, mode in order:
                results.setdefault((name, tree, mode), []).append(run_child(src, mode, path, keys))
                print(f"round {r + 1} {name} {tree}/{mode} done", file=sys.stderr)
    print("| case | tree/mode | findings | open p50 ms | keystroke p50 ms | keystroke p90 ms | RSS open MiB | "
          "RSS after keystrokes MiB | keystroke / before | open / before | RSS end / before |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, _, keys in cases:
        base = None
        for tree, _, mode in runs:
            samples = results[(name, tree, mode)]
            opened = statistics.median(s["open_ms"] for s in samples)
            keystrokes = sorted(t for s in samples for t in s["keystroke_ms"])
            p50 = statistics.median(keystrokes)
            p90 = keystrokes[int(len(keystrokes) * 0.9)]
            rss_open = statistics.median(s["rss_open"] for s in samples)
            rss_end = statistics.median(s["rss_end"] for s in samples)
            if base is None and tree == "before":
                base = (p50, opened, rss_end)
            ratio = (f"{p50 / base[0]:.3f}x | {opened / base[1]:.2f}x | {rss_end / base[2]:.2f}x" if base
                     else "- | - | -")
            print(f"| {name} ({keys} keys) | {tree}/{mode} | {samples[0]['findings']} | {opened:.1f} | {p50:.2f} | "
                  f"{p90:.2f} | {rss_open:.0f} | {rss_end:.0f} | {ratio} |")


if __name__ == "__main__":
    main()
