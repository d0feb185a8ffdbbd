"""How well `explain` finds a record from a user's own words: the hand-written phrasings of
tests/data/explain_phrasings.jsonl (a description of the error, not its message), each with the record
it means. Prints, per phrasing, where that record came (1, 2, 3 or "-" when not among the first three
`explain` lists), then top-1 and top-3 as counts and shares.

    python bench/explain_phrasings.py          # the table and the totals
    python bench/explain_phrasings.py --quiet  # the totals only
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))  # the errata of this tree

PHRASINGS = ROOT / "tests" / "data" / "explain_phrasings.jsonl"


def places(kb, phrasings: list[dict]) -> list[int | None]:
    """For each phrasing, the 1-based place of its record among what `explain` shows, else None."""
    from errata_lsp.analysis.logs import explain

    out: list[int | None] = []
    for item in phrasings:
        ids = [r.id for r in explain(kb, item["text"]).records][:3]
        out.append(ids.index(item["record"]) + 1 if item["record"] in ids else None)
    return out


def main(argv: list[str]) -> int:
    from errata_lsp.kb import KnowledgeBase

    phrasings = [json.loads(line) for line in PHRASINGS.read_text(encoding="utf-8").splitlines() if line.strip()]
    found = places(KnowledgeBase.load(), phrasings)
    if "--quiet" not in argv:
        for item, place in zip(phrasings, found):
            print(f"{place or '-':>2}  {item['record']}  {item['text']}")
    n = len(phrasings)
    top1 = sum(1 for p in found if p == 1)
    top3 = sum(1 for p in found if p is not None)
    print(f"phrasings {n}: top-1 {top1}/{n} ({top1 / n:.0%}), top-3 {top3}/{n} ({top3 / n:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
