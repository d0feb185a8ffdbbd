"""Dicts a function builds item by item, run on the dicts its call gives.

`deep_merge(DEFAULTS, PROFILES[name])`, `AttrDict(BASE).merged(overrides)`, `merge_into(out, layer)`: a function
(or a method of a dict subclass read by attribute, `attrdicts`) that copies dicts, loops over their items and
stores them one by one is run here statement by statement, on the dicts the evaluator knows whole, and what it
returns is read as the dict it builds: a display whose every item is the value written where it came from, so a
finding lands on the override that sets it. Python only; no library is named here.

Only what the run decides for certain: a test it cannot decide, a statement it does not know (`while`, `try`,
`raise`, an attribute stored), a dict not known whole, a key it cannot name, a loop over something not known
item by item, and the call is not read this way (`None`: the evaluator's own reading stands). An expression
of another shape (`Path(v).expanduser()`, `float(v)`) is the evaluator's, its locals given as stand-ins.
Bounded: `MAX_STEPS` statements and expressions per call read, `MAX_CALL_DEPTH` calls inside it (a recursive
merge one per nesting level), `MAX_COMBINATIONS` alternatives of the arguments run each apart.
"""

from __future__ import annotations

import ast
import itertools
import json
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Union

from . import attrdicts
from .values import Entry, Value

if TYPE_CHECKING:
    from .context import Context
    from .flow import Flow

MAX_STEPS = 4_000
MAX_CALL_DEPTH = 8
MAX_COMBINATIONS = 4
MAX_ITEMS = 64  # items of one dict or list the run holds; a bigger one is not followed
MAX_TEXT = 10_000  # characters of a string the run splits, parses or makes
MAPPING_TYPES = frozenset(("collections.abc.Mapping", "collections.abc.MutableMapping", "typing.Mapping",
                           "typing.MutableMapping", "typing.Dict"))
BUILTIN_TYPES = {"dict": "dict", "list": "list", "tuple": "tuple", "str": "str", "set": "set", "frozenset": "frozenset",
                 "int": "number", "float": "number", "bool": "bool"}
PURE_BUILTINS = frozenset(("len", "str", "repr", "int", "float", "bool", "print", "sorted", "isinstance", "type"))
# what a plain class may not define: each changes how its attributes are set or read, or what a test of it gives
OBJECT_HOOKS = frozenset(("__setattr__", "__getattribute__", "__delattr__", "__slots__", "__new__",
                          "__init_subclass__", "__bool__", "__len__", "__class_getitem__"))
STR_MADE = frozenset(("split", "rsplit", "partition", "rpartition", "strip", "lstrip", "rstrip", "lower", "upper",
                      "removeprefix", "removesuffix", "replace"))
STR_TESTS = frozenset(("startswith", "endswith", "isdigit", "isidentifier", "islower", "isupper"))


class GiveUp(Exception):  # noqa: N818  (a signal: the run cannot tell)
    """The run met something it cannot decide for certain."""


@dataclass(frozen=True)
class Wrap:
    """The dict subclass a built dict is an instance of: the expression naming it, the module it is read in."""

    func: ast.expr
    flow: Flow
    cls: ast.ClassDef


class Built:
    """A dict the run holds: its items in order, each a nested `Built`, a `Seq` or the values of a leaf, and the
    dict subclass it is an instance of (None: a plain dict). Mutable, as the dict it stands for."""

    __slots__ = ("items", "wrap", "escaped")

    def __init__(self, items: dict[str, Held], wrap: Wrap | None = None):
        self.items = items
        self.wrap = wrap
        self.escaped = False  # given to code the run does not read, which may have changed it


class Seq:
    """A tuple or list the run holds item by item (`*others`, a display)."""

    __slots__ = ("items", "escaped")

    def __init__(self, items: list[Held]):
        self.items = items
        self.escaped = False


class Obj:
    """An instance of a plain class of the project (`_plain_classes`) the run builds: its attributes in the order
    they were set (the dict `vars(obj)` is)."""

    __slots__ = ("classes", "attrs", "escaped", "origin", "changed")

    def __init__(self, classes: tuple[tuple[Flow, ast.ClassDef], ...], origin: tuple[Value, ...] | None = None):
        self.classes = classes  # the class, then its bases
        self.attrs: dict[str, Held] = {}
        self.escaped = False
        self.origin = origin  # the instance the evaluator read it from, given back while nothing of it changes
        self.changed = False


class BuiltCall(ast.Call):
    """The construction an object a run built stands on for the evaluator: the attributes the run set, each where
    it was written (`Flow.instance_attribute` reads them instead of running `__init__`)."""

    attributes: dict[str, Entry]


Held = Union[Built, Seq, Obj, tuple[Value, ...]]  # noqa: UP007  (an alias read at run time)


@dataclass(frozen=True)
class Shape:
    """What the run needs to know of a function's syntax, read once: its local names, whether it has a statement
    the run never follows, and whether it builds a dict or an object item by item (`builds_items`)."""

    locals: frozenset[str]
    runnable: bool
    builds: bool  # called as a function
    builds_as_method: bool  # called as a method: a store into what `self` reaches counts too


NEVER_RUN = (ast.With, ast.AsyncWith, ast.While, ast.TryStar, ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom, ast.Await,
             ast.Match, ast.AsyncFor)


def shape_of(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Shape:
    nodes = attrdicts.own_nodes(func)
    args = func.args
    names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    names.update(a.arg for a in (args.vararg, args.kwarg) if a is not None)
    for node in nodes:
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
    runnable = isinstance(func, ast.FunctionDef) and not any(isinstance(n, NEVER_RUN) for n in nodes)
    made = {t.id for n in nodes if isinstance(n, ast.Assign) and _makes_a_dict(n.value)
            for t in n.targets if isinstance(t, ast.Name)}
    objects = made | {t.id for n in nodes if isinstance(n, ast.Assign) and _makes_an_object(n.value)
                      for t in n.targets if isinstance(t, ast.Name)}
    own = [a.arg for a in (*args.posonlyargs, *args.args)][:1]
    builds = as_method = False
    for node in nodes:
        if isinstance(node, ast.For) and any(_fills(n, objects) for n in ast.walk(node)):
            builds = True
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) \
                and any(isinstance(a, ast.Name) and a.id in made for a in node.value.args):
            builds = True
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in FILLING \
                and isinstance(node.func.value, ast.Name) and node.func.value.id in made:
            builds = True  # `cfg.setdefault("optim", {})` of a dict it makes (`{k: dict(v) for k, v in ...}`)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) \
                and not (isinstance(node.value, ast.Name) and node.value.id in made):
            as_method = True  # a method storing into its dict or a dict reached from it (`node[leaf] = value`)
        elif isinstance(node, ast.For) and any(_fills(n, frozenset(own)) for n in ast.walk(node)):
            as_method = True  # `for layer in layers: self.update(layer)`
    return Shape(frozenset(names), runnable, runnable and builds, runnable and (builds or as_method))


FILLING = ("setdefault", "update")  # methods that fill a dict in place


def candidates(ctx: Context) -> frozenset[int]:
    """The functions of a module worth a `shape_of`, by the node tables alone (no walk of any body): those with a
    `for` loop or an item stored, and none of `NEVER_RUN`. By `id`."""
    def enclosing(kinds: tuple[type[ast.AST], ...]) -> set[int]:
        nodes: list[ast.AST] = [n for kind in kinds for n in ctx.nodes(kind)]
        return {id(f) for n in nodes if (f := ctx.enclosing_function(n)) is not None}
    stores = {id(f) for n in ctx.nodes(ast.Subscript) if isinstance(n.ctx, ast.Store)
              if (f := ctx.enclosing_function(n)) is not None}
    fills = {id(f) for name in FILLING for n in ctx.attribute_loads(name) if (f := ctx.enclosing_function(n)) is not None}
    return frozenset((enclosing((ast.For,)) | stores | fills) - enclosing(NEVER_RUN))


def builds_items(func: ast.FunctionDef | ast.AsyncFunctionDef, method: bool = False) -> bool:
    """The cheap question first, on the syntax: `func` has a `for` loop that stores an item (`out[k] = ...`),
    updates a mapping (`.update(...)`, `.setdefault(...)`), sets an attribute, or calls a method of an object or a
    dict it makes; or it gives a dict it makes (a copy, a display) to a function called on its own line
    (`merge_into(cfg, layer)`, which may fill it); or, a `method`, it stores an item into a dict it does not make
    itself (`self[key] = value`); and it has no statement the run never follows (`with`, `while`, `try`, `yield`)."""
    shape = shape_of(func)
    return shape.builds_as_method if method else shape.builds


def _fills(node: ast.AST, objects: frozenset[str] | set[str]) -> bool:
    """`out[k] = v`, `out.update(...)`, `setattr(obj, k, v)`, `obj.x = v`, `cfg.update(layer)` of an object or a
    dict the function makes: a statement of a loop that may fill a dict or an object item by item."""
    if isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.ctx, ast.Store):
        return True
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
            and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute) \
            and isinstance(node.value.func.value, ast.Name) and node.value.func.value.id == node.targets[0].id:
        return True  # `cfg = cfg.with_overrides(layer)`: a new object made from the one before, each turn
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("update", "setdefault"):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
        return True
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute) \
        and isinstance(node.value.func.value, ast.Name) and node.value.func.value.id in objects


def _makes_a_dict(value: ast.expr) -> bool:
    """`copy.deepcopy(x)`, `dict(x)`, `x.copy()`, `{...}`: an expression that makes a new dict (when x is one)."""
    if isinstance(value, (ast.Dict, ast.DictComp)):
        return True
    if isinstance(value, ast.Call):
        func = value.func
        return isinstance(func, ast.Name) and func.id in ("dict", "deepcopy") \
            or isinstance(func, ast.Attribute) and func.attr in ("deepcopy", "copy")
    return False


def _makes_an_object(value: ast.expr) -> bool:
    """`cls(**data)`, `Config(...)`, `type(self)(...)`: a construction, by the names Python code gives classes."""
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    return isinstance(func, ast.Name) and (func.id == "cls" or func.id[:1].isupper()) \
        or isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "type"


def run_call(caller: Flow, there: Flow, func: ast.FunctionDef, call: ast.Call, receiver: Value | None
             ) -> tuple[Value, ...] | None:
    """What `call` (written in `caller`) returns from `func` (a function of `there`, a method when `receiver` is
    given), run item by item on the arguments' values: each combination of their alternatives (a few) run
    apart, its result under their conditions. None when the run cannot tell for one of them."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    given = [caller.values(a) for a in call.args]
    named = {k.arg: caller.values(k.value) for k in call.keywords if k.arg is not None}
    receivers: tuple[Value, ...] = (receiver,) if receiver is not None else ()
    parts = [*([receivers] if receivers else []), *given, *named.values()]
    combinations = 1
    for part in parts:
        combinations *= max(1, len(part))
    if combinations > MAX_COMBINATIONS or any(not part for part in parts):
        return None
    out: list[Value] = []
    for chosen in itertools.product(*parts):
        when = tuple(c for x in chosen for c in x.when)
        plain = [(replace(x, when=()),) for x in chosen]
        own = plain[0] if receiver is not None else None
        rest = plain[1:] if receiver is not None else plain
        args: list[Held] = list(rest[:len(given)])
        kwargs: dict[str, Held] = dict(zip(named, rest[len(given):]))
        try:
            run = _Run()
            made = run.materialize(run.call(there, func, own, args, kwargs, 0), there, _returned_at(func))
        except (GiveUp, Raised, RecursionError):
            return None
        out.extend(x.under(when) for x in made)
    return tuple(out)


def _returned_at(func: ast.FunctionDef) -> ast.expr:
    """Where a dict the run builds is said to be written: the value of the function's last `return`."""
    returns = [s.value for s in attrdicts.own_nodes(func) if isinstance(s, ast.Return) and s.value is not None]
    return max(returns, key=lambda r: (r.lineno, r.col_offset)) if returns else func  # type: ignore[return-value]


@dataclass(frozen=True, eq=False)
class BuiltItems:
    """A `Value.extra` of a dict a run built: its entries, each where it was written (an item copied from a dict
    the file shows keeps that dict's entry: its key to underline, its value to fix)."""

    entries: tuple[tuple[str, Entry], ...]


class Raised(Exception):  # noqa: N818  (an exception the user's code raises, as the run follows it)
    """An exception the run knows the code raises (`json.loads("cpu")`, `int("auto")`): a `try` that catches it runs
    its handler; uncaught, the run cannot tell."""

    HIERARCHY = {"JSONDecodeError": ("JSONDecodeError", "ValueError", "Exception", "BaseException"),
                 "ValueError": ("ValueError", "Exception", "BaseException"),
                 "KeyError": ("KeyError", "LookupError", "Exception", "BaseException")}

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


class _Return(Exception):  # noqa: N818  (control flow of the run)
    def __init__(self, held: Held):
        self.held = held


class _Break(Exception):  # noqa: N818
    pass


class _Continue(Exception):  # noqa: N818
    pass


class _Frame:
    def __init__(self, there: Flow, func: ast.FunctionDef, env: dict[str, Held], locals_: frozenset[str], depth: int):
        self.there, self.func, self.env, self.locals, self.depth = there, func, env, locals_, depth


class _Run:
    """One call read item by item (and the calls it makes of functions read alike)."""

    def __init__(self) -> None:
        self.steps = 0
        self.origins: dict[int, tuple[tuple[Value, ...], str, Entry]] = {}  # a leaf read from a dict's entry: which

    def materialize(self, held: Held, there: Flow, where: ast.expr) -> tuple[Value, ...]:
        """The values `held` stands for, as the evaluator reads them: a built dict as a dict of `BuiltItems`
        written at `where` (given to its dict subclass when it is an instance of one)."""
        if isinstance(held, tuple):
            return held
        if isinstance(held, Obj):
            return held.origin if held.origin is not None and not held.changed else (self._object(held),)
        if isinstance(held, Seq):
            display = ast.copy_location(ast.List(elts=[there.stand_in(where, self.materialize(h, there, where))
                                                       for h in held.items], ctx=ast.Load()), where)
            return there.values(display)
        placeholder = ast.copy_location(ast.Dict(keys=[], values=[]), where)
        made = (Value("dict", placeholder, extra=BuiltItems(tuple(self._entries(held.items, there, where))), flow=there),)
        there.base.pin(placeholder, made)
        if held.wrap is None:
            return made
        call = ast.copy_location(ast.Call(func=held.wrap.func, args=[placeholder], keywords=[]), held.wrap.func)
        return held.wrap.flow.values(call)

    def tick(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise GiveUp

    def _entries(self, items: dict[str, Held], there: Flow, where: ast.expr) -> list[tuple[str, Entry]]:
        entries: list[tuple[str, Entry]] = []
        for key, item in items.items():
            origin = self.origins.get(id(item)) if isinstance(item, tuple) else None
            if origin is not None and origin[0] is item and origin[1] == key:
                entries.append((key, origin[2]))  # as written where it came from
            else:
                value = there.stand_in(where, self.materialize(item, there, where))
                entries.append((key, Entry(value, there.key_at(key, where), there)))
        return entries

    def _object(self, obj: Obj) -> Value:
        """An object the run built, as the evaluator reads it: an instance of its class whose attributes are the
        ones the run set."""
        flow, cls = obj.classes[0]
        made = ast.copy_location(BuiltCall(func=ast.Name(id=cls.name, ctx=ast.Load()), args=[], keywords=[]), cls)
        made.attributes = dict(self._entries(obj.attrs, flow.base, made))  # (located in the class's module)
        return Value("instance", made, extra=(cls, made), flow=flow.base)

    # -- calls -------------------------------------------------------------------------------------------
    def call(self, there: Flow, func: ast.FunctionDef, own: Held | None, args: list[Held], kwargs: dict[str, Held],
             depth: int) -> Held:
        shape = there.ctx.once("itemwise shape", func, lambda: shape_of(func))
        if depth > MAX_CALL_DEPTH or any(not _is(d, "classmethod", "staticmethod") for d in func.decorator_list) \
                or not shape.runnable:
            raise GiveUp
        env = self._bind(there, func, own, args, kwargs)
        frame = _Frame(there, func, env, shape.locals, depth)
        try:
            self.block(frame, func.body)
        except _Return as returned:
            return returned.held
        return (Value("none", func, flow=there),)

    def _bind(self, there: Flow, func: ast.FunctionDef, own: Held | None, args: list[Held],
              kwargs: dict[str, Held]) -> dict[str, Held]:
        a = func.args
        positional = [*a.posonlyargs, *a.args]
        given = [own, *args] if own is not None else list(args)
        if own is not None and not positional:
            raise GiveUp
        env: dict[str, Held] = {}
        for param, held in zip(positional, given):
            env[param.arg] = held
        extra = given[len(positional):]
        if extra and a.vararg is None:
            raise GiveUp  # a TypeError: not this run's to tell
        if a.vararg is not None:
            env[a.vararg.arg] = Seq(list(extra))
        defaults = dict(zip([p.arg for p in positional][len(positional) - len(a.defaults):], a.defaults))
        defaults.update({p.arg: d for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None})
        leftover: dict[str, Held] = {}
        names = {p.arg for p in (*a.args, *a.kwonlyargs)}
        for name, held in kwargs.items():
            if name in names and name not in env:
                env[name] = held
            elif a.kwarg is not None and name not in names:
                leftover[name] = held
            else:
                raise GiveUp
        if a.kwarg is not None:
            env[a.kwarg.arg] = Built(leftover)
        for param in (*positional, *a.kwonlyargs):
            if param.arg not in env:
                if param.arg not in defaults:
                    raise GiveUp
                env[param.arg] = there.values(defaults[param.arg])
        return env

    # -- statements --------------------------------------------------------------------------------------
    def block(self, frame: _Frame, body: list[ast.stmt]) -> None:
        for stmt in body:
            self.statement(frame, stmt)

    def statement(self, frame: _Frame, stmt: ast.stmt) -> None:
        self.tick()
        if isinstance(stmt, ast.Expr):
            if isinstance(stmt.value, ast.Constant):
                return  # a docstring
            self.expr(frame, stmt.value)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            if stmt.value is None:
                return
            held = self.expr(frame, stmt.value)
            for target in stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]:
                self.store(frame, target, held)
        elif isinstance(stmt, ast.Return):
            raise _Return(self.expr(frame, stmt.value) if stmt.value is not None else (Value("none", stmt, flow=frame.there),))
        elif isinstance(stmt, ast.If):
            self.block(frame, stmt.body if self.truth(frame, stmt.test) else stmt.orelse)
        elif isinstance(stmt, ast.For) and not stmt.orelse:
            for turn in self.turns(frame, stmt.iter):
                self.store(frame, stmt.target, turn)
                try:
                    self.block(frame, stmt.body)
                except _Continue:
                    continue
                except _Break:
                    break
        elif isinstance(stmt, ast.Continue):
            raise _Continue
        elif isinstance(stmt, ast.Break):
            raise _Break
        elif isinstance(stmt, ast.Pass):
            return
        elif isinstance(stmt, ast.Try) and not stmt.finalbody:
            try:
                self.block(frame, stmt.body)
            except Raised as raised:
                handler = next((h for h in stmt.handlers if self.catches(frame, h, raised)), None)
                if handler is None:
                    raise
                if handler.name is not None:
                    raise GiveUp from raised  # (the exception object is not a value the run holds)
                self.block(frame, handler.body)
                return
            self.block(frame, stmt.orelse)
        elif isinstance(stmt, ast.Assert):
            if not self.truth(frame, stmt.test):
                raise GiveUp  # it raises: not this run's to tell
        elif isinstance(stmt, ast.Delete) and all(isinstance(t, ast.Subscript) for t in stmt.targets):
            for target in stmt.targets:
                assert isinstance(target, ast.Subscript)
                built = self.as_built(frame, self.expr(frame, target.value))
                key = self.key(frame, target.slice)
                if key not in built.items:
                    raise GiveUp
                del built.items[key]
        else:
            raise GiveUp

    def catches(self, frame: _Frame, handler: ast.ExceptHandler, raised: Raised) -> bool:
        if handler.type is None:
            return True
        names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        caught = {n.id if isinstance(n, ast.Name) and self._builtin(frame, n) else
                  "JSONDecodeError" if frame.there.ctx.resolve(n) == "json.JSONDecodeError" else None for n in names}
        if None in caught:
            raise GiveUp  # an exception class the run does not know the place of
        return bool(caught & set(Raised.HIERARCHY[raised.kind]))

    def store(self, frame: _Frame, target: ast.expr, held: Held) -> None:
        if isinstance(target, ast.Name):
            frame.env[target.id] = held
        elif isinstance(target, ast.Subscript):
            built = self.as_built(frame, self.expr(frame, target.value))
            built.items[self.key(frame, target.slice)] = held
            if len(built.items) > MAX_ITEMS:
                raise GiveUp
        elif isinstance(target, ast.Attribute):
            owner = self.expr(frame, target.value)
            if not isinstance(owner, Obj) or target.attr == "__dict__":
                raise GiveUp
            owner.attrs[target.attr] = held
            owner.changed = True
        elif isinstance(target, (ast.Tuple, ast.List)):
            items = held.items if isinstance(held, Seq) else None
            starred = [i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)]
            if items is None or len(starred) > 1 or len(items) < len(target.elts) - len(starred) \
                    or not starred and len(items) != len(target.elts):
                raise GiveUp
            if starred:  # `*parents, leaf = dotted.split(".")`: the rest, as a list
                at, after = starred[0], len(target.elts) - starred[0] - 1
                items = [*items[:at], Seq(items[at:len(items) - after]), *items[len(items) - after:]]
            for element, item in zip(target.elts, items):
                self.store(frame, element.value if isinstance(element, ast.Starred) else element, item)
        else:
            raise GiveUp

    def turns(self, frame: _Frame, iterable: ast.expr) -> list[Held]:
        """What a `for` over `iterable` binds on each turn, in order."""
        if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "sorted" \
                and len(iterable.args) == 1 and not iterable.keywords and self._builtin(frame, iterable.func):
            return sorted(self.turns(frame, iterable.args[0]), key=self._sort_key)  # a dict's keys: no two alike
        if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Attribute) and not iterable.args \
                and not iterable.keywords and iterable.func.attr in ("items", "keys", "values"):
            built = self.as_built(frame, self.expr(frame, iterable.func.value))
            keys = [(Value("str", frame.there.key_at(k, iterable), flow=frame.there),) for k in built.items]
            if iterable.func.attr == "keys":
                return list(keys)
            if iterable.func.attr == "values":
                return list(built.items.values())
            return [Seq([k, v]) for k, v in zip(keys, built.items.values())]
        held = self.expr(frame, iterable)
        if isinstance(held, Seq):
            return list(held.items)
        if isinstance(held, Built):
            return [(Value("str", frame.there.key_at(k, iterable), flow=frame.there),) for k in held.items]
        if isinstance(held, tuple) and len(held) == 1 and held[0].kind in ("list", "tuple") and not held[0].when:
            # a list the evaluator knows item by item (a parameter given `EXPERIMENT`, a display of another module)
            items = frame.there.known_item_values(frame.there.stand_in(iterable, held))
            if items is not None:
                return list(items)
        raise GiveUp

    def _sort_key(self, turn: Held) -> str:
        first = turn.items[0] if isinstance(turn, Seq) and turn.items else turn
        key = self.constant(first) if isinstance(first, tuple) else None
        if not isinstance(key, str):
            raise GiveUp
        return key

    # -- expressions -------------------------------------------------------------------------------------
    def expr(self, frame: _Frame, node: ast.expr) -> Held:
        self.tick()
        if isinstance(node, ast.Name) and node.id in frame.locals:
            if node.id not in frame.env:
                raise GiveUp  # unbound here: an UnboundLocalError, or a path the run did not take
            held = frame.env[node.id] = self.settle(frame, frame.env[node.id])
            if isinstance(held, (Built, Seq, Obj)) and held.escaped:
                raise GiveUp
            return held
        if isinstance(node, ast.Dict):
            built = Built({})
            for written, value in zip(node.keys, node.values):
                if written is None:
                    built.items.update(self.as_built(frame, self.expr(frame, value)).items)
                else:
                    built.items[self.key(frame, written)] = self.expr(frame, value)
            return built
        if isinstance(node, (ast.Tuple, ast.List)) and not any(isinstance(e, ast.Starred) for e in node.elts) \
                and _mentions(node, frame.locals):
            return Seq([self.expr(frame, e) for e in node.elts])
        if isinstance(node, ast.Subscript) and _mentions(node.value, frame.locals):
            held = self.expr(frame, node.value)
            if isinstance(held, Seq) and isinstance(node.slice, ast.Slice) and node.slice.step is None:
                return Seq(held.items[self._index(frame, node.slice.lower):self._index(frame, node.slice.upper)])
            if isinstance(held, Seq):
                index = self.constant(self.expr(frame, node.slice))
                if not isinstance(index, int) or not -len(held.items) <= index < len(held.items):
                    raise GiveUp
                return held.items[index]
            built = self.as_built(frame, held)
            key = self.key(frame, node.slice)
            if key not in built.items:
                raise Raised("KeyError")
            return self.item(frame, built, key)
        if isinstance(node, ast.Attribute) and _mentions(node.value, frame.locals):
            return self.attribute(frame, node)
        if isinstance(node, (ast.DictComp, ast.ListComp)) and _mentions(node, frame.locals):
            return self.comprehension(frame, node)
        if isinstance(node, ast.IfExp):
            return self.expr(frame, node.body if self.truth(frame, node.test) else node.orelse)
        if isinstance(node, ast.Call):
            made = self.call_expr(frame, node)
            if made is not None:
                return made
        return self.outside(frame, node)

    def arguments(self, frame: _Frame, node: ast.Call) -> tuple[list[Held], dict[str, Held]]:
        """The positions and keywords a call gives, `*seq` and `**mapping` spread."""
        args: list[Held] = []
        for a in node.args:
            if isinstance(a, ast.Starred):
                held = self.expr(frame, a.value)
                if not isinstance(held, Seq):
                    raise GiveUp
                args.extend(held.items)
            else:
                args.append(self.expr(frame, a))
        kwargs: dict[str, Held] = {}
        for k in node.keywords:
            if k.arg is None:
                kwargs.update(self.as_built(frame, self.expr(frame, k.value)).items)
            else:
                kwargs[k.arg] = self.expr(frame, k.value)
        return args, kwargs

    def comprehension(self, frame: _Frame, node: ast.DictComp | ast.ListComp) -> Held:
        """`{k: dict(v) if isinstance(v, dict) else v for k, v in base.items()}`, `[f(x) for x in layers if x]`: each
        turn run in a scope of its own (the loop's names are the comprehension's), its tests decided."""
        out: list[Held] = []
        made = Built({})

        def turns(generators: list[ast.comprehension], inner: _Frame) -> None:
            if not generators:
                if isinstance(node, ast.DictComp):
                    made.items[self.key(inner, node.key)] = self.expr(inner, node.value)
                else:
                    out.append(self.expr(inner, node.elt))
                return
            first = generators[0]
            if first.is_async:
                raise GiveUp
            for turn in self.turns(inner, first.iter):
                scope = _Frame(inner.there, inner.func, dict(inner.env), inner.locals, inner.depth)
                self.store(scope, first.target, turn)
                if all(self.truth(scope, test) for test in first.ifs):
                    turns(generators[1:], scope)
        turns(node.generators, frame)
        return made if isinstance(node, ast.DictComp) else Seq(out)

    def call_expr(self, frame: _Frame, node: ast.Call) -> Held | None:
        """A call the run reads itself; None for one the evaluator reads."""
        func = node.func
        if isinstance(func, ast.Attribute) and _mentions(func.value, frame.locals):
            return self.method(frame, node, func)
        if isinstance(func, ast.Name) and func.id in frame.locals:  # `cls(**fields)` in a classmethod
            held = self.expr(frame, func)
            if isinstance(held, tuple) and len(held) == 1 and held[0].kind == "class" \
                    and isinstance(held[0].node, ast.ClassDef) and held[0].flow is not None:
                return self.instantiate(frame, node, held[0].flow, held[0].node)
            if isinstance(held, tuple) and len(held) == 1 and held[0].qualified in ("builtins.int", "builtins.float"):
                return self.converted(frame, node, held[0].qualified[9:])  # `for cast in (int, float): cast(text)`
            raise GiveUp
        if isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "type" \
                and len(func.args) == 1 and self._builtin(frame, func.func):
            own = self.expr(frame, func.args[0])  # `type(self)(v)`: self's class again
            if isinstance(own, Obj):
                return self.instantiate(frame, node, own.classes[0][0], own.classes[0][1])
            return self.construct(frame, node, self.as_built(frame, own).wrap)
        if not isinstance(func, (ast.Name, ast.Attribute)) or _mentions(func, frame.locals):
            return None
        there = frame.there
        if isinstance(func, ast.Name) and self._builtin(frame, func):
            return self.builtin(frame, node, func.id)
        qualified = there.ctx.resolve(func)
        if qualified == "json.loads" and len(node.args) == 1 and not node.keywords and _mentions(node, frame.locals):
            source = self.expr(frame, node.args[0])
            text = self.constant(source)
            if not isinstance(text, str) or not isinstance(source, tuple) or len(text) > MAX_TEXT:
                raise GiveUp
            try:
                return _parsed(source[0], json.loads(text))
            except ValueError as err:
                raise Raised("JSONDecodeError") from err
        if qualified in ("copy.deepcopy", "copy.copy") and len(node.args) == 1 and not node.keywords:
            held = self.expr(frame, node.args[0])
            if not isinstance(held, (Built, Seq)):
                return None if not _mentions(node, frame.locals) else held
            return _copied(held, deep=qualified == "copy.deepcopy")
        if isinstance(func, ast.Attribute) and _mentions(node, frame.locals):
            owner = there.values(func.value)  # `RunConfig.from_dict(values)`: a classmethod of a plain class
            if len(owner) == 1 and owner[0].kind == "class" and isinstance(owner[0].node, ast.ClassDef):
                try:
                    return self.object_method(frame, node, owner, func.attr)
                except GiveUp:
                    if any(isinstance(frame.env.get(n.id), (Built, Seq, Obj)) for n in ast.walk(node)
                           if isinstance(n, ast.Name)):
                        raise  # (it may have changed what it was given before the run lost it)
        found = there.values(func)
        if len(found) != 1:
            return None
        f = found[0]
        if f.kind == "class" and isinstance(f.node, ast.ClassDef) and (f.flow or there).base is there.base \
                and attrdicts.item_reading(f.node) is not None:
            return self.construct(frame, node, Wrap(func, there, f.node))
        if f.kind == "class" and isinstance(f.node, ast.ClassDef) and f.flow is not None:
            try:
                return self.instantiate(frame, node, f.flow, f.node)
            except GiveUp:
                if _mentions(node, frame.locals):
                    raise
                return None  # the evaluator's to read
        called = f.node
        if f.kind == "function" and isinstance(called, ast.FunctionDef) and not isinstance(f.extra, tuple) \
                and f.flow is not None:
            shape = f.flow.ctx.once("itemwise shape", called, lambda: shape_of(called))
            if shape.builds:
                args, kwargs = self.arguments(frame, node)
                return self.call(f.flow.base, called, None, args, kwargs, frame.depth + 1)
            if shape.runnable and _mentions(node, frame.locals):
                # a helper given what the run knows (`_coerce(raw.strip())`): run too, when it is given values alone
                # (nothing it could change); else, or when the run cannot follow it, the evaluator's to read
                args, kwargs = self.arguments(frame, node)
                if all(isinstance(a, tuple) for a in (*args, *kwargs.values())):
                    try:
                        return self.call(f.flow.base, called, None, args, kwargs, frame.depth + 1)
                    except GiveUp:
                        return None
        if _mentions(node, frame.locals) and (any(isinstance(a, ast.Starred) for a in node.args)
                                              or any(k.arg is None for k in node.keywords)):
            raise GiveUp  # spread for the evaluator: it would read the stand-ins' items, not what the run holds
        return None

    def instantiate(self, frame: _Frame, node: ast.Call, flow: Flow, cls: ast.ClassDef) -> Held:
        """`Section(**value)`, `cls(**fields)`: an object of a plain class, its `__init__` run for these arguments."""
        classes = _plain_classes(flow.base, cls)
        if classes is None:
            raise GiveUp
        obj = Obj(classes)
        args, kwargs = self.arguments(frame, node)
        init = _method_of(obj, "__init__")
        if init is None:
            if args or kwargs:
                raise GiveUp  # a TypeError
            return obj
        self.call(init[0].base, init[1], obj, args, kwargs, frame.depth + 1)
        return obj

    def _index(self, frame: _Frame, node: ast.expr | None) -> int | None:
        if node is None:
            return None
        index = self.constant(self.expr(frame, node))
        if not isinstance(index, int) or isinstance(index, bool):
            raise GiveUp
        return index

    def _builtin(self, frame: _Frame, name: ast.Name) -> bool:
        return name.id not in frame.locals and frame.there.reaching(name) is None

    def builtin(self, frame: _Frame, node: ast.Call, name: str) -> Held | None:
        if name == "dict" and len(node.args) <= 1:
            built = _copied(self.as_built(frame, self.expr(frame, node.args[0])), deep=False) if node.args else Built({})
            assert isinstance(built, Built)
            built.wrap = None
            for keyword in node.keywords:
                if keyword.arg is None:  # `dict(base, **overrides)`
                    built.items.update(self.as_built(frame, self.expr(frame, keyword.value)).items)
                else:
                    built.items[keyword.arg] = self.expr(frame, keyword.value)
            return built
        if name in ("list", "tuple") and len(node.args) == 1 and not node.keywords \
                and _mentions(node.args[0], frame.locals):
            return Seq(self.turns(frame, node.args[0]))
        if name in ("int", "float") and _mentions(node, frame.locals):
            return self.converted(frame, node, name)
        if name in ("setattr", "getattr", "vars") and _mentions(node, frame.locals):
            return self.object_builtin(frame, node, name)
        if name in ("isinstance", "hasattr", "callable", "len", "bool") and _mentions(node, frame.locals):
            raise GiveUp  # tests are read by `truth`; their values are not needed here
        return None

    def converted(self, frame: _Frame, node: ast.Call, name: str) -> Held:
        """`int(text)`, `float(text)` of a string or a number the run knows: the number, or the ValueError raised."""
        if len(node.args) != 1 or node.keywords:
            raise GiveUp
        source = self.expr(frame, node.args[0])
        given = self.constant(source)
        if not isinstance(source, tuple) or not isinstance(given, (str, int, float)) or isinstance(given, bool):
            raise GiveUp
        try:
            return _parsed(source[0], int(given) if name == "int" else float(given))
        except ValueError as err:
            raise Raised("ValueError") from err

    def object_builtin(self, frame: _Frame, node: ast.Call, name: str) -> Held:
        """`setattr(obj, key, value)`, `getattr(obj, key[, default])`, `vars(obj)` of an object the run built."""
        if node.keywords or not node.args:
            raise GiveUp
        obj = self.expr(frame, node.args[0])
        if not isinstance(obj, Obj):
            raise GiveUp
        if name == "vars" and len(node.args) == 1:
            obj.changed = True
            return Built(obj.attrs)
        attr = self.key(frame, node.args[1]) if len(node.args) >= 2 else None
        if name == "setattr" and len(node.args) == 3 and attr is not None:
            obj.attrs[attr] = self.expr(frame, node.args[2])
            obj.changed = True
            return (Value("none", node, flow=frame.there),)
        if name == "getattr" and attr is not None and len(node.args) in (2, 3):
            if attr in obj.attrs:
                return obj.attrs[attr]
            if len(node.args) == 3 and not any(
                    isinstance(s, (ast.Assign, ast.AnnAssign, ast.FunctionDef)) and attr in _names_bound(s)
                    for _, cls in obj.classes for s in cls.body):
                return self.expr(frame, node.args[2])
            return self.class_value(frame, obj, attr)
        raise GiveUp

    def construct(self, frame: _Frame, node: ast.Call, wrap: Wrap | None) -> Held:
        """`AttrDict(x)`, `type(self)(x)`: a new instance of the dict subclass, holding `dict(x)`'s items."""
        if wrap is None or len(node.args) > 1 or node.keywords:
            raise GiveUp
        built = _copied(self.as_built(frame, self.expr(frame, node.args[0])), deep=False) if node.args else Built({})
        assert isinstance(built, Built)
        built.wrap = wrap
        return built

    def method(self, frame: _Frame, node: ast.Call, func: ast.Attribute) -> Held:
        held = self.expr(frame, func.value)
        name, args = func.attr, node.args
        if isinstance(held, Obj) or isinstance(held, tuple) and len(held) == 1 and held[0].kind == "class" \
                and isinstance(held[0].node, ast.ClassDef) and held[0].flow is not None:
            return self.object_method(frame, node, held, name)
        if isinstance(held, tuple) and name in STR_MADE and not node.keywords:
            return self.str_method(frame, node, held, name)
        if isinstance(held, tuple) and name in STR_TESTS:
            return self.outside(frame, node)
        built = self.as_built(frame, held)
        if name == "get" and 1 <= len(args) <= 2 and not node.keywords:
            key = self.key(frame, args[0])
            if key in built.items:
                return self.item(frame, built, key)
            return self.expr(frame, args[1]) if len(args) == 2 else (Value("none", node, flow=frame.there),)
        if name == "copy" and not args and not node.keywords:
            made = _copied(built, deep=False)
            assert isinstance(made, Built)
            made.wrap = None
            return made
        if name == "setdefault" and 1 <= len(args) <= 2 and not node.keywords:
            key = self.key(frame, args[0])
            if key not in built.items:
                built.items[key] = self.expr(frame, args[1]) if len(args) == 2 else (Value("none", node, flow=frame.there),)
            return self.item(frame, built, key)
        if name == "update" and len(args) <= 1 and not any(isinstance(a, ast.Starred) for a in args):
            if args:
                built.items.update(self.as_built(frame, self.expr(frame, args[0])).items)
            for keyword in node.keywords:  # (`update(**overrides)`: each item of the mapping, in order)
                if keyword.arg is None:
                    built.items.update(self.as_built(frame, self.expr(frame, keyword.value)).items)
                else:
                    built.items[keyword.arg] = self.expr(frame, keyword.value)
            return (Value("none", node, flow=frame.there),)
        if any(isinstance(a, ast.Starred) for a in args) or any(k.arg is None for k in node.keywords):
            raise GiveUp  # (a spread the methods below do not take)
        if name == "pop" and 1 <= len(args) <= 2 and not node.keywords:
            key = self.key(frame, args[0])
            if key in built.items:
                return built.items.pop(key)
            if len(args) == 2:
                return self.expr(frame, args[1])
            raise GiveUp
        if built.wrap is not None:  # a method of the dict subclass: run with `self` the built dict
            method = next((s for s in built.wrap.cls.body if isinstance(s, ast.FunctionDef) and s.name == name), None)
            if method is not None and not method.decorator_list:
                args_held = [self.expr(frame, a) for a in args]
                kwargs = {k.arg: self.expr(frame, k.value) for k in node.keywords if k.arg is not None}
                return self.call(built.wrap.flow.base, method, built, args_held, kwargs, frame.depth + 1)
        raise GiveUp

    def str_method(self, frame: _Frame, node: ast.Call, held: tuple[Value, ...], name: str) -> Held:
        """`path.split(".")`, `assignment.partition("=")`, `raw.strip()` of a string the run knows: the strings it
        makes, each said to be written where the string it comes from is (an override `"trainer.accelerator=cpu"`
        of another module stays that module's)."""
        text = self.constant(held)
        arguments = [self.constant(self.expr(frame, a)) for a in node.args]
        if not isinstance(text, str) or any(not isinstance(a, (str, int)) and a is not None for a in arguments):
            raise GiveUp
        if len(text) > MAX_TEXT:
            raise GiveUp
        try:
            made = getattr(text, name)(*arguments)
        except (TypeError, ValueError) as err:
            raise GiveUp from err  # (the run would raise: not this run's to tell)
        if isinstance(made, str):
            if len(made) > MAX_TEXT:
                raise GiveUp
            return _derived(held[0], made)
        if len(made) > MAX_ITEMS:
            raise GiveUp
        return Seq([_derived(held[0], part) for part in made])

    def object_method(self, frame: _Frame, node: ast.Call, held: Held, name: str) -> Held:
        """`cfg.update(layer)`, `cls.from_dict(value)`: a method of an object the run built, or of a plain class."""
        if isinstance(held, Obj):
            obj = held
        else:
            assert isinstance(held, tuple) and held[0].flow is not None and isinstance(held[0].node, ast.ClassDef)
            classes = _plain_classes(held[0].flow.base, held[0].node)
            if classes is None:
                raise GiveUp
            obj = Obj(classes)  # (only its classes are read: a class's own method is a classmethod or a staticmethod)
        found = _method_of(obj, name)
        if found is None:
            raise GiveUp
        flow, method = found
        args, kwargs = self.arguments(frame, node)
        if any(_is(d, "staticmethod") for d in method.decorator_list):
            return self.call(flow.base, method, None, args, kwargs, frame.depth + 1)
        if any(_is(d, "classmethod") for d in method.decorator_list):
            own: Held = (Value("class", obj.classes[0][1], label=obj.classes[0][1].name, flow=obj.classes[0][0].base),)
            return self.call(flow.base, method, own, args, kwargs, frame.depth + 1)
        if not isinstance(held, Obj):
            raise GiveUp  # a plain method read off the class: not bound
        return self.call(flow.base, method, obj, args, kwargs, frame.depth + 1)

    def attribute(self, frame: _Frame, node: ast.Attribute) -> Held:
        """`self.sections`, `obj.__dict__`, `cfg.fsdp`: an attribute of what the run holds."""
        held = self.expr(frame, node.value)
        if isinstance(held, Obj):
            if node.attr == "__dict__":
                held.changed = True  # (what is done with its own dict is not followed: as changed)
                return Built(held.attrs)  # the object's own dict: a store into it is an attribute set
            if node.attr in held.attrs:
                return held.attrs[node.attr]
            try:
                return self.class_value(frame, held, node.attr)
            except GiveUp:
                hook = _method_of(held, "__getattr__")  # found nowhere: `__getattr__(self, name)` asked
                if hook is None:
                    raise
                name = (Value("str", frame.there.key_at(node.attr, node), flow=frame.there),)
                return self.call(hook[0].base, hook[1], held, [name], {}, frame.depth + 1)
        if isinstance(held, Built) and held.wrap is not None and node.attr not in attrdicts.DICT_ATTRIBUTES \
                and attrdicts.item_reading(held.wrap.cls) is not None \
                and not any(isinstance(m, ast.FunctionDef) and m.name == node.attr for m in held.wrap.cls.body):
            if node.attr not in held.items:
                raise GiveUp  # an AttributeError
            return self.item(frame, held, node.attr)
        if isinstance(held, tuple):
            return self.outside(frame, node)
        raise GiveUp

    def class_value(self, frame: _Frame, obj: Obj, attr: str) -> Held:
        """A class attribute an object reads (`DEFAULT_DIR = "runs"` in its class); a method is no value here."""
        for flow, cls in obj.classes:
            for stmt in cls.body:
                if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == attr for t in stmt.targets) \
                        or isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) \
                        and stmt.target.id == attr and stmt.value is not None:
                    assert stmt.value is not None
                    return flow.base.values(stmt.value)
                if isinstance(stmt, ast.FunctionDef) and stmt.name == attr:
                    raise GiveUp
        raise GiveUp  # an AttributeError

    def outside(self, frame: _Frame, node: ast.expr) -> Held:
        """An expression the evaluator reads: its locals given as stand-ins holding what the run holds."""
        there = frame.there
        if not _mentions(node, frame.locals):
            return there.values(node)

        def held_by_the_run(name: ast.Name) -> tuple[Value, ...] | None:
            if name.id not in frame.locals:
                return None
            if name.id not in frame.env:
                raise GiveUp
            return self.materialize(frame.env[name.id], there, name)

        made = there.values_given(node, held_by_the_run)
        if made is None:
            raise GiveUp  # names bound inside: not the frame's
        if any(isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name) and n.func.id in PURE_BUILTINS
                                                and self._builtin(frame, n.func)) for n in ast.walk(node)):
            for part in ast.walk(node):  # a call the evaluator reads may change what it is given
                if isinstance(part, ast.Name) and part.id in frame.locals:
                    _escape(frame.env[part.id])
        return made

    # -- tests -------------------------------------------------------------------------------------------
    def truth(self, frame: _Frame, test: ast.expr) -> bool:
        self.tick()
        if isinstance(test, ast.BoolOp):
            for operand in test.values:
                truth = self.truth(frame, operand)
                if truth is isinstance(test.op, ast.Or):
                    return truth
            return not isinstance(test.op, ast.Or)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return not self.truth(frame, test.operand)
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance" \
                and len(test.args) == 2 and not test.keywords and self._builtin(frame, test.func):
            return self.instance_of(frame, self.expr(frame, test.args[0]), test.args[1])
        if isinstance(test, ast.Compare) and len(test.ops) == 1:
            return self.compare(frame, test.ops[0], test.left, test.comparators[0])
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and test.func.attr in STR_TESTS:
            text = self.constant(self.expr(frame, test.func.value))
            arguments = [self.constant(self.expr(frame, a)) for a in test.args]
            if not isinstance(text, str) or test.keywords or any(not isinstance(a, (str, tuple)) for a in arguments):
                raise GiveUp
            return bool(getattr(text, test.func.attr)(*arguments))
        held = self.expr(frame, test)
        if isinstance(held, Obj):
            return True  # (a plain class defines no `__bool__` nor `__len__`)
        if isinstance(held, (Built, Seq)):
            return bool(held.items)
        if len(held) != 1 or held[0].truthy is None:
            raise GiveUp
        return bool(held[0].truthy)

    def compare(self, frame: _Frame, op: ast.cmpop, left: ast.expr, right: ast.expr) -> bool:
        if isinstance(op, (ast.In, ast.NotIn)):
            container = self.expr(frame, right)
            key = self.key(frame, left)
            if isinstance(container, Built):
                found = key in container.items
            else:
                raise GiveUp
            return found if isinstance(op, ast.In) else not found
        if isinstance(op, (ast.Is, ast.IsNot)) and isinstance(right, ast.Constant) and right.value is None:
            held = self.expr(frame, left)
            if isinstance(held, (Built, Seq, Obj)):
                none = False
            elif len(held) == 1 and held[0].kind != "unknown":
                none = held[0].kind == "none"
            else:
                raise GiveUp
            return none if isinstance(op, ast.Is) else not none
        if isinstance(op, (ast.Eq, ast.NotEq)):
            a, b = self.constant(self.expr(frame, left)), self.constant(self.expr(frame, right))
            if not isinstance(a, (str, int)) or not isinstance(b, (str, int)):
                raise GiveUp
            return (a == b) is isinstance(op, ast.Eq)
        raise GiveUp

    def instance_of(self, frame: _Frame, held: Held, types: ast.expr) -> bool:
        names = types.elts if isinstance(types, ast.Tuple) else [types]
        kinds: set[str] = set()
        classes: list[ast.ClassDef] = []
        for name in names:
            if isinstance(name, ast.Name) and name.id in BUILTIN_TYPES and self._builtin(frame, name):
                kinds.add(BUILTIN_TYPES[name.id])
            elif frame.there.ctx.resolve(name) in MAPPING_TYPES:
                kinds.add("dict")
            else:
                found = frame.there.values(name)
                if len(found) != 1 or found[0].kind != "class" or not isinstance(found[0].node, ast.ClassDef):
                    raise GiveUp
                classes.append(found[0].node)
        if isinstance(held, Built):
            return "dict" in kinds or held.wrap is not None and held.wrap.cls in classes
        if isinstance(held, Obj):
            return any(cls in classes for _, cls in held.classes)
        if isinstance(held, Seq):
            raise GiveUp  # a list or a tuple: the run does not say which
        if len(held) != 1:
            raise GiveUp
        value = held[0]
        if value.kind in ("dict", "list", "tuple", "str", "set", "frozenset", "number", "bool", "none") and not classes:
            if value.kind == "bool" and "number" in kinds:
                return True
            return value.kind in kinds
        if value.kind == "instance" and isinstance(value.extra, tuple) and isinstance(value.extra[0], ast.ClassDef):
            cls = value.extra[0]
            if cls in classes:
                return True
            if attrdicts.item_reading(cls) is not None and not classes:
                return "dict" in kinds
        raise GiveUp

    # -- values --------------------------------------------------------------------------------------------
    def key(self, frame: _Frame, node: ast.expr) -> str:
        key = self.constant(self.expr(frame, node))
        if not isinstance(key, str):
            raise GiveUp
        return key

    @staticmethod
    def constant(held: Held) -> object:
        if isinstance(held, tuple) and len(held) == 1 and isinstance(held[0].node, ast.Constant) \
                and held[0].kind in ("str", "number", "bool", "none"):
            return held[0].node.value
        raise GiveUp

    def item(self, frame: _Frame, built: Built, key: str) -> Held:
        """The item of `built` under `key`, a dict in it read whole once (kept: a change made through it is the
        item's)."""
        held = built.items[key] = self.settle(frame, built.items[key])
        return held

    def settle(self, frame: _Frame, held: Held) -> Held:
        """A value that is one dict known whole, as the run holds dicts; anything else as it is."""
        if isinstance(held, tuple) and len(held) == 1 and held[0].kind in ("dict", "instance"):
            try:
                return self.as_built(frame, held)
            except GiveUp:
                pass
        if isinstance(held, tuple) and len(held) == 1 and held[0].kind == "instance":
            try:
                return self.as_object(frame, held[0])
            except GiveUp:
                return held
        return held

    def as_object(self, frame: _Frame, value: Value) -> Obj:
        """An instance the evaluator read, of a plain class: the object a run of its construction builds (an
        object a run built before, its attributes as that run set them), when no statement of the module that
        binds it changes it afterwards."""
        cls, call = value.extra if isinstance(value.extra, tuple) and len(value.extra) == 2 else (None, None)
        flow = value.flow
        if not isinstance(cls, ast.ClassDef) or not isinstance(call, ast.Call) or flow is None or value.when:
            raise GiveUp
        classes = _plain_classes(flow.base, cls)
        if classes is None:
            raise GiveUp
        obj = Obj(classes, (value,))
        if isinstance(call, BuiltCall):
            for key, entry in call.attributes.items():
                leaf = obj.attrs[key] = entry.values()
                self.origins[id(leaf)] = (leaf, key, entry)
            return obj
        if type(call) is not ast.Call or not _left_as_built(flow, call):
            raise GiveUp
        args: list[Held] = []
        for a in call.args:
            if isinstance(a, ast.Starred):
                raise GiveUp
            args.append(flow.values(a))
        kwargs: dict[str, Held] = {}
        for k in call.keywords:
            if k.arg is None:
                kwargs.update(self.as_built(frame, flow.values(k.value)).items)
            else:
                kwargs[k.arg] = flow.values(k.value)
        init = _method_of(obj, "__init__")
        if init is None:
            if args or kwargs:
                raise GiveUp
            return obj
        self.call(init[0].base, init[1], obj, args, kwargs, frame.depth + 1)
        return obj

    def as_built(self, frame: _Frame, held: Held) -> Built:
        """The dict `held` stands for, known whole; GiveUp when it is not one."""
        if isinstance(held, Built):
            return held
        if not isinstance(held, tuple) or len(held) != 1:
            raise GiveUp
        value = held[0]
        flow = value.flow or frame.there
        wrap: Wrap | None = None
        if value.kind == "instance" and isinstance(value.extra, tuple) and len(value.extra) == 2 \
                and isinstance(value.extra[0], ast.ClassDef) and isinstance(value.extra[1], ast.Call):
            as_items = flow.items_of(value)
            if as_items is value:
                raise GiveUp
            wrap = Wrap(value.extra[1].func, flow, value.extra[0])
            value = as_items
        if value.kind != "dict" or value.when:
            raise GiveUp
        entries, complete = flow.entries(value)
        if entries is None or not complete or len(entries) > MAX_ITEMS or any(e.when for e in entries.values()):
            raise GiveUp
        built = Built({}, wrap)
        for key, entry in entries.items():
            leaf = built.items[key] = entry.values()
            self.origins[id(leaf)] = (leaf, key, entry)
        return built


def _derived(source: Value, text: str) -> tuple[Value, ...]:
    """A string made from `source`'s text, said to be written where `source` is."""
    flow = source.flow
    if flow is None or source.node is None or not hasattr(source.node, "lineno"):
        raise GiveUp
    return (Value("str", flow.key_at(text, source.node), flow=flow),)  # type: ignore[arg-type]  # located: above


def _parsed(source: Value, data: object) -> Held:
    """What `json.loads` (or `int`, `float`) makes of `source`'s text, its strings and numbers written where
    `source` is."""
    flow = source.flow
    if flow is None or source.node is None or not hasattr(source.node, "lineno"):
        raise GiveUp
    if isinstance(data, (dict, list)) and len(data) > MAX_ITEMS:
        raise GiveUp
    if isinstance(data, dict):
        return Built({str(k): _parsed(source, v) for k, v in data.items()})
    if isinstance(data, list):
        return Seq([_parsed(source, v) for v in data])
    kind = "none" if data is None else "bool" if isinstance(data, bool) else "number" if isinstance(data, (int, float)) \
        else "str"
    made = ast.copy_location(ast.Constant(data), source.node)  # type: ignore[arg-type]  # json's scalars
    made.end_lineno, made.end_col_offset = getattr(source.node, "end_lineno", None), getattr(source.node, "end_col_offset", None)
    return (Value(kind, made, flow=flow),)


def _is(node: ast.expr, *names: str) -> bool:
    return isinstance(node, ast.Name) and node.id in names


def _names_bound(stmt: ast.stmt) -> set[str]:
    if isinstance(stmt, ast.FunctionDef):
        return {stmt.name}
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
    return {t.id for t in targets if isinstance(t, ast.Name)}


def _plain_classes(flow: Flow, cls: ast.ClassDef) -> tuple[tuple[Flow, ast.ClassDef], ...] | None:
    """`cls` and its bases, when each is a class of the project that sets and reads its attributes as Python's
    `object` does (no decorator, metaclass or hook of `OBJECT_HOOKS`, no property), one base at most; else None."""
    def work() -> tuple[tuple[Flow, ast.ClassDef], ...] | None:
        chain: list[tuple[Flow, ast.ClassDef]] = []
        here: tuple[Flow, ast.ClassDef] | None = (flow, cls)
        while here is not None:
            at, klass = here
            if len(chain) > 8 or klass.decorator_list or klass.keywords or len(klass.bases) > 1:
                return None
            for stmt in klass.body:
                if isinstance(stmt, ast.FunctionDef):
                    if stmt.name in OBJECT_HOOKS or any(not _is(d, "classmethod", "staticmethod") for d in stmt.decorator_list):
                        return None
                elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                    if _names_bound(stmt) & OBJECT_HOOKS:
                        return None
                elif not (isinstance(stmt, ast.Pass) or isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
                    return None
            chain.append(here)
            here = None
            if klass.bases and not _is(klass.bases[0], "object"):
                found = at.values(klass.bases[0])
                if len(found) != 1 or found[0].kind != "class" or not isinstance(found[0].node, ast.ClassDef) \
                        or found[0].flow is None:
                    return None
                here = (found[0].flow.base, found[0].node)
        return tuple(chain)
    return flow.ctx.once("itemwise plain classes", cls, work)


def _left_as_built(flow: Flow, call: ast.Call) -> bool:
    """The object `call` constructs is not changed by the module after it is built: it is not bound to a name, or
    no statement of the module sets an attribute of that name or calls a method of it on a line of its own."""
    bound = flow.ctx.parents.get(call)
    if not isinstance(bound, ast.Assign):
        return isinstance(bound, (ast.Call, ast.Attribute, ast.keyword, ast.Return))
    if len(bound.targets) != 1 or not isinstance(bound.targets[0], ast.Name):
        return False
    name = bound.targets[0].id
    return not flow.ctx.attribute_stores(name) and not any(
        isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Attribute)
        and isinstance(s.value.func.value, ast.Name) and s.value.func.value.id == name for s in flow.ctx.nodes(ast.Expr))


def _method_of(obj: Obj, name: str) -> tuple[Flow, ast.FunctionDef] | None:
    for flow, cls in obj.classes:
        for stmt in cls.body:
            if isinstance(stmt, ast.FunctionDef) and stmt.name == name:
                return flow, stmt
    return None


def _copied(held: Built | Seq, deep: bool) -> Built | Seq:
    if isinstance(held, Seq):
        return Seq([_copied(h, deep) if deep and isinstance(h, (Built, Seq)) else h for h in held.items])
    return Built({k: _copied(v, deep) if deep and isinstance(v, (Built, Seq)) else v for k, v in held.items.items()},
                 held.wrap)


def _escape(held: Held) -> None:
    if isinstance(held, (Built, Seq, Obj)) and not held.escaped:
        held.escaped = True
        for item in held.items.values() if isinstance(held, Built) else held.attrs.values() if isinstance(held, Obj) \
                else held.items:
            _escape(item)


def _mentions(node: ast.AST, names: frozenset[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node))
