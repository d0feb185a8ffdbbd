"""Every finding, message and fix the rules give on the corpus, the rules' own examples, the bundled
examples and two generated scripts (300 and 10,000 lines), as JSON lines, so a change to how rules
are written (Python or a record's `detect`) or to the layers under them can be shown to change
nothing:

    python bench/findings_snapshot.py > before.jsonl   # then, after the change:
    python bench/findings_snapshot.py | diff before.jsonl -
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.rules import RULES

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_script import generate  # noqa: E402  (a script beside this one, not a package)

ROOT = Path(__file__).resolve().parent.parent


def sources():
    for path in sorted((ROOT / "tests" / "corpus").rglob("*.py")):
        yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")
    for path in sorted((ROOT / "examples").glob("*.py")):
        yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")
    for lines in (300, 10_000):
        yield f"generated-{lines}.py", generate(lines)
    for rule in RULES:
        for i, example in enumerate(rule.examples):
            yield f"{rule.code}-example-{i}", example.code
            if getattr(example, "fixed", None):
                yield f"{rule.code}-example-{i}-fixed", example.fixed


def main() -> int:
    seen = set()
    for name, text in sources():
        if text in seen:
            continue
        seen.add(text)
        for f in check_source(text, "example.py" if "example" in name else name).findings:
            fixes = [[x.title, x.safety.value, x.preferred,
                      [[e.span.start.line, e.span.start.column, e.span.end.line, e.span.end.column, e.new_text]
                       for e in x.edits]] for x in f.fixes]
            row = {"code": f.code, "record": f.record_id, "severity": f.severity.value, "message": f.message,
                   "at": [f.span.start.line, f.span.start.column, f.span.end.line, f.span.end.column], "fixes": fixes}
            print(json.dumps({"text": hash_text(text), **row}, sort_keys=True))
    return 0


def hash_text(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode()).hexdigest()[:16]


if __name__ == "__main__":
    sys.exit(main())
