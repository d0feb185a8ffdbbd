"""Engine cost of two revisions of errata, measured in the same run, interleaved.

    git worktree add /tmp/errata-base <commit>
    python bench/compare_revisions.py --base /tmp/errata-base/server --head server [--lines 1000 10000 30000]

For each size it generates a training script (bench/gen_script.py), then alternates base and head,
each in a fresh interpreter that imports its own `errata_lsp`: *open* is the first `check_source` of
the text; *change* is `check_source` after one character typed in a comment inside a function (the
chunk caches of the open are warm, as in the server). Reports p50 of each and head/base ratios.
Nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent

PROBE = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from errata_lsp.analysis import check_source
text = open(sys.argv[2], encoding="utf-8").read()
lines = text.split("\n")
at = next(i for i, l in enumerate(lines) if l.startswith("    ") and "#" in l and i > len(lines) // 2)
t0 = time.perf_counter(); first = check_source(text, "bench.py"); opened = time.perf_counter() - t0
changes = []
for k in range(int(sys.argv[3])):
    lines[at] = lines[at] + "x"
    edited = "\n".join(lines)
    t0 = time.perf_counter(); check_source(edited, "bench.py"); changes.append(time.perf_counter() - t0)
print(json.dumps({"open": opened, "change": sorted(changes)[len(changes) // 2], "findings": len(first.findings)}))
"""


def run(tree: str, script: str, keystrokes: int) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, tree, script, str(keystrokes)],
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True, help="the base revision's source root (the folder holding errata_lsp)")
    parser.add_argument("--head", required=True)
    parser.add_argument("--lines", type=int, nargs="+", default=[1000, 10000, 30000])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--keystrokes", type=int, default=10)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.lines:
            script = Path(tmp) / f"train_{size}.py"
            generated = subprocess.run([sys.executable, str(HERE / "gen_script.py"), "--lines", str(size)],
                                       capture_output=True, text=True, check=True)
            script.write_text(generated.stdout, encoding="utf-8")
            samples: dict[str, list[dict]] = {"base": [], "head": []}
            for _ in range(args.rounds):
                for name in ("base", "head"):
                    samples[name].append(run(getattr(args, name), str(script), args.keystrokes))
            row = {"lines": size}
            for name in ("base", "head"):
                for key in ("open", "change"):
                    row[f"{name}_{key}_ms"] = 1000 * statistics.median(s[key] for s in samples[name])
                row[f"{name}_findings"] = samples[name][0]["findings"]
            for key in ("open", "change"):
                row[f"{key}_ratio"] = row[f"head_{key}_ms"] / row[f"base_{key}_ms"]
            rows.append(row)
            print(f"{size:>6} lines  open {row['base_open_ms']:7.1f} -> {row['head_open_ms']:7.1f} ms "
                  f"(x{row['open_ratio']:.2f})  change {row['base_change_ms']:6.1f} -> {row['head_change_ms']:6.1f} ms "
                  f"(x{row['change_ratio']:.2f})  findings {row['base_findings']} -> {row['head_findings']}", flush=True)
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
