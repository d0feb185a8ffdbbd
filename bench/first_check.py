#!/usr/bin/env python3
"""The first check of a file as a server's first open runs it, against CPython's `ast.parse` of the file,
for one or two source trees, in process.

    python bench/first_check.py --file fabric.py --file pretrain.py --lines 10000 \\
        [--before <other tree>/server] [--runs 5]

Each sample is a fresh interpreter (bytecode cached) with PYTHONPATH=<tree> that loads what the
server's warm-up loads (the rule pack, the knowledge base, the releases), then times the CPU of
`check_document` on the file (the server's first open, `own_trees=True`), then of the same text with
a line added at the end (a warm check of a file whose chunks are all known but one). `ast.parse` of
the same text is timed in its own fresh interpreter (a bench process's heap would slow it through
the collector). Trees and files alternate; medians (`--stat min`: the least of the runs, what a loaded
machine disturbs least), and each tree's ratio to `ast.parse`. With `--calls`, also the function calls of
the first check (cProfile's count, builtins too: a figure the machine's load does not move), one fresh
interpreter per tree and file.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import json, sys, time
clock = time.process_time
from errata_lsp.analysis import engine, rules
from errata_lsp.kb.base import KnowledgeBase
from errata_lsp.kb.versions import shipped
list(rules.iter_rules()); shipped(); KnowledgeBase.load([])
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
start = clock()
checked = engine.check_document(text, path, own_trees=True)
first = clock() - start
start = clock()
engine.check_document(text + "\n# one more line\n", path, previous=checked, own_trees=True)
again = clock() - start
print(json.dumps([first * 1000, again * 1000, len(checked.report.findings)]))
"""

CALLS = r"""
import cProfile, json, pstats, sys
from errata_lsp.analysis import engine, rules
from errata_lsp.kb.base import KnowledgeBase
from errata_lsp.kb.versions import shipped
list(rules.iter_rules()); shipped(); KnowledgeBase.load([])
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
profile = cProfile.Profile()
profile.enable()
engine.check_document(text, path, own_trees=True)
profile.disable()
print(json.dumps(sum(row[1] for row in pstats.Stats(profile).stats.values())))  # type: ignore[attr-defined]
"""

PARSE = r"""
import ast, json, sys, time
text = open(sys.argv[1], encoding="utf-8").read()
start = time.process_time()
ast.parse(text)
print(json.dumps((time.process_time() - start) * 1000))
"""


def run(code: str, path: Path, tree: str | None, cwd: str) -> object:
    env = {**os.environ}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if tree is not None:
        env["PYTHONPATH"] = tree
    out = subprocess.run([sys.executable, "-c", code, str(path)], env=env, cwd=cwd, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", action="append", default=[], help="a real Python file (repeatable)")
    parser.add_argument("--lines", default="10000", help="generated scripts of these sizes (comma-separated; '' for none)")
    parser.add_argument("--before", help="the `server` directory of the tree to compare against")
    parser.add_argument("--after", default=str(HERE.parent / "server"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--stat", choices=("median", "min"), default="median",
                        help="min: the least CPU of the runs (on a loaded machine, the least disturbed)")
    parser.add_argument("--calls", action="store_true", help="also count the function calls of each first check")
    args = parser.parse_args()
    # absolute: the children run in a temporary folder, where a relative PYTHONPATH names nothing (and the
    # installed errata would be measured instead)
    trees = {"after": os.path.abspath(args.after), **({"before": os.path.abspath(args.before)} if args.before else {})}
    with tempfile.TemporaryDirectory(prefix="errata-first-check-") as tmp:
        files: dict[str, Path] = {}
        for size in (s for s in args.lines.split(",") if s):
            path = Path(tmp) / f"generated_{size}.py"
            path.write_text(subprocess.run([sys.executable, str(HERE / "gen_script.py"), "--lines", size], check=True,
                                           capture_output=True, text=True).stdout, encoding="utf-8")
            files[f"{int(size) // 1000}k generated"] = path
        for name in args.file:
            path = Path(tmp) / Path(name).name
            path.write_text(Path(name).read_text(encoding="utf-8"), encoding="utf-8")
            files[path.name] = path
        first: dict[tuple[str, str], list[float]] = {}
        again: dict[tuple[str, str], list[float]] = {}
        parse: dict[str, list[float]] = {}
        findings: dict[tuple[str, str], int] = {}
        for i in range(args.runs):
            order = list(trees) if i % 2 == 0 else list(reversed(trees))
            for label, path in files.items():
                parse.setdefault(label, []).append(float(run(PARSE, path, None, tmp)))  # type: ignore[arg-type]
                for tree in order:
                    ms_first, ms_again, count = run(CHILD, path, trees[tree], tmp)  # type: ignore[misc]
                    first.setdefault((label, tree), []).append(ms_first)
                    again.setdefault((label, tree), []).append(ms_again)
                    findings[(label, tree)] = count
        calls = {(label, tree): int(run(CALLS, path, trees[tree], tmp))  # type: ignore[call-overload]
                 for label, path in files.items() for tree in trees} if args.calls else {}
    pick = statistics.median if args.stat == "median" else min
    print(f"{args.runs} fresh interpreters per tree and file, CPU ms ({args.stat}s), load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}\n")
    header = " | ".join(f"{t} first | {t} / parse" for t in trees)
    print(f"| file | findings | ast.parse | {header} | {' | '.join(f'{t} a line added' for t in trees)} |"
          + (" after / before |" if "before" in trees else ""))
    print("|---" * (3 + 3 * len(trees) + ("before" in trees)) + "|")
    for label in files:
        p = pick(parse[label])
        cells = []
        for tree in trees:
            f = pick(first[(label, tree)])
            cells.append(f"{f:.1f} | {f / p:.2f}×")
        cells += [f"{pick(again[(label, t)]):.1f}" for t in trees]
        ratio = (f" {pick(first[(label, 'after')]) / pick(first[(label, 'before')]):.2f}× |"
                 if "before" in trees else "")
        counts = "/".join(str(findings[(label, t)]) for t in trees)
        print(f"| {label} | {counts} | {p:.1f} | {' | '.join(cells)} |{ratio}")
    if calls:
        print(f"\nFunction calls of the first check (cProfile)\n\n| file | {' | '.join(trees)} |"
              + (" after / before |" if "before" in trees else ""))
        print("|---" * (1 + len(trees) + ("before" in trees)) + "|")
        for label in files:
            ratio = f" {calls[(label, 'after')] / calls[(label, 'before')]:.3f}× |" if "before" in trees else ""
            print(f"| {label} | {' | '.join(f'{calls[(label, t)]:,}' for t in trees)} |{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
