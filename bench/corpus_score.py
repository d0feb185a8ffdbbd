"""Score `errata-lsp check` on the labelled corpus: how many scripts that raise under the real
library are flagged with the right code, and how many scripts that run fine get an error.

    python bench/corpus_score.py                    # the v* scripts and the projects' train modules
    python bench/corpus_score.py tests/corpus/*.py  # any labelled scripts (`# expect:` header)
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
EXPECT = re.compile(r"^# expect: (?P<codes>.+)$", re.M)


def expected(path: Path) -> set[str]:
    m = EXPECT.search("\n".join(path.read_text(encoding="utf-8").splitlines()[:3]))
    codes = m["codes"].split() if m else []
    return set() if codes == ["none"] else set(codes)


def main(argv: list[str]) -> int:
    scripts = [Path(a).resolve() for a in argv] or sorted(CORPUS.glob("v*.py")) + sorted(CORPUS.glob("projects/*/train*.py"))
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--format", "json", *map(str, scripts)],
                          capture_output=True, text=True, timeout=600)
    findings: dict[Path, list[dict]] = {p: [] for p in scripts}
    for f in json.loads(done.stdout or "[]"):
        path = Path(f["path"]).resolve()
        if path not in findings:  # a project's module where the value is written: filed under its script
            owners = [p for p in scripts if p.parent in path.parents]
            path = max(owners, key=lambda p: len(p.parent.parts)) if owners else path
        findings.setdefault(path, []).append(f)
    raising = [p for p in scripts if expected(p)]
    fine = [p for p in scripts if not expected(p)]
    flagged = [p for p in raising if expected(p) <= {f["code"] for f in findings[p]}]
    as_error = [p for p in raising if expected(p) <= {f["code"] for f in findings[p] if f["severity"] == "error"}]
    wrong_errors = [p for p in fine if any(f["severity"] == "error" for f in findings[p])]
    for p in scripts:
        got = sorted({f"{f['code']}:{f['severity'][0]}" for f in findings[p]})
        want = " ".join(sorted(expected(p))) or "none"
        mark = "ok" if (p in flagged if expected(p) else p not in wrong_errors) else "MISS" if expected(p) else "FALSE"
        print(f"{mark:5} {p.relative_to(ROOT)}  expect {want}  reported {' '.join(got) or '-'}")
    print(f"\nraising scripts flagged with the right code: {len(flagged)}/{len(raising)} "
          f"(as an error: {len(as_error)}/{len(raising)})")
    print(f"scripts that run fine with an error: {len(wrong_errors)}/{len(fine)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
