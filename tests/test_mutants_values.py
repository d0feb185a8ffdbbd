"""What the values layer says of neutral code: whether a value is certainly empty, certainly not, or
cannot be told (what Python's `bool()` would give when the script runs, None when that depends on
more than the code shows); how many alternatives a name keeps; and the closed set of kinds."""

from __future__ import annotations

import ast
import textwrap

import pytest

from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.packs import TIPS
from errata_lsp.analysis.values import MAX_ALTERNATIVES, register_kind


def held(source: str) -> list[tuple[str, int | None, tuple[str, ...], bool | None]]:
    """(kind, line, conditions, truthy) of each value the argument of the last `probe(...)` holds."""
    doc = Document(textwrap.dedent(source), None)
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    return [(v.kind, v.line, v.when, v.truthy) for v in ctx.values(call.args[0])]


def truthy(source: str) -> list[tuple[str, bool | None]]:
    return [(kind, truth) for kind, _, _, truth in held(source)]


@pytest.mark.parametrize(("source", "expected"), [
    ("probe({'a': 1})", [("dict", True)]),
    ("probe({})", [("dict", False)]),
    ("probe({**other})", [("dict", None)]),  # as empty as `other`, which is not known
    ("probe(dict())", [("dict", False)]),
    ("probe(set())", [("set", False)]),
    ("probe(list())", [("list", False)]),
    ("E = {}\nprobe(E.copy())", [("dict", False)]),  # a copy is as empty as its source
    ("E = {'a': 1}\nprobe(E.copy())", [("dict", True)]),
    ("class A: pass\nprobe(A)", [("class", True)]),
    ("def f(): pass\nprobe(f)", [("function", True)]),
])
def test_a_display_an_empty_call_and_a_copy_are_as_empty_as_python_says(source, expected):
    assert truthy(source) == expected


@pytest.mark.parametrize(("source", "expected"), [
    ("N = ['a']\nprobe([n for n in N])", [("list", True)]),
    ("N = []\nprobe([n for n in N])", [("list", False)]),
    ("N = []\nprobe({n for n in N})", [("set", False)]),
    ("N = ['a']\nprobe([n for n in N if n])", [("list", True)]),  # the condition keeps the known 'a'
    ("N = ['']\nprobe([n for n in N if n])", [("list", False)]),  # and drops the known ''
    ("probe([n for n in N if n])", [("list", None)]),  # items unknown: the condition may drop every one
    ("N = ['a']\nprobe(frozenset(N))", [("frozenset", True)]),
    ("N = []\nprobe(frozenset(N))", [("frozenset", False)]),
    ("N = 'ab'\nprobe(list(N))", [("list", True)]),
    ("N = ''\nprobe(list(N))", [("list", False)]),
    ("N = {'a': 1}\nprobe(set(N))", [("set", True)]),
    ("N = 3\nprobe(list(N))", [("list", None)]),  # built from a number: not a container the layer reads
    ("N = []\nif c:\n    N = [1]\nprobe(frozenset(N))", [("frozenset", None)]),  # empty on one path only
    ("N = [1]\nif c:\n    N = [2]\nprobe(frozenset(N))", [("frozenset", True)]),  # full on both
])
def test_a_container_built_from_another_is_as_empty_as_what_it_is_built_from(source, expected):
    assert truthy(source) == expected


def branches(count: int) -> str:
    return "x = [0]\n" + "".join(f"if c{i}:\n    x = [{i + 1}]\n" for i in range(count)) + "probe(x)\n"


def test_a_name_keeps_at_most_max_alternatives_and_then_one_unknown_where_the_first_was_written():
    assert MAX_ALTERNATIVES == 16
    kept = held(branches(MAX_ALTERNATIVES - 1))  # 16 values: all kept
    assert [(kind, line) for kind, line, _, _ in kept] == [("list", 2 * n + 1) for n in range(15, -1, -1)]
    bounded = held(branches(MAX_ALTERNATIVES))  # 17 values: the 16 last written, then an unknown
    assert [(kind, line) for kind, line, _, _ in bounded] == [
        *[("list", 2 * n + 1) for n in range(16, 0, -1)], ("unknown", 33)]
    assert bounded[-1][2] == ()


def test_a_kind_registered_again_alike_is_the_same_kind_and_otherwise_an_error():
    assert register_kind("list", "errata_lsp.analysis.values") == "list"  # a pack module imported twice
    with pytest.raises(ValueError, match="value kind 'list' is registered by errata_lsp.analysis.values already"):
        register_kind("list", "errata_lsp.analysis.values", always_true=True)
    with pytest.raises(ValueError, match="value kind 'class' is registered by errata_lsp.analysis.values already"):
        register_kind("class", "my_pack.values", always_true=True)


def test_a_value_made_without_a_module_cannot_tell_what_it_was_built_from():
    # a pack's tip may give a value with no flow (the module it was written in is not walked)
    from errata_lsp.analysis.values import Value

    for written, kind in (("sorted(LAYERS)", "list"), ("frozenset(LAYERS)", "frozenset"), ("[n for n in NAMES]", "list")):
        assert Value(kind, ast.parse(written, mode="eval").body).truthy is None
    assert Value("list", ast.parse("list()", mode="eval").body).truthy is False
