"""What kind of value an expression is, as far as the source shows: enough to know what Lightning
will do with it (`isinstance(policy, set)`, truthiness)."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .context import Context

BUILTIN_CONTAINERS = {"list": "list", "tuple": "tuple", "frozenset": "frozenset", "set": "set", "dict": "dict"}


@dataclass(frozen=True)
class Value:
    kind: str  # set, list, tuple, frozenset, dict, string, class, callable, number, none, unknown
    truthy: bool | None  # None when the source cannot tell
    node: ast.AST  # the expression that made it (after following names)

    @property
    def is_set(self) -> bool:
        return self.kind == "set"


def classify(ctx: Context, expr: ast.AST) -> Value:
    node = ctx.value_of(expr)
    if isinstance(node, ast.Set):
        return Value("set", True, node)
    if isinstance(node, ast.SetComp):
        return Value("set", None, node)
    if isinstance(node, (ast.List, ast.Tuple)):
        return Value("list" if isinstance(node, ast.List) else "tuple", bool(node.elts) or None if _starred(node) else bool(node.elts), node)
    if isinstance(node, ast.ListComp):
        return Value("list", None, node)
    if isinstance(node, ast.Dict):
        return Value("dict", bool(node.keys), node)
    if isinstance(node, ast.Constant):
        if node.value is None:
            return Value("none", False, node)
        if isinstance(node.value, str):
            return Value("string", bool(node.value), node)
        return Value("number", bool(node.value), node)
    if isinstance(node, ast.Lambda):
        return Value("callable", True, node)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BUILTIN_CONTAINERS:
        if ctx.reaching(node.func) is None and not ctx.resolve(node.func):  # the builtin, not a local name
            empty = not node.args and not node.keywords
            return Value(BUILTIN_CONTAINERS[node.func.id], False if empty else None, node)
    if isinstance(node, (ast.Name, ast.Attribute)):
        return _named(ctx, node)
    return Value("unknown", None, node)


def _starred(node: ast.AST) -> bool:
    return any(isinstance(e, ast.Starred) for e in getattr(node, "elts", ()))


def _named(ctx: Context, node: ast.Name | ast.Attribute) -> Value:
    """A bare name: a class (CapWords, or a local class), a function, or unknown."""
    if isinstance(node, ast.Name):
        binding = ctx.reaching(node)
        if binding is not None:
            if isinstance(binding.stmt, ast.ClassDef):
                return Value("class", True, node)
            if isinstance(binding.stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return Value("callable", True, node)
            if not isinstance(binding.stmt, (ast.Import, ast.ImportFrom)):
                return Value("unknown", None, node)
        name = node.id
    else:
        name = node.attr
    if name[:1].isupper() and not name.isupper() and "_" not in name.strip("_"):
        return Value("class", True, node)  # CapWords: a module class such as `Block` or `nn.Linear`
    return Value("unknown", None, node)
