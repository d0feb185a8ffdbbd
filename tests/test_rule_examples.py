"""Every rule's own examples: invalid code is flagged and its fix gives the expected text; the fixed
text is checked again (that finding gone, none added); valid code gets no finding of the rule."""

from __future__ import annotations

import ast
import re
from collections import Counter

import pytest

from errata_lsp.analysis import apply_fix, check_source
from errata_lsp.analysis.rule import Invalid, Valid
from errata_lsp.analysis.rules import RULES
from errata_lsp.kb import KnowledgeBase

CASES = [
    pytest.param(rule, example, id=f"{rule.code}-{type(example).__name__.lower()}-{i}")
    for rule in RULES
    for i, example in enumerate(rule.examples)
]


@pytest.mark.parametrize(("rule", "example"), CASES)
def test_example(rule, example):
    report = check_source(example.code, "example.py")
    assert not report.failures, report.failures[0].detail
    own = [f for f in report.findings if f.code == rule.code]
    if isinstance(example, Valid):
        assert own == [], f"{rule.code} flagged valid code: {[f.message for f in own]}"
        return
    assert isinstance(example, Invalid)
    assert own, f"{rule.code} missed:\n{example.code}"
    finding = own[0]
    assert len(own) == example.count, f"{rule.code}: {len(own)} finding(s), the example says {example.count}"
    assert where(finding) == example.at, f"{rule.code} underlines {where(finding)}, the example says {example.at}"
    assert finding.severity.value == example.severity
    if example.message:
        assert example.message in finding.message
    if example.fixed is None:
        return
    chosen = next(f for f in finding.fixes if f.title == example.fix) if example.fix else finding.preferred_fix
    assert chosen is not None, f"{rule.code} offered no fix"
    fixed = apply_fix(example.code, chosen.edits)
    assert fixed == example.fixed
    ast.parse(fixed)
    # Checked again: this finding is gone and no new one appears (positions may shift, so compare messages),
    # except those of the codes the rule declares its fix reveals: the next check the library runs once
    # this one passes (LXF002's fix lets Lightning reach LXF001 and LXF005).
    after = Counter((f.code, f.message) for f in check_source(fixed, "example.py").findings
                    if f.code not in rule.reveals)
    before = Counter((f.code, f.message) for f in report.findings)
    before[(finding.code, finding.message)] -= 1
    assert (finding.code, finding.message) not in after, "the finding is still there"
    assert not after - before, f"the fix added {list(after - before)}"


def where(finding) -> str:
    """The finding's span as `errata-lsp check` prints positions: 1-based line and column."""
    start, end = finding.span.start, finding.span.end
    return f"{start.line + 1}:{start.column + 1}-{end.line + 1}:{end.column + 1}"


def test_every_invalid_example_pins_count_place_and_severity():
    for rule in RULES:
        for example in rule.examples:
            if isinstance(example, Invalid):
                assert None not in (example.count, example.at, example.severity), (
                    f"{rule.code}: give the example its count, at and severity:\n{example.code}")


def test_every_rule_has_examples_both_ways():
    for rule in RULES:
        kinds = {type(e) for e in rule.examples}
        assert kinds == {Invalid, Valid}, f"{rule.code} needs invalid and valid examples"


def test_every_rule_names_a_shipped_record():
    kb = KnowledgeBase.load()
    for rule in RULES:
        assert kb.get(rule.record) is not None, f"{rule.code} names unknown record {rule.record}"


def test_codes_are_unique_and_well_formed():
    codes = [rule.code for rule in RULES]
    assert len(codes) == len(set(codes))
    # LXF is the XLAFSDP pack; another pack's records take their own prefix (kb/DETECT.md)
    assert all(re.fullmatch(r"[A-Z]{2,5}[0-9]{3}", code) for code in codes)
    assert all(rule.code.startswith("LXF") for rule in RULES if rule.origin == "code")
