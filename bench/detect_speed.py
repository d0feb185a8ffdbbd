"""The cost of rules as data: the corpus checked with the shipped rules, then with the `detect` rules
swapped for the Python rules they replaced (as they were at a git revision), interleaved rounds in one
process; prints the median time of each and their ratio.

    python bench/detect_speed.py b840d40 --rounds 7

The data rules with no Python file at that revision (the CUDA FSDP pack) run in both.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import time
from pathlib import Path

from detect_parity import old_rule  # type: ignore[import-not-found]
from errata_lsp.analysis.engine import check_source
from errata_lsp.analysis.rules import RULES

ROOT = Path(__file__).resolve().parent.parent
# Where the Python rules were (before the packs) and are (the XLAFSDP pack's folder).
RULES_DIRS = ("server/errata_lsp/analysis/rules", "server/errata_lsp/analysis/packs/xla_fsdp/rules")


def python_files(revision: str) -> dict[str, str]:
    """Rule code -> the path of its Python file at `revision`."""
    files = {}
    for folder in RULES_DIRS:
        names = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", f"{revision}:{folder}"],
                               capture_output=True, text=True).stdout.split()  # no such folder then: none
        files.update({name[:6].upper(): f"{folder}/{name}" for name in names if re.match(r"lxf\d{3}_", name)})
    return files


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("revision")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    files = python_files(args.revision)
    data = [r for r in RULES if r.origin == "data" and r.code in files]
    python = [old_rule(args.revision, files[r.code]) for r in data]
    with_data = list(RULES)
    with_python = [r for r in RULES if r not in data] + python
    print(f"swapped: {', '.join(r.code for r in data)}")
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "corpus").rglob("*.py"))]
    times: dict[str, list[float]] = {"data": [], "python": []}
    for _ in range(args.rounds):
        for label, rules in (("data", with_data), ("python", with_python)):
            start = time.perf_counter()
            for text in texts:
                check_source(text, "corpus.py", rules=rules)
            times[label].append(time.perf_counter() - start)
    data_ms, python_ms = (statistics.median(times[k]) * 1000 for k in ("data", "python"))
    print(f"{len(texts)} corpus files, {args.rounds} rounds; {len(data)} rules as data vs as Python")
    print(f"median: data {data_ms:.0f} ms, python {python_ms:.0f} ms, ratio {data_ms / python_ms:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
