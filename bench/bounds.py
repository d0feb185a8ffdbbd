"""What a hostile lookup costs, as a ratio to a lookup that spends exactly its budget, both measured
in this run (CPU time of this thread, so a busy machine does not count against errata).

    python bench/bounds.py            # prints one line per case; exit 1 if a ratio passes its limit

The baseline is one knowledge base holding one record whose pattern backtracks forever on the
query: that lookup runs the patterns for the whole of kb/match.py's LOOKUP_BUDGET_S and stops.
Every case below must cost at most LIMIT times that, whatever the query or the number of records:
the budget, not the input, is what bounds a lookup. Building an index of 100,000 records is
compared with building one of 1,000: linear growth is about 100x, quadratic would be 10,000x; so
is `--fix`'s fix-all on 8,000 findings with 1,000 (linear about 8x, quadratic 64x). Reading a
notebook with a 10 MB output may peak at a few times the file's size, not a hundred.
Rejecting a broken `detect` section (unknown predicates and empty `cases`, as many of each) of 1,600
is compared with one of 100: linear is about 16x, quadratic 256x, cubic 4,096x.

What grows with a knowledge base or a log is measured the same way, against a small input in this
run: a record file that is one JSON array of 16,000 records against one of 1,000 (linear: 16x;
counting lines from the start per record made it quadratic, 256x); a check's look at a kb folder of
20,000 files against one of 10 (the big one is walked in the background, not per check); a
one-line edit of a 3.5 MB log document against its first check (only the changed line is matched;
each other line costs a dict look-up).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "server"))
sys.path.insert(0, str(ROOT))

from errata_lsp.analysis import fix_all  # noqa: E402
from errata_lsp.analysis.detect import check_spec, rules_from_paths  # noqa: E402
from errata_lsp.analysis.logs import LogMatcher  # noqa: E402
from errata_lsp.kb import KnowledgeBase  # noqa: E402
from errata_lsp.kb import match as match_module  # noqa: E402
from errata_lsp.kb.load import forget_files, load_file  # noqa: E402
from errata_lsp.kb.match import MAX_QUERY_CHARS  # noqa: E402
from errata_lsp.kb.record import Record  # noqa: E402
from errata_lsp.notebook import NotebookSource  # noqa: E402

FIX_LIMIT = 16.0  # --fix on 8x the findings: about 8x when linear, 64x if quadratic
NOTEBOOK_LIMIT = 4.0  # reading a notebook: its text, plus one output at a time while the JSON is read
sys.path.insert(0, str(ROOT / "bench"))
import project_bounds  # noqa: E402

LIMIT = 4.0  # a hostile lookup may cost this many budget-spending lookups (prefilter, compiles, the query's length)
BUILD_LIMIT = 500.0  # 100x the records: about 100x to 200x when linear, 10,000x if quadratic
DETECT_LIMIT = 64.0  # 16x the section: about 16x when linear, 256x if quadratic
ARRAY_LIMIT = 40.0  # 16x the records: about 16x when linear, 256x if quadratic
FOLDER_LIMIT = 3.0  # a check's look at 20,000 files against one at 10: the same when the walk is not per check
LOG_EDIT_LIMIT = 0.05  # a one-line edit of a 3.5 MB log against its first check (it was 1x: matched whole)

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


def broken_section(n: int) -> dict:
    """A `detect` section with n unknown predicates and n empty cases (n=1,000: 18 KB of JSON)."""
    return {"code": "GDG001", "name": "broken", "call": {"qualified": ["widgets.Gadget"]}, "message": "m",
            "match": [{f"nope{i}": 1} for i in range(n)], "cases": [{} for _ in range(n)],
            "examples": [{"bad": "x", "count": 1, "at": "1:1-1:2", "severity": "error"}, {"good": "y"}]}


def strategies(n: int) -> str:
    """A script with `n` LXF001 findings, each with its safe fix."""
    return "from lightning.fabric.strategies import XLAFSDPStrategy\n" + "".join(
        f"s{i} = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={{Block}})\n"
        for i in range(n))


def fix_all_growth() -> bool:
    """`check --fix`'s work (every fix applied, the text checked again) on 8,000 findings against
    1,000: whether it passes its limit."""
    small, large = strategies(1_000), strategies(8_000)
    ratio = cpu(lambda: fix_all(large, "t.py"), repeat=1) / cpu(lambda: fix_all(small, "t.py"), repeat=3)
    print(f"{'fix-all of 8,000 vs 1,000 findings':40s} {ratio:6.1f}x  (limit {FIX_LIMIT}x)"
          f"{'  TOO SLOW' if ratio > FIX_LIMIT else ''}")
    return ratio > FIX_LIMIT


def notebook_memory() -> bool:
    """Peak memory of reading a notebook whose one output is 10 MB, against the file's size:
    whether it passes its limit (outputs are stepped over, never decoded into a copy)."""
    cell = {"cell_type": "code", "execution_count": 1, "metadata": {}, "source": ["import os\n"],
            "outputs": [{"output_type": "stream", "name": "stdout", "text": ["line of output\n" * 700_000]}]}
    data = json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()
    tracemalloc.start()
    NotebookSource.from_bytes(Path("big.ipynb"), data)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    ratio = peak / len(data)
    print(f"{'notebook with a 10 MB output, peak/size':40s} {ratio:6.1f}x  (limit {NOTEBOOK_LIMIT}x)"
          f"{'  TOO MUCH' if ratio > NOTEBOOK_LIMIT else ''}")
    return ratio > NOTEBOOK_LIMIT


def main() -> int:
    match_module.STRIKES = 10**9  # what one lookup costs; dropping a pattern that overruns only makes later ones cheaper
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

    small_section, large_section = broken_section(100), broken_section(1_600)
    check_spec(small_section)  # the packs' vocabulary, imported once
    small = cpu(lambda: check_spec(small_section), repeat=7)
    large = cpu(lambda: check_spec(large_section), repeat=3)
    ratio = large / small
    failed |= ratio > DETECT_LIMIT
    print(f"{'detect section of 1,600 vs 100 problems':40s} {ratio:6.1f}x  (limit {DETECT_LIMIT}x)"
          f"{'  TOO SLOW' if ratio > DETECT_LIMIT else ''}  ({small * 1000:.1f} ms, {large * 1000:.1f} ms CPU)")
    failed |= fix_all_growth()
    failed |= notebook_memory()
    failed |= growth()
    failed |= project_bounds.main() != 0  # other modules of a project: bench/project_bounds.py
    return 1 if failed else 0


def array_file(n: int) -> Path:
    path = ROOT / "bench" / "out" / f"array-{n}.json"
    records = [{"id": f"a{i}", "repo": "acme/lib", "errorClass": "ValueError",
                "errorMessage": f"widget {i} of kind k{i * 7} failed with {{reason}}",
                "solutions": ["replace the widget", "call support"], "tags": ["widgets"]} for i in range(n)]
    path.write_text(json.dumps(records, indent=2), encoding="utf-8")
    return path


def kb_folder(n: int) -> Path:
    folder = ROOT / "bench" / "out" / f"folder-{n}"
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        target = folder / f"r{i:05}.jsonl"
        if not target.exists():
            target.write_text(json.dumps({"id": f"f{n}-{i}", "repo": "acme/lib", "errorClass": "ValueError",
                                          "errorMessage": f"folder record {i} failed"}) + "\n", encoding="utf-8")
    return folder


def log_lines(size: int) -> list[str]:
    kinds = ["2026-11-29 12:00:01 INFO step {i} loss 0.123 lr 1e-4 throughput 123.4 samples/s",
             '  File "/opt/venv/lib/python3.11/site-packages/torch/nn/modules/module.py", line {i}, in _call_impl',
             "RuntimeError: CUDA out of memory. Tried to allocate {i} MiB", f"ValueError: {REAL['message']}"]
    lines: list[str] = []
    total = 0
    while total < size:
        i = len(lines)
        line = kinds[0 if i % 50 else (i // 50) % len(kinds)].format(i=i)
        lines.append(line)
        total += len(line) + 1
    return lines


def ratio_line(name: str, ratio: float, limit: float) -> bool:
    print(f"{name:40s} {ratio:6.2f}x  (limit {limit}x){'  TOO SLOW' if ratio > limit else ''}")
    return ratio > limit


def growth() -> bool:
    def load(path: Path) -> None:
        forget_files()  # read it, not what the last read remembered
        load_file(path)

    small, large = array_file(1_000), array_file(16_000)
    failed = ratio_line("array file of 16,000 vs 1,000 records", cpu(lambda: load(large), repeat=3)
                        / cpu(lambda: load(small), repeat=3), ARRAY_LIMIT)

    few, many = str(kb_folder(10)), str(kb_folder(20_000))
    rules_from_paths((few,), ())
    rules_from_paths((many,), ())  # the first look walks and loads both
    per_check = cpu(lambda: [rules_from_paths((many,), ()) for _ in range(20)], repeat=3)
    failed |= ratio_line("kb folder of 20,000 vs 10 files, a check", per_check
                         / cpu(lambda: [rules_from_paths((few,), ()) for _ in range(20)], repeat=3), FOLDER_LIMIT)

    kb = KnowledgeBase.load()
    big = log_lines(3_500_000)
    matcher = LogMatcher(200)
    began = time.thread_time()
    matcher.findings(big, kb)
    first = time.thread_time() - began
    edits = iter(range(10**9))

    def edit() -> None:
        changed = list(big)
        changed[len(big) // 2] += f" edit {next(edits)}"
        matcher.findings(changed, kb)

    edited = cpu(edit, repeat=3)
    failed |= ratio_line("one-line edit of a 3.5 MB log", edited / first, LOG_EDIT_LIMIT)
    print(f"{'':40s} (first check {first:.2f} s CPU, an edit {edited * 1000:.0f} ms)")
    return failed


if __name__ == "__main__":
    sys.exit(main())
