"""Standard-library idioms the evaluator (`flow.py`) reads through, kept apart from its core walk:

- `functools.singledispatch`: a call of the generic function runs the implementation registered for the type
  of its first argument (`@f.register` with an annotation, `@f.register(list)`, `f.register(list, impl)`),
  picked here from what the layer knows of that type (`dispatch_table`, `implementation_for`).

Python only: no library is named here. Unknown stays unknown: a registration the layer cannot read, or an
argument whose exact type it cannot tell, leaves the call unknown.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .binder import all_args
from .values import Value, either

if TYPE_CHECKING:
    from .flow import Flow

SINGLEDISPATCH = "functools.singledispatch"
MAX_REGISTERED = 32  # implementations of one generic function read; past it, its calls are unknown
MAX_DISPATCH_DEPTH = 2  # an implementation evaluated for one call, two calls deep (as `flow.MAX_SITE_DEPTH`)

# The builtin classes a registration may name, by the name it is spelt with.
BUILTIN_CLASSES = frozenset({"list", "tuple", "set", "frozenset", "dict", "str", "bytes", "int", "float", "complex",
                             "bool", "type", "object", "NoneType"})
# The classes a builtin's instance is looked up in before `object`, in order (the abstract classes Python
# inserts among them come after these: a concrete class registered for one of them is the one picked).
BUILTIN_ORDER = {"bool": ("bool", "int")}
# What a display or comprehension builds, exactly (not a subclass).
DISPLAY_CLASSES = {ast.List: "list", ast.ListComp: "list", ast.Tuple: "tuple", ast.Set: "set", ast.SetComp: "set",
                   ast.Dict: "dict", ast.DictComp: "dict", ast.JoinedStr: "str"}
CONSTANT_CLASSES = {str: "str", bytes: "bytes", int: "int", float: "float", complex: "complex", bool: "bool",
                    type(None): "NoneType"}
BUILT_BY = {"list": "list", "sorted": "list", "tuple": "tuple", "set": "set", "frozenset": "frozenset",
            "dict": "dict", "str": "str"}

ClassKey = str | int  # a builtin class by its name, a project class by the id of its `ClassDef`


@dataclass(frozen=True)
class Registered:
    """One implementation of a generic function: the classes it is registered for, and the function."""

    classes: tuple[ClassKey, ...]
    impl: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    flow: Flow  # the flow that reads it (the module the registration is written in)


def is_generic(flow: Flow, func: ast.AST) -> bool:
    """`func` is decorated `@functools.singledispatch` (however the module spells it)."""
    return isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) \
        and any(flow.ctx.resolve(d) == SINGLEDISPATCH for d in func.decorator_list)


def dispatch_table(flow: Flow, generic: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[Registered, ...] | None:
    """The implementations registered on `generic` in its module, each with its classes, worked out once per
    check; None when one use of `generic.register` is not a form read here (kept aside, `reg = f.register`;
    an annotation or class that names no class the module shows), or there are too many."""
    return flow.ctx.once("singledispatch table", generic, lambda: _table(flow, generic))


def _table(flow: Flow, generic: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[Registered, ...] | None:
    out: list[Registered] = []
    for attr in flow.ctx.attribute_loads("register"):
        held = flow.values(attr.value)
        if not any(x.node is generic for x in held):
            continue
        if len(held) != 1:
            return None  # the generic function on some paths only
        found = _registration(flow, attr)
        if found is None or len(out) >= MAX_REGISTERED:
            return None
        out.append(found)
    return tuple(out)


def _registration(flow: Flow, attr: ast.Attribute) -> Registered | None:
    parent = flow.ctx.parents.get(attr)
    if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and parent.decorator_list[-1:] == [attr]:
        annotated = _first_annotation(parent)  # `@f.register` over `def _(spec: list)`: the annotation names it
        classes = _classes(flow, annotated) if annotated is not None else None
        return Registered(classes, parent, flow) if classes else None
    if not isinstance(parent, ast.Call) or parent.func is not attr or parent.keywords \
            or not 1 <= len(parent.args) <= 2 or any(isinstance(a, ast.Starred) for a in parent.args):
        return None
    classes = _classes(flow, parent.args[0])
    if not classes:
        return None
    outer = flow.ctx.parents.get(parent)
    if isinstance(outer, (ast.FunctionDef, ast.AsyncFunctionDef)) and outer.decorator_list[-1:] == [parent] \
            and len(parent.args) == 1:
        return Registered(classes, outer, flow)  # `@f.register(list)` right over the def
    if len(parent.args) == 2:
        impl = parent.args[1]  # `f.register(list, impl)`
    elif isinstance(outer, ast.Call) and outer.func is parent and len(outer.args) == 1 and not outer.keywords:
        impl = outer.args[0]  # `f.register(list)(impl)`
    else:
        return None
    held = flow.values(impl)
    if len(held) != 1 or held[0].when or held[0].kind not in ("function", "lambda") \
            or not isinstance(held[0].node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) \
            or getattr(held[0].node, "decorator_list", None):
        return None
    return Registered(classes, held[0].node, held[0].flow or flow)


def _first_annotation(func: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.expr | None:
    """The annotation `register` reads: the first annotated parameter's (Python reads the function's hints in
    order)."""
    return next((a.annotation for a in all_args(func.args) if a.annotation is not None), None)


def _classes(flow: Flow, expr: ast.expr) -> tuple[ClassKey, ...] | None:
    """The classes a registration names: a builtin, a class of the project, `type(None)`, a union of them
    (`int | float`, `Union[int, float]`, `Optional[str]`); None for anything else."""
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        left, right = _classes(flow, expr.left), _classes(flow, expr.right)
        return left + right if left and right else None
    if isinstance(expr, ast.Subscript) and flow.ctx.resolve(expr.value) in ("typing.Union", "typing.Optional"):
        parts = expr.slice.elts if isinstance(expr.slice, ast.Tuple) else [expr.slice]
        found = [_classes(flow, p) for p in parts]
        if not all(found):
            return None
        joined = tuple(k for keys in found for k in keys or ())
        return (*joined, "NoneType") if flow.ctx.resolve(expr.value) == "typing.Optional" else joined
    if isinstance(expr, ast.Constant) and expr.value is None:
        return ("NoneType",)
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "type" \
            and flow.reaching(expr.func) is None and len(expr.args) == 1 and not expr.keywords \
            and isinstance(expr.args[0], ast.Constant) and expr.args[0].value is None:
        return ("NoneType",)
    if isinstance(expr, ast.Name) and expr.id in BUILTIN_CLASSES and flow.reaching(expr) is None:
        return (expr.id,)
    if isinstance(expr, (ast.Name, ast.Attribute)):
        held = flow.values(expr)
        if len(held) == 1 and not held[0].when and held[0].kind == "class" and isinstance(held[0].node, ast.ClassDef):
            return (id(held[0].node),)
    return None


# What the part of a lookup order the layer cannot read may hold: nothing (a builtin's), a class of the project
# (a class's metaclass, a subclass of `type`), anything (an instance of a class with a base the project does not
# write).
WHOLE, METACLASSES, ANYTHING = "whole", "metaclasses", "anything"


def lookup_order(flow: Flow, value: Value) -> tuple[tuple[ClassKey, ...], str] | None:
    """The classes `value`'s exact type is looked up in, `object` left out, and what the part of that order
    the layer cannot read may hold (`WHOLE`, `METACLASSES`, `ANYTHING`); None when the layer cannot tell the
    exact type (a `number` it did not see written, a dict a library call built)."""
    node = value.node
    exact: str | None = None
    if isinstance(node, ast.Constant) and value.kind != "unknown":
        exact = CONSTANT_CLASSES.get(type(node.value))
    elif type(node) in DISPLAY_CLASSES and value.kind == DISPLAY_CLASSES[type(node)]:
        exact = DISPLAY_CLASSES[type(node)]
    elif isinstance(node, ast.Call) and value.flow is not None and isinstance(node.func, ast.Name) \
            and BUILT_BY.get(node.func.id) == value.kind and value.flow.reaching(node.func) is None:
        exact = BUILT_BY[node.func.id]
    if exact is not None:
        return BUILTIN_ORDER.get(exact, (exact,)), WHOLE
    if value.kind == "class" and isinstance(node, ast.ClassDef):
        return ("type",), METACLASSES
    if value.kind == "instance" and isinstance(value.extra, tuple) and isinstance(value.extra[0], ast.ClassDef):
        order = (value.flow or flow).base.class_order(value.extra[0])
        keys: list[ClassKey] = []
        for _, cls in order:
            if isinstance(cls, str) and cls not in BUILTIN_CLASSES:
                return tuple(keys), ANYTHING  # a base the project does not write: what follows is unread
            keys.append(cls if isinstance(cls, str) else id(cls))
        return tuple(keys), WHOLE
    return None


def implementation_for(table: tuple[Registered, ...], order: tuple[tuple[ClassKey, ...], str]
                       ) -> Registered | bool | None:
    """The implementation a value of the given lookup order runs: the first of its classes registered; True
    for the generic function itself (none registered, nor `object`); None when the layer cannot tell (a
    registered class the part of the order it cannot read may hold)."""
    classes, rest = order
    for key in classes:
        found = next((r for r in table if key in r.classes), None)
        if found is not None:
            return found
    if rest == ANYTHING and any(k != "object" for r in table for k in r.classes) \
            or rest == METACLASSES and any(isinstance(k, int) for r in table for k in r.classes):
        return None
    return next((r for r in table if "object" in r.classes), True)


def dispatched_call(flow: Flow, call: ast.Call, generic: Value) -> tuple[Value, ...] | None:
    """What `call` of the generic function `generic` returns: for each value its first argument may hold, the
    returns of the implementation registered for its type, evaluated for this call (under the value's
    conditions when they pick several); unknown for a value whose type the layer cannot tell or whose pick it
    cannot make. None when the generic function itself runs on every path (read as a plain call)."""
    home = generic.flow or flow
    func = generic.node
    if type(call) is not ast.Call or not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None  # a call the layer made up (a callback's, a decorator's): read as a plain call
    # an implementation registered in a part of the module this check did not read would be missed
    table = dispatch_table(home, func) if home.ctx.reads_every_use_of(func.name) else None
    unknown = Value("unknown", call, flow=flow)
    if table is None or not call.args or isinstance(call.args[0], ast.Starred):
        return (unknown,)
    picks: dict[int, tuple[Registered | bool, list[Value]]] = {}
    out: list[Value] = []
    for value in flow.values(call.args[0]):
        order = lookup_order(flow, value)
        picked = implementation_for(table, order) if order is not None else None
        if picked is None:
            out.append(unknown.under(value.when))
            continue
        picks.setdefault(id(picked.impl) if isinstance(picked, Registered) else 0, (picked, []))[1].append(value)
    if not out and list(picks) == [0]:
        return None
    for picked, given in picks.values():
        if not isinstance(picked, Registered):
            returned = home.returns_of(func)  # the generic function's own body (`raise TypeError(...)`)
        else:
            returned = _returns_for(flow, picked, call)
        others = {id(v.node) for p, g in picks.values() if p is not picked for v in g}
        when = either(v.when for v in given) if len(picks) > 1 or out else ()
        # a value another pick takes is not what this implementation was given (its parameter holds every value
        # of the argument, this call's)
        out.extend(x.under(when) for x in returned if id(x.node) not in others)
    return tuple(out)


def _returns_for(flow: Flow, picked: Registered, call: ast.Call) -> tuple[Value, ...]:
    """An implementation's returns for `call`: evaluated for this call's arguments (its parameter holds them),
    two calls deep and a few calls of each function as any call; past that, its returns as its module sees
    them."""
    impl = picked.impl
    if not isinstance(impl, (ast.FunctionDef, ast.AsyncFunctionDef)) or flow.site_depth >= MAX_DISPATCH_DEPTH:
        return picked.flow.returns_of(impl)
    callee = flow if picked.flow.base is flow.base else picked.flow
    return flow.site(callee, impl, call).returns_of(impl)
