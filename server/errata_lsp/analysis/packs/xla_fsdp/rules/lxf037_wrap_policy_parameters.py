"""LXF037: a function given as XLAFSDPStrategy's `auto_wrap_policy` that torch_xla cannot call.

Lightning hands a callable policy to torch_xla as it is, and torch_xla calls it by keyword:
`auto_wrap_policy(module=module, recurse=True, unwrapped_params=num_params)` (torch_xla 2.9
`distributed/fsdp/wrap.py` l.190, l.210). A policy written for torch's CUDA FSDP names its third parameter
`nonwrapped_numel`, and one written by hand may call its first `m`: `fabric.setup_module` then raises
`TypeError: policy() got an unexpected keyword argument 'unwrapped_params'` (or `'module'`), inside the
launched function (xla_fsdp.py l.222; labelled case 1246a9c484325745_before: a CUDA-style policy; corpus r23 through
`functools.partial`, r24 runs with torch_xla's names).

Flagged where the argument holds a `def` of this file (directly or as the function of a `functools.partial`
that binds it no positional argument), which lacks one of the three keywords and has no `**kwargs`. A def
made inside a function is left to LXF006: it fails to pickle at `fabric.launch` first. An instance of a
class of the project is judged by its `__call__` (its own or a base's), `self` aside: `SizePolicy.__call__(self,
module, recurse, nonwrapped_numel)` raises `TypeError: SizePolicy.__call__() got an unexpected keyword
argument 'unwrapped_params'` (program corpus s96), named by the class that defines it.

The fix renames the parameter in the def's signature and body (the first three positional parameters take
`module`, `recurse` and `unwrapped_params`), when the body has no nested function or class that could see
the old name. Other callers of the function by keyword would break, so it is unsafe.

A policy of torch or torch_xla (`..wrap_policies`: their signatures, by qualified name) is judged alike, bare
or as the function of a `functools.partial` that binds it only keywords it takes, wherever the value is
written: torch's `transformer_auto_wrap_policy`, `size_based_auto_wrap_policy`, `lambda_auto_wrap_policy`,
`_or_policy` take `nonwrapped_numel` and raise (program corpus s84, s120-s123, s127). The fix imports the
policy from `torch_xla.distributed.fsdp.wrap`, which has one of the same name and behaviour, when a
`from torch.distributed.fsdp.wrap import ...` line of the policy's module names it (and nothing torch_xla
lacks); unsafe, since other code may give the same name to torch's CUDA FSDP.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator

from ....context import Context, place_in
from ....findings import Finding, Fix, Place, Safety, Severity
from ....flow import Flow
from ....rule import Invalid, Rule, Valid, fix, replace
from ....values import Value, describe_when, on_every_path
from ...lightning.names import XLAFSDP_STRATEGY
from ..wrap_policies import LIBRARY_POLICIES, TORCH_WRAP, XLA_WRAP, LibraryPolicy

HOW_CALLED = "torch_xla calls a wrap policy as `policy(module=..., recurse=..., unwrapped_params=...)`"
KEYWORDS = ("module", "recurse", "unwrapped_params")  # how torch_xla calls a wrap policy, in this order
CUDA_NAME = "nonwrapped_numel"  # what torch's FSDP calls the third


class WrapPolicyParameters(Rule):
    code = "LXF037"
    record = "1246a9c484325745"
    name = "xla-wrap-policy-parameters"
    summary = "Under XLAFSDP, a wrap policy is called as `policy(module=..., recurse=..., unwrapped_params=...)`"
    triggers = ("auto_wrap_policy",)
    examples = (
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def policy(module, recurse, nonwrapped_numel):\n"
            "    return nonwrapped_numel >= 1e6\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy=policy)\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def policy(module, recurse, unwrapped_params):\n"
            "    return unwrapped_params >= 1e6\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy=policy)\n",
            message="policy() got an unexpected keyword argument 'unwrapped_params'",
            count=1, at="4:45-4:51", severity="error",
        ),
        Invalid(
            "from functools import partial\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def size_policy(m, recurse, unwrapped_params, min_params):\n"
            "    return unwrapped_params >= min_params\n"
            "def make(big):\n"
            "    policy = partial(size_policy, min_params=1e6) if big else None\n"
            "    return XLAFSDPStrategy(auto_wrap_policy=policy)\n",
            message="size_policy() got an unexpected keyword argument 'module'",
            count=1, at="7:45-7:51", severity="warning",
        ),
        Invalid(
            "import functools\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "from torch.distributed.fsdp.wrap import transformer_auto_wrap_policy\n"
            "policy = functools.partial(transformer_auto_wrap_policy, transformer_layer_cls={Block})\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy=policy)\n",
            fixed="import functools\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "from torch_xla.distributed.fsdp.wrap import transformer_auto_wrap_policy\n"
            "policy = functools.partial(transformer_auto_wrap_policy, transformer_layer_cls={Block})\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy=policy)\n",
            message="transformer_auto_wrap_policy() got an unexpected keyword argument 'unwrapped_params'",
            count=1, at="5:45-5:51", severity="error",
        ),
        Invalid(
            "import functools as ft\n"
            "import torch.distributed.fsdp.wrap as fsdp_wrap\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def make(args):\n"
            "    policy = fsdp_wrap.size_based_auto_wrap_policy\n"
            "    if args.big:\n"
            "        policy = ft.partial(fsdp_wrap.lambda_auto_wrap_policy, lambda_fn=args.is_block)\n"
            "    return XLAFSDPStrategy(auto_wrap_policy=policy)\n",
            message="raises TypeError on every path. When args.big: lambda_auto_wrap_policy() got an unexpected "
                    "keyword argument 'unwrapped_params'",
            count=1, at="8:45-8:51", severity="error",
        ),
        Invalid(
            "import functools as ft\n"
            "import torch.distributed.fsdp.wrap as fsdp_wrap\n"
            "import torch_xla.distributed.fsdp.wrap as xla_wrap\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def make(args):\n"
            "    policy = fsdp_wrap.size_based_auto_wrap_policy\n"
            "    if args.big:\n"
            "        policy = ft.partial(xla_wrap.lambda_auto_wrap_policy, lambda_fn=args.is_block)\n"
            "    return XLAFSDPStrategy(auto_wrap_policy=policy)\n",
            message="size_based_auto_wrap_policy() got an unexpected keyword argument 'unwrapped_params' (`nonwrapped_numel` "
                    "is what torch's CUDA FSDP passes); torch_xla has its own: `from torch_xla.distributed.fsdp.wrap "
                    "import size_based_auto_wrap_policy`; when not args.big",
            count=1, at="9:45-9:51", severity="warning",
        ),
        Valid("from functools import partial\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy, FSDPStrategy\n"
              "from torch.distributed.fsdp.wrap import ModuleWrapPolicy, always_wrap_policy\n"
              "from torch.distributed.fsdp.wrap import size_based_auto_wrap_policy as cuda_size_policy\n"
              "import torch_xla.distributed.fsdp.wrap as xla_wrap\n"
              "def transformer_auto_wrap_policy(module, recurse, unwrapped_params, transformer_layer_cls):\n"
              "    return recurse or isinstance(module, tuple(transformer_layer_cls))\n"
              "a = XLAFSDPStrategy(auto_wrap_policy=partial(transformer_auto_wrap_policy, transformer_layer_cls={Block}))\n"
              "b = XLAFSDPStrategy(auto_wrap_policy=partial(xla_wrap.lambda_auto_wrap_policy, lambda_fn=is_block))\n"
              "c = XLAFSDPStrategy(auto_wrap_policy=xla_wrap.size_based_auto_wrap_policy)\n"
              "d = XLAFSDPStrategy(auto_wrap_policy=always_wrap_policy)\n"
              "e = XLAFSDPStrategy(auto_wrap_policy=ModuleWrapPolicy({Block}))\n"
              "f = FSDPStrategy(auto_wrap_policy=partial(cuda_size_policy, min_num_params=1e6))\n"),
        Valid("from functools import partial\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy, FSDPStrategy\n"
              "from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy\n"
              "def policy(module, recurse, unwrapped_params):\n"
              "    return unwrapped_params >= 1e6\n"
              "def loose(module, recurse, **kwargs):\n"
              "    return recurse\n"
              "def cuda_policy(module, recurse, nonwrapped_numel):\n"
              "    return nonwrapped_numel >= 1e6\n"
              "a = XLAFSDPStrategy(auto_wrap_policy=policy)\n"
              "b = XLAFSDPStrategy(auto_wrap_policy=loose)\n"
              "c = XLAFSDPStrategy(auto_wrap_policy=partial(size_based_auto_wrap_policy, min_num_params=1e6))\n"
              "d = FSDPStrategy(auto_wrap_policy=cuda_policy)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            arg = ctx.keyword_args(call)[0].get("auto_wrap_policy")
            if arg is None:
                continue
            values = ctx.values(arg.value)
            bad = [*self._own_policies(ctx, values), *self._library_policies(ctx, values)]
            if len(bad) > 1 and on_every_path(values, [b.value for b in bad if b.value is not None]):
                yield self._every_path(ctx, arg.value, bad)
                continue
            for policy in bad:
                message = f"{HOW_CALLED}, and {policy.lacks}, so `fabric.setup_module` raises TypeError: {policy.error}"
                message += policy.notes + (f"; {describe_when([policy.when])}" if policy.when else "")
                finding = self.finding(ctx, arg.value, message, policy.fixes, Severity.WARNING if policy.when else None)
                yield finding if policy.place is None else dataclasses.replace(finding, elsewhere=policy.place)

    def _every_path(self, ctx: Context, at: ast.expr, bad: list[_BadPolicy]) -> Finding:
        """One error for a policy argument every alternative of which raises (`size_based_auto_wrap_policy` on
        one branch, a partial of `lambda_auto_wrap_policy` on the other): each named with its condition."""
        alternatives = ". ".join(f"{_sentence(describe_when([b.when]) or 'otherwise')}: {b.error}, since {b.lacks}"
                                 f"{b.notes}" for b in bad)
        message = (f"{HOW_CALLED}, and no policy this argument may hold takes them all, so `fabric.setup_module` "
                   f"raises TypeError on every path. {alternatives}")
        fixes = list({f.title: f for b in bad for f in b.fixes}.values())
        places = {b.place for b in bad}
        finding = self.finding(ctx, at, message, fixes)
        place = places.pop() if len(places) == 1 else None
        return finding if place is None else dataclasses.replace(finding, elsewhere=place)

    def _own_policies(self, ctx: Context, values: tuple[Value, ...]) -> Iterator[_BadPolicy]:
        """The defs of the project the argument may hold that lack one of torch_xla's keywords."""
        for func, when, module, whole, owner in _policies(ctx, values):
            bound = owner is not None  # `__call__` of an instance: `self` is not one of the keywords
            missing = next((k for k in KEYWORDS if not _accepts(func, k, bound)), None)
            if missing is None:
                continue
            notes = f" (`{CUDA_NAME}` is what torch's CUDA FSDP passes)" \
                if missing == "unwrapped_params" and _accepts(func, CUDA_NAME, bound) else ""
            name = f"{owner.name}.{func.name}" if owner is not None else func.name
            lacks = f"`{name}` takes no `{missing}`"
            error = f"{name}() got an unexpected keyword argument '{missing}'"
            if module is None:
                yield _BadPolicy(lacks, error, notes, when, _rename(ctx, func, bound), None, whole)
                continue
            # a policy of another module: reported where it is defined, its rename made there
            fixes = [dataclasses.replace(f, path=module.origin) for f in _rename(module.ctx, func, bound)]
            yield _BadPolicy(lacks, error, notes, when, fixes, place_in(module, func), whole)

    def _library_policies(self, ctx: Context, values: tuple[Value, ...]) -> Iterator[_BadPolicy]:
        """The wrap policies of torch or torch_xla the argument may hold that lack one of torch_xla's keywords,
        judged by their signatures in the pack's table (one a name of a library policy and path)."""
        judged: set[tuple[int, tuple[str, ...]]] = set()
        for policy, named, when, there, whole in _library_policies(ctx, values):
            if (id(named), when) in judged:
                continue
            judged.add((id(named), when))
            missing = next((k for k in KEYWORDS if not policy.accepts(k)), None)
            if missing is None:
                continue
            notes = f" (`{CUDA_NAME}` is what torch's CUDA FSDP passes)" \
                if missing == "unwrapped_params" and policy.accepts(CUDA_NAME) else ""
            if policy.xla_counterpart:
                notes += f"; torch_xla has its own: `from {XLA_WRAP} import {policy.name}`"
            elsewhere = there.origin is not None  # named in another module: reported there, its import fixed there
            fixes = _import_from_xla(there.ctx, named)
            if elsewhere:
                fixes = [dataclasses.replace(f, path=there.origin) for f in fixes]
            yield _BadPolicy(f"`{policy.name}` of `{policy.module}` takes no `{missing}`",
                             f"{policy.name}() got an unexpected keyword argument '{missing}'", notes, when, fixes,
                             place_in(there, named) if elsewhere else None, whole)


@dataclasses.dataclass(frozen=True)
class _BadPolicy:
    """A policy the argument may hold that torch_xla's call raises on."""

    lacks: str  # "`policy` takes no `module`"
    error: str  # the TypeError's message
    notes: str  # what torch's FSDP passes instead, torch_xla's own policy of that name
    when: tuple[str, ...]
    fixes: list[Fix]
    place: Place | None  # where another module writes it
    value: Value | None  # the value of the argument it is, when it is that value on every path the value holds


# (module-level def, conditions, the flow of the other module that writes it or None for this file, the argument's
# value when the def is all it holds, the class whose `__call__` it is or None)
_Policy = tuple[ast.FunctionDef, tuple[str, ...], Flow | None, Value | None, ast.ClassDef | None]


def _policies(ctx: Context, values: tuple[Value, ...]) -> Iterator[_Policy]:
    """Each function the policy argument may hold, itself or as the function of a `functools.partial` that binds
    no positional argument, or as the `__call__` of an instance of a project class (see `_Policy`)."""
    for value in values:
        node = value.node
        if node is None or not value.foreign and node not in ctx.parents:
            continue
        if value.kind == "partial" and isinstance(node, ast.Call) and len(node.args) == 1 and not value.foreign:
            inners = ctx.values(node.args[0])
            for inner in inners:
                if inner.kind == "function" and inner.extra != "nested" and isinstance(inner.node, ast.FunctionDef) \
                        and (inner.foreign or inner.node in ctx.parents):
                    yield (inner.node, tuple(dict.fromkeys((*value.when, *inner.when))), _elsewhere(inner),
                           value if len(inners) == 1 else None, None)
        elif value.kind == "function" and value.extra != "nested" and isinstance(node, ast.FunctionDef):
            yield node, value.when, _elsewhere(value), value, None
        elif value.kind == "instance" and value.flow is not None and isinstance(value.extra[0], ast.ClassDef):
            yield from _called_method(value)


def _called_method(instance: Value) -> Iterator[_Policy]:
    """The `__call__` an instance of a project class runs (its class's, or the nearest base's), with the class
    that defines it; a static or decorated one is left alone."""
    flow = instance.flow
    assert flow is not None  # checked by the caller
    methods = flow.class_attribute(instance.extra[0], "__call__", set())
    for method in methods:
        func = method.node
        owner = method.flow.ctx.parents.get(func) if method.flow is not None and func is not None else None
        if method.kind == "function" and isinstance(func, ast.FunctionDef) and not func.decorator_list \
                and isinstance(owner, ast.ClassDef) and func.args.args:
            yield (func, tuple(dict.fromkeys((*instance.when, *method.when))), _elsewhere(method),
                   instance if len(methods) == 1 else None, owner)


def _library_policies(ctx: Context, values: tuple[Value, ...]) \
        -> Iterator[tuple[LibraryPolicy, ast.AST, tuple[str, ...], Flow, Value | None]]:
    """(the policy, the expression that names it, conditions, the flow of the module where it is named, the
    argument's value when the policy is all it holds) for each wrap policy of torch or torch_xla the argument
    may hold, itself or as the function of a `functools.partial` that binds it no positional argument and only
    keywords it takes (another keyword is a TypeError of its own)."""
    for value in values:
        if value.kind == "external":
            policy = LIBRARY_POLICIES.get(value.qualified or "")
            if policy is not None and value.node is not None and value.flow is not None:
                yield policy, value.node, value.when, value.flow, value
            continue
        call = value.node
        if value.kind != "partial" or not isinstance(call, ast.Call) or len(call.args) != 1 or value.flow is None:
            continue
        bound = [k.arg for k in call.keywords]
        inners = value.flow.values(call.args[0])
        for inner in inners:
            policy = LIBRARY_POLICIES.get(inner.qualified or "") if inner.kind == "external" else None
            if policy is not None and inner.node is not None and inner.flow is not None \
                    and all(k is not None and policy.accepts(k) for k in bound):
                yield (policy, inner.node, tuple(dict.fromkeys((*value.when, *inner.when))), inner.flow,
                       value if len(inners) == 1 else None)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _elsewhere(value: Value) -> Flow | None:
    return value.flow if value.foreign and value.flow is not None and value.flow.origin is not None else None


def _accepts(func: ast.FunctionDef, keyword: str, bound: bool = False) -> bool:
    """`func` takes `keyword` by name (with `bound`, a method called on its instance: not as `self`)."""
    args = func.args
    return args.kwarg is not None or keyword in {a.arg for a in (*args.args[int(bound):], *args.kwonlyargs)}


def _rename(ctx: Context, func: ast.FunctionDef, bound: bool = False) -> list[Fix]:
    """Give the first three positional parameters torch_xla's names (after `self`, with `bound`), in the
    signature and the body."""
    params = func.args.args[int(bound):]
    if len(params) < 3 or func.args.posonlyargs or any(
            isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.comprehension))
            for stmt in func.body for n in ast.walk(stmt)):
        return []
    renames = {p.arg: k for p, k in zip(params[:3], KEYWORDS, strict=True) if p.arg != k}
    taken = {a.arg for a in (*func.args.args, *func.args.kwonlyargs)} | {
        n.id for stmt in func.body for n in ast.walk(stmt) if isinstance(n, ast.Name)}
    if not renames or any(new in taken for new in renames.values()):
        return []
    edits = [replace(ctx, p, f"{renames[p.arg]}{ctx.doc.source(p)[len(p.arg):]}") for p in params[:3] if p.arg in renames]
    edits += [replace(ctx, n, renames[n.id]) for stmt in func.body for n in ast.walk(stmt)
              if isinstance(n, ast.Name) and n.id in renames]
    title = ", ".join(f"`{old}` -> `{new}`" for old, new in renames.items())
    return [fix(f"Rename the parameters torch_xla passes by keyword ({title})", *edits, safety=Safety.UNSAFE, preferred=True)]


RULE = WrapPolicyParameters()


def _import_from_xla(ctx: Context, named: ast.AST) -> list[Fix]:
    """Import the policy from torch_xla's wrap module instead of torch's: offered when `named` is a name bound
    by one `from torch.distributed.fsdp.wrap import ...` line of the module, all of whose names torch_xla has
    too, with the same behaviour. Unsafe: other code of the program may give the same names (or the same
    partial) to torch's CUDA FSDP, which would then raise the mirror TypeError ('nonwrapped_numel')."""
    if not isinstance(named, ast.Name):
        return []
    lines = [node for node in ctx.nodes(ast.ImportFrom) if node.level == 0 and node.module == TORCH_WRAP
             and any((a.asname or a.name) == named.id for a in node.names)]
    if len(lines) != 1:
        return []
    line = lines[0]
    if not all((p := LIBRARY_POLICIES.get(f"{TORCH_WRAP}.{a.name}")) is not None and p.xla_counterpart
               for a in line.names):
        return []
    text = ctx.doc.source(line)
    start = text.find(TORCH_WRAP)
    if start < 0:
        return []  # the module's name is split across lines
    names = ", ".join(f"`{a.name}`" for a in line.names)
    edit = replace(ctx, line, text[:start] + XLA_WRAP + text[start + len(TORCH_WRAP):])
    return [fix(f"Import {names} from `{XLA_WRAP}`", edit, safety=Safety.UNSAFE, preferred=True)]
