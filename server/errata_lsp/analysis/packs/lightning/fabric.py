"""What a Fabric runs (XLA_FSDP, OTHER, UNKNOWN: the kinds `detect` names), asked of a file's context by the Lightning packs' rules and their `detect`
vocabulary: the strategy a `Fabric(...)` call is built with, whether an expression is a Fabric (and which
strategy it runs), and the strategy objects an expression may hold. Each answer is worked out once per
check and kept in the context."""

from __future__ import annotations

import ast
from collections.abc import Callable

from ...context import Context
from ...detect.site import OTHER, UNKNOWN, XLA_FSDP
from ...flow import Flow
from .names import (
    ACCELERATORS_PACKAGE,
    FABRIC,
    STRATEGIES_PACKAGE,
    XLA_ACCELERATOR,
    XLA_ACCELERATOR_BASES,
    XLAFSDP_BASES,
    XLAFSDP_DEVICE_TYPE,
    XLAFSDP_STRATEGY,
)

__all__ = ["ELSEWHERE", "OTHER", "UNKNOWN", "XLA_FSDP", "fabric_calls", "fabric_kind", "fabric_strategy",
           "fabric_strategy_paths", "is_fabric_method", "launch_calls", "own_fabric_kind", "strategy_calls",
           "strategy_holders", "strategy_kind"]

# Stands for an `XLAFSDPStrategy(...)` call that lives in another file of the project.
ELSEWHERE = ast.Call(func=ast.Name(id="XLAFSDPStrategy"), args=[], keywords=[])


def strategy_calls(ctx: Context, expr: ast.AST) -> list[ast.Call] | None:
    """The `XLAFSDPStrategy(...)` calls an expression may hold, wherever they were written (a call in
    another module of the project stands as ELSEWHERE). [] when it holds something else; None when
    the file cannot tell."""
    calls: list[ast.Call] = []
    unknown = False
    for value in ctx.flow.values(expr):
        if value.kind == "strategy" and value.qualified == XLAFSDP_STRATEGY:
            calls.append(value.node if not value.foreign and isinstance(value.node, ast.Call) else ELSEWHERE)
        elif value.kind in ("unknown", "external", "instance"):
            unknown = True
    if not calls and unknown:
        return None
    return calls


def strategy_holders(ctx: Context, expr: ast.AST) -> list[tuple[Context, ast.Call]] | None:
    """The `XLAFSDPStrategy(...)` calls an expression may hold, each with the module that writes it (this one
    or another of the project): their arguments are read there, with its imports. [] when it holds something
    else; None when the project cannot tell (or cannot place a call)."""
    found: list[tuple[Context, ast.Call]] = []
    unknown = False
    for value in ctx.flow.values(expr):
        if value.kind == "strategy" and value.qualified == XLAFSDP_STRATEGY:
            owner = ctx.owner_of(value)
            if owner is None or not isinstance(value.node, ast.Call):
                return None
            found.append((owner, value.node))
        elif value.kind in ("unknown", "external", "instance"):
            unknown = True
    if not found and unknown:
        return None
    return found


def fabric_strategy(ctx: Context, fabric_call: ast.Call) -> str:
    """XLA_FSDP, OTHER or UNKNOWN for the strategy a `Fabric(...)` call is built with."""
    return ctx.once("fabric_strategy", fabric_call, lambda: _fabric_strategy(ctx, fabric_call))


def _fabric_strategy(ctx: Context, fabric_call: ast.Call) -> str:
    kinds = {kind for kind, _ in fabric_strategy_paths(ctx, fabric_call)}
    return kinds.pop() if len(kinds) == 1 else UNKNOWN


def fabric_strategy_paths(ctx: Context, fabric_call: ast.Call) -> list[tuple[str, tuple[str, ...]]]:
    """The strategy a `Fabric(...)` call is built with on each path: (XLA_FSDP, OTHER or UNKNOWN, the
    conditions of that path), one per value its `strategy=` may hold (`XLAFSDPStrategy(...) if devices > 1
    else "auto"`: XLA_FSDP when devices > 1, OTHER when devices <= 1)."""
    return ctx.once("fabric_strategy_paths", fabric_call, lambda: _fabric_strategy_paths(ctx, fabric_call))


def _fabric_strategy_paths(ctx: Context, fabric_call: ast.Call) -> list[tuple[str, tuple[str, ...]]]:
    args, complete = ctx.keyword_args(fabric_call)
    strategy = args.get("strategy")
    if strategy is None:
        return [(OTHER if complete and len(fabric_call.args) < 2 else UNKNOWN, ())]
    accelerator = args.get("accelerator")
    tpu = accelerator is not None and any(
        v.kind == "str" and isinstance(v.node, ast.Constant) and v.node.value == "tpu"
        for v in ctx.flow.values(accelerator.value))
    paths: list[tuple[str, tuple[str, ...]]] = []
    held = ctx.flow.values(strategy.value)
    # the plain run's (`os.environ.get("STRATEGY", "xla_fsdp")`, `{...}[ACCELERATOR]` of an environment default):
    # what another run sets is that run's, as a value's is (`Flow.plain_run`)
    for value in Flow.plain_run(held) or held:
        if value.kind == "str" and isinstance(value.node, ast.Constant) and isinstance(value.node.value, str):
            name = value.node.value.lower()
            # Lightning remaps "fsdp" with a TPU accelerator to "xla_fsdp"
            kind = XLA_FSDP if name == "xla_fsdp" or name == "fsdp" and tpu else OTHER
        elif value.kind == "strategy":
            kind = XLA_FSDP if value.qualified == XLAFSDP_STRATEGY else OTHER
        elif value.kind == "none":
            kind = OTHER
        else:
            kind = UNKNOWN
        paths.append((kind, (*strategy.when, *value.when)))
    return paths


def fabric_calls(ctx: Context) -> list[ast.Call]:
    """Every `Fabric(...)` call of the file."""
    return ctx.once("fabric_calls", ctx.module, lambda: list(ctx.calls_to(FABRIC)))


def launch_calls(ctx: Context) -> list[ast.Call]:
    return [call for call, _ in ctx.method_calls("launch")]


def fabric_kind(ctx: Context, expr: ast.AST) -> str | None:
    """What strategy a Fabric expression runs: XLA_FSDP, OTHER, UNKNOWN; None when it is not a Fabric."""
    # A launched function that launches itself (`def train(fabric): fabric.launch(train)`) asks for
    # its own parameter's kind again: that cycle cannot tell.
    return ctx.once("fabric_kind", expr, lambda: _fabric_kind(ctx, expr), meanwhile=UNKNOWN)


def _fabric_kind(ctx: Context, expr: ast.AST) -> str | None:
    if _guarded_from_xla_fsdp(ctx, expr):
        return OTHER
    kinds: set[str | None] = set()
    values = ctx.flow.values(expr)
    if any(v.kind == "fabric" for v in values):  # `FABRIC = None` until `main()` sets it: a placeholder
        values = tuple(v for v in values if v.kind != "none")
    for value in values:
        if value.kind == "fabric" and isinstance(value.node, ast.Call):
            owner = value.flow.ctx if value.flow is not None else ctx
            kinds.add(fabric_strategy(owner, value.node))
        elif value.kind in ("unknown", "external"):
            kinds.add(None)  # what the file cannot tell (a name it does not bind, an import)
        else:
            return None  # something else: not a Fabric
    if None not in kinds:
        return kinds.pop() if len(kinds) == 1 else UNKNOWN
    if kinds - {None}:
        return UNKNOWN  # a Fabric on some paths
    looks_like_fabric = (
        isinstance(expr, ast.Name) and "fabric" in expr.id.lower()
        or isinstance(expr, ast.Attribute) and "fabric" in expr.attr.lower()
    )
    if not looks_like_fabric:
        return None
    # a Fabric the file cannot follow (a parameter of a helper nobody calls here): the file's own
    # Fabric, if it builds exactly one kind
    return own_fabric_kind(ctx, "own_fabric_kind", lambda call: fabric_strategy(ctx, call))


def _guarded_from_xla_fsdp(ctx: Context, expr: ast.AST) -> bool:
    """`fabric` read where an `isinstance(fabric.strategy, ...)` test rules XLAFSDPStrategy out: in the body
    of `if isinstance(fabric.strategy, FSDPStrategy):` (litgpt's `load_checkpoint`), a strategy class that is
    not one of XLAFSDPStrategy's bases, or in the `else` of a test that names one (`XLAFSDPStrategy`,
    `ParallelStrategy`); `if not isinstance(...)` the other way round. After an `if` whose body always leaves
    the block (`return`, `raise`, `continue`, `break`) and has no `else`, the statements that follow are that
    test's `else`: `if isinstance(fabric.strategy, XLAFSDPStrategy): return gathered` then `all_reduce`."""
    if not isinstance(expr, ast.Name):
        return False
    child: ast.AST = expr
    parent = ctx.parents.get(expr)
    while parent is not None and not isinstance(parent, ast.Lambda):
        if isinstance(parent, ast.If) and (child in parent.body or child in parent.orelse) \
                and _rules_out(ctx, parent.test, expr, in_body=child in parent.body):
            return True
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if isinstance(block, list) and child in block and any(
                    isinstance(before, ast.If) and not before.orelse and _leaves(before.body)
                    and _rules_out(ctx, before.test, expr, in_body=False)
                    for before in block[:block.index(child)]):
                return True
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
            break
        child, parent = parent, ctx.parents.get(parent)
    return False


def _leaves(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise, ast.Continue, ast.Break))


def _rules_out(ctx: Context, test: ast.expr, expr: ast.Name, in_body: bool) -> bool:
    """`expr` in the body (`in_body`) or the `else` of `if test:` runs under no XLAFSDPStrategy."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, in_body = test.operand, not in_body
    found = _true_under_xla_fsdp(ctx, test, expr.id)
    if found is None or found[0] is in_body:
        return False
    binding = ctx.reaching(expr)
    return binding is not None and binding is _binding_at(ctx, found[1], expr.id)  # the `fabric` the test read


def _true_under_xla_fsdp(ctx: Context, test: ast.expr, name: str) -> tuple[bool, ast.Attribute] | None:
    """Whether a test of `<name>.strategy`'s class holds when it is an XLAFSDPStrategy, with the `<name>.strategy`
    it reads: `isinstance(s, C)` (or a tuple of classes: C one of XLAFSDPStrategy's bases), the exact class
    `type(s) is C` (`==`, `in (A, B)`, negated by `is not`, `!=`, `not in`), and its name `type(s).__name__ ==
    "XLAFSDPStrategy"` (or `s.__class__.__name__`). So too for the XLA hardware that strategy runs on: its
    accelerator (`isinstance(<name>.accelerator, XLAAccelerator)`, `type(<name>.accelerator).__name__`) and its
    device `xla:<n>` (`<name>.device.type == "xla"`, `str(<name>.device).startswith("xla")`, `"xla" in
    str(...)`; `<name>.strategy.root_device` too). None for another test, or a class the file does not import
    from Lightning."""
    classes = _strategy_test(ctx, test, name)
    if classes is not None:
        return bool(classes & XLAFSDP_BASES), test.args[0]  # type: ignore[attr-defined]  # (checked by `_strategy_test`)
    classes = _strategy_test(ctx, test, name, member="accelerator", package=ACCELERATORS_PACKAGE, kind="Accelerator")
    if classes is not None:
        return bool(classes & XLA_ACCELERATOR_BASES), test.args[0]  # type: ignore[attr-defined]  # (as above)
    prefix = _device_prefix_test(test, name)
    if prefix is not None:
        return prefix
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    op, left, right = test.ops[0], test.left, test.comparators[0]
    negated = isinstance(op, (ast.IsNot, ast.NotEq, ast.NotIn))
    if isinstance(op, (ast.In, ast.NotIn)) and isinstance(left, ast.Constant) and isinstance(left.value, str):
        device = _device_text_of(right, name)  # `"xla" in str(fabric.device)`
        found = _in_device_text(left.value) if device is not None else None
        return None if found is None or device is None else (found is not negated, device)
    if not isinstance(op, (ast.Is, ast.IsNot, ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
        return None
    many = isinstance(op, (ast.In, ast.NotIn))
    if many != isinstance(right, (ast.Tuple, ast.List, ast.Set)):
        return None
    named = _class_name_of(left, name)
    accelerator = _class_name_of(left, name, "accelerator")
    exact = _exact_class_of(left, name)
    device = _device_type_of(left, name)
    candidates: list[ast.expr] = list(right.elts) if isinstance(right, (ast.Tuple, ast.List, ast.Set)) else [right]
    names = [c.value for c in candidates if isinstance(c, ast.Constant) and isinstance(c.value, str)]
    if len(names) != len(candidates):
        names = []
    for subject, held in ((named, XLAFSDP_STRATEGY), (accelerator, XLA_ACCELERATOR), (device, XLAFSDP_DEVICE_TYPE)):
        if subject is not None and names:
            return (held.rsplit(".", 1)[-1] in names) is not negated, subject
    if exact is not None:
        qualified = [ctx.resolve(c) for c in candidates]
        if any(q is None or not q.startswith(STRATEGIES_PACKAGE) or not q.endswith("Strategy") for q in qualified):
            return None
        return (XLAFSDP_STRATEGY in qualified) is not negated, exact
    return None


def _device_of(node: ast.expr, name: str) -> ast.Attribute | None:
    """`<name>.device` or `<name>.strategy.root_device`: the `<name>.<member>` it reads."""
    if isinstance(node, ast.Attribute) and node.attr == "device" and isinstance(node.value, ast.Name) \
            and node.value.id == name:
        return node
    if isinstance(node, ast.Attribute) and node.attr == "root_device" and _is_strategy_of(node.value, name):
        return node.value  # type: ignore[return-value]  # (checked by `_is_strategy_of`)
    return None


def _device_type_of(node: ast.expr, name: str) -> ast.Attribute | None:
    """`<name>.device.type`: the `<name>.device` it reads."""
    if isinstance(node, ast.Attribute) and node.attr == "type":
        return _device_of(node.value, name)
    return None


def _device_text_of(node: ast.expr, name: str) -> ast.Attribute | None:
    """`str(<name>.device)`: the `<name>.device` it reads."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str" \
            and len(node.args) == 1 and not node.keywords:
        return _device_of(node.args[0], name)
    return None


def _in_device_text(text: str) -> bool | None:
    """Whether `text` is part of the device's text `xla:<n>`; None when that depends on the ordinal."""
    if text in XLAFSDP_DEVICE_TYPE + ":":
        return True
    return None if set(text) <= set(XLAFSDP_DEVICE_TYPE + ":0123456789") else False


def _device_prefix_test(test: ast.expr, name: str) -> tuple[bool, ast.Attribute] | None:
    """`str(<name>.device).startswith("xla")` (or a tuple of prefixes) under XLAFSDPStrategy."""
    if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and test.func.attr == "startswith"
            and len(test.args) == 1 and not test.keywords):
        return None
    device = _device_text_of(test.func.value, name)
    arg = test.args[0]
    prefixes = arg.elts if isinstance(arg, ast.Tuple) else [arg]
    if device is None or not all(isinstance(p, ast.Constant) and isinstance(p.value, str) for p in prefixes):
        return None
    held = XLAFSDP_DEVICE_TYPE + ":"
    found = [True if held.startswith(p.value) else None if p.value.startswith(held) else False  # type: ignore[attr-defined]
             for p in prefixes]
    if True in found:
        return True, device
    return None if None in found else (False, device)


def _exact_class_of(node: ast.expr, name: str, member: str = "strategy") -> ast.Attribute | None:
    """`type(<name>.strategy)`: the `<name>.strategy` it reads (or `<name>.<member>`)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type" \
            and len(node.args) == 1 and not node.keywords and _is_strategy_of(node.args[0], name, member):
        return node.args[0]  # type: ignore[return-value]  # (checked by `_is_strategy_of`)
    return None


def _class_name_of(node: ast.expr, name: str, member: str = "strategy") -> ast.Attribute | None:
    """`type(<name>.strategy).__name__` or `<name>.strategy.__class__.__name__`: the `<name>.strategy` it reads
    (or `<name>.<member>`)."""
    if not (isinstance(node, ast.Attribute) and node.attr in ("__name__", "__qualname__")):
        return None
    inner = node.value
    if isinstance(inner, ast.Attribute) and inner.attr == "__class__" and _is_strategy_of(inner.value, name, member):
        return inner.value  # type: ignore[return-value]  # (checked by `_is_strategy_of`)
    return _exact_class_of(inner, name, member)


def _is_strategy_of(node: ast.expr, name: str, member: str = "strategy") -> bool:
    return isinstance(node, ast.Attribute) and node.attr == member and isinstance(node.value, ast.Name) \
        and node.value.id == name


def _strategy_test(ctx: Context, test: ast.expr, name: str, member: str = "strategy",
                   package: str = STRATEGIES_PACKAGE, kind: str = "Strategy") -> set[str] | None:
    """The Lightning strategy classes of `isinstance(<name>.strategy, C)` (or a tuple of classes); None for
    another test, or a class the file does not import from Lightning's strategies. The same for the
    accelerator classes of `isinstance(<name>.accelerator, C)` (`member`, `package`, `kind`)."""
    if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance"
            and ctx.reaching(test.func) is None and len(test.args) == 2 and not test.keywords):
        return None
    subject, kinds = test.args
    if not _is_strategy_of(subject, name, member):
        return None
    classes = set()
    if isinstance(kinds, ast.Name):  # `SHARDED = (FSDPStrategy, DDPStrategy)` at the top, then `isinstance(s, SHARDED)`
        held = ctx.values(kinds)
        if len(held) == 1 and held[0].kind == "tuple" and isinstance(held[0].node, ast.Tuple) and not held[0].when \
                and held[0].node in ctx.parents:
            kinds = held[0].node
    for node in kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]:
        qualified = ctx.resolve(node)
        if qualified is None or not qualified.startswith(package) or not qualified.endswith(kind):
            return None
        classes.add(qualified)
    return classes


def _binding_at(ctx: Context, subject: ast.Attribute, name: str) -> object:
    """What the `<name>` of the test's `<name>.strategy` reaches."""
    return ctx.reaching(subject.value) if isinstance(subject.value, ast.Name) and subject.value.id == name else None


def own_fabric_kind(ctx: Context, fact: str, kind_of: Callable[[ast.Call], str]) -> str:
    """The kind `kind_of` gives every `Fabric(...)` the file builds, when they agree (UNKNOWN otherwise):
    worked out once per check (kept as `fact`), not for each Fabric the file cannot follow."""
    def agreed() -> str:
        found = {kind_of(call) for call in fabric_calls(ctx)}
        return found.pop() if len(found) == 1 else UNKNOWN

    return ctx.once(fact, ctx.module, agreed)


def strategy_kind(ctx: Context, expr: ast.AST) -> str | None:
    """XLA_FSDP/OTHER/UNKNOWN for a strategy expression: `fabric.strategy` or a strategy object."""
    if isinstance(expr, ast.Attribute) and expr.attr == "strategy":
        kind = fabric_kind(ctx, expr.value)
        if kind is not None:
            return kind
    if strategy_calls(ctx, expr):
        return XLA_FSDP
    return None


def is_fabric_method(ctx: Context, node: ast.AST, methods: tuple[str, ...]) -> bool:
    """A call of one of `methods` on a Fabric."""
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in methods
        and fabric_kind(ctx, node.func.value) is not None
    )
