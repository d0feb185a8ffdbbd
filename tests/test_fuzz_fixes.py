"""Fixes are exact on programs built around the rule pack's triggers.

The programs are the rules' own Invalid/Valid examples, one or two at a time, mutated the way real
files differ from them: renamed variables, extra statements, non-ASCII comments and statements on
the same line, other indentation (tabs, 2 spaces), wrapped in a function, class or `try`, CRLF or
CR line endings, a BOM. For every finding and every fix it offers:

- applying the fix gives code that parses when the input parsed;
- the finding is gone and no finding is added (compared by code and message, as positions move);
- no character outside the fix's edits changes (checked against an independent application);

and fix-all is idempotent, safe and unsafe: fix_all(fix_all(x)) == fix_all(x).
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from errata_lsp.analysis import apply_fix, check_source, fix_all
from errata_lsp.analysis.rule import Invalid
from errata_lsp.analysis.rules import BY_CODE, RULES

try:
    from reliability.profiles import budget, soak
    from reliability.sources import finding_key, finding_keys, parses, program, reference_apply, report_problems
except ImportError:
    from tests.reliability.profiles import budget, soak
    from tests.reliability.sources import finding_key, finding_keys, parses, program, reference_apply, report_problems


def assert_fixes_exact(text: str) -> int:
    """Check every offered fix of every finding in `text`; return how many fixes were checked."""
    report = check_source(text, "prog.py")
    assert not report.failures, report.failures[0].detail
    assert not report_problems(text, report), report_problems(text, report)
    before = finding_keys(report)
    parsed = parses(text)
    checked = 0
    for finding in report.findings:
        for fix in finding.fixes:
            fixed = apply_fix(text, fix.edits)
            where = f"{finding.code} fix {fix.title!r} on\n{text!r}\n->\n{fixed!r}"
            assert fixed == reference_apply(text, fix.edits), f"bytes outside the edits changed: {where}"
            if parsed:
                assert parses(fixed), f"the fix broke the syntax: {where}"
            after = check_source(fixed, "prog.py")
            assert not after.failures, after.failures[0].detail
            expected = before.copy()
            expected[finding_key(finding)] -= 1
            revealed = BY_CODE[finding.code].reveals if finding.code in BY_CODE else ()  # the next check's findings
            added = Counter({k: n for k, n in finding_keys(after).items() if k[0] not in revealed}) - +expected
            assert finding_key(finding) not in finding_keys(after) or finding_keys(after)[finding_key(finding)] \
                < before[finding_key(finding)], f"the fix did not remove its finding: {where}"
            assert not added, f"the fix did not remove its finding or added {list(added)}: {where}"
            checked += 1
    return checked


def assert_fix_all_idempotent(text: str) -> None:
    for unsafe in (False, True):
        once, _ = fix_all(text, "prog.py", unsafe=unsafe)
        twice, applied = fix_all(once, "prog.py", unsafe=unsafe)
        assert twice == once, f"fix_all(unsafe={unsafe}) is not idempotent on\n{text!r}\nonce:\n{once!r}\ntwice:\n{twice!r}"
        if parses(text):
            assert parses(once), f"fix_all(unsafe={unsafe}) broke the syntax of\n{text!r}\n->\n{once!r}"


RULE_IDS = [rule.code for rule in RULES]


def _programs(rule):
    return program(sources=tuple(e.code for e in rule.examples))


@pytest.mark.parametrize("rule", RULES, ids=RULE_IDS)
def test_every_offered_fix_is_exact(rule):
    @budget(30)
    @given(_programs(rule))
    def run(text):
        checked = assert_fixes_exact(text)
        event(f"fixes checked: {min(checked, 3)}{'+' if checked >= 3 else ''}")

    run()


@pytest.mark.parametrize("rule", RULES, ids=RULE_IDS)
def test_fix_all_is_idempotent(rule):
    @budget(12)
    @given(_programs(rule))
    def run(text):
        assert_fix_all_idempotent(text)

    run()


@budget(60)
@given(st.lists(program(), min_size=2, max_size=4))
def test_fix_all_on_many_triggers_in_one_file(parts):
    text = "".join(p.removeprefix("\ufeff") if i else p for i, p in enumerate(parts))
    assert_fix_all_idempotent(text)


@soak
@budget(300)
@given(program())
def test_soak_fixes(text):
    assert_fixes_exact(text)
    assert_fix_all_idempotent(text)


# --- the mutations keep the rules firing: the fuzzing above is not vacuous ----------------------
INVALID = [(rule.code, e) for rule in RULES for e in rule.examples if isinstance(e, Invalid)]
LAYOUTS = {
    "crlf": lambda t: t.replace("\n", "\r\n"),
    "cr": lambda t: t.replace("\n", "\r"),
    "bom": lambda t: "\ufeff" + t,
    "tabs": lambda t: t.replace("\n    ", "\n\t"),
    "comment-each-line": lambda t: t.replace("\n", "  # é 中文 🚀\n") if '"""' not in t and "'''" not in t else t,
    "blank-lines": lambda t: t.replace("\n", "\n\n"),
}

# Layouts under which a fix gives exactly the mutated expected text: a fix keeps the file's BOM and
# writes the file's own line ending (a CRLF file gets no bare "\n" from a fix).
EXACT_LAYOUTS = ("crlf", "cr", "bom")


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize(("code", "example"), INVALID, ids=[f"{c}-{i}" for i, (c, _) in enumerate(INVALID)])
def test_layout_keeps_finding_and_fix(code, example, layout):
    """Each Invalid example under a layout change is still flagged, and its fix gives the expected
    text under the same layout change (the fix touches only what it must)."""
    mutate = LAYOUTS[layout]
    text = mutate(example.code)
    report = check_source(text, "prog.py")
    own = [f for f in report.findings if f.code == code]
    assert own, f"{code} missed after {layout}:\n{text!r}"
    assert_fixes_exact(text)
    if example.fixed is None or layout not in EXACT_LAYOUTS:
        return  # a fix that inserts lines writes them its own way: only the properties above hold
    chosen = next(f for f in own[0].fixes if f.title == example.fix) if example.fix else own[0].preferred_fix
    assert apply_fix(text, chosen.edits) == mutate(example.fixed)


# --- regressions found by the fuzzing above ---------------------------------------------------
REGRESSIONS = {
    # An edit at (0, 0) of a file that starts with a BOM went before the BOM: the BOM ended inside
    # the file and Python no longer parsed it (LXF006 inserts a `def` above the statement).
    "bom-insert-at-start": "\ufefffrom lightning.fabric.strategies import XLAFSDPStrategy\n"
    "if True:\n    s = XLAFSDPStrategy(param_init_fn=lambda m: m.to_empty(device='cpu'))\n",
    # LXF014 renamed `clip_val=` to `max_norm=` next to an explicit `max_norm=None`: keyword repeated.
    "clip-val-with-max-norm-none": "from lightning.fabric import Fabric\n"
    "def train(fabric, model, optimizer, cfg):\n"
    "    fabric.clip_gradients(model, optimizer, clip_val=cfg.clip_val, max_norm=None)\n"
    "Fabric(strategy='xla_fsdp').launch(train)\n",
    "clip-val-positional-with-max-norm-none": "from lightning.fabric import Fabric\n"
    "def train(fabric, model, optimizer):\n"
    "    fabric.clip_gradients(model, optimizer, 0.5, max_norm=None)\n"
    "Fabric(strategy='xla_fsdp').launch(train)\n",
    "clip-val-with-max-norm-none-first": "from lightning.fabric import Fabric\n"
    "def train(fabric, model, optimizer):\n"
    "    fabric.clip_gradients(model, optimizer, max_norm=None, clip_val=0.5)\n"
    "Fabric(strategy='xla_fsdp').launch(train)\n",
    # LXF011's "remove accelerator= from the strategy" left `Fabric(accelerator='cpu', ...)`: LXF010.
    "accelerator-twice-cpu-flag": "from lightning.fabric import Fabric\n"
    "from lightning.fabric.accelerators import XLAAccelerator\n"
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "a = Fabric(accelerator='cpu', strategy=XLAFSDPStrategy(accelerator=XLAAccelerator()))\n",
}


@pytest.mark.parametrize("text", list(REGRESSIONS.values()), ids=list(REGRESSIONS))
def test_regression(text):
    report = check_source(text, "prog.py")
    assert any(f.fixes for f in report.findings), "the case no longer produces a fix: update it"
    assert_fixes_exact(text)
    assert_fix_all_idempotent(text)


@pytest.mark.parametrize("eol", ["\r\n", "\r"])
def test_fixes_write_the_file_line_ending(eol):
    """Regression: fixes that insert lines (LXF006's `def`, LXF005's keyword line) wrote bare "\\n"
    into CRLF and CR files, leaving them with mixed line endings."""
    text = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(param_init_fn=lambda m: m.to_empty(device='cpu'))\n"
            "t = XLAFSDPStrategy(\n    activation_checkpointing_policy={Block},\n)\n").replace("\n", eol)
    fixed, applied = fix_all(text, "prog.py", unsafe=True)
    assert len(applied) >= 2
    lone = {"\r\n": r"(?<!\r)\n|\r(?!\n)", "\r": r"\n"}[eol]
    assert not re.search(lone, fixed), repr(fixed)
