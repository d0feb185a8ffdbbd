#!/usr/bin/env python3
"""errata on real, working code checked as whole projects: Lightning's own package and litgpt hold no
misuse of Lightning, so every finding there is a false one. Prints the findings (there should be
none) and what each check cost; exit 1 when there is a finding.

    python bench/real_projects.py --lightning .venv/lib/python3.11/site-packages/lightning \\
        --litgpt path/to/litgpt-checkout

Each folder is checked by `errata-lsp check --no-cache DIR` from its parent folder, once with
`--jobs 1` and once with the default `--jobs` (their reports must be the same), then once filling a
new cache and once from it (the same again).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def check(folder: Path, *options: str) -> tuple[subprocess.CompletedProcess, float, float]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT / "server")
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen([sys.executable, "-m", "errata_lsp", "check", *options, folder.name],
                                   cwd=folder.parent, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        out.seek(0)
        err.seek(0)
        result = subprocess.CompletedProcess(process.args, os.waitstatus_to_exitcode(status),
                                             out.read().decode(), err.read().decode())
    return result, (time.perf_counter() - start) * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lightning", type=Path, help="the `lightning` folder of an installed lightning")
    parser.add_argument("--litgpt", type=Path, help="a litgpt checkout")
    args = parser.parse_args()
    folders = [(name, path) for name, path in (("lightning", args.lightning), ("litgpt", args.litgpt)) if path]
    if not folders:
        parser.error("give --lightning DIR and/or --litgpt DIR")
    found = 0
    print("| project | modules | findings | same report with -j1, -j, cache filled, cached | wall ms -j1 | CPU ms -j1 "
          "| CPU ms cached |")
    print("|---|---:|---:|---|---:|---:|---:|")
    for name, folder in folders:
        folder = folder.resolve()
        modules = sum(1 for _ in folder.rglob("*.py"))
        with tempfile.TemporaryDirectory() as cache:
            one, wall, cpu = check(folder, "--no-cache", "--jobs", "1")
            default, _, _ = check(folder, "--no-cache")
            filled, _, _ = check(folder, "--cache-dir", cache)
            cached, _, cached_cpu = check(folder, "--cache-dir", cache)
        same = len({(r.returncode, r.stdout, r.stderr) for r in (one, default, filled, cached)}) == 1
        findings = [line for line in one.stdout.splitlines() if ": LXF" in line]
        found += len(findings) + (one.returncode not in (0, 1)) + (not same)
        print(f"| {name} | {modules} | {len(findings)} | {'yes' if same else 'NO'} | {wall:.0f} | {cpu:.0f} "
              f"| {cached_cpu:.0f} |")
        for line in findings + one.stderr.splitlines():
            print(f"    {line}")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
