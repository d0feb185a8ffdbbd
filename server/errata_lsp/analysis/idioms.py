"""Standard-library idioms the evaluator (`flow.py`) reads through, kept apart from its core walk:

- `os.environ.setdefault(key, v)` / `os.environ[key] = v` at a module's top level: the value a later
  `os.environ[key]` reads on a run whose environment does not set it (`environment_writes`).
- `functools.singledispatch`: a call of the generic function runs the implementation registered for the type
  of its first argument (`@f.register` with an annotation, `@f.register(list)`, `f.register(list, impl)`),
  picked here from what the layer knows of that type (`dispatch_table`, `implementation_for`).
- a distribution's version as a program reads it (`importlib.metadata.version("torch")`) and parses it to
  compare (`packaging.version.Version(...)`, `parse(...)`: PEP 440's order, which the layer compares with
  `packaging` itself): a test of the version a library runs at is decided by the checked code's environment.

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
SINGLEDISPATCH_METHOD = "functools.singledispatchmethod"  # the same for a method: picked by the argument after `self`
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

# Callables that parse a version string into a PEP 440 version, and that give an installed distribution's version.
VERSION_PARSERS = frozenset({"packaging.version.Version", "packaging.version.parse", "pkg_resources.parse_version"})
DISTRIBUTION_VERSIONS = frozenset({"importlib.metadata.version", "importlib_metadata.version"})
# A parsed version's attributes that are plain values (`Version(v).major >= 2`, `.release < (2, 1)`).
VERSION_PARTS = frozenset({"major", "minor", "micro", "release", "base_version", "public", "is_prerelease"})

ClassKey = str | int  # a builtin class by its name, a project class by the id of its `ClassDef`


@dataclass(frozen=True)
class Registered:
    """One implementation of a generic function: the classes it is registered for, and the function."""

    classes: tuple[ClassKey, ...]
    impl: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    flow: Flow  # the flow that reads it (the module the registration is written in)


def is_generic(flow: Flow, func: ast.AST, method: bool = False) -> bool:
    """`func` is decorated `@functools.singledispatch` (however the module spells it); with `method`,
    `@functools.singledispatchmethod`."""
    wanted = SINGLEDISPATCH_METHOD if method else SINGLEDISPATCH
    return isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) \
        and any(flow.ctx.resolve(d) == wanted for d in func.decorator_list)


def generic_method(flow: Flow, func: ast.AST) -> bool:
    """`func` is a `@functools.singledispatchmethod` of a class: read bound to its receiver as a plain method is."""
    return is_generic(flow, func, method=True) and len(getattr(func, "decorator_list", ())) == 1 \
        and isinstance(flow.ctx.parents.get(func), ast.ClassDef)


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
    if len(parent.args) == 1 and not isinstance(flow.ctx.parents.get(parent), ast.Call):
        held = flow.values(parent.args[0])  # `f.register(impl)`: as `@f.register` over it, its annotation names them
        impl = held[0].node if len(held) == 1 and not held[0].when and held[0].kind == "function" else None
        if isinstance(impl, (ast.FunctionDef, ast.AsyncFunctionDef)) and not impl.decorator_list:
            annotated = _first_annotation(impl)
            classes = _classes(held[0].flow or flow, annotated) if annotated is not None else None
            return Registered(classes, impl, held[0].flow or flow) if classes else None
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
    made_by: tuple[Flow, ast.ClassDef] | None = None
    if value.kind == "instance" and isinstance(value.extra, tuple) and isinstance(value.extra[0], ast.ClassDef):
        made_by = (value.flow or flow).base, value.extra[0]
    else:
        made_by = flow.project_class_of(value)  # `Decoder()`, which a pack's tip gave a kind of its own
    if made_by is not None:
        order = made_by[0].class_order(made_by[1])
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


def dispatched_call(flow: Flow, call: ast.Call, generic: Value, receiver: Value | None = None
                    ) -> tuple[Value, ...] | None:
    """What `call` of the generic function `generic` returns: for each value its first argument may hold, the
    returns of the implementation registered for its type, evaluated for this call (under the value's
    conditions when they pick several); unknown for a value whose type the layer cannot tell or whose pick it
    cannot make. None when the generic function itself runs on every path (read as a plain call). `receiver`:
    the instance a `singledispatchmethod` is called on, each implementation's `self`."""
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
            # the generic function's own body (`raise TypeError(...)`)
            returned = _returns_for(flow, Registered((), func, home), call, receiver) if receiver is not None \
                else home.returns_of(func)
        else:
            returned = _returns_for(flow, picked, call, receiver)
        others = {id(v.node) for p, g in picks.values() if p is not picked for v in g}
        when = either(v.when for v in given) if len(picks) > 1 or out else ()
        # a value another pick takes is not what this implementation was given (its parameter holds every value
        # of the argument, this call's)
        out.extend(x.under(when) for x in returned if id(x.node) not in others)
    return tuple(out)


def registration(flow: Flow, func: ast.AST) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, Registered] | None:
    """The generic function of `func`'s module that `func` is registered on, and its registration; None when
    `func` is no implementation the layer reads (or the table it is in cannot be read)."""
    if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return None
    return flow.ctx.once("singledispatch registration", func, lambda: _registration_of(flow, func))


def _registration_of(flow: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
                     ) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, Registered] | None:
    for generic in generics(flow):
        for registered in dispatch_table(flow, generic) or ():
            if registered.impl is func:
                return generic, registered
    return None


def generics(flow: Flow) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, ...]:
    """The generic functions of the module that something registers on (`f.register`), once per check."""
    def find() -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, ...]:
        found: dict[int, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        for attr in flow.ctx.attribute_loads("register"):
            for x in flow.values(attr.value):
                if isinstance(x.node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (x.flow or flow).base is flow.base \
                        and (is_generic(flow, x.node) or generic_method(flow, x.node)):
                    found.setdefault(id(x.node), x.node)
        return tuple(found.values())
    # (asked again while worked out, `x.register` of a parameter `x`: none yet)
    return flow.ctx.once("singledispatch generics", flow.ctx.module, find, meanwhile=())


def picks(flow: Flow, call: ast.Call, table: tuple[Registered, ...], impl: ast.AST,
          home: Flow | None = None) -> bool:
    """Whether `call` of a generic function (in `flow`'s module) may run the implementation `impl` of `table`:
    a value of its first argument picks it, or one whose pick the layer cannot make. `home`: the module of the
    table, when the call is written in another one (a class only that module's tree names is read as unknown)."""
    if not call.args or isinstance(call.args[0], ast.Starred):
        return True
    for value in flow.values(call.args[0]):
        order = lookup_order(flow, value)
        if order is not None and home is not None and home is not flow.base:
            known = {k for r in table for k in r.classes} | {id(k) for k in home.ctx.nodes(ast.ClassDef)}
            if any(isinstance(k, int) and k not in known for k in order[0]):
                order = None  # a class of a tree the table's module does not share
        picked = implementation_for(table, order) if order is not None else None
        if picked is None or isinstance(picked, Registered) and picked.impl is impl:
            return True
    return False


def implementation_never_picked(flow: Flow, func: ast.AST) -> bool | None:
    """Whether no call runs `func`, an implementation registered on a generic function of the module (of its
    top level, or a `singledispatchmethod` of a class there): every read of the generic function, here and in
    the project's modules that import it, is a call (or its `register`), and each call's argument picks another
    implementation. None when `func` is no implementation the layer reads; False when a call may pick it, or
    the generic function or `func` is read otherwise (passed on, kept aside, called directly)."""
    found = registration(flow, func)
    if found is None:
        return None
    generic, registered = found
    name = getattr(func, "name", None)
    if name is not None and any(any(x.node is func for x in flow.values(load)) and not _registers(flow, load)
                                for load in flow.ctx.loads_named(name)):
        return False  # `func` read as itself: called or passed on
    calls = _generic_calls(flow, generic)
    if calls is None:
        return False
    table = dispatch_table(flow, generic) or ()
    return not any(picks(there, call, table, registered.impl, flow.base) for there, call in calls)


def _generic_calls(flow: Flow, generic: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[Flow, ast.Call]] | None:
    """Every call of `generic` the project writes, each with the flow of its module; None when something reads
    it otherwise than to call it or register on it, or the layer cannot tell all its reads."""
    owner = flow.ctx.parents.get(generic)
    if not flow.ctx.reads_every_use_of(generic.name) or not isinstance(owner, (ast.Module, ast.ClassDef)) \
            or isinstance(owner, ast.ClassDef) and not isinstance(flow.ctx.parents.get(owner), ast.Module) \
            or len(flow.ctx.bindings(generic.name, owner)) != 1:
        return None
    calls: list[tuple[Flow, ast.Call]] = []
    for load in flow.ctx.loads_named(generic.name):
        parent = flow.ctx.parents.get(load)
        if isinstance(parent, ast.Attribute) and parent.attr == "register":
            continue
        if isinstance(owner, ast.ClassDef) and flow.ctx.scope_of(load) is not owner:
            continue  # another scope's name: the method is read as `<receiver>.name`
        if not isinstance(parent, ast.Call) or parent.func is not load:
            return None  # the generic function passed on or kept aside: anything may call it
        calls.append((flow, parent))
    if isinstance(owner, ast.ClassDef):  # `builder.strategy(config)`, `self.strategy(config)`
        for attr in flow.ctx.attribute_loads(generic.name):
            parent = flow.ctx.parents.get(attr)
            receivers = flow.values(attr.value)
            if not isinstance(parent, ast.Call) or parent.func is not attr or not receivers \
                    or not all(x.kind == "instance" for x in receivers):
                return None
            if any(x.kind == "instance" and flow.runs_method_of(x, owner, generic.name) for x in receivers):
                calls.append((flow, parent))
        readers = flow.readers_of(owner.name, generic.name)
        return calls if readers == [] else None
    readers = flow.readers_of(generic.name)
    if readers is None:
        return None
    for there in readers:
        reads = [*there.ctx.attribute_loads(generic.name), *there.ctx.loads_named(generic.name)]
        reads += [r for node in there.ctx.nodes(ast.ImportFrom) for a in node.names
                  if a.name == generic.name and a.asname for r in there.ctx.loads_named(a.asname)]
        for read in reads:
            parent = there.ctx.parents.get(read)
            if not isinstance(parent, ast.Call) or parent.func is not read:
                return None
            calls.append((there, parent))
    return calls


def _registers(flow: Flow, load: ast.Name) -> bool:
    """`load` is the implementation handed to a `register` call: `f.register(list, impl)`, `f.register(list)(impl)`."""
    parent = flow.ctx.parents.get(load)
    if not isinstance(parent, ast.Call) or load not in parent.args:
        return False
    callee = parent.func.func if isinstance(parent.func, ast.Call) else parent.func
    return isinstance(callee, ast.Attribute) and callee.attr == "register"


def dispatching_calls(flow: Flow, func: ast.AST) -> list[ast.Call]:
    """The calls of the module that may run `func`, an implementation registered on a generic function of it:
    the generic function's calls whose argument may pick `func` (`f(config)`; `builder.f(config)` of a
    `singledispatchmethod`, on an instance that runs it)."""
    found = registration(flow, func)
    if found is None:
        return []
    generic, registered = found
    table = dispatch_table(flow, generic) or ()
    owner = flow.ctx.parents.get(generic)
    if isinstance(owner, ast.ClassDef):
        calls = [call for call, receiver in flow.ctx.spelled_method_calls(generic.name)
                 if any(x.kind == "instance" and flow.runs_method_of(x, owner, generic.name) for x in flow.values(receiver))]
    else:
        calls = [call for call in flow.ctx.calls_by_name(generic.name)
                 if any(x.node is generic for x in flow.values(call.func))]
    return [call for call in calls if type(call) is ast.Call and picks(flow, call, table, registered.impl)]


def given(flow: Flow, func: ast.AST, values: tuple[Value, ...]) -> tuple[Value, ...]:
    """Of the values a generic function's call passes, those that may pick `func` (a value another
    implementation takes is never what `func` is given)."""
    found = registration(flow, func)
    if found is None:
        return values
    generic, registered = found
    table = dispatch_table(flow, generic) or ()
    out = []
    for value in values:
        order = lookup_order(flow, value)
        picked = implementation_for(table, order) if order is not None else None
        if picked is None or isinstance(picked, Registered) and picked.impl is func:
            out.append(value)
    return tuple(out)


def _returns_for(flow: Flow, picked: Registered, call: ast.Call, receiver: Value | None = None) -> tuple[Value, ...]:
    """An implementation's returns for `call`: evaluated for this call's arguments (its parameter holds them;
    a method's `self`, `receiver`), two calls deep and a few calls of each function as any call; past that,
    its returns as its module sees them."""
    impl = picked.impl
    if not isinstance(impl, (ast.FunctionDef, ast.AsyncFunctionDef)) or flow.site_depth >= MAX_DISPATCH_DEPTH:
        return picked.flow.returns_of(impl)
    if receiver is not None:
        site = flow.bound_site(picked.flow, impl, call, receiver)
        return site.returns_of(impl) if site is not picked.flow else (Value("unknown", call, flow=flow),)
    callee = flow if picked.flow.base is flow.base else picked.flow
    return flow.site(callee, impl, call).returns_of(impl)


# --- iterating known sequences: itertools.product, chain, zip_longest, islice; zip, enumerate -------------
MAX_ITEMS = 16  # items of a known sequence an iteration makes (a product's combinations); past it, unknown
CHANGES_IN_PLACE = ("append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse")
ITERATORS = ("itertools.product", "itertools.chain", "itertools.zip_longest", "itertools.islice")
BUILTIN_ITERATORS = ("zip", "enumerate")


class Combined(ast.List):
    """The items an iteration over known sequences makes (`itertools.product(A, B)`: a tuple of an element of
    each), as a list display the loop reads like one written there; its items are tuples made of the elements
    as written. Made once per call (`Flow.ctx.once`): a walk keeps its answers by node."""


def iterated(flow: Flow, call: ast.Call) -> Combined | None:
    """What a loop over `call` runs through, in order, when `call` iterates sequences the layer knows whole
    (a tuple or list display, a dict's keys, `d.values()` of a dict read whole holding displays); None for
    any other call, more than `MAX_ITEMS` items, or an argument it cannot read."""
    return flow.ctx.once("iterated", call, lambda: _iterated(flow, call))


def _iterated(flow: Flow, call: ast.Call) -> Combined | None:
    qualified = flow.ctx.resolve(call.func)
    builtin = call.func.id if isinstance(call.func, ast.Name) and call.func.id in BUILTIN_ITERATORS \
        and flow.reaching(call.func) is None else None
    if qualified not in ITERATORS and builtin is None:
        return None
    head = call.args[:1] if qualified == "itertools.islice" or builtin == "enumerate" else call.args
    sequences: list[list[ast.expr]] = []
    for arg in head:
        if isinstance(arg, ast.Starred):  # `product(*grid.values())`: each sequence the starred one holds
            inner = known_items(flow, arg.value)
            found = [known_items(flow, e) for e in inner] if inner is not None else None
            if found is None or any(f is None for f in found):
                return None
            sequences.extend(f for f in found if f is not None)
        else:
            items = known_items(flow, arg)
            if items is None:
                return None
            sequences.append(items)
    keywords = {k.arg: k.value for k in call.keywords}
    rows: list[list[ast.expr]] | None
    if qualified == "itertools.product":
        repeat = _constant_int(keywords.pop("repeat", ast.Constant(1)))
        if repeat is None or not 0 <= repeat <= MAX_ITEMS:
            return None
        rows = [[]]
        for items in sequences * repeat:
            rows = [[*row, item] for row in rows for item in items]
            if len(rows) > MAX_ITEMS:
                return None
    elif qualified == "itertools.chain":
        rows = [[item] for items in sequences for item in items]
    elif qualified == "itertools.zip_longest":
        fill = keywords.pop("fillvalue", None)
        fill = fill if fill is not None else ast.Constant(None)
        longest = max((len(s) for s in sequences), default=0)
        rows = [[s[i] if i < len(s) else fill for s in sequences] for i in range(longest)]
    elif builtin == "zip":
        if keywords.keys() - {"strict"}:
            return None
        keywords.clear()
        rows = [list(items) for items in zip(*sequences)]
    elif builtin == "enumerate":
        start = _constant_int(keywords.pop("start", call.args[1] if len(call.args) > 1 else ast.Constant(0)))
        if start is None or len(call.args) > 2 or len(sequences) != 1:
            return None
        rows = [[ast.Constant(start + i), item] for i, item in enumerate(sequences[0])]
    else:  # islice(items, stop) or islice(items, start, stop[, step])
        bounds = [_constant_int(a, none_ok=True) for a in call.args[1:]]
        if not 1 <= len(bounds) <= 3 or any(b is False for b in bounds) or len(sequences) != 1:
            return None
        window = slice(*bounds) if len(bounds) > 1 else slice(bounds[0])
        rows = [[item] for item in sequences[0][window]]
    if keywords or rows is None or len(rows) > MAX_ITEMS:
        return None
    singles = qualified in ("itertools.chain", "itertools.islice")
    return Combined(elts=[row[0] if singles else ast.Tuple(elts=row, ctx=ast.Load()) for row in rows], ctx=ast.Load())


def known_items(flow: Flow, expr: ast.expr) -> list[ast.expr] | None:
    """The elements of a sequence the layer knows whole, as written: a tuple or list display written there, a
    tuple a name holds on every path, an iteration of such (`iterated`), the keys of a dict read whole
    (`list(grid)`, `grid.keys()`) or the values of one whose entries are written in this module
    (`grid.values()`); None for any other."""
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr in ("keys", "values") \
            and not expr.args and not expr.keywords:
        return _dict_items(flow, expr.func.value, expr.func.attr == "keys")
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in ("list", "tuple") \
            and flow.reaching(expr.func) is None and len(expr.args) == 1 and not expr.keywords:
        held = flow.values(expr.args[0])
        if len(held) == 1 and held[0].kind == "dict":
            return _dict_items(flow, expr.args[0], True)
        return known_items(flow, expr.args[0])
    if isinstance(expr, ast.Call):
        combined = iterated(flow, expr)
        return list(combined.elts) if combined is not None else None
    if isinstance(expr, ast.Name):  # `keys = list(grid)`, never changed in place after
        held = flow.values(expr)
        if len(held) == 1 and held[0].kind == "dict" and not held[0].when:
            return _dict_items(flow, expr, True)  # `zip(PRESETS, ...)`: a dict runs through its keys
        built = held[0].node if len(held) == 1 and not held[0].when and held[0].flow is flow else None
        if isinstance(built, ast.Call) and held[0].kind in ("list", "tuple") and not any(
                flow.ctx.method_calls_on(method, expr.id) for method in CHANGES_IN_PLACE):
            return known_items(flow, built)
    known = flow.known_display(expr)
    if known is None or known[1].base is not flow.base or any(isinstance(e, ast.Starred) for e in known[0].elts):
        return None
    return list(known[0].elts)


def _dict_items(flow: Flow, expr: ast.expr, keys: bool) -> list[ast.expr] | None:
    held = flow.values(expr)
    if len(held) != 1 or held[0].kind != "dict" or held[0].when:
        return None
    entries, complete = flow.entries(held[0])
    if entries is None or not complete or any(e.when for e in entries.values()) or len(entries) > MAX_ITEMS:
        return None
    if keys:
        return [ast.copy_location(ast.Constant(key), e.node) for key, e in entries.items()]
    if any(e.flow.base is not flow.base for e in entries.values()):
        return None  # written in another module: its elements are that module's nodes
    return [e.value for e in entries.values()]


def _constant_int(node: ast.expr, none_ok: bool = False) -> int | None | bool:
    """The int a constant argument gives (None for `None` when `none_ok`); False (or None) for another."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if none_ok:
        return None if isinstance(node, ast.Constant) and node.value is None else False
    return None


def zipped_entries(flow: Flow, call: ast.Call) -> list[tuple[str, ast.expr, tuple[Value, ...]]] | None:
    """`dict(zip(keys, values))`: each key with the node that writes it and what its value may hold (the
    element at its place of each sequence `values` may hold, under that one's conditions); None unless `keys`
    is a sequence of strings the layer knows whole and every sequence `values` may hold is a display at least
    as long."""
    if not (isinstance(call.func, ast.Name) and call.func.id == "dict" and flow.reaching(call.func) is None
            and len(call.args) == 1 and not call.keywords and isinstance(call.args[0], ast.Call)):
        return None
    pair = call.args[0]
    if not (isinstance(pair.func, ast.Name) and pair.func.id == "zip" and flow.reaching(pair.func) is None
            and len(pair.args) == 2 and not pair.keywords and not any(isinstance(a, ast.Starred) for a in pair.args)):
        return None
    keys = known_items(flow, pair.args[0])
    if keys is None:
        return None
    names: list[tuple[str, ast.expr]] = []
    for key in keys:
        held = flow.values(key)
        if len(held) != 1 or not isinstance(held[0].node, ast.Constant) or not isinstance(held[0].node.value, str):
            return None
        names.append((held[0].node.value, key))
    rows = flow.values(pair.args[1])
    if not rows or any(not isinstance(r.node, (ast.Tuple, ast.List)) or len(r.node.elts) < len(names)
                       or any(isinstance(e, ast.Starred) for e in r.node.elts) for r in rows):
        # `map(make, PRESETS.values())`, `PRESETS.values()`: what each item holds, when the file knows them all
        items = flow.known_item_values(pair.args[1])
        if items is None or len(items) < len(names):
            return None
        return [(name, key, items[i]) for i, (name, key) in enumerate(names)]
    return [(name, key, tuple(x for r in rows for x in flow.element(r, i))) for i, (name, key) in enumerate(names)]


def environment_writes(module: ast.Module, key: str) -> list[ast.expr]:
    """The values a module's top level gives the environment variable `key`: `os.environ.setdefault(key, v)`,
    `os.environ[key] = v`."""
    out: list[ast.expr] = []
    for stmt in module.body:
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "setdefault" \
                and is_os_environ(call.func.value) and len(call.args) == 2 and not call.keywords \
                and isinstance(call.args[0], ast.Constant) and call.args[0].value == key:
            out.append(call.args[1])
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Subscript) \
                and is_os_environ(stmt.targets[0].value) and isinstance(stmt.targets[0].slice, ast.Constant) \
                and stmt.targets[0].slice.value == key:
            out.append(stmt.value)
    return out


def is_os_environ(node: ast.expr) -> bool:
    """`os.environ` as written (whether `os` is the module is the caller's to tell)."""
    return isinstance(node, ast.Attribute) and node.attr == "environ" and isinstance(node.value, ast.Name) \
        and node.value.id == "os"


# --- tests of the file system and the calls that write a path -----------------------------------------------
# A test whose answer is the files on the machine that runs the program: true when the path is there (the
# index of the path argument, its keyword, and what must be there: "file", "dir", or None for either). A
# listing (`glob.glob`, `os.listdir`) is true when not empty.
FILE_TESTS = {"os.path.exists": (0, "path", None), "os.path.lexists": (0, "path", None),
              "os.path.isfile": (0, "path", "file"), "os.path.isdir": (0, "s", "dir"), "os.access": (0, "path", None),
              "glob.glob": (0, "pathname", "listing"), "os.listdir": (0, "path", "listing")}
PATH_TESTS = {"exists": None, "is_file": "file", "is_dir": "dir"}  # methods of a `pathlib.Path`
# listings whose items, read into a list (or by `any`), say whether something is there
LISTINGS = frozenset({"glob.glob", "glob.iglob", "os.listdir", "os.scandir"})
PATH_LISTINGS = frozenset({"glob", "rglob", "iterdir"})
READ_INTO = frozenset({"list", "sorted", "tuple", "any"})
# the last word of every call `file_test` may take for one (a file without any has no test of the file system)
FILE_TEST_WORDS = frozenset({*(q.rsplit(".", 1)[1] for q in (*FILE_TESTS, *LISTINGS)), *PATH_TESTS, *PATH_LISTINGS})
PATH_CLASSES = frozenset({"pathlib.Path", "pathlib.PosixPath", "pathlib.WindowsPath", "pathlib.PurePath"})
PATH_METHODS = frozenset({"with_suffix", "with_name", "with_stem", "joinpath", "resolve", "absolute", "expanduser"})
# calls that create the path given at an index or keyword, and what they make there
WRITERS = {"os.makedirs": (0, "name", "dir"), "os.mkdir": (0, "path", "dir"), "shutil.copy": (1, "dst", "file"),
           "shutil.copy2": (1, "dst", "file"), "shutil.copyfile": (1, "dst", "file"),
           "shutil.copytree": (1, "dst", "dir"), "shutil.move": (1, "dst", None), "os.rename": (1, "dst", None),
           "os.replace": (1, "dst", None)}
PATH_WRITERS = {"write_text": "file", "write_bytes": "file", "touch": "file", "mkdir": "dir"}  # of a `pathlib.Path`
WRITE_MODES = frozenset("wax")  # an `open` mode that creates the file
MAX_PATH_STEPS = 4  # names and `/` joins followed back to a `Path(...)`


def argument_at(call: ast.Call, index: int, keyword: str) -> ast.expr | None:
    """The argument a call passes at `index` or by `keyword` (None when hidden in `*args`/`**kwargs`)."""
    if any(isinstance(a, ast.Starred) for a in call.args[:index + 1]):
        return None
    if index < len(call.args):
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def file_test(flow: Flow, call: ast.Call) -> bool:
    """`call` is true when a path is there on the machine that runs it: `os.path.exists(p)`, `Path(p).is_file()`,
    a listing that is not empty (`glob.glob(pattern)`, `os.listdir(d)`, `list(Path(d).glob("*.ckpt"))`)."""
    qualified = flow.ctx.resolve(call.func)
    if qualified in FILE_TESTS:
        return True
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in PATH_TESTS and not call.args:
        return is_path(flow, func.value)
    if isinstance(func, ast.Name) and func.id in READ_INTO and len(call.args) == 1 and not call.keywords \
            and flow.reaching(func) is None:
        return is_listing(flow, call.args[0])
    return False


def is_listing(flow: Flow, expr: ast.expr) -> bool:
    """`expr` lists what is on disk: `glob.glob(...)`, `os.scandir(d)`, `Path(d).glob("*.ckpt")`, `p.iterdir()`."""
    if not isinstance(expr, ast.Call):
        return False
    if flow.ctx.resolve(expr.func) in LISTINGS:
        return True
    return isinstance(expr.func, ast.Attribute) and expr.func.attr in PATH_LISTINGS and is_path(flow, expr.func.value)


def is_path(flow: Flow, expr: ast.expr, steps: int = MAX_PATH_STEPS) -> bool:
    """`expr` holds a `pathlib.Path` on every path: `Path(d)`, `Path(d) / "last.ckpt"`, `p.with_suffix(...)`,
    `p.parent`, a parameter annotated `Path`, or a name bound to one of those."""
    if steps <= 0:
        return False
    if isinstance(expr, ast.Call):
        func = expr.func
        if flow.ctx.resolve(func) in PATH_CLASSES:
            return True
        if isinstance(func, ast.Attribute):  # `Path.cwd()`, `Path.home()`, `p.with_suffix(".pt")`
            return flow.ctx.resolve(func.value) in PATH_CLASSES or (
                func.attr in PATH_METHODS and is_path(flow, func.value, steps - 1))
        return False
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Div):
        return is_path(flow, expr.left, steps - 1)
    if isinstance(expr, ast.Attribute) and expr.attr == "parent":
        return is_path(flow, expr.value, steps - 1)
    if isinstance(expr, ast.Name):
        values = flow.values(expr)
        return bool(values) and all(_holds_path(flow, v, steps - 1) for v in values)
    return False


def _holds_path(flow: Flow, value: Value, steps: int) -> bool:
    node = value.node
    if isinstance(node, ast.arg):
        return node.annotation is not None and flow.ctx.resolve(node.annotation) in PATH_CLASSES
    return isinstance(node, ast.expr) and (value.flow is None or value.flow is flow) and is_path(flow, node, steps)


def tested_path(flow: Flow, call: ast.Call) -> tuple[ast.expr, str | None] | None:
    """The path a file test asks about, with what must be there for it to be true ("file", "dir", None for
    either; "listing" for a pattern or a folder's entries, which no one write decides): `p` of
    `os.path.exists(p)` and of `p.is_file()`."""
    qualified = flow.ctx.resolve(call.func)
    if qualified in FILE_TESTS:
        index, keyword, kind = FILE_TESTS[qualified]
        path = argument_at(call, index, keyword)
        return None if path is None else (path, kind)
    if isinstance(call.func, ast.Attribute) and call.func.attr in PATH_TESTS:
        return call.func.value, PATH_TESTS[call.func.attr]
    return None


def written_path(flow: Flow, call: ast.Call) -> tuple[ast.expr, str | None] | None:
    """The path a call of the standard library creates, with what it makes there ("file", "dir", None when it
    may be either): `open(p, "w")`, `Path(p).write_text(...)`, `os.makedirs(d)`, `shutil.copy(src, dst)`; else
    what a pack says of a library call (`Tips.writers`)."""
    func = call.func
    qualified = flow.ctx.resolve(func)
    path: ast.expr | None = None
    if qualified in WRITERS:
        index, keyword, kind = WRITERS[qualified]
        path = argument_at(call, index, keyword)
        return None if path is None else (path, kind)
    if (qualified == "io.open" or isinstance(func, ast.Name) and func.id == "open" and flow.reaching(func) is None) \
            and _creates(argument_at(call, 1, "mode")):
        path = argument_at(call, 0, "file")
        return None if path is None else (path, "file")
    if isinstance(func, ast.Attribute) and (func.attr in PATH_WRITERS or func.attr == "open" and _creates(
            argument_at(call, 0, "mode"))) and is_path(flow, func.value):
        return func.value, PATH_WRITERS.get(func.attr, "file")
    return flow.ctx.tips.written_path(flow, call)


def _creates(mode: ast.expr | None) -> bool:
    return isinstance(mode, ast.Constant) and isinstance(mode.value, str) and not WRITE_MODES.isdisjoint(mode.value)
