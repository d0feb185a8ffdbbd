"""The value-flow layer's work budgets (`flow.MAX_STEPS`, `flow.MAX_DEPTH`, per module) are enough: on
every corpus script and project, the bundled examples, the rules' examples and the generated scripts
the benchmarks type in (300, 10,000 and 30,000 lines, and one of 120,000), the findings with the default budgets are the
findings with budgets ten times larger. A tenth of either budget changes some finding, so the
comparison can fail.

Files outside the repository (the real files a benchmark types in, such as Lightning's own
`fabric.py`) are compared too when listed in `ERRATA_BUDGET_FILES` (paths joined by `os.pathsep`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source, engine, flow
from errata_lsp.analysis.project import Workspace
from errata_lsp.analysis.rules import RULES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from gen_script import generate  # noqa: E402  (the benchmarks' generator, not a package)

CORPUS = ROOT / "tests" / "corpus"
# one worker reads every file with the default budgets once (the module's fixture) for all three tests
pytestmark = pytest.mark.xdist_group("budgets")


def files() -> Iterator[tuple[str, str, str | None]]:
    """(name, text, path to check it as): files on disk by their path, so their imports resolve."""
    on_disk = sorted({*CORPUS.glob("*.py"), *CORPUS.glob("projects/*/*.py"), *CORPUS.rglob("program/**/*.py"),
                      *(ROOT / "examples").glob("*.py")})
    for path in on_disk:
        if not path.name.startswith(("test_", "conftest")):
            yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"), str(path)
    for extra in filter(None, os.environ.get("ERRATA_BUDGET_FILES", "").split(os.pathsep)):
        yield extra, Path(extra).read_text(encoding="utf-8"), extra
    # the sizes the benchmarks type in, and four times the largest: a tenth of the step budget is
    # enough up to 60,000 lines (their findings are all found within 5,000 steps), not at 120,000
    for lines in (300, 10_000, 30_000, 120_000):
        yield f"generated-{lines}.py", generate(lines), None
    for rule in RULES:
        for i, example in enumerate(rule.examples):
            yield f"{rule.code}-example-{i}", example.code, None


def findings_of(text: str, path: str | None) -> list[tuple]:
    """A file's findings: (code, severity, span, message, fixes' titles)."""
    return [(f.code, f.severity.value, f.span, f.message, tuple(x.title for x in f.fixes))
            for f in check_source(text, path).findings]


def findings() -> dict[str, list[tuple]]:
    """Every finding of every file."""
    return {name: findings_of(text, path) for name, text, path in files()}


def first_change(before: dict[str, list[tuple]], generated_first: bool) -> str | None:
    """The first file whose findings differ from `before`'s, the biggest (generated) files read first or last
    (where a small step budget runs out first; a small depth, on the first corpus files); None when none does."""
    ordered = sorted(files(), key=lambda item: item[0].startswith("generated-") is not generated_first)
    return next((name for name, text, path in ordered if findings_of(text, path) != before[name]), None)


@contextmanager
def budgets(steps: int, depth: int) -> Iterator[None]:
    """The flow budgets set for a whole run, with a project model of its own (no summary evaluated
    under other budgets)."""
    saved = flow.MAX_STEPS, flow.MAX_DEPTH, engine.WORKSPACE
    limit = sys.getrecursionlimit()
    flow.MAX_STEPS, flow.MAX_DEPTH, engine.WORKSPACE = steps, depth, Workspace()
    sys.setrecursionlimit(max(limit, 40 * depth))  # a deeper walk needs a deeper stack, not a RecursionError
    try:
        yield
    finally:
        flow.MAX_STEPS, flow.MAX_DEPTH, engine.WORKSPACE = saved
        sys.setrecursionlimit(limit)


@pytest.fixture(scope="module")
def by_default() -> dict[str, list[tuple]]:
    with budgets(flow.MAX_STEPS, flow.MAX_DEPTH):
        return findings()


def changed(before: dict[str, list[tuple]], after: dict[str, list[tuple]]) -> dict[str, tuple[list, list]]:
    return {name: (before[name], after[name]) for name in before if before[name] != after[name]}


def test_the_default_budgets_give_the_findings_of_budgets_ten_times_larger(by_default):
    assert sum(map(len, by_default.values())) > 500  # the files were read and checked
    with budgets(flow.MAX_STEPS * 10, flow.MAX_DEPTH * 10):
        larger = findings()
    assert changed(by_default, larger) == {}


@pytest.mark.parametrize("which", ["steps", "depth"])
def test_a_tenth_of_the_default_budgets_changes_some_finding(by_default, which):
    steps, depth = flow.MAX_STEPS, flow.MAX_DEPTH
    with budgets(steps // 10 if which == "steps" else steps, depth // 10 if which == "depth" else depth):
        assert first_change(by_default, generated_first=which == "steps") is not None  # (until one differs)
