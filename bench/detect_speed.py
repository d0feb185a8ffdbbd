"""The cost of rules as data: the corpus checked with the shipped rules, then with the `detect` rules
swapped for the Python rules they replaced (as they were at a git revision), interleaved rounds in one
process; prints the median time of each and their ratio.

    python bench/detect_speed.py b840d40 --rounds 7
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from detect_parity import old_rule  # type: ignore[import-not-found]
from errata_lsp.analysis.engine import check_source
from errata_lsp.analysis.rules import RULES

ROOT = Path(__file__).resolve().parent.parent
FILES = {"LXF007": "lxf007_xla_precision_value", "LXF010": "lxf010_cpu_accelerator", "LXF014": "lxf014_clip_by_value",
         "LXF016": "lxf016_launch_without_function", "LXF020": "lxf020_unknown_state_dict_type",
         "LXF027": "lxf027_unsupported_reduce_op"}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("revision")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    data = [r for r in RULES if r.origin == "data"]
    python = [old_rule(args.revision, f"server/errata_lsp/analysis/rules/{FILES[r.code]}.py") for r in data]
    with_data = list(RULES)
    with_python = [r for r in RULES if r.origin != "data"] + python
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
