"""The value-flow layer on the paths test_flow.py leaves out: loops whose body may not run, closures,
`finally` and `except*`, the conditions written for the other branch, and the queries rules ask of
a value (a dict's entries, an element of a sequence, the text of its conditions)."""

from __future__ import annotations

import ast
import sys

import pytest

from errata_lsp.analysis.values import describe_when

try:
    from test_flow import context, probe
except ImportError:
    from tests.test_flow import context, probe


def test_a_while_body_may_not_run_so_the_value_before_it_holds_too():
    assert probe("""
        policy = {Block}
        while keep_going():
            policy = [Block]
        probe(policy)
    """) == [("list", 4, 13, ()), ("set", 2, 9, ())]


def test_a_nested_function_sees_the_final_binding_of_the_function_around_it():
    assert probe("""
        def outer():
            policy = {Block}
            def inner():
                probe(policy)
            policy = [Block]
            return inner
    """) == [("list", 6, 13, ())]


def test_a_finally_block_keeps_what_the_try_bound():
    assert probe("""
        try:
            policy = [Block]
        finally:
            cleanup()
        probe(policy)
    """) == [("list", 3, 13, ())]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="`except*` is Python 3.11 syntax")
def test_except_star_is_read_as_a_try():
    assert probe("""
        try:
            policy = [Block]
        except* ValueError:
            policy = {Block}
        probe(policy)
    """) == [("list", 3, 13, ()), ("set", 5, 13, ("if ValueError is raised",))]


def test_the_other_branch_is_described_by_the_negated_condition():
    assert probe("""
        if x is None:
            policy = [Block]
        elif not ready:
            policy = {Block}
        elif a < b and c:
            policy = (Block,)
        else:
            policy = frozenset()
        probe(policy)
    """) == [
        ("list", 3, 13, ("x is None",)),
        ("set", 5, 13, ("x is not None", "not ready")),
        ("tuple", 7, 13, ("x is not None", "ready", "a < b and c")),
        ("frozenset", 9, 13, ("x is not None", "ready", "not (a < b and c)")),
    ]


def test_conditions_are_described_as_one_phrase():
    assert describe_when([("a", "b"), (), ("c",), ("a", "b")]) == "when a and b or c"
    assert describe_when([(), ()]) == ""


SHAPES = """
cfg = {"policy": [Block], **extra}
plain = dict(policy={Block}, wrap=None)
pair = ([Block], {Block})
KEY = "policy"
probe(KEY)
"""


def _assigned(source: str) -> tuple[object, dict[str, ast.expr]]:
    ctx = context(source)
    return ctx, {n.targets[0].id: n.value for n in ctx.nodes(ast.Assign) if isinstance(n.targets[0], ast.Name)}


def test_a_dict_with_a_splat_it_cannot_read_keeps_its_written_keys_but_is_incomplete():
    ctx, assigned = _assigned(SHAPES)
    entries, complete = ctx.flow.entries(ctx.values(assigned["cfg"])[0])
    assert {key: (type(e.value).__name__, e.value.lineno) for key, e in entries.items()} == {"policy": ("List", 2)}
    assert complete is False
    entries, complete = ctx.flow.entries(ctx.values(assigned["plain"])[0])
    assert {key: type(e.value).__name__ for key, e in entries.items()} == {"policy": "Set", "wrap": "Constant"}
    assert complete is True


def test_an_element_of_a_written_tuple_by_index():
    ctx, assigned = _assigned(SHAPES)
    pair = ctx.values(assigned["pair"])[0]
    assert [(v.kind, v.line) for v in ctx.flow.element(pair, 1)] == [("set", 4)]
    assert [(v.kind, v.line) for v in ctx.flow.element(pair, -2)] == [("list", 4)]
    assert [v.kind for v in ctx.flow.element(pair, 5)] == ["unknown"]


def test_a_name_bound_once_to_a_string_is_a_constant_key():
    ctx, _ = _assigned(SHAPES)
    probe_call = next(c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe")
    assert ctx.flow.constant_key(probe_call.args[0]) == "policy"
    ctx, _ = _assigned("KEY = 'a' if flag else 'b'\nprobe(KEY)\n")
    probe_call = next(c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe")
    assert ctx.flow.constant_key(probe_call.args[0]) is None  # two values: no single key
