"""Score `errata-lsp check` on the program corpus (tests/corpus/program): projects and scripts in which the
value a Lightning call needs crosses a module, a call or a wrapper, labelled by running them with the real
library. Prints one line per case and the figures:

    raising cases flagged with the right code on the right file (as an error / with any severity)
    cases that run fine with an error, and with a warning their buggy twin gets too

    python bench/program_score.py            # every case
    python bench/program_score.py p0 s1      # the cases whose name starts with one of these
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "corpus" / "program"))

from program_cases import load_cases, run_check, verdict  # noqa: E402


def main(argv: list[str]) -> int:
    cases = load_cases()
    chosen = {n: c for n, c in cases.items() if not argv or n.startswith(tuple(argv))}
    by_file = run_check(chosen)
    kinds: Counter[str] = Counter()
    for name, case in chosen.items():
        kind, detail = verdict(case, cases, by_file)
        group = "raising" if case.expect else "fine"
        kinds[group, kind] += 1
        want = " ".join(sorted(case.expect)) or "none"
        print(f"{kind:12} {name:48} expect {want:7} {detail}")
    raising = sum(n for (group, _), n in kinds.items() if group == "raising")
    fine = sum(n for (group, _), n in kinds.items() if group == "fine")
    flagged = kinds["raising", "ok"]
    print(f"\nraising cases flagged with the right code on the right file: {flagged}/{raising} as an error, "
          f"{flagged + kinds['raising', 'warning']}/{raising} with any severity "
          f"(right code on another file: {kinds['raising', 'wrong-file']}, missed: {kinds['raising', 'missed']})")
    print(f"cases that run fine with an error: {kinds['fine', 'false-error']}/{fine}; "
          f"with a warning their buggy twin gets too: {kinds['fine', 'twin-warning']}/{fine}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
