"""LXF028: `XLAFSDPStrategy(auto_wrap_policy=...)` given a list, tuple or frozenset (or a string, dict, number).

Lightning turns only a *set* into torch_xla's `transformer_auto_wrap_policy` and hands anything else
through unchanged (`_auto_wrap_policy_kwargs`); at `setup_module`, inside the launched worker,
`XlaFullyShardedDataParallel` calls the policy whenever it is not None: `TypeError: 'list' object is
not callable`. Unlike the checkpointing policy, an empty list fails too. None, a set and a callable
(a class is callable too) are fine.

The value is followed wherever it was written; on some paths only, the finding is a warning naming
the path. The fix makes it a set of the same classes, where the literal feeds only this argument, or
with `set(...)` at the argument when every value it holds is a collection.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import Context
from ..findings import Finding, Severity
from ..names import XLAFSDP_STRATEGY
from ..policies import AUTO_WRAP, Verdict, described, to_set
from ..rule import Invalid, Rule, Valid

NOT_CALLABLE = ("list", "tuple", "frozenset", "str", "dict", "number", "bool")


class AutoWrapPolicyNotCallable(Rule):
    code = "LXF028"
    record = "77102d28fc1f3aa5"
    name = "auto-wrap-policy-not-callable"
    summary = "`auto_wrap_policy` of XLAFSDPStrategy must be a set of module classes or a callable"
    severity = Severity.ERROR
    triggers = ("XLAFSDPStrategy", AUTO_WRAP)
    examples = (
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy=[Block])\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy={Block})\n",
            fix="Convert list to set",
            message="`auto_wrap_policy` must be a set of module classes or a callable, found [Block]: torch_xla "
            "calls it at `setup_module` ('list' object is not callable)",
            count=1, at="2:45-2:52", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy=[])\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy=set())\n",
            message="found []",
            count=1, at="2:45-2:47", severity="error",
        ),
        Invalid(
            "from dataclasses import dataclass\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "@dataclass\n"
            "class Config:\n"
            "    wrap_layers: tuple = (Block, Head)\n"
            "def build(cfg: Config):\n"
            "    return XLAFSDPStrategy(auto_wrap_policy=cfg.wrap_layers)\n"
            "strategy = build(Config())\n",
            fixed="from dataclasses import dataclass\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "@dataclass\n"
            "class Config:\n"
            "    wrap_layers: tuple = {Block, Head}\n"
            "def build(cfg: Config):\n"
            "    return XLAFSDPStrategy(auto_wrap_policy=cfg.wrap_layers)\n"
            "strategy = build(Config())\n",
            message="found (Block, Head) (from `Config.wrap_layers`, line 5)",
            count=1, at="7:45-7:60", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "wrap = (Block,) if args.tuple_policy else {Block}\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy=wrap)\n",
            message="when args.tuple_policy",
            count=1, at="3:45-3:49", severity="warning",
        ),
        Valid("from functools import partial\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy\n"
              "a = XLAFSDPStrategy(auto_wrap_policy={Block})\n"
              "b = XLAFSDPStrategy(auto_wrap_policy=None)\n"
              "c = XLAFSDPStrategy(auto_wrap_policy=partial(size_based_auto_wrap_policy, min_num_params=1e6))\n"
              "d = XLAFSDPStrategy(auto_wrap_policy=set(layers))\n"
              "e = XLAFSDPStrategy(auto_wrap_policy=make_policy())\n"),
        Valid("from lightning.fabric.strategies import FSDPStrategy\n"
              "s = FSDPStrategy(auto_wrap_policy=[Block])\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            args, _ = ctx.keyword_args(call)
            arg = args.get(AUTO_WRAP)
            if arg is None:
                continue
            values = ctx.values(arg.value)
            bad = tuple(v for v in values if v.kind in NOT_CALLABLE)  # empty ones fail too
            if not bad:
                continue
            verdict = Verdict(bad, tuple(v for v in values if v not in bad))
            value = bad[0]
            type_name = {"number": "int", "str": "str"}.get(value.kind, value.kind)
            message = (
                f"`{AUTO_WRAP}` must be a set of module classes or a callable, found {described(ctx, arg, value)}: "
                f"torch_xla calls it at `setup_module` ('{type_name}' object is not callable)"
            )
            every_path = not verdict.others
            if not every_path:
                condition = verdict.condition()
                message += f"; {condition}" if condition else "; on some paths"
            yield self.finding(ctx, arg.value, message, to_set(ctx, arg, verdict),
                               self.severity if every_path else Severity.WARNING)


RULE = AutoWrapPolicyNotCallable()
