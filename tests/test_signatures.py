"""`binding_error` says what CPython says when a call's arguments do not bind to a def's parameters:
checked against the interpreter itself on defs and calls written here."""

from __future__ import annotations

import ast

import pytest

from errata_lsp.analysis.signatures import binding_error

DEFS = [
    "def f(): pass",
    "def f(a): pass",
    "def f(a, b=1): pass",
    "def f(a, b, c=2, *, d): pass",
    "def f(a, /, b): pass",
    "def f(*args): pass",
    "def f(**kwargs): pass",
    "def f(a, **kwargs): pass",
    "def f(steps, lr, fabric=None): pass",
    "def f(*, fabric): pass",
    "def f(a, *args, k=1): pass",
]
CALLS = [(0, ()), (1, ()), (2, ()), (3, ()), (1, ("a",)), (0, ("a",)), (1, ("b",)), (2, ("d",)), (0, ("fabric",)),
         (1, ("steps", "lr")), (1, ("lr",)), (0, ("a", "b", "d")), (4, ("d",)), (1, ("k",)), (2, ("x",))]


def _python_says(source: str, positional: int, keywords: tuple[str, ...]) -> str | None:
    namespace: dict[str, object] = {}
    exec(compile(source, "<test>", "exec"), namespace)  # the defs above, written by this test
    try:
        namespace["f"](*range(positional), **{k: 0 for k in keywords})  # type: ignore[operator]
    except TypeError as error:
        return str(error)
    return None


@pytest.mark.parametrize("source", DEFS)
def test_the_message_is_the_interpreters(source):
    func = ast.parse(source).body[0]
    assert isinstance(func, ast.FunctionDef)
    for positional, keywords in CALLS:
        found = binding_error(func, "f", positional, keywords)
        assert (found[1] if found else None) == _python_says(source, positional, keywords), (source, positional, keywords)


def test_a_bound_method_counts_its_instance():
    method = ast.parse("def fit(self, fabric): pass").body[0]
    assert isinstance(method, ast.FunctionDef)
    assert binding_error(method, "Trainer.fit", 1, (), bound_self=True) is None
    assert binding_error(method, "Trainer.fit", 2, (), bound_self=True) == (
        "positional", "Trainer.fit() takes 2 positional arguments but 3 were given")
    assert binding_error(method, "Trainer.fit", 0, (), bound_self=True) == (
        "missing", "Trainer.fit() missing 1 required positional argument: 'fabric'")
    assert binding_error(method, "Trainer.fit", 1, ("fabric",), bound_self=True) == (
        "multiple", "Trainer.fit() got multiple values for argument 'fabric'")
