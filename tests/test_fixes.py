"""Fixes edit exactly what they must: the expected line, and not one other character, whatever the
line endings (LF, CRLF, CR), a BOM, tab indentation, and non-ASCII text (`é`, CJK, emoji) on the
same line before and after the edited span. Every fixed text is parsed and checked again: the finding
is gone and no finding appears."""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import dataclass

import pytest

from errata_lsp.analysis import Safety, apply_fix, check_source, fix_all

LEFT = "note = 'é 中文 🚀'; "  # statements on the same line, before the edited span
RIGHT = "  # ✓ é 中文 🚀 ß"  # and a comment after it


@dataclass(frozen=True)
class Case:
    code: str
    setup: str  # module-level lines before the function
    before: str  # the statement inside `train`, with {L} and {R} for the decorations
    after: str  # the same statement after the fix
    underlined: str  # the text the finding's span covers
    fix: str | None = None  # a fix title; the preferred fix when None
    body: str = "pass"  # the statement after it (a with-block needs a body)


IMPORTS = "from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
CASES = {
    "LXF001-list": Case(
        "LXF001", IMPORTS,
        "{L}strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block}){R}",
        "{L}strategy = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block}){R}",
        "[Block]"),
    "LXF001-tuple": Case(
        "LXF001", IMPORTS,
        "{L}strategy = XLAFSDPStrategy(activation_checkpointing_policy=(Block, Head), auto_wrap_policy={Block, Head}){R}",
        "{L}strategy = XLAFSDPStrategy(activation_checkpointing_policy={Block, Head}, auto_wrap_policy={Block, Head}){R}",
        "(Block, Head)"),
    "LXF001-class": Case(
        "LXF001", IMPORTS,
        "{L}strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=Block){R}",
        "{L}strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block}){R}",
        "Block"),
    "LXF002-drop-policy": Case(
        "LXF002", IMPORTS,
        "{L}strategy = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy={Block}, auto_wrap_policy={Block}){R}",
        "{L}strategy = XLAFSDPStrategy(auto_wrapper_callable=wrap, auto_wrap_policy={Block}){R}",
        "auto_wrapper_callable=wrap", fix="Remove `activation_checkpointing_policy`"),
    "LXF003-strategy": Case(
        "LXF003", IMPORTS + "fabric = Fabric(strategy=XLAFSDPStrategy())\n",
        "{L}with fabric.strategy.no_backward_sync(wrapped, enabled=True):{R}",
        "{L}with fabric.no_backward_sync(wrapped, enabled=True):{R}",
        "fabric.strategy.no_backward_sync", body="loss.backward()"),
    "LXF004-raw-model": Case(
        "LXF004", IMPORTS + "fabric = Fabric(strategy='xla_fsdp')\n",
        "{L}with fabric.no_backward_sync(model, enabled=False):{R}",
        "{L}with fabric.no_backward_sync(wrapped, enabled=False):{R}",
        "model", body="loss.backward()"),
}


def build(case: Case, statement: str, newline: str, bom: bool, indent: str, decorate: bool) -> str:
    left, right = (LEFT, RIGHT) if decorate else ("", "")
    if statement.lstrip().startswith("{L}with"):
        left = ""  # a compound statement cannot follow `;`
    line = statement.replace("{L}", left).replace("{R}", right)
    lines = case.setup.splitlines() + [
        "def train(fabric, model, loss, wrap):",
        f"{indent}model = model",
        f"{indent}wrapped = fabric.setup(model)",
        f"{indent}{line}",
        f"{indent}{indent}{case.body}" if line.rstrip().split("#")[0].rstrip().endswith(":") else f"{indent}{case.body}",
        "",
        "Fabric(strategy=XLAFSDPStrategy()).launch(train)",
        "",
    ]
    return ("\ufeff" if bom else "") + newline.join(lines)


def parse(text: str) -> ast.Module:
    return ast.parse(text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n"))


def keys(report) -> Counter:
    return Counter((f.code, f.message) for f in report.findings)


NEWLINES = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}


@pytest.mark.parametrize("decorate", [True, False], ids=["unicode", "ascii"])
@pytest.mark.parametrize("indent", ["    ", "\t"], ids=["spaces", "tab"])
@pytest.mark.parametrize("bom", [False, True], ids=["nobom", "bom"])
@pytest.mark.parametrize("newline", NEWLINES.values(), ids=NEWLINES.keys())
@pytest.mark.parametrize("name", CASES)
def test_fix_is_exact(name, newline, bom, indent, decorate):
    case = CASES[name]
    text = build(case, case.before, newline, bom, indent, decorate)
    expected = build(case, case.after, newline, bom, indent, decorate)
    parse(text)
    report = check_source(text, "train.py")
    assert not report.failures, report.failures[0].detail
    own = [f for f in report.findings if f.code == case.code]
    assert len(own) == 1, [(f.code, f.message) for f in report.findings]
    finding = own[0]

    # The span is in code points of the document's own lines (a BOM is a character of line 0).
    target_line = len(case.setup.splitlines()) + 3  # after `def train`, `model = ...`, `wrapped = ...`
    assert finding.span.start.line == finding.span.end.line == target_line
    line_text = text.split(newline)[target_line]
    assert line_text[finding.span.start.column:finding.span.end.column] == case.underlined

    chosen = next(f for f in finding.fixes if f.title == case.fix) if case.fix else finding.preferred_fix
    assert chosen is not None
    fixed = apply_fix(text, chosen.edits)
    assert fixed == expected  # so not one character outside the edit changed
    parse(fixed)
    after = check_source(fixed, "train.py")
    assert not after.failures
    remaining = keys(report)
    remaining[(finding.code, finding.message)] -= 1
    assert not keys(after) - remaining, f"the fix added {list(keys(after) - remaining)}"
    assert not [f for f in after.findings if f.code == case.code]


@pytest.mark.parametrize("newline", NEWLINES.values(), ids=NEWLINES.keys())
@pytest.mark.parametrize("bom", [False, True], ids=["nobom", "bom"])
def test_fix_all_fixes_everything_and_keeps_the_rest(newline, bom):
    """All the cases in one file: fix_all (unsafe too) applies every fix in one go, the result is the
    text with each expected line, and checking it again finds none of the codes."""
    body = [case for case in CASES.values() if not case.fix]  # fix_all takes the preferred fix
    setup = IMPORTS + "fabric = Fabric(strategy=XLAFSDPStrategy())\n"
    def assemble(which: str) -> str:
        lines = setup.splitlines() + ["def train(fabric, model, loss, wrap):",
                                      "\tmodel = model", "\twrapped = fabric.setup(model)"]
        for case in body:
            statement = getattr(case, which).replace("{L}", "" if "with" in case.before else LEFT).replace("{R}", RIGHT)
            lines.append("\t" + statement)
            lines.append("\t\t" + case.body if statement.split("#")[0].rstrip().endswith(":") else "\t" + case.body)
        lines += ["", "fabric.launch(train)", ""]
        return ("\ufeff" if bom else "") + newline.join(lines)

    text, expected = assemble("before"), assemble("after")
    fixed, applied = fix_all(text, "train.py", unsafe=True)
    assert fixed == expected
    assert sorted(f.code for f in applied) == sorted(c.code for c in body)
    assert not [f for f in check_source(fixed, "train.py").findings if f.code in {c.code for c in body}]


def test_safe_fix_all_leaves_unsafe_fixes():
    text = IMPORTS + "s = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy={Block}, auto_wrap_policy={Block})\n"
    finding = next(f for f in check_source(text, "t.py").findings if f.code == "LXF002")
    assert finding.fixes and all(f.safety is Safety.UNSAFE for f in finding.fixes)
    fixed, applied = fix_all(text, "t.py", unsafe=False)
    assert fixed == text and applied == []
    fixed, applied = fix_all(text, "t.py", unsafe=True)
    assert fixed != text and [f.code for f in applied] == ["LXF002"]
    parse(fixed)
