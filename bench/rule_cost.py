#!/usr/bin/env python3
"""What some rules add to checking the corpus: every script of `tests/corpus/` checked with all the
rules and with all but the named ones, alternately in one process (seven rounds each, the fastest
kept, in process CPU time), and the ratio of the two, measured in the same run.

    python bench/rule_cost.py LXF029 LXF030 LXF031 LXF032
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.rules import RULES

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpus"
ROUNDS = 7


def main(codes: list[str]) -> int:
    unknown = set(codes) - {rule.code for rule in RULES}
    if not codes or unknown:
        print(f"usage: rule_cost.py CODE... (unknown: {', '.join(sorted(unknown)) or 'none given'})", file=sys.stderr)
        return 2
    scripts = [(str(p), p.read_text(encoding="utf-8")) for p in sorted(CORPUS.glob("*.py"))
               if not p.name.startswith("test_")]
    every = list(RULES)
    without = [rule for rule in RULES if rule.code not in codes]

    def once(rules: list) -> float:
        start = time.process_time()  # CPU time: the machine may be shared
        for path, text in scripts:
            check_source(text, path, rules=rules)
        return time.process_time() - start

    once(every), once(without)  # parse caches and rule tables warm for both
    timed_without, timed_every = [], []
    for _ in range(ROUNDS):
        timed_without.append(once(without))
        timed_every.append(once(every))
    base, full = min(timed_without), min(timed_every)
    print(f"{len(scripts)} scripts: without {' '.join(codes)} {base * 1000:.0f} ms, with them {full * 1000:.0f} ms, "
          f"ratio {full / base:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
