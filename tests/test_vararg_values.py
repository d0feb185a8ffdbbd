"""A `*args` parameter holds what each call passes past the named parameters: a tuple of those arguments per
call (a direct call, `fabric.launch(f, a, b)`), or the tuple a `*rest` of the caller passes on exactly; what a
call spreads from an unknown source stays unknown. The LXF006 outcome was labelled by the real library (the
oracle): a lambda given through `*policies`, PicklingError at `fabric.launch`."""

from __future__ import annotations

from errata_lsp.analysis import check_source
from tests.test_flow import probe


def test_an_item_of_star_args_is_what_the_call_passes_there():
    assert probe("""
        def step(fabric, *tensors):
            probe(tensors[1])
        step(fabric, [Block], {Block})
    """) == [("set", 4, 22, ())]
    assert probe("""
        def step(fabric, *tensors):
            probe(tensors)
        step(fabric, [Block], {Block})
    """) == [("tuple", 4, 0, ())]


def test_star_args_of_a_launched_function_hold_what_the_launch_passes():
    assert probe("""
        def train(fabric, *rest):
            probe(rest[0])
        fabric.launch(train, [Block], 3)
    """) == [("list", 4, 21, ())]


def test_star_args_passed_on_whole_reach_the_next_function():
    assert probe("""
        def inner(fabric, *objs):
            probe(objs[1])
        def step(fabric, *tensors):
            inner(fabric, *tensors)
        step(fabric, [Block], {Block})
    """) == [("set", 6, 22, ())]


def test_each_call_gives_its_own_star_args_and_an_unknown_spread_stays_unknown():
    assert probe("""
        def step(fabric, *tensors):
            probe(tensors[0])
        step(fabric, [Block])
        step(fabric, {Block})
        step(fabric, *load())
    """) == [("list", 4, 13, ("when called at line 4",)), ("set", 5, 13, ("when called at line 5",)),
             ("unknown", 3, 10, ())]
    assert probe("""
        def step(fabric, *tensors):
            probe(tensors[1])
        step(fabric, [Block])
    """)[0][0] == "unknown"  # past the end: not a value the layer tells


def test_a_lambda_given_through_star_args_to_the_strategy_is_found():
    text = ("import lightning as L\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n\n"
            "def make_strategy(*policies):\n    return XLAFSDPStrategy(auto_wrap_policy=policies[0])\n\n\n"
            "fabric = L.Fabric(strategy=make_strategy(lambda m, r, n: n >= 1e5))\n")
    found = [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
             for f in check_source(text, "train.py").findings]
    assert found == [("LXF006", "error", 9, 41)]
    assert [f.code for f in check_source(text.replace("lambda m, r, n: n >= 1e5", "{Block}"), "train.py").findings] == []
