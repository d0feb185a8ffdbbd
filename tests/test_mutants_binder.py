"""The binder on neutral code: which definitions reach a name read, under which conditions, worded
as the user wrote them; a loop's counter; the name a dotted import binds; the `__main__` guard."""

from __future__ import annotations

import ast
import textwrap

import pytest

from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.packs import TIPS


def probe(source: str) -> list[tuple[str, int | None, tuple[str, ...]]]:
    """(kind, line, conditions) of each value the argument of the last `probe(...)` holds."""
    doc = Document(textwrap.dedent(source), None)
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    return [(v.kind, v.line, v.when) for v in ctx.values(call.args[0])]


def test_the_first_name_of_an_enumerate_is_its_counter_whatever_the_second_unpacks_to():
    assert probe("for i, (a, b) in enumerate(pairs):\n    probe(i)") == [("number", 1, ())]
    assert probe("for i, b in enumerate(pairs):\n    probe(i)") == [("number", 1, ())]


@pytest.mark.parametrize("loop", [
    "for block in make_blocks():\n    probe(block)",  # not a range: what the call yields is not known
    "for a, b in zip(xs, ys):\n    probe(a)",  # two names, but not an enumerate
    "for i, b in enumerate(xs):\n    probe(b)",  # the item, not the counter
])
def test_only_a_range_or_an_enumerate_s_counter_is_taken_for_an_int(loop):
    assert probe(loop) == [("unknown", None, ())]


@pytest.mark.parametrize("statement", ["import os.path", "import a.b", "import a.b.c"])
def test_a_dotted_import_binds_its_first_name(statement):
    assert [kind for kind, _, _ in probe(f"{statement}\nprobe({statement.split()[1].split('.')[0]})")] == ["external"]


def test_only_the_main_guard_is_always_taken_not_another_module_name():
    assert probe("x = [1]\nif __name__ == '__main__':\n    x = [2]\nprobe(x)") == [("list", 3, ())]
    assert probe("x = [1]\nif __name__ == 'Worker':\n    x = [2]\nprobe(x)") == [
        ("list", 3, ("__name__ == 'Worker'",)), ("list", 1, ("__name__ != 'Worker'",))]
    assert probe("x = [1]\nif True:\n    x = [2]\nprobe(x)") == [("list", 3, ())]


def test_a_condition_and_its_negation_are_worded_as_the_user_wrote_the_test():
    assert probe('x = [1]\nif args.mode == "a":\n    x = [2]\nprobe(x)') == [
        ("list", 3, ('args.mode == "a"',)), ("list", 1, ('args.mode != "a"',))]
    assert probe('x = [1]\nif args.mode == "a" == b:\n    x = [2]\nprobe(x)') == [
        ("list", 3, ('args.mode == "a" == b',)), ("list", 1, ('not (args.mode == "a" == b)',))]
    assert probe("x = [1]\nif not args.mode:\n    x = [2]\nprobe(x)") == [
        ("list", 3, ("not args.mode",)), ("list", 1, ("args.mode",))]


def test_each_exception_handler_is_a_branch_of_its_own():
    assert probe("x = [1]\ntry:\n    x = [2]\nexcept:\n    x = [3]\nprobe(x)") == [
        ("list", 3, ()), ("list", 5, ("on an exception",))]
    assert probe("x = [1]\ntry:\n    x = [2]\nexcept KeyError:\n    x = [3]\nexcept ValueError:\n    x = [4]\nprobe(x)") == [
        ("list", 3, ()), ("list", 5, ("if KeyError is raised",)), ("list", 7, ("if ValueError is raised",))]


def test_a_match_keeps_the_value_before_it_unless_a_case_takes_everything():
    assert probe("x = [1]\nmatch m:\n    case 1:\n        x = [2]\n    case y:\n        x = [3]\nprobe(x)") == [
        ("list", 4, ("m matches 1",)), ("list", 6, ())]
    assert probe("x = [1]\nmatch m:\n    case 1:\n        x = [2]\n    case y if y:\n        x = [3]\nprobe(x)") == [
        ("list", 4, ("m matches 1",)), ("list", 6, ("m matches y",)), ("list", 1, ())]
    assert probe("x = [1]\nmatch m:\n    case [1]:\n        x = [2]\n    case _:\n        x = [3]\nprobe(x)") == [
        ("list", 4, ("m matches [1]",)), ("list", 6, ())]


def test_a_call_s_parts_are_walked_in_order_callee_arguments_keywords():
    """A walrus in one part of a call reaches the names read in the parts after it, not before: the callee
    first, then the positional arguments, then the keywords' values, each in the order written."""
    def reads(source: str) -> list[tuple[str, int, list[int]]]:
        doc = Document(textwrap.dedent(source), None)
        ctx = Context(doc, doc.chunks(("",)), TIPS)
        return [(n.id, n.col_offset, [d.node.col_offset for d in ctx.flow.reaching(n) or ()])  # type: ignore[union-attr]
                for n in sorted(ctx.nodes(ast.Name), key=lambda n: n.col_offset)
                if isinstance(n.ctx, ast.Load) and n.id == "x"]
    line = "def f(x):\n    g(x, (x := 1), x, key=(x := 'k'), other=x).m(x)(x, y=x)\n"
    # the parameter (an `ast.arg`, column 6 of line 1), then each walrus's value
    assert reads(line) == [("x", 6, [6]), ("x", 19, [15]), ("x", 44, [32]), ("x", 49, [32]), ("x", 52, [32]),
                           ("x", 57, [32])]
    # a callee that is itself a call: its own parts before the outer call's arguments
    assert reads("def f(x):\n    (x := h)(x)[x](x.a, x(x))\n") == [
        ("x", 13, [10]), ("x", 16, [10]), ("x", 19, [10]), ("x", 24, [10]), ("x", 26, [10])]


@pytest.mark.parametrize("a, b, expected", [
    ("devices > 1", "devices <= 1", True),
    ("devices <= 1", "devices > 1", True),  # either side may be the negation written
    ("not ON_TPU", "ON_TPU", True),
    ("ON_TPU", "not ON_TPU", True),
    ("kind == 'tpu'", "kind != 'tpu'", True),
    ("fn is None", "not (fn is None)", True),  # the negation written as `not (...)`, not as `is not`
    ("not (fn is None)", "fn is None", True),
    ("devices > 1", "devices > 2", False),
    ("devices > 1", "when called at line 12", False),  # a condition that is no expression
    ("ON_TPU", "ON_TPU", False),
])
def test_two_conditions_contradict_only_when_one_is_the_other_s_negation(a, b, expected):
    from errata_lsp.analysis.binder import contradicts

    assert contradicts(a, b) is expected
