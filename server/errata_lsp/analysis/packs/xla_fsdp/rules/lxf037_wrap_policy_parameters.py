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
made inside a function is left to LXF006: it fails to pickle at `fabric.launch` first.

The fix renames the parameter in the def's signature and body (the first three positional parameters take
`module`, `recurse` and `unwrapped_params`), when the body has no nested function or class that could see
the old name. Other callers of the function by keyword would break, so it is unsafe.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator

from ....context import Context
from ....findings import Finding, Fix, Safety, Severity
from ....flow import Flow
from ....rule import Invalid, Rule, Valid, fix, replace
from ....values import Value, describe_when
from ...lightning.names import XLAFSDP_STRATEGY
from ..facts import place_in

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
            for func, when, module in _policies(ctx, arg.value):
                missing = next((k for k in KEYWORDS if not _accepts(func, k)), None)
                if missing is None:
                    continue
                message = (f"torch_xla calls a wrap policy as `policy(module=..., recurse=..., unwrapped_params=...)`, "
                           f"and `{func.name}` takes no `{missing}`, so `fabric.setup_module` raises TypeError: "
                           f"{func.name}() got an unexpected keyword argument '{missing}'")
                if missing == "unwrapped_params" and _accepts(func, CUDA_NAME):
                    message += f" (`{CUDA_NAME}` is what torch's CUDA FSDP passes)"
                if when:
                    message += f"; {describe_when([when])}"
                if module is None:
                    yield self.finding(ctx, arg.value, message, _rename(ctx, func), Severity.WARNING if when else None)
                    continue
                # a policy of another module: reported where it is defined, its rename made there
                fixes = [dataclasses.replace(f, path=module.origin) for f in _rename(module.ctx, func)]
                finding = self.finding(ctx, arg.value, message, fixes, Severity.WARNING if when else None)
                place = place_in(module, func)
                yield finding if place is None else dataclasses.replace(finding, elsewhere=place)


def _policies(ctx: Context, expr: ast.expr) -> Iterator[tuple[ast.FunctionDef, tuple[str, ...], Flow | None]]:
    """(module-level def, conditions, the flow of the other module that writes it or None for this file) for
    each function the policy argument may hold, itself or as the function of a `functools.partial` that
    binds no positional argument."""
    for value in ctx.values(expr):
        node = value.node
        if node is None or not value.foreign and node not in ctx.parents:
            continue
        if value.kind == "partial" and isinstance(node, ast.Call) and len(node.args) == 1 and not value.foreign:
            for inner in ctx.values(node.args[0]):
                if inner.kind == "function" and inner.extra != "nested" and isinstance(inner.node, ast.FunctionDef) \
                        and (inner.foreign or inner.node in ctx.parents):
                    yield inner.node, tuple(dict.fromkeys((*value.when, *inner.when))), _elsewhere(inner)
        elif value.kind == "function" and value.extra != "nested" and isinstance(node, ast.FunctionDef):
            yield node, value.when, _elsewhere(value)


def _elsewhere(value: Value) -> Flow | None:
    return value.flow if value.foreign and value.flow is not None and value.flow.origin is not None else None


def _accepts(func: ast.FunctionDef, keyword: str) -> bool:
    args = func.args
    return args.kwarg is not None or keyword in {a.arg for a in (*args.args, *args.kwonlyargs)}


def _rename(ctx: Context, func: ast.FunctionDef) -> list[Fix]:
    """Give the first three positional parameters torch_xla's names, in the signature and the body."""
    params = func.args.args
    if len(params) < 3 or func.args.posonlyargs or any(
            isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.comprehension))
            for stmt in func.body for n in ast.walk(stmt)):
        return []
    renames = {p.arg: k for p, k in zip(params[:3], KEYWORDS, strict=True) if p.arg != k}
    taken = {a.arg for a in (*params, *func.args.kwonlyargs)} | {
        n.id for stmt in func.body for n in ast.walk(stmt) if isinstance(n, ast.Name)}
    if not renames or any(new in taken for new in renames.values()):
        return []
    edits = [replace(ctx, p, f"{renames[p.arg]}{ctx.doc.source(p)[len(p.arg):]}") for p in params[:3] if p.arg in renames]
    edits += [replace(ctx, n, renames[n.id]) for stmt in func.body for n in ast.walk(stmt)
              if isinstance(n, ast.Name) and n.id in renames]
    title = ", ".join(f"`{old}` -> `{new}`" for old, new in renames.items())
    return [fix(f"Rename the parameters torch_xla passes by keyword ({title})", *edits, safety=Safety.UNSAFE, preferred=True)]


RULE = WrapPolicyParameters()
