"""Realistic TPU/XLA training scripts, each declaring in its header what errata must report:
`# expect: LXF001 LXF003` (the errors the script raises on a TPU with lightning 2.6.6) or
`# expect: none` (it runs fine). Checked through the real command, `errata-lsp check --format json`:
every expected code is reported; a script that runs fine gets no error-severity finding. Every fix
offered on the corpus is applied and checked again."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from errata_lsp.analysis import apply_fix, check_source

HERE = Path(__file__).parent
SCRIPTS = sorted(p for p in HERE.glob("*.py") if not p.name.startswith(("test_", "conftest")))
# Multi-file projects: the train module is checked by its path, so its imports resolve to its neighbours.
SCRIPTS += sorted(HERE.glob("projects/*/train*.py"))
EXPECT = re.compile(r"^# expect: (?P<codes>.+)$", re.M)
LINE_BREAK = re.compile(r"\r\n|\r|\n")


def expected_codes(path: Path) -> set[str]:
    header = "\n".join(path.read_text(encoding="utf-8").splitlines()[:3])
    m = EXPECT.search(header)
    assert m, f"{path.name}: no `# expect:` header in its first lines"
    codes = m["codes"].split()
    return set() if codes == ["none"] else set(codes)


@pytest.fixture(scope="module")
def rule_codes() -> set[str]:
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "rules"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return {line.split()[0] for line in done.stdout.splitlines() if line.strip()}


@pytest.fixture(scope="module")
def reported() -> dict[Path, list[dict]]:
    done = subprocess.run(
        [sys.executable, "-m", "errata_lsp", "check", "--format", "json", *map(str, SCRIPTS)],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr and "failed" not in done.stderr, done.stderr
    by_file: dict[Path, list[dict]] = {p.resolve(): [] for p in SCRIPTS}
    for finding in json.loads(done.stdout):
        by_file[Path(finding["path"]).resolve()].append(finding)
    return by_file


def test_corpus_shape():
    assert len(SCRIPTS) >= 20
    failing = [p for p in SCRIPTS if expected_codes(p)]
    fine = [p for p in SCRIPTS if not expected_codes(p)]
    assert len(failing) >= 8 and len(fine) >= 8
    for path in SCRIPTS:
        text = path.read_text(encoding="utf-8")
        assert 40 <= len(text.splitlines()) <= 150, path.name
        ast.parse(text)


def test_expectations_use_existing_codes(rule_codes):
    for path in SCRIPTS:
        assert expected_codes(path) <= rule_codes, path.name


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_script(script, reported):
    expected = expected_codes(script)
    findings = reported[script.resolve()]
    codes = {f["code"] for f in findings}
    assert expected <= codes, f"missed {sorted(expected - codes)}; reported {sorted(codes)}"
    if not expected:
        errors = [(f["line"], f["code"], f["message"]) for f in findings if f["severity"] == "error"]
        assert errors == [], f"a script that runs fine got errors: {errors}"


def _reference_apply(text: str, edits) -> str:
    """Apply (line, code-point column) edits by an independent route: split the text into lines."""
    pieces = LINE_BREAK.split(text)
    breaks = LINE_BREAK.findall(text) + [""]
    starts, offset = [], 0
    for piece, brk in zip(pieces, breaks, strict=True):
        starts.append(offset)
        offset += len(piece) + len(brk)
    def at(pos):
        return starts[pos.line] + min(pos.column, len(pieces[pos.line]))
    for edit in sorted(edits, key=lambda e: (e.span.start, e.span.end), reverse=True):
        text = text[: at(edit.span.start)] + edit.new_text + text[at(edit.span.end):]
    return text


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_every_fix_on_the_corpus_is_exact(script):
    text = script.read_text(encoding="utf-8")
    report = check_source(text, str(script))
    assert not report.failures, report.failures[0].detail
    before = Counter((f.code, f.message) for f in report.findings)
    for finding in report.findings:
        for fix in finding.fixes:
            fixed = apply_fix(text, fix.edits)
            assert fixed == _reference_apply(text, fix.edits), f"{finding.code} {fix.title!r}: bytes outside the edits changed"
            ast.parse(fixed)
            after = Counter((f.code, f.message) for f in check_source(fixed, str(script)).findings)
            expected = before.copy()
            expected[(finding.code, finding.message)] -= 1
            assert not after - expected, f"{finding.code} {fix.title!r} left or added {list(after - expected)}"
