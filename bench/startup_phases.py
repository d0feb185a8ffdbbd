#!/usr/bin/env python3
"""What errata's start-up costs beyond a bare pygls server, phase by phase, for two source trees.

    python bench/startup_phases.py --before ../other-checkout/server [--after server] [--runs 6]

Each run is a fresh interpreter with PYTHONPATH=<tree> (bytecode cached, as installed servers run)
that times, in the order the server does them: the protocol's types and pygls (every pygls server
pays these), the server module as `errata-lsp` loads it (with its pygls server object, whose
protocol converter every pygls server builds too, ~18 ms), the rule pack's import and its rules, the
knowledge base, the settings of a file, the first check of a generated 300-line script, and the
approximate lookup's index (a server up to e111dc8 built it before the first check; since, not
before its first diagnostics). Times are the process's CPU time (`time.process_time`), the median
of the runs; the trees alternate. Nothing here asserts a timing.
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
PHASES = ["protocol", "server", "rule pack", "knowledge base", "settings", "first check", "lookup index"]
# Errata's share before its first diagnostics is every phase but the protocol's and, for a tree
# whose server builds the lookup index only after its first publish (it has `_settle`), that index.

CHILD = r"""
import importlib, json, sys, time
clock = time.process_time
marks = [clock()]
import lsprotocol.types, pygls.lsp.server
marks.append(clock())
try:  # the server module as the `errata-lsp` process loads it
    from errata_lsp.serve import load_server
except ImportError:
    server_module = importlib.import_module("errata_lsp.lsp.server")
else:
    server_module = load_server()
marks.append(clock())
from errata_lsp.analysis import engine, rules  # what the first check needs (the hover's symbols: not)
list(rules.iter_rules())
marks.append(clock())
kb = server_module.server.session.kb
marks.append(clock())
from errata_lsp.analysis.engine import check_document
path = sys.argv[1]
settings = server_module.server.session.settings_for("file://" + path)
marks.append(clock())
check_document(open(path).read(), path, settings)
marks.append(clock())
kb.ranker().prepare()
marks.append(clock())
deferred = hasattr(server_module.ErrataServer, "_settle")
print(json.dumps([[(b - a) * 1000 for a, b in zip(marks, marks[1:])], deferred]))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the `server` directory of the tree to compare against")
    parser.add_argument("--after", default=str(HERE.parent / "server"))
    parser.add_argument("--runs", type=int, default=6)
    args = parser.parse_args()
    trees = {"before": args.before, "after": args.after}
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "train.py"
        script.write_text(subprocess.run([sys.executable, str(HERE / "gen_script.py"), "--lines", "300"],
                                         check=True, capture_output=True, text=True).stdout)
        samples: dict[str, list[list[float]]] = {name: [] for name in trees}
        deferred: dict[str, bool] = {}
        for run in range(args.runs):
            for name in (list(trees) if run % 2 == 0 else list(reversed(trees))):
                env = {**os.environ, "PYTHONPATH": trees[name]}
                env.pop("PYTHONDONTWRITEBYTECODE", None)
                out = subprocess.run([sys.executable, "-c", CHILD, str(script)], env=env, cwd=tmp,
                                     check=True, capture_output=True, text=True).stdout
                times, deferred[name] = json.loads(out.strip().splitlines()[-1])
                samples[name].append(times)
    print(f"| phase | {' | '.join(f'{n} ms' for n in trees)} | after / before |")
    print("|---|---|---|---|")
    totals: dict[str, float] = {n: 0.0 for n in trees}
    first: dict[str, float] = {n: 0.0 for n in trees}
    for i, phase in enumerate(PHASES):
        medians = {n: statistics.median(s[i] for s in samples[n]) for n in trees}
        label = phase + (" (not before the first diagnostics in " + ", ".join(n for n in trees if deferred[n]) + ")"
                         if phase == "lookup index" and any(deferred.values()) else "")
        ratio = f"{medians['after'] / medians['before']:.2f}x" if medians["before"] else ""
        print(f"| {label} | {' | '.join(f'{medians[n]:.1f}' for n in trees)} | {ratio} |")
        for n in trees:
            if i:  # beyond what every pygls server pays
                totals[n] += medians[n]
                if not (phase == "lookup index" and deferred[n]):
                    first[n] += medians[n]
    print(f"| errata's own share (all but the protocol) | {' | '.join(f'{totals[n]:.1f}' for n in trees)} | "
          f"{totals['after'] / totals['before']:.2f}x |")
    print(f"| of it before the first diagnostics | {' | '.join(f'{first[n]:.1f}' for n in trees)} | "
          f"{first['after'] / first['before']:.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
