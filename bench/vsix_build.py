"""How long `npm run package` takes with the Python side as one archive, against the same build with
it as loose files (the layout before bundled/libs.zip), both measured in this run.

The loose build runs in a copy of editors/vscode whose bundle step writes bundled/libs/ unpacked and
whose .vscodeignore lets it in; both share node_modules and the wheel cache (.cache/wheels), so the
network is out of the figures once the first build filled it. Wall time is the one a developer
waits; CPU is the children's user + system time (this machine may be shared: the ratio of wall
times is the figure to compare, CPU the check that it is not load).

    python bench/vsix_build.py            # needs npm and `npm ci` in editors/vscode
    python bench/vsix_build.py --rounds 3
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXTENSION = REPO / "editors" / "vscode"


def loose_copy(where: Path) -> Path:
    """editors/vscode as it packaged before the archive: bundle unpacked, bundled/libs/ shipped."""
    (where / "editors").mkdir(parents=True)
    for name in ("server", "pyproject.toml", "README.md", "CHANGELOG.md"):
        (where / name).symlink_to(REPO / name)
    copy = where / "editors" / "vscode"
    shutil.copytree(EXTENSION, copy, symlinks=True,
                    ignore=shutil.ignore_patterns("node_modules", ".cache", "bundled", "*.vsix", "dist"))
    shutil.copytree(EXTENSION / "bundled" / "tool", copy / "bundled" / "tool")
    for shared in ("node_modules", ".cache"):
        (copy / shared).symlink_to(EXTENSION / shared)
    manifest = json.loads((copy / "package.json").read_text(encoding="utf-8"))
    manifest["scripts"]["bundle"] += " --dir"
    (copy / "package.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    ignore = (copy / ".vscodeignore").read_text(encoding="utf-8").replace("bundled/libs/**\n", "")
    ignore += ".cache\nnode_modules\n"  # here links, not folders: `.cache/**` does not leave them out
    (copy / ".vscodeignore").write_text(ignore, encoding="utf-8")
    return copy


def build(folder: Path) -> dict[str, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(["npm", "run", "package"], cwd=folder, capture_output=True, text=True, timeout=1800)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"npm run package failed in {folder}:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    with zipfile.ZipFile(folder / "errata.vsix") as z:
        files = len(z.namelist())
    return {"wall": wall, "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
            "files": files, "mb": (folder / "errata.vsix").stat().st_size / 1e6}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    if not (EXTENSION / "node_modules" / ".bin" / "vsce").exists():
        raise SystemExit("run `npm ci` in editors/vscode first")
    build(EXTENSION)  # fills the wheel cache; not counted
    with tempfile.TemporaryDirectory(prefix="errata-vsix-bench-") as tmp:
        loose = loose_copy(Path(tmp))
        runs: dict[str, list[dict[str, float]]] = {"loose files (before)": [], "one archive": []}
        for _ in range(args.rounds):  # interleaved: a change of load hits both alike
            runs["loose files (before)"].append(build(loose))
            runs["one archive"].append(build(EXTENSION))
    base = statistics.median(r["wall"] for r in runs["loose files (before)"])
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.rounds} round(s), medians")
    print("| layout | files in the .vsix | .vsix MB | wall s | CPU s | wall / before |")
    print("|---|---|---|---|---|---|")
    for name, rs in runs.items():
        wall = statistics.median(r["wall"] for r in rs)
        print(f"| {name} | {rs[0]['files']} | {rs[0]['mb']:.1f} | {wall:.1f} | "
              f"{statistics.median(r['cpu'] for r in rs):.1f} | {wall / base:.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
