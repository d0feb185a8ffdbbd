"""`kb validate` for `detect` sections: each section read against kb/DETECT.md, then its examples run
through the engine with the other rules, as the test suite runs a Python rule's examples. It sits above
the engine (the engine runs the rules `detect` makes; this runs the engine on their examples)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .detect import DetectProblem, DetectRule, rules_from_records, side_sections
from .engine import check_source
from .fixes import apply_fix
from .rule import Rule, Valid


def example_problems(rule: Rule, others: Sequence[Rule]) -> list[str]:
    """What goes wrong when the rule's examples run with the other rules, as the test suite runs a
    Python rule's: a bad example flagged `count` times at `at` with `severity`, its fix giving `fixed`
    and leaving no finding behind; a good example left alone."""
    rules = [*(r for r in others if r.code != rule.code), rule]
    problems = []
    for i, example in enumerate(rule.examples):
        name = f"examples[{i}]"
        report = check_source(example.code, "example.py", rules=rules)
        if report.failures:
            problems.append(f"{name}: the rule failed: {report.failures[0].error}")
            continue
        own = [f for f in report.findings if f.code == rule.code]
        if isinstance(example, Valid):
            if own:
                problems.append(f"{name}: flagged good code: {own[0].message}")
            continue
        if not own:
            problems.append(f"{name}: bad code not flagged")
            continue
        finding = own[0]
        start, end = finding.span.start, finding.span.end
        at = f"{start.line + 1}:{start.column + 1}-{end.line + 1}:{end.column + 1}"
        if len(own) != example.count:
            problems.append(f"{name}: {len(own)} finding(s), the example says {example.count}")
        if at != example.at:
            problems.append(f"{name}: underlines {at}, the example says {example.at}")
        if finding.severity.value != example.severity:
            problems.append(f"{name}: severity {finding.severity.value}, the example says {example.severity}")
        if example.message and example.message not in finding.message:
            problems.append(f"{name}: the message does not contain {example.message!r}: {finding.message}")
        if example.fixed is None:
            continue
        chosen = next((f for f in finding.fixes if f.title == example.fix), None) if example.fix else finding.preferred_fix
        if chosen is None:
            problems.append(f"{name}: no fix" + (f" titled {example.fix!r}" if example.fix else ""))
            continue
        fixed = apply_fix(example.code, chosen.edits)
        if fixed != example.fixed:
            problems.append(f"{name}: the fix gives {fixed!r}, the example says {example.fixed!r}")
            continue
        after = Counter((f.code, f.message) for f in check_source(fixed, "example.py", rules=rules).findings
                        if f.code not in rule.reveals)
        before = Counter((f.code, f.message) for f in report.findings)
        before[(finding.code, finding.message)] -= 1
        if (finding.code, finding.message) in after:
            problems.append(f"{name}: the finding is still there after the fix")
        elif after - before:
            problems.append(f"{name}: the fix adds {sorted(after - before)}")
    return problems


def validate_records(records: Iterable[Any], others: Sequence[Rule],
                     shipped: bool = False) -> tuple[list[DetectRule], list[DetectProblem]]:
    """`kb validate`: the schema of every `detect`, then its examples run with `others`; with `shipped`,
    the side sections of the shipped records too (each naming a record that is there)."""
    records = list(records)
    sides, problems = side_sections(records) if shipped else ([], [])
    rules, schema = rules_from_records([*records, *sides], [r.code for r in others])
    problems += schema
    for rule in rules:
        problems += [DetectProblem(rule.source, rule.record, p) for p in example_problems(rule, others)]
    return rules, problems
