"""LXF006 on a conditional policy: a function pickle cannot find on every alternative is an error (the launch
fails whichever path runs); on some alternatives only, a warning naming the condition. Each outcome was labelled
by the real library (the oracle): both lambdas, PicklingError on the default path; two nested defs and a lambda
with a nested def, AttributeError: Can't pickle local object 'main.<locals>.small'; a lambda with a module-level
def, OK on the default path."""

from __future__ import annotations

import textwrap

from errata_lsp.analysis import apply_fix, check_source

HEAD = """\
import argparse
import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy
parser = argparse.ArgumentParser()
parser.add_argument("--big", action="store_true")
args = parser.parse_args()
"""

PICKLE = ("which cannot be pickled: `fabric.launch` pickles the strategy to send it to the spawned processes, so it "
          "fails with {error} before your function runs. Use a function defined at module level (or a "
          "`functools.partial` of one); ")
EVERY = ", and every other path holds such a function too, so the launch fails whichever path runs"


def report(source: str) -> list[tuple[str, str, str]]:
    """(severity, 'line:col-line:col', message) of each LXF006 finding, in the order reported."""
    result = check_source(textwrap.dedent(source), "train.py")
    assert not result.failures, result.failures[0].detail
    return [(f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}-{f.span.end.line + 1}:"
             f"{f.span.end.column + 1}", f.message) for f in result.findings if f.code == "LXF006"]


def test_a_lambda_on_both_branches_is_an_error_at_each_lambda():
    source = HEAD + """\
policy = (lambda m, r, n: n >= 1e7) if args.big else (lambda m, r, n: n >= 1e5)
strategy = XLAFSDPStrategy(auto_wrap_policy=policy)
"""
    lead = "`auto_wrap_policy` is a lambda (`policy`), " + PICKLE.format(error="PicklingError")
    assert report(source) == [
        ("error", "7:11-7:35", lead + "when args.big" + EVERY),
        ("error", "7:55-7:79", lead + "when not args.big" + EVERY),
    ]
    # each has its own fix: with one applied, the other path alone holds a lambda (a warning); with both, nothing
    once = apply_fix(source, first_fix(source))
    assert [(severity, message.rpartition("; ")[2]) for severity, _, message in report(once)] == [
        ("warning", "when not args.big")]
    assert report(apply_fix(once, first_fix(once))) == []


def first_fix(source: str):
    finding = next(f for f in check_source(source, "train.py").findings if f.code == "LXF006")
    return finding.fixes[0].edits


def test_a_lambda_on_one_branch_only_stays_a_warning_naming_it():
    source = HEAD + """\
def small(module, recurse, unwrapped_params):
    return unwrapped_params >= 1e5
policy = (lambda m, r, n: n >= 1e7) if args.big else small
strategy = XLAFSDPStrategy(auto_wrap_policy=policy)
"""
    lead = "`auto_wrap_policy` is a lambda (`policy`), " + PICKLE.format(error="PicklingError")
    assert report(source) == [("warning", "9:11-9:35", lead + "when args.big")]
    # None on the other branch: the default strategy pickles fine
    assert report(source.replace("else small", "else None")) == [("warning", "9:11-9:35", lead + "when args.big")]


def test_nested_defs_on_both_branches_are_one_error_at_the_argument():
    source = HEAD + """\
def main():
    def big(m, r, n):
        return n >= 1e7
    def small(m, r, n):
        return n >= 1e5
    policy = big if args.big else small
    return XLAFSDPStrategy(auto_wrap_policy=policy)
"""
    assert report(source) == [(
        "error", "13:45-13:51",
        "`auto_wrap_policy` holds a function defined inside another function on every path, which cannot be "
        "pickled: `fabric.launch` pickles the strategy to send it to the spawned processes, so it fails before your "
        "function runs with AttributeError: Can't pickle local object 'main.<locals>.big' when args.big, "
        "'main.<locals>.small' when not args.big. Define them at module level (pass what they read through "
        "`functools.partial`)",
    )]
    # one of them at module level: the other is a warning naming its condition
    moved = source.replace("    def big(m, r, n):\n        return n >= 1e7\n", "").replace(
        "def main():\n", "def big(m, r, n):\n    return n >= 1e7\ndef main():\n")
    [(severity, span, message)] = report(moved)
    assert (severity, span) == ("warning", "13:45-13:51")
    assert message.endswith("; when not args.big") and "'main.<locals>.small'" in message


def test_a_lambda_and_a_nested_def_are_each_an_error_at_their_own_span():
    source = HEAD + """\
def main():
    def small(m, r, n):
        return n >= 1e5
    policy = (lambda m, r, n: n >= 1e7) if args.big else small
    return XLAFSDPStrategy(auto_wrap_policy=policy)
"""
    lead = "`auto_wrap_policy` is a lambda (`policy`), " + PICKLE.format(error="AttributeError")
    assert report(source) == [
        ("error", "10:15-10:39", lead + "when args.big" + EVERY),
        ("error", "11:45-11:51",
         "`auto_wrap_policy` holds `small`, a function defined inside `main`, which cannot be pickled: "
         "`fabric.launch` pickles the strategy to send it to the spawned processes, so it fails with AttributeError: "
         "Can't pickle local object 'main.<locals>.small' before your function runs. Define it at module level "
         "(pass what it reads through `functools.partial`); when not args.big" + EVERY),
    ]


def test_a_partial_whose_lambda_has_a_condition_of_its_own_is_not_every_path():
    # the partial of the first branch holds a lambda only when args.remat: with neither flag it pickles
    source = HEAD + """\
from functools import partial
def apply_checkpoint(module, check_fn=None):
    return module
parser.add_argument("--remat", action="store_true")
wrap = partial(apply_checkpoint, check_fn=(lambda m: True) if args.remat else None) if args.big else (lambda m: m)
strategy = XLAFSDPStrategy(auto_wrapper_callable=wrap)
"""
    assert [severity for severity, _, _ in report(source)] == ["warning", "warning"]
