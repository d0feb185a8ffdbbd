"""Realistic TPU/XLA and CUDA FSDP training scripts. Each one's first lines say, by hand:

    # expect: LXF001 LXF003      the errors it raises with lightning 2.6.6 on a TPU, or on CUDA GPUs for a
                                 script with FSDPStrategy (`none`: it runs fine)
    # findings: LXF001 error 40, LXF003 error 52, LXF005 warning 40
                                 every finding errata must report: code, severity, line; `none` for none

`# expect:` is the label the real library gave; `# findings:` is what errata says, reviewed against
it. Checked through the real command, `errata-lsp check --format json`: exactly the findings of the
header (no more, no fewer, none with another severity or line); every expected code among them; a
script that runs fine gets no error. Every fix offered on the corpus is applied and checked again.
"""

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
from errata_lsp.analysis.rules import RULES

HERE = Path(__file__).parent
SCRIPTS = sorted(p for p in HERE.glob("*.py") if not p.name.startswith(("test_", "conftest")))
# Multi-file projects: the train module is checked by its path, so its imports resolve to its neighbours.
SCRIPTS += sorted(HERE.glob("projects/*/train*.py"))
SCRIPT_SET = {p.resolve() for p in SCRIPTS}
EXPECT = re.compile(r"^# expect: (?P<codes>.+)$", re.M)
FINDINGS = re.compile(r"^# findings: (?P<items>.+)$", re.M)
HEADER_LINES = 5  # the header lines are among the first few
LINE_BREAK = re.compile(r"\r\n|\r|\n")
REVEALS = {rule.code: rule.reveals for rule in RULES}


def expected_codes(path: Path) -> set[str]:
    header = "\n".join(path.read_text(encoding="utf-8").splitlines()[:HEADER_LINES])
    m = EXPECT.search(header)
    assert m, f"{path.name}: no `# expect:` header in its first lines"
    codes = m["codes"].split()
    return set() if codes == ["none"] else set(codes)


def expected_findings(path: Path) -> list[tuple[str, str, str]] | None:
    """(code, severity, where) from the `# findings:` header, sorted; None without one. `where` is the
    1-based line in the script, or `file:line` for a finding a project's script causes in another of its
    files (`LXF001 error config.py:10`: the value that raises is written there)."""
    header = "\n".join(path.read_text(encoding="utf-8").splitlines()[:HEADER_LINES])
    m = FINDINGS.search(header)
    if m is None:
        return None
    if m["items"].strip() == "none":
        return []
    out = []
    for item in m["items"].split(","):
        code, severity, where = item.split()
        out.append((code, severity, where))
    return sorted(out, key=_order)


def _order(item: tuple[str, str, str]) -> tuple[str, int, str, str]:
    file, _, line = item[2].rpartition(":")
    return (file, int(line), item[0], item[1])


def _where(script: Path, finding: dict) -> str:
    """A finding's line, with its file when it is not the script (another module of the script's project)."""
    path = Path(finding["path"]).resolve()
    return str(finding["line"]) if path == script.resolve() else f"{path.relative_to(script.resolve().parent)}:{finding['line']}"


def _reported_for(script: Path, reported: dict[Path, list[dict]]) -> list[dict]:
    """What checking the script reports: in it, and (for a project's script) in the files of its project."""
    folder = script.resolve().parent
    project = folder.parent.name == "projects"
    return [f for path, found in reported.items() for f in found
            if path == script.resolve() or project and folder in path.parents and path not in SCRIPT_SET]


def findings_header(script: Path, findings: list[dict]) -> str:
    """The `# findings:` line that states `findings`, for a new script's author to review and paste."""
    items = sorted(((f["code"], f["severity"], _where(script, f)) for f in findings), key=_order)
    return "# findings: " + (", ".join(f"{c} {s} {n}" for c, s, n in items) if items else "none")


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
        by_file.setdefault(Path(finding["path"]).resolve(), []).append(finding)
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
    findings = _reported_for(script, reported)
    stated = expected_findings(script)
    assert stated is not None, (
        f"{script.name} has no `# findings:` line. errata reports:\n{findings_header(script, findings)}\n"
        "check each against the script and its `# expect:` label, then add the line to the header")
    got = sorted(((f["code"], f["severity"], _where(script, f)) for f in findings), key=_order)
    assert got == stated, f"header says {stated}; errata reports\n{findings_header(script, findings)}"
    expected = expected_codes(script)
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
            revealed = REVEALS.get(finding.code, ())  # the library's next check, which the fix lets run
            added = [item for item in after - expected if item[0] not in revealed]
            assert not added, f"{finding.code} {fix.title!r} left or added {added}"
