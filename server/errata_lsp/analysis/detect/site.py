"""What a `detect` predicate reads at one call: the call, its receiver, the argument, its values, and the
strategy of the call's Fabric. Python and Fabric semantics only; a pack's strategies are handed in
(`StrategyKind`, registered through the vocabulary)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..context import Arg, Context
from ..flow import NEVER_EQUAL, enum_compares_as
from ..policies import not_a_set, set_text
from ..values import Value

# The strategy kinds `detect` itself names; a pack's own come as StrategyKind.
XLA_FSDP = "xla_fsdp"
OTHER = "other"
UNKNOWN = "unknown"


@dataclass(frozen=True)
class FabricFacts:
    """What the pack that knows the Fabric tells `detect` of it (registered through the vocabulary)."""

    qualified: str  # the class `Fabric(...)` builds
    kind: Callable[[Context, ast.AST], str | None]  # the strategy kind of a Fabric expression; None: not one
    built_with: Callable[[Context, ast.Call], str]  # the strategy kind of a `Fabric(...)` call
    own_kind: Callable[[Context, str, Callable[[ast.Call], str]], str]  # the file's Fabrics', when they agree
    strategy_calls: Callable[[Context, ast.AST], list[ast.Call] | None]  # the XLAFSDP strategies held
    # the kind of a `Fabric(...)` call's strategy on each of its paths, with that path's conditions
    built_on_paths: Callable[[Context, ast.Call], list[tuple[str, tuple[str, ...]]]] = lambda ctx, call: []
    # the strategy calls an expression holds, each with the module that writes it (another of the project too)
    strategy_holders: Callable[[Context, ast.AST], list[tuple[Context, ast.Call]] | None] = lambda ctx, expr: None


# No pack knows the Fabric: nothing is one.
NO_FABRIC = FabricFacts("", lambda ctx, expr: None, lambda ctx, call: UNKNOWN,
                        lambda ctx, fact, kind_of: UNKNOWN, lambda ctx, expr: None)


@dataclass(frozen=True)
class Machine:
    """What the library's probes answer on every machine a strategy kind runs on (`answers`: a callable's
    qualified name -> what a call of it with no argument gives), and those machines in words for a message.
    A Fabric that builds the strategy only on some paths builds it on every run of such a machine whose
    paths' conditions all hold there; a value under a condition false there never reaches it."""

    answers: Mapping[str, Any]
    described: str
    imports: frozenset[str] = frozenset()  # the packages installed there (an import probe of them succeeds)


@dataclass(frozen=True)
class StrategyKind:
    """A strategy kind a pack registers for `strategy` and `fabric`: a Fabric is built with it when its
    `strategy=` is one of `names` (a string, in any case) or an object of one of `classes`."""

    name: str
    names: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()


@dataclass
class Site:
    """One call the rule looks at, with what its predicates read (computed once, on demand)."""

    ctx: Context
    call: ast.Call
    receiver: ast.expr | None
    strategies: Sequence[StrategyKind] = ()  # the strategy kinds the packs registered
    fabric: FabricFacts = NO_FABRIC  # what the packs tell of the Fabric
    written: ast.expr | None = None  # the argument's value as written at the call
    arg: Arg | None = None  # when the argument is a keyword
    found: list[Value] = field(default_factory=list)  # the values that pass the predicates
    strategy_when: list[tuple[str, ...]] | None = None  # the Fabric runs XLAFSDP only on these paths
    on_machine: str | None = None  # its paths all hold on the machines XLAFSDP runs on: what the message adds
    converted_here: bool = False  # the finding stays at this use: the conversion its fix makes belongs here
    _keywords: tuple[dict[str, Arg], bool] | None = field(default=None, repr=False)
    _as_set: str | None = field(default=None, repr=False)

    @property
    def keywords(self) -> tuple[dict[str, Arg], bool]:
        if self._keywords is None:
            self._keywords = self.ctx.keyword_args(self.call)
        return self._keywords

    @property
    def as_set(self) -> str:
        """The keyword argument made a set of the same elements, as text (`[A, B]` -> `{A, B}`); '' when
        it cannot be said or the argument is not written in this document."""
        if self._as_set is None:
            arg = self.arg
            self._as_set = "" if arg is None or arg.value not in self.ctx.parents else (
                set_text(self.ctx, arg, not_a_set(self.ctx, arg.value)) or "")
        return self._as_set


def value_ctx(site: Site, value: Value) -> Context:
    """The context the value is written in: another module's for a value from there."""
    return value.flow.ctx if value.flow is not None and value.foreign else site.ctx


def constant_of(value: Value | None) -> tuple[bool, Any]:
    """(True, the constant) for a str, int, float, bool or None literal (`-1` too), else (False, None). A member of
    the project's Enum is its value only when it mixes `str` or `int` in (`isinstance(member, str)` holds, its
    `==` and `.lower()` are the value's); a plain `Enum`'s member is no constant."""
    if value is not None and value.kind == "enum":
        compared = enum_compares_as(value)
        return (True, compared) if isinstance(compared, (str, int)) and compared is not NEVER_EQUAL else (False, None)
    node = value.node if value is not None else None
    if isinstance(node, ast.Constant) and (node.value is None or type(node.value) in (str, int, float, bool)):
        return True, node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)) and isinstance(
            node.operand, ast.Constant) and type(node.operand.value) in (int, float):
        return True, -node.operand.value if isinstance(node.op, ast.USub) else node.operand.value  # type: ignore[operator]  # `-1`
    return False, None


def same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b  # `True` is not 1, `16.0` is not 16


def spelled(node: ast.AST) -> str | None:
    """`a.b.c` as written, for a chain of names; else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def matches_name(qualified: str | None, patterns: Sequence[str]) -> bool:
    if not qualified:
        return False
    return any(qualified == p or p.endswith(".*") and qualified.startswith(p[:-1]) for p in patterns)


def member(site: Site, value: Value, owner: str) -> str | None:
    """`MAX` when the value is `<owner>.MAX` (resolved under the owner's top package, or spelled with
    the owner's class name when the file does not import it)."""
    node = value.node
    if not isinstance(node, ast.Attribute):
        return None
    package, _, cls = owner.rpartition(".")
    qualified = value_ctx(site, value).resolve(node) or ""
    # the member is the attribute right after the class: `ReduceOp.MAX.name` is a str, not a member
    if qualified.startswith(package + ".") and qualified.rpartition(".")[0].endswith(f".{cls}"):
        return node.attr
    base = node.value
    if isinstance(base, ast.Attribute) and base.attr == cls or isinstance(base, ast.Name) and base.id == cls:
        return node.attr
    return None


def positional(site: Site) -> list[ast.expr] | None:
    """The call's positional arguments, each `*xs` whose items the file knows all (a tuple or list display, a
    `*args` parameter at one call of its function, a generator's yields) spread into one stand-in per item,
    placed at the `*xs`; None when a `*xs` cannot be counted."""
    call, ctx = site.call, site.ctx
    if not any(isinstance(a, ast.Starred) for a in call.args):
        return list(call.args)
    return ctx.once("positional arguments", call, lambda: _spread(ctx, call))


def _spread(ctx: Context, call: ast.Call) -> list[ast.expr] | None:
    out: list[ast.expr] = []
    for a in call.args:
        if not isinstance(a, ast.Starred):
            out.append(a)
            continue
        items = ctx.flow.spread_items(a.value)
        if items is None:
            return None
        for values in items:
            held = ast.copy_location(ast.Name(id="_", ctx=ast.Load()), a)
            held.end_lineno, held.end_col_offset = a.end_lineno, a.end_col_offset
            ctx.flow.pin(held, values)
            out.append(held)
    return out


def argument(site: Site, where: dict[str, Any]) -> tuple[ast.expr | None, Arg | None, bool]:
    """(value as written, keyword Arg, hidden): hidden when a `*args` the file cannot count may hold it."""
    call, keyword, position = site.call, where.get("keyword"), where.get("position")
    if keyword is not None and keyword in site.keywords[0]:  # spelled by name: that is the argument
        arg = site.keywords[0][keyword]
        return arg.value, arg, False
    if position is not None:
        args = call.args if not any(isinstance(a, ast.Starred) for a in call.args[:position + 1]) else positional(site)
        if args is None:
            return None, None, True
        if len(args) > position:
            return args[position], None, False
    return None, None, False


def absent(site: Site, keyword: str, position: int | None) -> bool:
    """The call certainly lacks the argument: by keyword (every `**` read) and, with `position`, there."""
    if position is not None:
        args = positional(site)
        if args is None or len(args) > position:
            return False
    args_by_name, complete = site.keywords
    return complete and keyword not in args_by_name


# --- the strategy of the site's Fabric --------------------------------------------------------
def strategy_names(strategies: Sequence[StrategyKind]) -> tuple[str, ...]:
    """What `strategy` and `fabric` may name, in this order: the core's, the packs', then other and unknown."""
    return (XLA_FSDP, *(kind.name for kind in strategies), OTHER, UNKNOWN)


def pack_strategy(site: Site, ctx: Context, fabric_call: ast.Call) -> str:
    """XLA_FSDP, a pack's strategy kind, OTHER or UNKNOWN for a `Fabric(...)` call."""
    return ctx.once("pack_strategy", fabric_call, lambda: _pack_strategy(site, ctx, fabric_call))


def _pack_strategy(site: Site, ctx: Context, fabric_call: ast.Call) -> str:
    strategies = site.strategies
    kind = site.fabric.built_with(ctx, fabric_call)
    if kind != OTHER:
        return kind
    args, _ = ctx.keyword_args(fabric_call)
    strategy = args.get("strategy")
    if strategy is None:
        return OTHER
    kinds = set()
    for value in ctx.values(strategy.value):
        known, text = constant_of(value)
        if known and isinstance(text, str):
            kinds.add(next((k.name for k in strategies if text.lower() in k.names), OTHER))
        elif value.kind == "strategy":
            kinds.add(next((k.name for k in strategies if value.qualified in k.classes), OTHER))
        else:
            kinds.add(OTHER)
    return kinds.pop() if len(kinds) == 1 else UNKNOWN


def fabric_of(site: Site) -> str | None:
    """The strategy kind of the site's Fabric: the receiver's, or the `Fabric(...)` call's own."""
    if site.receiver is None:
        return site.ctx.once("fabric_of_call", site.call, lambda: _site_fabric(site))
    return site.ctx.once("fabric_of_receiver", site.receiver, lambda: _site_fabric(site))


def _site_fabric(site: Site) -> str | None:
    ctx = site.ctx
    if site.receiver is None:
        if site.fabric.qualified and ctx.builds(site.call, site.fabric.qualified):
            return pack_strategy(site, ctx, site.call)
        return None
    kind = site.fabric.kind(ctx, site.receiver)
    if kind == OTHER:  # tell the packs' strategies apart
        found, followed = set(), False
        for value in ctx.values(site.receiver):
            if value.kind == "fabric" and isinstance(value.node, ast.Call):
                owner = value.flow.ctx if value.flow is not None else ctx
                found.add(pack_strategy(site, owner, value.node))
                followed = True
        # not XLA_FSDP here, whatever the Fabric is built with: a pack's test of the strategy rules it out
        # (an `isinstance(fabric.strategy, ...)` naming another strategy class)
        found.discard(XLA_FSDP)
        if len(found) == 1:
            return found.pop()
        if followed:
            return OTHER if not found else UNKNOWN
        if not found:  # a Fabric the file cannot follow: the file's own, if it builds one kind
            return site.fabric.own_kind(ctx, "own_pack_strategy", lambda call: pack_strategy(site, ctx, call))
        return UNKNOWN
    return kind


def strategy_paths(site: Site) -> list[tuple[str, tuple[str, ...]]] | None:
    """The strategy kind of the site's Fabric on each path (XLA_FSDP, OTHER, UNKNOWN), with the conditions
    of that path, for a Fabric whose strategy is of several kinds (`strategy=S() if devices > 1 else "auto"`);
    None when a path's Fabric cannot be followed."""
    ctx = site.ctx
    if site.receiver is None:
        if not site.fabric.qualified or not ctx.builds(site.call, site.fabric.qualified):
            return None
        return site.fabric.built_on_paths(ctx, site.call) or None
    paths: list[tuple[str, tuple[str, ...]]] = []
    for value in ctx.values(site.receiver):
        if value.kind != "fabric" or not isinstance(value.node, ast.Call):
            return None
        owner = value.flow.ctx if value.flow is not None else ctx
        found = site.fabric.built_on_paths(owner, value.node)
        if not found:
            return None
        paths.extend((kind, (*value.when, *when)) for kind, when in found)
    return paths or None

