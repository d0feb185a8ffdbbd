"""A value a loop (or a list, set or dict comprehension) over items known whole gives one of its turns, passed to
a call that every turn runs: the call is certain to get it once, so a rule that judges only a value held on every
path (`paths: "single"`, LXF027's `reduce_op`) judges each turn's value as such. Every turn runs the call when
nothing leaves a turn early (`break`, `continue`, `return`), no filter or branch stands between the loop's read
and the call, and the call is in the loop, or at the top of the body of the function the loop's read is passed
to, with nothing before it that may return. (Before: each value held under its turn, the rule said nothing.)"""

from __future__ import annotations

import textwrap

from errata_lsp.analysis import check_source

HEAD = """\
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    OPTIONS = {"loss": {"reduce_op": "mean"}, "grad_norm": {"reduce_op": "%s"}}


    def sync(fabric, name, value):
    %s
        return fabric.all_reduce(value, **OPTIONS[name])


    def train(fabric, loss, grad_norm):
    %s


    if __name__ == "__main__":
        fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
        fabric.launch(train, 1.0, 2.0)
"""
COMPREHENSION = '    return {name: sync(fabric, name, value) for name, value in (("loss", loss), ("grad_norm", grad_norm))}'
LOOP = '    for name, value in (("loss", loss), ("grad_norm", grad_norm)):\n        sync(fabric, name, value)'
MAX = ("Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max; "
       "`all_reduce` raises ValueError. For a max, gather and reduce: `fabric.all_gather(x).max()`")


def found(op: str, before: str, train: str) -> list[tuple[str, str, str, str]]:
    source = textwrap.dedent(HEAD % (op, before, train.replace("\n", "\n    ")))
    report = check_source(source, "train.py")
    assert not report.failures
    return [(f.code, f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}-"
             f"{f.span.end.line + 1}:{f.span.end.column + 1}", f.message) for f in report.findings]


def test_a_value_of_one_turn_of_a_comprehension_calling_a_helper_is_passed_once():
    assert found("max", "", COMPREHENSION) == [("LXF027", "error", "8:39-8:52", MAX)]


def test_a_value_of_one_turn_of_a_loop_calling_a_helper_is_passed_once():
    assert found("max", "", LOOP) == [("LXF027", "error", "8:39-8:52", MAX)]


def test_a_value_of_one_turn_of_a_loop_whose_body_holds_the_call_is_passed_once():
    loop = '    for op in ("mean", "max"):\n        fabric.all_reduce(loss, reduce_op=op)'
    assert found("sum", "", loop) == [("LXF027", "error", "13:43-13:45", MAX)]


def test_turns_whose_values_are_all_supported_are_fine():
    assert found("sum", "", COMPREHENSION) == []
    assert found("sum", "", LOOP) == []


def test_a_turn_a_test_on_the_way_may_keep_from_the_call_says_nothing():
    # the helper gathers for that name first
    assert found("max", '    if name == "grad_norm":\n            return fabric.all_gather(value).max()', COMPREHENSION) == []
    # the comprehension filters it out, the loop skips it
    assert found("max", "", COMPREHENSION.replace("grad_norm))}", 'grad_norm)) if name != "grad_norm"}')) == []
    assert found("max", "", LOOP.replace("\n        sync", '\n        if name == "grad_norm":\n            continue\n        sync')) == []
    # a conditional expression around the call
    assert found("max", "", COMPREHENSION.replace("sync(fabric, name, value)",
                                                  '(value if name == "grad_norm" else sync(fabric, name, value))')) == []
    # a generator expression: its turns run only when something draws them
    assert found("max", "", COMPREHENSION.replace("{name: sync(fabric, name, value) for", "(sync(fabric, name, value) for")
                 .replace("grad_norm))}", "grad_norm)))")) == []


def test_a_turn_passed_through_a_helper_that_tests_it_says_nothing():
    two_levels = COMPREHENSION.replace("sync(fabric", "log(fabric") + (
        '\n\n\ndef log(fabric, name, value):\n    if name == "grad_norm":\n        return fabric.all_gather(value).max()'
        "\n    return sync(fabric, name, value)")
    assert found("max", "", two_levels) == []


def test_a_value_kept_past_the_loop_is_the_last_turns_only():
    after = '    for op in ("max", "mean"):\n        chosen = op\n    return fabric.all_reduce(loss, reduce_op=chosen)'
    assert found("sum", "", after) == []
