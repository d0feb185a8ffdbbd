#!/usr/bin/env python3
"""What errata's start-up costs beyond a bare pygls server, phase by phase, for two source trees.

    python bench/startup_phases.py --before ../other-checkout/server [--after server] [--runs 6]

Each run is a fresh interpreter with PYTHONPATH=<tree> (bytecode cached, as installed servers run)
that times, in the order the server does them: the protocol's types and pygls (every pygls server
pays these), the server module, the rule pack's import and its rules, the knowledge base, the
approximate lookup's index, the settings of a file, and the first check of a generated 300-line
script. Times are the process's CPU time (`time.process_time`), the median of the runs; the trees
alternate. Nothing here asserts a timing.
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
PHASES = ["protocol", "server", "rule pack", "knowledge base", "lookup index", "settings", "first check"]

CHILD = r"""
import json, sys, time
clock = time.process_time
marks = [clock()]
import lsprotocol.types, pygls.lsp.server
marks.append(clock())
import errata_lsp.lsp.server as server_module
marks.append(clock())
from errata_lsp.analysis import rule, symbols
list(rule.iter_rules())
marks.append(clock())
kb = server_module.server.kb
marks.append(clock())
kb.ranker().prepare()
marks.append(clock())
from errata_lsp.analysis.engine import check_document
path = sys.argv[1]
settings = server_module.server.settings_for("file://" + path)
marks.append(clock())
check_document(open(path).read(), path, settings)
marks.append(clock())
print(json.dumps([(b - a) * 1000 for a, b in zip(marks, marks[1:])]))
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
        for run in range(args.runs):
            for name in (list(trees) if run % 2 == 0 else list(reversed(trees))):
                env = {**os.environ, "PYTHONPATH": trees[name]}
                env.pop("PYTHONDONTWRITEBYTECODE", None)
                out = subprocess.run([sys.executable, "-c", CHILD, str(script)], env=env, cwd=tmp,
                                     check=True, capture_output=True, text=True).stdout
                samples[name].append(json.loads(out.strip().splitlines()[-1]))
    print(f"| phase | {' | '.join(f'{n} ms' for n in trees)} | after / before |")
    print("|---|---|---|---|")
    totals = {}
    for i, phase in enumerate(PHASES):
        medians = {n: statistics.median(s[i] for s in samples[n]) for n in trees}
        print(f"| {phase} | {' | '.join(f'{medians[n]:.1f}' for n in trees)} | "
              f"{medians['after'] / medians['before']:.2f}x |" if medians["before"] else
              f"| {phase} | {' | '.join(f'{medians[n]:.1f}' for n in trees)} | |")
        for n in trees:
            totals.setdefault(n, 0.0)
            if i:  # beyond what every pygls server pays
                totals[n] += medians[n]
    print(f"| errata's own share (all but the protocol) | {' | '.join(f'{totals[n]:.1f}' for n in trees)} | "
          f"{totals['after'] / totals['before']:.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
