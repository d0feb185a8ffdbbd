"""Mutation testing with Cosmic Ray: change one thing in the code at a time and check that a test fails.

    python mutation/run.py                    # every target in mutation/targets.toml, one after another
    python mutation/run.py lxf001 positions   # some of them

Each target runs in a copy of the source tree (the working tree is never modified), with only the
tests that exercise it. Prints `target killed/total` per target and writes every surviving mutant
as a diff to mutation/out/<target>.txt; mutation/out/scores.tsv keeps one line per run.
"""

from __future__ import annotations

import argparse
import json
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "mutation" / "out"
SKIP = shutil.ignore_patterns(".git", ".venv", "node_modules", "out", "__pycache__", ".hypothesis",
                              ".pytest_cache", "*.egg-info", "build", "dist", ".clients", "*.vsix")
TIMEOUT = 300.0  # seconds per mutant (--timeout): a mutant that makes the tests hang counts as killed


def tool(name: str) -> str:
    """A Cosmic Ray command from the same environment as this Python."""
    path = Path(sys.executable).parent / name
    return str(path) if path.exists() else name


def config_text(modules: list[str], tests: list[str], exclude: list[str], timeout: float = TIMEOUT) -> str:
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-n", "0", "-p", "no:cacheprovider", *tests]
    quoted = lambda items: "[" + ", ".join(map(json.dumps, items)) + "]"  # noqa: E731  (TOML reads JSON strings)
    return "\n".join([
        "[cosmic-ray]",
        f"module-path = {quoted(modules)}",
        f"timeout = {timeout}",
        "excluded-modules = []",
        f"test-command = {json.dumps(shlex.join(command))}",
        "[cosmic-ray.distributor]",
        'name = "local"',
        "[cosmic-ray.filters.operators-filter]",
        f"exclude-operators = {quoted(exclude)}",
        "",
    ])


def present(tests: list[str]) -> list[str]:
    """The pytest arguments without test files that do not exist (yet): a target can name tests to come."""
    kept, previous = [], ""
    for arg in tests:
        is_path = not arg.startswith("-") and previous != "-k" and "/" in arg
        if is_path and not (ROOT / arg.split("::")[0]).exists():
            print(f"(no {arg}: left out)", file=sys.stderr)
        else:
            kept.append(arg)
        previous = arg
    return kept


def skip_examples(session: Path, tree: Path) -> None:
    """Mark as skipped the mutants inside a rule's `examples = (...)`: that is test data, which the
    example test reads back, not code a user runs."""
    import ast

    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    regions: dict[str, list[tuple[int, int]]] = {}
    with use_db(str(session), WorkDB.Mode.open) as db:
        for item in list(db.pending_work_items):
            mutation = item.mutations[0]
            path = str(mutation.module_path)
            if path not in regions:
                source = (tree / path).read_text(encoding="utf-8") if not Path(path).is_absolute() else Path(path).read_text(encoding="utf-8")
                regions[path] = [(node.lineno, node.end_lineno) for node in ast.walk(ast.parse(source))
                                 if isinstance(node, ast.Assign) and any(
                                     isinstance(t, ast.Name) and t.id == "examples" for t in node.targets)]
            line = mutation.start_pos[0]
            if any(start <= line <= end for start, end in regions[path]):
                db.set_result(item.job_id, WorkResult(output="rule example", worker_outcome=WorkerOutcome.SKIPPED))


def only_functions(session: Path, tree: Path, names: list[str]) -> None:
    """Mark as skipped the mutants outside the functions (or classes) named: a target of the newest
    code inside a large module, without mutating the rest of it again."""
    import ast

    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    spans: dict[str, list[tuple[int, int]]] = {}
    with use_db(str(session), WorkDB.Mode.open) as db:
        for item in list(db.pending_work_items):
            mutation = item.mutations[0]
            path = str(mutation.module_path)
            if path not in spans:
                source = (tree / path).read_text(encoding="utf-8")
                spans[path] = [(node.lineno, node.end_lineno or node.lineno) for node in ast.walk(ast.parse(source))
                               if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                               and node.name in names]
            line = mutation.start_pos[0]
            if not any(start <= line <= end for start, end in spans[path]):
                db.set_result(item.job_id, WorkResult(output="outside the functions named",
                                                      worker_outcome=WorkerOutcome.SKIPPED))


def sample(session: Path, every: int) -> None:
    """Keep one mutant in `every` (in a fixed order: module, line, operator), mark the rest skipped."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    with use_db(str(session), WorkDB.Mode.open) as db:
        pending = sorted(db.pending_work_items, key=lambda item: (
            str(item.mutations[0].module_path), item.mutations[0].start_pos, item.mutations[0].operator_name,
            item.mutations[0].occurrence))
        for index, item in enumerate(pending):
            if index % every:
                db.set_result(item.job_id, WorkResult(output="not in the sample", worker_outcome=WorkerOutcome.SKIPPED))


def run_target(name: str, target: dict, exclude: list[str], every: int = 1,
               timeout: float = TIMEOUT) -> tuple[int, int, int]:
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    tests = present(target["tests"])
    with tempfile.TemporaryDirectory(prefix=f"mutation-{name}-") as tmp:
        tree = Path(tmp) / "tree"
        shutil.copytree(ROOT, tree, ignore=SKIP)
        config, session = tree / "cosmic-ray.toml", tree / "session.sqlite"
        config.write_text(config_text(target["modules"], tests, exclude, timeout), encoding="utf-8")
        env = {**__import__("os").environ, "PYTHONPATH": str(tree / "server")}  # the copy, not the installed tree

        def step(*argv: str) -> None:
            done = subprocess.run(argv, cwd=tree, env=env, capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"{name}: {' '.join(argv[:2])} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")

        step(tool("cosmic-ray"), "init", str(config), str(session))
        step(tool("cr-filter-operators"), str(session), str(config))
        skip_examples(session, tree)
        if target.get("functions"):
            only_functions(session, tree, target["functions"])
        if every > 1:
            sample(session, every)
        step(tool("cosmic-ray"), "baseline", str(config))  # the tests must pass on the unchanged code
        step(tool("cosmic-ray"), "exec", str(config), str(session))

        killed = survived = 0
        diffs = []
        with use_db(str(session), WorkDB.Mode.open) as db:
            for item, result in db.completed_work_items:
                if result.worker_outcome == WorkerOutcome.SKIPPED:
                    continue
                if result.test_outcome == TestOutcome.SURVIVED:
                    survived += 1
                    diffs.append(f"# {item.job_id} {item.mutations[0].operator_name}\n{result.diff}\n")
                else:  # killed, or incompetent (the mutant does not even import): a failing run either way
                    killed += 1
        OUT.mkdir(exist_ok=True)
        (OUT / f"{name}.txt").write_text("".join(diffs), encoding="utf-8")
        shutil.copy(session, OUT / f"{name}.sqlite")  # every mutant and its outcome: `cr-report mutation/out/NAME.sqlite`
        return killed, survived, killed + survived


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", help="names from mutation/targets.toml (default: all)")
    parser.add_argument("--sample", type=int, default=1, metavar="N",
                        help="run one mutant in N (a fixed choice), for a quicker estimate")
    parser.add_argument("--timeout", type=float, default=TIMEOUT, metavar="S",
                        help=f"seconds a mutant's tests may take before it counts as killed (default {TIMEOUT:g})")
    args = parser.parse_args()
    spec = tomllib.loads((ROOT / "mutation" / "targets.toml").read_text(encoding="utf-8"))
    names = args.targets or list(spec["target"])
    unknown = [n for n in names if n not in spec["target"]]
    if unknown:
        sys.exit(f"unknown targets: {', '.join(unknown)} (known: {', '.join(spec['target'])})")
    for name in names:
        started = time.monotonic()
        killed, survived, total = run_target(name, spec["target"][name], spec["operators"]["exclude"], args.sample,
                                             args.timeout)
        minutes = (time.monotonic() - started) / 60
        line = f"{name}\t{killed}/{total}\t{100 * killed / max(total, 1):.1f}%\t{survived} survived\t{minutes:.1f} min"
        if args.sample > 1:
            line += f"\t(one mutant in {args.sample})"
        print(line, flush=True)
        OUT.mkdir(exist_ok=True)
        with (OUT / "scores.tsv").open("a", encoding="utf-8") as scores:
            scores.write(time.strftime("%Y-%m-%dT%H:%M:%S\t") + line + "\n")


if __name__ == "__main__":
    main()
