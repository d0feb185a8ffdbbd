#!/usr/bin/env python3
"""What the engine keeps for one open document, by `tracemalloc`, in kinds of data:

    PYTHONPATH=<tree>/server python bench/memory_breakdown.py [--lines 10000 | --file path.py] [--closed N]

The rule pack is loaded by a check of a small script first; the open (`check_document`) of the file
is then traced, and what is still allocated after a collection is grouped by the line that
allocated it. The text itself is not counted (it is read before tracing starts).

With `--closed N`: what the language server's session still holds after N copies of the text (each
with its own first line) were opened, checked and closed, one after the other, and how long opening
the last one again takes.
"""
from __future__ import annotations

import argparse
import gc
import linecache
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gen_script  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def kind(filename: str, source: str) -> str:
    name = filename.rsplit("/", 1)[-1]
    if name == "ast.py":
        return "syntax trees (ast.parse)"
    if name in ("context.py", "flow.py"):
        return "Context and value-flow facts"
    if name == "engine.py":
        return "engine facts (names read and defined)"
    if name != "document.py":
        return "other"
    for words, what in ((("_split", 'split("\\n")'), "document lines"), (("IDENTIFIER.findall",), "chunk word sets"),
                        (("_HIDES_LINES.sub",), "chunk code without comments and strings"),
                        (("UNPARSABLE.sub", '"\\n".join', "text +=", "text[1:]"), "chunk texts"),
                        (("parents[",), "node tables: parents"), (("lineno",), "shifted line numbers"),
                        (("by_type", "found.append", "children"), "node tables: nodes by type"),
                        (("answers",), "picking answers")):
        if any(w in source for w in words):
            return what
    return "document: other"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lines", type=int, default=10_000)
    ap.add_argument("--file")
    ap.add_argument("--closed", type=int, default=0)
    a = ap.parse_args()
    if a.closed:
        closed(a)
        return
    from errata_lsp.analysis import document
    from errata_lsp.analysis.engine import check_document

    check_document((ROOT / "examples" / "train_tpu.py").read_text(encoding="utf-8"), "warm.py")
    document.PARSE_CACHE.clear()
    gc.collect()
    text = (Path(a.file).read_text(encoding="utf-8") if a.file
            else gen_script.generate(a.lines, seed=0, triggers=True))
    tracemalloc.start(1)
    checked = check_document(text, "opened.py")
    _, peak = tracemalloc.get_traced_memory()
    gc.collect()
    kinds: dict[str, int] = {}
    for stat in tracemalloc.take_snapshot().statistics("lineno"):
        frame = stat.traceback[0]
        what = kind(frame.filename, linecache.getline(frame.filename, frame.lineno))
        kinds[what] = kinds.get(what, 0) + stat.size
    print("| kind | MB |\n|---|---|")
    for what, size in sorted(kinds.items(), key=lambda item: -item[1]):
        print(f"| {what} | {size / 2**20:.2f} |")
    print(f"| **kept after the open** | **{sum(kinds.values()) / 2**20:.2f}** |")
    print(f"| peak while checking | {peak / 2**20:.2f} |")
    print(f"({len(checked.report.findings)} findings)")


def closed(a: argparse.Namespace) -> None:
    import time

    from errata_lsp.lsp.session import Session

    text = (Path(a.file).read_text(encoding="utf-8") if a.file
            else gen_script.generate(a.lines, seed=0, triggers=True))
    session = Session(lambda message, level: None, lambda message: None)

    def check(uri: str, text: str) -> float:
        state = session.open(uri, text, 1, "python")
        start = time.perf_counter()
        session.findings(state, state.doc.snapshot(), session.snapshot, session.kb)
        return time.perf_counter() - start

    check("file:///warm/warm.py", (ROOT / "examples" / "train_tpu.py").read_text(encoding="utf-8"))
    session.close("file:///warm/warm.py")
    texts = [f"# copy {i}\n" + text for i in range(a.closed)]
    gc.collect()
    tracemalloc.start(1)
    base = tracemalloc.get_traced_memory()[0]
    for i, copy in enumerate(texts):
        open_s = check(f"file:///closed/copy{i}.py", copy)
        session.close(f"file:///closed/copy{i}.py")
        gc.collect()
        print(f"closed copy {i}: open {open_s * 1000:.0f} ms, kept {(tracemalloc.get_traced_memory()[0] - base) / 2**20:.2f} MB")
    again = check(f"file:///closed/copy{a.closed - 1}.py", texts[-1])
    print(f"{a.closed} texts of {len(texts[0]) / 2**20:.2f} MiB closed: kept {(tracemalloc.get_traced_memory()[0] - base) / 2**20:.2f} MB "
          f"after the last opened again; that open {again * 1000:.0f} ms")


if __name__ == "__main__":
    main()
