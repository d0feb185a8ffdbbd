"""Dicts read by attribute, as research code writes its configs: `cfg.hardware.accelerator` of
`CFG = Config({...})` with `class Config(dict)` whose attribute reads are item reads. Python only: no library
is named here; this module reads the class's syntax, the evaluator (`flow.py`) reads the items.

A class reads its items by attribute (`item_reading`) when it derives from `dict` alone and either
- its `__getattr__` is the dict's own getter (`__getattr__ = dict.__getitem__`, `= dict.get`), or
- its `def __getattr__(self, name)` returns, on every `return`, the item of that name (`self[name]`,
  `self.get(name)`, `dict.__getitem__(self, name)`, a local bound to one of them only), or such an item
  given to the class again (`Config(v) if isinstance(v, dict) else v`), or
- its `__init__` makes the instance its own `__dict__` (`self.__dict__ = self`);
and its `__init__`, if any, only hands its parameters to `dict.__init__` (and wraps items in the class
again). A class that overrides how items are read (`__getitem__`, `__missing__`, `get`) or whose `__init__`
does anything else is not one: its attributes stay unknown.

`WRAPS`: the class wraps a dict item in itself again when it is read (or when it is built), so a nested
dict reads by attribute too (`cfg.hardware.accelerator`); `PLAIN`: it does not.
"""

from __future__ import annotations

import ast

PLAIN = "plain"
WRAPS = "wraps"
# names an instance finds on `dict` itself before `__getattr__` is asked (`cfg.items`, `cfg.get`)
DICT_ATTRIBUTES = frozenset(dir(dict))
# methods that change what an item read gives: a class overriding one is read no further
ITEM_ACCESS = frozenset(("__getitem__", "__missing__", "get", "__getattribute__", "__contains__", "keys", "items",
                         "values", "__iter__"))


def item_reading(cls: ast.ClassDef) -> str | None:
    """`PLAIN` or `WRAPS` when attribute reads on an instance of `cls` are reads of its items; None otherwise."""
    if len(cls.bases) != 1 or not (isinstance(cls.bases[0], ast.Name) and cls.bases[0].id == "dict") or cls.keywords:
        return None
    hooked = False
    for stmt in cls.body:
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__getattr__" for t in stmt.targets):
            if not _dict_getter(stmt.value):
                return None
            hooked = True
        elif isinstance(stmt, ast.AsyncFunctionDef) and stmt.name in ("__getattr__", "__init__", *ITEM_ACCESS):
            return None
        elif isinstance(stmt, ast.FunctionDef) and stmt.name == "__getattr__":
            if stmt.decorator_list or not _returns_items(stmt, cls.name):
                return None
            hooked = True
        elif isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__":
            if stmt.decorator_list or not _hands_to_dict(stmt, cls.name):
                return None
            hooked = hooked or _own_dict(stmt)
        elif isinstance(stmt, ast.FunctionDef) and stmt.name in ITEM_ACCESS:
            return None
    if not hooked:
        return None
    return WRAPS if any(_wraps(n, cls.name) for n in ast.walk(cls)) else PLAIN


def _dict_getter(value: ast.expr) -> bool:
    """`dict.__getitem__` or `dict.get`."""
    return isinstance(value, ast.Attribute) and value.attr in ("__getitem__", "get") \
        and isinstance(value.value, ast.Name) and value.value.id == "dict"


def _is(node: ast.AST | None, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _wraps(node: ast.AST, cls_name: str) -> bool:
    """A call of the class itself with one argument: `Config(v)`, `type(self)(v)`, `self.__class__(v)`."""
    if not isinstance(node, ast.Call) or len(node.args) != 1 or node.keywords or isinstance(node.args[0], ast.Starred):
        return False
    func = node.func
    return _is(func, cls_name) or isinstance(func, ast.Call) and _is(func.func, "type") and len(func.args) == 1 \
        or isinstance(func, ast.Attribute) and func.attr == "__class__"


def _item_read(expr: ast.AST, owner: str, key: str) -> bool:
    """`self[name]`, `self.get(name[, default])`, `self.__getitem__(name)`, `dict.__getitem__(self, name)`,
    `dict.get(self, name[, default])`."""
    if isinstance(expr, ast.Subscript):
        return _is(expr.value, owner) and _is(expr.slice, key)
    if not isinstance(expr, ast.Call) or expr.keywords or not isinstance(expr.func, ast.Attribute) \
            or expr.func.attr not in ("get", "__getitem__"):
        return False
    args, most = expr.args, 2 if expr.func.attr == "get" else 1
    if _is(expr.func.value, owner):
        return 1 <= len(args) <= most and _is(args[0], key)
    return _is(expr.func.value, "dict") and 2 <= len(args) <= most + 1 and _is(args[0], owner) and _is(args[1], key)


def _returns_items(hook: ast.FunctionDef, cls_name: str) -> bool:
    """Every `return` of `__getattr__(self, name)` gives the item `name` (wrapped in the class again or not)."""
    args = hook.args
    if len(args.args) != 2 or args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
        return False
    owner, key = args.args[0].arg, args.args[1].arg
    own = _own_nodes(hook)
    assigned: dict[str, list[ast.expr | None]] = {}
    plain = {id(t) for n in own if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    for node in own:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and id(node) not in plain:
            assigned.setdefault(node.id, []).append(None)  # bound some other way (`for`, `with`, `:=`): no item
        elif isinstance(node, ast.ExceptHandler) and node.name:
            assigned.setdefault(node.name, []).append(None)

    def derived(expr: ast.expr | None, seen: frozenset[str]) -> bool:
        if expr is None:
            return False
        if _item_read(expr, owner, key):
            return True
        if isinstance(expr, ast.Name) and expr.id in assigned and expr.id not in seen:
            return all(derived(v, seen | {expr.id}) for v in assigned[expr.id])
        if isinstance(expr, ast.IfExp):
            return derived(expr.body, seen) and derived(expr.orelse, seen)
        return _wraps(expr, cls_name) and derived(expr.args[0], seen)  # type: ignore[attr-defined]  # a call

    returns = [n for n in own if isinstance(n, ast.Return)]
    return bool(returns) and all(derived(r.value, frozenset()) for r in returns)


def _own_nodes(func: ast.FunctionDef) -> list[ast.AST]:
    """The nodes of `func`'s body, not those of a function, lambda or class inside it."""
    out: list[ast.AST] = []
    stack: list[ast.AST] = list(func.body)
    while stack:
        node = stack.pop()
        out.append(node)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))
    return out


def _own_dict(init: ast.FunctionDef) -> bool:
    """`self.__dict__ = self` in `__init__`."""
    return bool(init.args.args) and any(_sets_own_dict(s, init.args.args[0].arg) for s in init.body)


def _sets_own_dict(stmt: ast.stmt, owner: str) -> bool:
    return isinstance(stmt, ast.Assign) and _is(stmt.value, owner) and all(
        isinstance(t, ast.Attribute) and t.attr == "__dict__" and _is(t.value, owner) for t in stmt.targets)


def _hands_to_dict(init: ast.FunctionDef, cls_name: str) -> bool:
    """`__init__` calls `dict.__init__` once with its own parameters, as given (`super().__init__(*args, **kwargs)`),
    and otherwise only makes the instance its own `__dict__` or stores its items wrapped in the class again
    (`for k, v in self.items(): if isinstance(v, dict): self[k] = Config(v)`)."""
    args = init.args
    if not args.args or args.kwonlyargs or args.posonlyargs or args.defaults:
        return False
    owner, params = args.args[0].arg, [a.arg for a in args.args[1:]]
    forwarded = 0
    for stmt in init.body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # a docstring
        if isinstance(stmt, ast.Expr) and _dict_init(stmt.value, owner):
            call = stmt.value
            assert isinstance(call, ast.Call)
            given = call.args[1:] if isinstance(call.func, ast.Attribute) and _is(call.func.value, "dict") else call.args
            expected = [*params, *([f"*{args.vararg.arg}"] if args.vararg else [])]
            written = [f"*{a.value.id}" if isinstance(a, ast.Starred) and isinstance(a.value, ast.Name)
                       else a.id if isinstance(a, ast.Name) else "?" for a in given]
            spread = [k.value.id for k in call.keywords if k.arg is None and isinstance(k.value, ast.Name)]
            if written != expected or len(spread) != len(call.keywords) \
                    or spread != ([args.kwarg.arg] if args.kwarg else []):
                return False
            forwarded += 1
            continue
        if _sets_own_dict(stmt, owner):
            continue
        if isinstance(stmt, ast.For) and _only_wraps_items(stmt, owner, cls_name):
            continue
        return False
    return forwarded == 1 or not params and not args.vararg and not args.kwarg


def _dict_init(expr: ast.expr, owner: str) -> bool:
    """`super().__init__(...)`, `super(Config, self).__init__(...)`, `dict.__init__(self, ...)`."""
    if not isinstance(expr, ast.Call) or not isinstance(expr.func, ast.Attribute) or expr.func.attr != "__init__":
        return False
    receiver = expr.func.value
    if isinstance(receiver, ast.Call) and _is(receiver.func, "super"):
        return True
    return _is(receiver, "dict") and bool(expr.args) and _is(expr.args[0], owner)


def _only_wraps_items(loop: ast.For, owner: str, cls_name: str) -> bool:
    """A loop over the instance's own items that stores nothing but an item wrapped in the class again."""
    if not (isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Attribute)
            and loop.iter.func.attr == "items" and _is(loop.iter.func.value, owner)) or loop.orelse:
        return False
    for node in ast.walk(loop):
        if isinstance(node, ast.Call) and node is not loop.iter and not _is(node.func, "isinstance") \
                and not _wraps(node, cls_name):
            return False
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, (ast.Store, ast.Del)):
            if not (isinstance(node, ast.Subscript) and _is(node.value, owner)):
                return False
        if isinstance(node, ast.Assign) and not _wraps(node.value, cls_name):
            return False
        if isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.Delete, ast.NamedExpr)):
            return False
    return True
