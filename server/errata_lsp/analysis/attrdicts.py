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
from dataclasses import dataclass

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
    own = own_nodes(hook)
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
        if isinstance(expr, ast.Name) and expr.id in seen:
            return True  # `value = Config(value)`: wrapped again, as its other bindings give it
        if isinstance(expr, ast.Name) and expr.id in assigned:
            return all(derived(v, seen | {expr.id}) for v in assigned[expr.id])
        if isinstance(expr, ast.IfExp):
            return derived(expr.body, seen) and derived(expr.orelse, seen)
        return _wraps(expr, cls_name) and derived(expr.args[0], seen)  # type: ignore[attr-defined]  # a call

    returns = [n for n in own if isinstance(n, ast.Return)]
    return bool(returns) and all(derived(r.value, frozenset()) for r in returns)


def own_nodes(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.AST]:
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
    if not args.args or args.kwonlyargs or args.posonlyargs:
        return False  # (a default is what `dict.__init__` gets when the construction leaves it: `mapping=()`)
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


@dataclass(frozen=True)
class Converter:
    """A function that gives every dict of a nested structure to `wrap`, inner ones first (`to_namespace`,
    `dotdict`): `wrap({k: f(v) for k, v in d.items()})`, or `wrap(**{...})` when `spread`."""

    wrap: ast.expr
    spread: bool


MAPPINGS = frozenset(("dict", "Mapping", "MutableMapping", "abc.Mapping", "collections.abc.Mapping"))
SEQUENCES = frozenset(("list", "tuple"))


def converter(func: ast.AST) -> Converter | None:
    """`func` is a structural converter of one parameter `x`: a chain of `if isinstance(x, dict): return
    wrap({k: func(v) for k, v in x.items()})` (or `wrap(**{...})`), optionally `if isinstance(x, (list, tuple)):
    return [func(v) for v in x]`, then `return x` (`elif`/`else` alike). None for any other function."""
    if not isinstance(func, ast.FunctionDef) or func.decorator_list:
        return None
    args = func.args
    if len(args.args) != 1 or args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
        return None
    param, name = args.args[0].arg, func.name
    branches, last = _branches([s for s in func.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))])
    if branches is None or last is None or not _is(last, param):
        return None
    found: Converter | None = None
    for test, returned in branches:
        kinds = _isinstance_of(test, param)
        if kinds and kinds <= MAPPINGS and found is None:
            found = _wrapped_items(returned, param, name)
            if found is None:
                return None
        elif not (kinds and kinds <= SEQUENCES and _each_converted(returned, param, name)):
            return None
    return found


def _branches(body: list[ast.stmt]) -> tuple[list[tuple[ast.expr, ast.expr | None]] | None, ast.expr | None]:
    """The (test, returned value) of each `if test: return value` of a body that ends in `return x`, with `x`;
    (None, None) for another shape."""
    out: list[tuple[ast.expr, ast.expr | None]] = []
    while body:
        stmt = body[0]
        if isinstance(stmt, ast.Return) and len(body) == 1:
            return out, stmt.value
        if not (isinstance(stmt, ast.If) and len(stmt.body) == 1 and isinstance(stmt.body[0], ast.Return)):
            return None, None
        out.append((stmt.test, stmt.body[0].value))
        body = [*stmt.orelse, *body[1:]] if stmt.orelse else body[1:]
    return None, None


def _isinstance_of(test: ast.expr, param: str) -> frozenset[str] | None:
    """The type names `isinstance(param, X)` or `isinstance(param, (X, Y))` tests."""
    if not (isinstance(test, ast.Call) and _is(test.func, "isinstance") and len(test.args) == 2 and not test.keywords
            and _is(test.args[0], param)):
        return None
    kinds = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
    names = [ast.unparse(k) for k in kinds if isinstance(k, (ast.Name, ast.Attribute))]
    return frozenset(names) if len(names) == len(kinds) else None


def _wrapped_items(returned: ast.expr | None, param: str, name: str) -> Converter | None:
    """`wrap({k: name(v) for k, v in param.items()})` or `wrap(**{...})`."""
    if not isinstance(returned, ast.Call) or not isinstance(returned.func, (ast.Name, ast.Attribute)):
        return None
    if len(returned.args) == 1 and not returned.keywords:
        comp, spread = returned.args[0], False
    elif not returned.args and len(returned.keywords) == 1 and returned.keywords[0].arg is None:
        comp, spread = returned.keywords[0].value, True
    else:
        return None
    if not isinstance(comp, ast.DictComp) or len(comp.generators) != 1:
        return None
    gen = comp.generators[0]
    target = gen.target
    if gen.ifs or gen.is_async or not (isinstance(target, ast.Tuple) and len(target.elts) == 2
                                       and all(isinstance(t, ast.Name) for t in target.elts)):
        return None
    key, value = (t.id for t in target.elts)  # type: ignore[attr-defined]  # Names: checked
    items = gen.iter
    if not (isinstance(items, ast.Call) and isinstance(items.func, ast.Attribute) and items.func.attr == "items"
            and _is(items.func.value, param) and not items.args) or not _is(comp.key, key):
        return None
    converted = comp.value
    if not (isinstance(converted, ast.Call) and _is(converted.func, name) and len(converted.args) == 1
            and _is(converted.args[0], value) and not converted.keywords):
        return None
    return Converter(returned.func, spread)


def _each_converted(returned: ast.expr | None, param: str, name: str) -> bool:
    """`[name(v) for v in param]` (or `tuple(...)` of the same generator)."""
    comp = returned.args[0] if isinstance(returned, ast.Call) and _is(returned.func, "tuple") and len(returned.args) == 1 \
        else returned
    if not isinstance(comp, (ast.ListComp, ast.GeneratorExp)) or len(comp.generators) != 1:
        return False
    gen = comp.generators[0]
    return isinstance(gen.target, ast.Name) and _is(gen.iter, param) and not gen.ifs and isinstance(comp.elt, ast.Call) \
        and _is(comp.elt.func, name) and len(comp.elt.args) == 1 and _is(comp.elt.args[0], gen.target.id)


def object_hook(hook: ast.expr) -> Converter | None:
    """`json.load(..., object_hook=hook)` gives every dict it decodes, inner ones first, to `hook`: a class or
    function named (`object_hook=AttrDict`), or `lambda d: SimpleNamespace(**d)` / `lambda d: Config(d)`."""
    if isinstance(hook, (ast.Name, ast.Attribute)):
        return Converter(hook, False)
    if not isinstance(hook, ast.Lambda) or len(hook.args.args) != 1 or hook.args.vararg or hook.args.kwarg \
            or hook.args.kwonlyargs or hook.args.posonlyargs:
        return None
    param, body = hook.args.args[0].arg, hook.body
    if not isinstance(body, ast.Call) or not isinstance(body.func, (ast.Name, ast.Attribute)):
        return None
    if len(body.args) == 1 and not body.keywords and _is(body.args[0], param):
        return Converter(body.func, False)
    if not body.args and len(body.keywords) == 1 and body.keywords[0].arg is None and _is(body.keywords[0].value, param):
        return Converter(body.func, True)
    return None


def attributes_from_items(cls: ast.ClassDef) -> str | None:
    """`PLAIN` or `WRAPS` (with `spread_wrap`) when a class of no base but `object` makes its instance's attributes
    the items of the mapping its construction gives (`Section(**entries)`, `Section(d)`): an `__init__` whose
    body is only `for k, v in <mapping>.items(): setattr(self, k, v)` (or `... Section(**v) if isinstance(v, dict)
    else v`) or `self.__dict__.update(<mapping>)`. None for any other class."""
    if cls.keywords or any(not (isinstance(b, ast.Name) and b.id == "object") for b in cls.bases):
        return None
    init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    if init is None or init.decorator_list or item_method_overridden(cls):
        return None
    args = init.args
    mapping = args.kwarg.arg if args.kwarg and len(args.args) == 1 else args.args[1].arg \
        if len(args.args) == 2 and not args.kwarg and not args.defaults else None
    if mapping is None or args.vararg or args.kwonlyargs or args.posonlyargs:
        return None
    owner = args.args[0].arg
    body = [s for s in init.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if len(body) != 1:
        return None
    stmt = body[0]
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Attribute) \
            and stmt.value.func.attr == "update" and isinstance(stmt.value.func.value, ast.Attribute) \
            and stmt.value.func.value.attr == "__dict__" and _is(stmt.value.func.value.value, owner) \
            and len(stmt.value.args) == 1 and _is(stmt.value.args[0], mapping) and not stmt.value.keywords:
        return PLAIN  # `self.__dict__.update(entries)`
    if not (isinstance(stmt, ast.For) and not stmt.orelse and len(stmt.body) == 1 and isinstance(stmt.target, ast.Tuple)
            and len(stmt.target.elts) == 2 and all(isinstance(t, ast.Name) for t in stmt.target.elts)
            and isinstance(stmt.iter, ast.Call) and isinstance(stmt.iter.func, ast.Attribute)
            and stmt.iter.func.attr == "items" and _is(stmt.iter.func.value, mapping) and not stmt.iter.args):
        return None
    key, value = (t.id for t in stmt.target.elts)  # type: ignore[attr-defined]  # Names: checked
    store = stmt.body[0]
    call = store.value if isinstance(store, ast.Expr) else None
    if not (isinstance(call, ast.Call) and _is(call.func, "setattr") and len(call.args) == 3 and not call.keywords
            and _is(call.args[0], owner) and _is(call.args[1], key)):
        return None
    stored = call.args[2]
    if _is(stored, value):
        return PLAIN
    if isinstance(stored, ast.IfExp) and _is(stored.orelse, value) and _isinstance_of(stored.test, value) is not None \
            and _isinstance_of(stored.test, value) <= MAPPINGS and _wrapped_once(stored.body, cls.name, value):  # type: ignore[operator]
        return WRAPS
    return None


def spread_wrap(cls: ast.ClassDef) -> bool:
    """The class's `__init__` takes its mapping as `**entries`: a nested dict is wrapped as `Section(**v)`."""
    init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    return init is not None and init.args.kwarg is not None


def item_method_overridden(cls: ast.ClassDef) -> bool:
    """A class that decides its attributes itself (`__getattr__`, `__getattribute__`, `__setattr__`, slots)."""
    return any(isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name in ("__getattr__", "__getattribute__",
                                                                                     "__setattr__")
               or isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and t.id in ("__slots__", "__getattr__",
                                                                                         "__setattr__") for t in s.targets)
               for s in cls.body)


def _wrapped_once(expr: ast.expr, cls_name: str, value: str) -> bool:
    """`Section(**v)` or `Section(v)`."""
    return isinstance(expr, ast.Call) and _is(expr.func, cls_name) and (
        len(expr.args) == 1 and not expr.keywords and _is(expr.args[0], value)
        or not expr.args and len(expr.keywords) == 1 and expr.keywords[0].arg is None and _is(expr.keywords[0].value, value))
