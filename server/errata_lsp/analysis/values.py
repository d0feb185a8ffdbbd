"""What an expression may hold: `Value`, one abstract value, and the closed set of its kinds.

The core registers the kinds Python itself has (containers, constants, classes, functions, ...); a
pack registers the kinds its library adds (a Fabric, a strategy, a set-up module) with
`register_kind`, from its own folder. A `Value` of a kind nobody registered is a bug, caught when it
is made.
"""

from __future__ import annotations

import ast
import os
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .flow import Flow

MAX_ALTERNATIVES = 16

CONTAINERS = {"list": "list", "tuple": "tuple", "set": "set", "frozenset": "frozenset", "dict": "dict",
              "sorted": "list", "str": "str", "int": "number", "float": "number", "bool": "bool"}

ELEMENT_KINDS = ("list", "tuple", "set", "frozenset")

_TRUTHY_ASKED = threading.local()  # the calls whose emptiness is being worked out, per thread

@dataclass(frozen=True)
class Kind:
    """A kind of value and who defines it: the core for Python's own, a pack for its library's."""

    name: str
    owner: str  # the module that registered it
    always_true: bool = False  # every value of it is truthy (an object, a class), whatever it holds


KINDS: dict[str, Kind] = {}


def register_kind(name: str, owner: str, *, always_true: bool = False) -> str:
    """Add a kind to the closed set; a pack calls it for each kind its tips make. Registering a kind
    twice with other properties is an error: two packs would mean two things by one name."""
    kind = Kind(name, owner, always_true)
    if KINDS.setdefault(name, kind) != kind:
        raise ValueError(f"value kind {name!r} is registered by {KINDS[name].owner} already")
    return name


# Python's own kinds. `grown`, `asdict`, `nested` are not kinds: they are what `extra` says of a list,
# a dict or a function.
for _name in ("list", "tuple", "set", "frozenset", "dict", "generator", "str", "number", "bool", "none",
              "view",  # a dict's `keys()`, `values()` or `items()`: a live view of it, not a set, list or tuple
              "external", "unknown", "method", "enum", "args_parser", "args",
              "project_module"):  # a module of the project imported whole (`import config as c`)
    register_kind(_name, __name__)
for _name in ("class", "function", "lambda", "partial", "instance", "namespace"):
    register_kind(_name, __name__, always_true=True)


@dataclass(frozen=True)
class StarredRest:
    """A `Value.extra`: the list a `*name` target collects (`arch, *layers = describe()`), of `count` items when the
    unpacked value is a display the file shows (None: unknown)."""

    count: int | None


@dataclass(frozen=True)
class Value:
    """One thing an expression may hold; `kind` is one of `KINDS` (`Value.__post_init__` checks it)."""

    kind: str
    node: ast.AST | None = None  # where it was written: a display, a call, a def, a class
    when: tuple[str, ...] = ()  # the conditions it holds under; () on every path
    label: str | None = None  # the variable, field or parameter that held it, for messages
    qualified: str | None = None  # for classes, strategies and externals: the qualified name
    extra: Any = None  # kind-specific: an instance's class, a dict's base, a method's owner
    flow: Flow | None = field(default=None, compare=False, repr=False)  # the module it was written in
    # an entry picked out of a dict by a key the code computes (`FACTORIES[name]`, and what calling it gives):
    # (the key's value, the dict's value), so a rule can tell the pick from the entry
    picked: tuple[Value, Value] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown value kind {self.kind!r}: register it with register_kind")

    @property
    def truthy(self) -> bool | None:
        node = self.node
        if self.kind == "none":
            return False
        if self.extra == "grown":
            return None  # an empty list that `.append` calls fill
        if self.extra == "filled":
            return True  # one they fill on every path before it is read
        if isinstance(self.extra, StarredRest):
            return None if self.extra.count is None else self.extra.count > 0
        if self.kind in ("dict", "view") and isinstance(self.extra, Value):
            return self.extra.truthy  # a copy, or a view, is as empty as its source
        if KINDS[self.kind].always_true:
            return True
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            if any(isinstance(e, ast.Starred) for e in node.elts):
                return self._spread_truth(node)
            return bool(node.elts)
        if isinstance(node, ast.Dict) and any(k is not None for k in node.keys):
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.BitOr, ast.Add)) \
                and self.kind in ("set", "frozenset", "list", "tuple"):
            return self._operands_truth(node)
        if self.kind == "dict" and self.flow is not None and node is not None:
            told = self._dict_truth()
            if told is not None or isinstance(node, ast.Dict):
                return told
        if isinstance(node, ast.Constant):
            return bool(node.value)
        if isinstance(node, ast.Call) and self.kind in CONTAINERS.values() and not node.args and not node.keywords:
            return False  # list(), set(), dict(), str()
        source: ast.expr | None = None
        if isinstance(node, ast.Call) and self.kind in ELEMENT_KINDS and len(node.args) == 1:
            source = node.args[0]  # `frozenset({Block})`, `sorted(REMAT)`: as empty as what they are built from
        elif isinstance(node, ast.Call) and self.kind == "dict" and self.extra == "fromkeys":
            source = node.args[0]  # `dict.fromkeys(layers)`: a key for each element
        # `[LAYERS[n] for n in NAMES if n]`, `frozenset(getattr(nn, n) for n in names)`: as empty as what the
        # comprehension builds or the generator yields (a generator object itself is always true: not read here)
        comprehension = source if isinstance(source, ast.GeneratorExp) else node
        if isinstance(comprehension, (ast.ListComp, ast.SetComp, ast.GeneratorExp)) and self.flow is not None:
            return self._comprehended_truth(comprehension)
        if source is None or self.flow is None:
            return None
        asking = _TRUTHY_ASKED.__dict__.setdefault("nodes", set())
        key = (id(node), id(self.flow))  # the same call read for another instance (a copy's `__post_init__`) is another
        if key in asking:
            return None  # `d[k] = set(d[k])`: built from itself, cannot tell
        asking.add(key)
        try:
            inner = {v.truthy if v.kind in (*ELEMENT_KINDS, "dict", "str") else None for v in self.flow.values(source)}
        finally:
            asking.discard(key)
        return inner.pop() if len(inner) == 1 else None

    def _spread_truth(self, node: ast.List | ast.Tuple | ast.Set) -> bool | None:
        """`[*BACKBONE, *extra]`: not empty when an element is no `*` or a `*` part is not empty on every path;
        empty when every part is empty on every path; else unknown."""
        if any(not isinstance(e, ast.Starred) for e in node.elts):
            return True if self.flow is not None else None
        return self._parts_truth((id(node), "spread"), [e.value for e in node.elts if isinstance(e, ast.Starred)])

    def _operands_truth(self, node: ast.BinOp) -> bool | None:
        """`BASE_REMAT | {MLP}`, `BASE + [Head]`: a union or a concatenation is not empty when one operand is not
        empty on every path, empty when both are empty on every path; else unknown."""
        return self._parts_truth((id(node), "operands"), [node.left, node.right])

    def _parts_truth(self, key: tuple[int, str], parts: list[ast.expr]) -> bool | None:
        """Not empty when one part is not empty on every path, empty when every part is empty on every path, else
        unknown; each part asked once at a time (`layers = [*layers, Block]` reads itself)."""
        if self.flow is None:
            return None
        asking = _TRUTHY_ASKED.__dict__.setdefault("nodes", set())
        asked = (*key, id(self.flow))
        if asked in asking:
            return None
        asking.add(asked)
        try:
            truths = [{v.truthy if v.kind in (*ELEMENT_KINDS, "dict", "str") and not v.when else None
                       for v in held} if (held := self.flow.values(part)) else {None} for part in parts]
        finally:
            asking.discard(asked)
        if any(t == {True} for t in truths):
            return True
        if all(t == {False} for t in truths):
            return False
        return None

    def _comprehended_truth(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp) -> bool | None:
        """A comprehension's emptiness as its flow reads it, asked once at a time (`Flow.comprehension_truth`)."""
        assert self.flow is not None
        asking = _TRUTHY_ASKED.__dict__.setdefault("nodes", set())
        key = (id(node), id(self.flow))
        if key in asking:
            return None
        asking.add(key)
        try:
            return self.flow.comprehension_truth(node)
        finally:
            asking.discard(key)

    def _dict_truth(self) -> bool | None:
        """A dict as its keys are read where it is `**`-passed (`Flow.entries`: its spreads followed, the keys
        stored in it after): empty when they are read whole and there are none, truthy when one is stored on
        every path, or when a `**` of it holds only non-empty dicts. One reading for both: a guard `if kwargs:`
        on a `**kwargs` forwarded (`{**clip_kwargs}`) is never left open while the call below it reads the
        same dict as complete and empty."""
        assert self.flow is not None
        asking = _TRUTHY_ASKED.__dict__.setdefault("nodes", set())
        key = (id(self.node), id(self.flow), "dict")
        if key in asking:
            return None  # `d = {**d}`: read from itself
        asking.add(key)
        try:
            entries, complete = self.flow.entries(self)
            if entries is not None and any(not e.when for e in entries.values()):
                return True
            if entries is not None and not entries and complete:
                return False
            if isinstance(self.node, ast.Dict):
                for spread in self.node.values:  # only `**` entries here: a key would have made it truthy
                    held = self.flow.plain_run(self.flow.values(spread))
                    if held and all(x.kind == "dict" and x.truthy is True for x in held):
                        return True  # `{**(A if fine else B)}`, both non-empty
            return None
        finally:
            asking.discard(key)

    @property
    def written(self) -> ast.AST | None:
        """The node as the user wrote it: a string the layer joined (`f"{a}_{b}"`) is held by a literal
        that stands for the f-string or the `+`, which is what a span or an edit names."""
        return getattr(self.node, "written", self.node)

    @property
    def foreign(self) -> bool:
        """Written in another module: no span of this document, so no fix there."""
        return self.flow is not None and self.flow.origin is not None

    @property
    def read_from(self) -> str | None:
        """`configs/tpu.yaml`, key `fabric.precision`: where a value read from a data file is written
        (`datafiles`); None for a value the program writes."""
        found = getattr(self.node, "read_from", None)
        return found if isinstance(found, str) else None

    @property
    def line(self) -> int | None:
        return getattr(self.node, "lineno", None)

    def is_read_from(self, mine: ast.AST, path: str | None) -> bool:
        """This value's node is `mine`, a node of the module at `path`, as another module reads it through
        its summary of that module (its own tree): the same module, kind, name and place."""
        node, origin = self.node, self.flow.origin if self.flow is not None else None
        return (origin is not None and path is not None and type(node) is type(mine)
                and getattr(node, "lineno", None) == getattr(mine, "lineno", None)
                and getattr(node, "col_offset", None) == getattr(mine, "col_offset", None)
                and getattr(node, "name", None) == getattr(mine, "name", None)
                and os.path.abspath(origin) == os.path.abspath(path))

    def where(self) -> str:
        """`TrainConfig.layers`, line 14 (or `config.py`, line 14)."""
        parts = []
        if self.label:
            parts.append(f"`{self.label}`")
        if self.read_from is not None:  # a value of a data file: the file and its key
            return ", ".join([*parts, self.read_from])
        if self.foreign and self.flow is not None:
            parts.append(f"{self.flow.origin_name}")
        if self.line:
            parts.append(f"line {self.line}")
        return ", ".join(parts)

    def under(self, when: tuple[str, ...]) -> Value:
        if not when:
            return self
        merged = tuple(dict.fromkeys((*when, *self.when)))
        return replace(self, when=merged)

    def picked_by(self, picked: tuple[Value, Value] | None) -> Value:
        return self if picked is None or self.picked is not None else replace(self, picked=picked)

    def named(self, label: str | None) -> Value:
        return self if label is None or self.label is not None else replace(self, label=label)


UNKNOWN = Value("unknown")

@dataclass(frozen=True)
class Entry:
    """A dict entry: the expression of its value, the node to underline, the module it is written in."""

    value: ast.expr
    node: ast.AST
    flow: Flow = field(compare=False, repr=False)
    when: tuple[str, ...] = ()  # the conditions the key is stored under (`if cfg.get("remat"): kw["k"] = v`)

    def values(self) -> tuple[Value, ...]:
        return self.flow.values(self.value)


class EveryTurn(str):
    """The condition of one turn of a loop or comprehension over items known whole whose every turn runs the
    read (no `break`, `continue` or filter, not a generator): a value held under it alone is certain to be
    read on some turn of the run. `loop` is the `for` statement or the comprehension, `use` the read, `home` the
    module's tree that holds them (its parent of each node)."""

    loop: ast.AST
    use: ast.AST
    home: Any

    def __new__(cls, text: str, loop: ast.AST, use: ast.AST, home: Any = None) -> EveryTurn:
        made = super().__new__(cls, text)
        made.loop, made.use, made.home = loop, use, home
        return made


def every_turn(when: tuple[str, ...]) -> bool:
    """`when` is the condition of a turn every run of the loop reaches (`EveryTurn`), and nothing else."""
    return bool(when) and all(isinstance(c, EveryTurn) for c in when)


def bounded(values: tuple[Value, ...]) -> tuple[Value, ...]:
    values = tuple(dict.fromkeys(values))
    if len(values) > MAX_ALTERNATIVES:
        return (*values[:MAX_ALTERNATIVES], Value("unknown", values[0].node, flow=values[0].flow))
    return values


def describe_when(values: Iterable[Value | tuple[str, ...]]) -> str:
    """`when args.remat == 'list'` for the conditions the given values (or condition tuples) hold under."""
    whens = [v if isinstance(v, tuple) else v.when for v in values]
    # a condition may be written as a clause of its own (`when called at line 15`): one "when" is enough
    conditions = list(dict.fromkeys(" and ".join(dict.fromkeys(c.removeprefix("when ") for c in w)) for w in whens if w))
    return "when " + " or ".join(conditions) if conditions else ""


def on_every_path(values: Sequence[Value], bad: Iterable[Value]) -> bool:
    """Each value an expression may hold (`values`, as the flow gives them) is one of `bad`: the bad outcome
    holds on every feasible path, an error rather than a warning per condition."""
    judged = {id(v) for v in bad}
    return bool(values) and all(id(v) in judged for v in values)


def either(whens: Iterable[tuple[str, ...]]) -> tuple[str, ...]:
    """The conditions under which one of several alternatives holds, as one conjunction: the alternative's own
    when there is one, else one clause `when A or B`; () when one of them holds on every path."""
    whens = list(dict.fromkeys(whens))
    if len(whens) == 1 or any(not w for w in whens):
        return whens[0] if len(whens) == 1 else ()
    return (describe_when(whens),)



