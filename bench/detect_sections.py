"""What reading and running `detect` sections costs, here against a git revision, measured in the same
run: each round starts one process per tree (the revision's, from `git archive`, and this checkout's)
and times, in CPU time of its thread, (1) reading every shipped section into rules, 20 times, and (2)
checking the corpus with the data rules only (after one warm-up pass, so parsing is cached).

    python bench/detect_sections.py d49111b --rounds 5

Prints the median of each and the ratio this checkout / the revision (below 1: faster now).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = r'''
import json, sys, time
from pathlib import Path
from errata_lsp.analysis.engine import check_source
from errata_lsp.analysis.rules import RULES
from errata_lsp.analysis.detect import rules_from_records, side_sections
from errata_lsp.kb.base import shipped_records

records = shipped_records()[0]
sections = [*records, *side_sections(records)[0]]
rules_from_records(sections)  # the packs' vocabulary, imported once
start = time.thread_time()
for _ in range(20):
    rules_from_records(sections)
read = time.thread_time() - start
data = [r for r in RULES if r.origin == "data"]
texts = [(str(p), p.read_text(encoding="utf-8")) for p in sorted(Path(sys.argv[1], "tests", "corpus").rglob("*.py"))]
for path, text in texts:
    check_source(text, path, rules=data)
start = time.thread_time()
found = sum(len(check_source(text, path, rules=data).findings) for path, text in texts)
print(json.dumps({"read": read, "check": time.thread_time() - start, "findings": found, "rules": len(data)}))
'''


def run(server: Path) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(server)}
    done = subprocess.run([sys.executable, "-c", PROBE, str(ROOT)], capture_output=True, text=True, env=env,
                          check=True, cwd=tempfile.gettempdir())
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("revision")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as old:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.revision, "server"], capture_output=True,
                                 check=True).stdout
        with tarfile.open(fileobj=__import__("io").BytesIO(archive)) as tar:
            tar.extractall(old, filter="data")
        trees = {args.revision: Path(old) / "server", "this checkout": ROOT / "server"}
        results: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for _ in range(args.rounds):
            for name, server in trees.items():
                results[name].append(run(server))
    medians = {name: {key: statistics.median(r[key] for r in runs) for key in ("read", "check")}
               for name, runs in results.items()}
    for name, runs in results.items():
        print(f"{name:14s} read 20x {medians[name]['read'] * 1000:7.1f} ms   corpus check {medians[name]['check'] * 1000:7.1f} ms"
              f"   ({runs[0]['rules']} data rules, {runs[0]['findings']} findings)")
    old_m, new_m = medians[args.revision], medians["this checkout"]
    print(f"ratio          read {new_m['read'] / old_m['read']:.2f}x   corpus check {new_m['check'] / old_m['check']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
