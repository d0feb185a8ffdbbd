#!/usr/bin/env python3
"""`errata-lsp check` on a generated project of 2,000 modules (`gen_project.py`), against `ruff check`
on the same tree, as ratios measured in one run (interleaved rounds, medians):

- the first run with no cache (`--no-cache`), with `--jobs 1` and with the default `--jobs`;
- the first run that fills a new cache folder, then the cached run (nothing changed), then the run
  after one config module is edited (its importers are checked again, the rest come from the cache);
- `ruff check --no-cache` and `ruff check` with its cache warm, on the same tree;
- peak RSS per module: the `--jobs 1` run of 2,000 modules against the one of 200 (what a module adds);
- `--jobs 1` against `--jobs 2` on the same number of modules with a training script in every fourth
  (500 files that mention Fabric: enough for workers; the tree above has 100, checked in process).

    python bench/check_scale.py [--modules 2000] [--rounds 3]

Each run is a fresh process (`python -m errata_lsp check ...`, PYTHONPATH: this checkout); its wall
time and the CPU time of it and its workers (user + sys, from wait4) are reported. Wall time on a
shared machine waits for the CPU: the CPU figures are the steadier ones.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from gen_project import generate  # noqa: E402

ERRATA = [sys.executable, "-m", "errata_lsp", "check", "--quiet"]
FINDING = re.compile(r"^\S+:\d+:\d+: [A-Z]+\d+ ", re.M)


def run(cmd: list[str], cwd: Path) -> dict:
    """Wall ms, CPU ms (the process and every child it waited for, from wait4), peak RSS (KiB: the
    largest of the process and its workers) and the findings printed, of one run."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # a user has bytecode
    env["PYTHONPATH"] = str(ROOT / "server")
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        wall = (time.perf_counter() - start) * 1000
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if process.returncode not in (0, 1):
            raise RuntimeError(f"{' '.join(cmd)} exited {process.returncode}: {err.read().decode()[-2000:]}")
        return {"wall_ms": wall, "cpu_ms": (usage.ru_utime + usage.ru_stime) * 1000, "rss_kb": usage.ru_maxrss,
                "findings": len(FINDING.findall(out.read().decode()))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ruff = shutil.which("ruff")
    work = Path(tempfile.mkdtemp(prefix="errata-check-scale-"))
    try:
        big, small, heavy = work / "big", work / "small", work / "heavy"
        files = generate(big, args.modules)
        generate(small, args.modules // 10)
        generate(heavy, args.modules, train_every=4)
        count = sum(1 for _ in big.rglob("*.py"))
        config = files["config"]
        original = config.read_text()
        samples: dict[str, list[dict]] = {}

        def add(name: str, sample: dict) -> None:
            samples.setdefault(name, []).append(sample)

        for r in range(args.rounds):
            cache = work / f"cache{r}"
            add("errata --jobs 1 --no-cache", run([*ERRATA, "--jobs", "1", "--no-cache", "."], big))
            add("errata --no-cache (default --jobs)", run([*ERRATA, "--no-cache", "."], big))
            add("errata, a new cache (first run)", run([*ERRATA, "--cache-dir", str(cache), "."], big))
            add("errata, cached (nothing changed)", run([*ERRATA, "--cache-dir", str(cache), "."], big))
            config.write_text(original.replace("steps: int = 2", f"steps: int = {3 + r}"))
            add("errata, cached, one config edited", run([*ERRATA, "--cache-dir", str(cache), "."], big))
            config.write_text(original)
            add(f"errata --jobs 1 --no-cache, {args.modules // 10} modules",
                run([*ERRATA, "--jobs", "1", "--no-cache", "."], small))
            add("Fabric in every 4th module: errata --jobs 1 --no-cache",
                run([*ERRATA, "--jobs", "1", "--no-cache", "."], heavy))
            add("Fabric in every 4th module: errata --jobs 2 --no-cache",
                run([*ERRATA, "--jobs", "2", "--no-cache", "."], heavy))
            if ruff:
                add("ruff check --no-cache", run([ruff, "check", "--no-cache", "--quiet", "--exit-zero", "."], big))
                add("ruff check (cache warm)", run([ruff, "check", "--quiet", "--exit-zero", "."], big))
        med = {name: {k: statistics.median(s[k] for s in runs) for k in runs[0]} for name, runs in samples.items()}
        base = med["errata --jobs 1 --no-cache"]
        ruff_cold = med.get("ruff check --no-cache")
        print(f"`check` on a generated project of {count} modules ({args.rounds} rounds, medians; "
              f"{os.cpu_count()} cores)\n")
        print("| run | wall ms | CPU ms | peak RSS MiB | findings | wall / errata -j1 | CPU / errata -j1 |"
              + (" wall / ruff --no-cache |" if ruff_cold else ""))
        print("|---|---:|---:|---:|---:|---:|---:|" + ("---:|" if ruff_cold else ""))
        for name, m in med.items():
            row = (f"| {name} | {m['wall_ms']:.0f} | {m['cpu_ms']:.0f} | {m['rss_kb'] / 1024:.1f} | {m['findings']:.0f} "
                   f"| {m['wall_ms'] / base['wall_ms']:.2f} | {m['cpu_ms'] / base['cpu_ms']:.2f} |")
            if ruff_cold:
                row += f" {m['wall_ms'] / ruff_cold['wall_ms']:.1f} |"
            print(row)
        small_name = f"errata --jobs 1 --no-cache, {args.modules // 10} modules"
        extra = (base["rss_kb"] - med[small_name]["rss_kb"]) / max(1, count - sum(1 for _ in small.rglob("*.py")))
        print(f"\nPeak RSS per module: {base['rss_kb'] / count:.1f} KiB over the whole run; {extra:.1f} KiB per module "
              f"added ({args.modules} against {args.modules // 10} modules).")
        if not ruff:
            print("\nruff: not installed (pip install ruff); its rows are missing.")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
