"""What a hostile lookup costs, as a ratio to a lookup that spends exactly its budget, both measured
in this run (CPU time of this thread, so a busy machine does not count against errata).

    python bench/bounds.py            # prints one line per case; exit 1 if a ratio passes its limit

The baseline is one knowledge base holding one record whose pattern backtracks forever on the
query: that lookup runs the patterns for the whole of kb/match.py's LOOKUP_BUDGET_S and stops.
Every case below must cost at most LIMIT times that, whatever the query or the number of records:
the budget, not the input, is what bounds a lookup. Building an index of 100,000 records is
compared with building one of 1,000: linear growth is about 100x, quadratic would be 10,000x.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))
sys.path.insert(0, str(ROOT))

from errata_lsp.kb import KnowledgeBase  # noqa: E402
from errata_lsp.kb.match import MAX_QUERY_CHARS  # noqa: E402
from errata_lsp.kb.record import Record  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
import project_bounds  # noqa: E402

LIMIT = 4.0  # a hostile lookup may cost this many budget-spending lookups (prefilter, compiles, the query's length)
BUILD_LIMIT = 500.0  # 100x the records: about 100x to 200x when linear, 10,000x if quadratic

EVIL = [
    {"id": "evil0001", "repo": "acme/evil", "errorClass": "ValueError", "errorMessage": "Evil input {x}",
     "messagePattern": "Evil input (a+)+$"},
    {"id": "evil0002", "repo": "acme/evil", "errorClass": "ValueError", "errorMessage": "Evil input {x}",
     "messagePattern": "Evil input (x+x+)+y"},
    {"id": "evil0003", "repo": "acme/evil", "errorClass": "ValueError", "errorMessage": "Evil input {x}",
     "messagePattern": "Evil input (.*a){25}"},
]
REAL = next(i for i in json.loads((ROOT / "tests" / "data" / "rendered_messages.json").read_text(encoding="utf-8"))
            if i["record"] == "fc8e29955b1155a3")


def cpu(action, repeat: int = 5) -> float:
    """Median CPU time of `action()` in this thread."""
    times = []
    for _ in range(repeat):
        start = time.thread_time()
        action()
        times.append(time.thread_time() - start)
    return statistics.median(times)


def shared_bucket(n: int) -> KnowledgeBase:
    records = [Record({"id": f"s{i}", "repo": "acme/lib", "errorClass": "ValueError",
                       "errorMessage": "shared failure about tensors {x}",
                       "messagePattern": f"shared failure about tensors (a+)+$ {i}"}, "") for i in range(n)]
    kb = KnowledgeBase(records)
    kb.match("")  # builds the index
    return kb


def ordinary(n: int) -> list[Record]:
    return [Record({"id": f"r{i}", "repo": "acme/lib", "errorClass": "ValueError",
                    "errorMessage": f"widget {i} of kind k{i * 7} failed with {{reason}}"}, "") for i in range(n)]


def main() -> int:
    evil_path = ROOT / "bench" / "out" / "evil.jsonl"
    evil_path.parent.mkdir(exist_ok=True)
    evil_path.write_text("\n".join(json.dumps(r) for r in EVIL) + "\n", encoding="utf-8")
    one_evil = KnowledgeBase([Record(EVIL[0], "")])
    one_evil.match("")
    baseline = cpu(lambda: one_evil.match("Evil input " + "a" * 5000 + "!"))  # backtracks past the budget

    evil_kb = KnowledgeBase.load([evil_path])
    shipped = KnowledgeBase.load()
    noise = "".join(f'  File "/x/mod{i}.py", line {i}, in f{i}\n    call_{i}(arg)\n' for i in range(5000))
    bucket = shared_bucket(100_000)
    cases = {
        "pathological a-plus": lambda: evil_kb.match("Evil input " + "a" * 5000 + "!"),
        "pathological x-plus": lambda: evil_kb.match("Evil input " + "x" * 60 + "!"),
        "pathological dot-star": lambda: evil_kb.match("Evil input " + "a" * 60 + "b" * 60),
        "pathological long": lambda: evil_kb.match("ValueError: Evil input " + "a" * 20000 + "!"),
        "real match beside a slow pattern": lambda: evil_kb.match(
            "Evil input " + "a" * 5000 + "! " + REAL["message"] + " " + "x" * 3000 + "!"),
        "5,000-frame traceback": lambda: shipped.match(
            "Traceback (most recent call last):\n" + noise + f"ValueError: {REAL['message']}\n"),
        "100,000 records, one literal": lambda: bucket.match("shared failure about tensors " + "a" * 60 + "!"),
        "over-length query": lambda: bucket.match("word " * (MAX_QUERY_CHARS // 2)),
    }
    failed = False
    print(f"baseline (one lookup spending its budget): {baseline * 1000:.1f} ms CPU")
    for name, action in cases.items():
        ratio = cpu(action, repeat=3) / baseline
        failed |= ratio > LIMIT
        print(f"{name:40s} {ratio:6.2f}x  (limit {LIMIT}x){'  TOO SLOW' if ratio > LIMIT else ''}")

    small = cpu(lambda: KnowledgeBase(ordinary(1_000)).match("warm"), repeat=3)
    large = cpu(lambda: KnowledgeBase(ordinary(100_000)).match("warm"), repeat=1)
    ratio = large / small
    failed |= ratio > BUILD_LIMIT
    print(f"{'index of 100,000 vs 1,000 records':40s} {ratio:6.1f}x  (limit {BUILD_LIMIT}x)"
          f"{'  TOO SLOW' if ratio > BUILD_LIMIT else ''}")
    failed |= project_bounds.main() != 0  # other modules of a project: bench/project_bounds.py
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
