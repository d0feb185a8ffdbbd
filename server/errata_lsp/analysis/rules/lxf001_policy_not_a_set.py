"""LXF001: `XLAFSDPStrategy(activation_checkpointing_policy=...)` given something other than a set.

Lightning checks `isinstance(policy, set)` only at `setup_module`, inside the launched worker on
the TPU pod, long after the constructor line. Falsy values are ignored, so they are not flagged.
The value is followed wherever it was written (a config field, a branch, a helper's parameter): an
error when every path gives a non-set, a warning naming the condition when only some do.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import Context
from ..findings import Finding, Severity
from ..names import XLAFSDP_STRATEGY
from ..policies import CALLABLES, POLICY, WRAPPER, described, not_a_set, to_set
from ..rule import Invalid, Rule, Valid

HINTS = {
    "str": "a string is not a module class",
    "dict": "a dict is not a set of module classes",
    "number": "a number is not a module class",
}
CALLABLE_HINT = "a callable policy is not supported by XLAFSDP; pass `auto_wrapper_callable` instead"


class PolicyNotASet(Rule):
    code = "LXF001"
    record = "7c98b3e7e2bf13da"
    name = "policy-not-a-set"
    summary = "`activation_checkpointing_policy` of XLAFSDPStrategy must be a set of module classes"
    severity = Severity.ERROR
    reveals = ("LXF005",)
    triggers = ("XLAFSDPStrategy", POLICY)
    examples = (
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block})\n",
            message="must be a set, found [Block]",
            count=1, at="2:60-2:67", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block])\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy={Block})\n",
            fix="Convert list to set",
            count=1, at="2:60-2:67", severity="error",
        ),
        Invalid(
            "import lightning as L\n"
            "s = L.fabric.strategies.XLAFSDPStrategy(activation_checkpointing_policy=(Block, Head), auto_wrap_policy={Block})\n",
            fixed="import lightning as L\n"
            "s = L.fabric.strategies.XLAFSDPStrategy(activation_checkpointing_policy={Block, Head}, auto_wrap_policy={Block})\n",
            count=1, at="2:73-2:86", severity="error",
        ),
        Invalid(
            "from lightning_fabric.strategies.xla_fsdp import XLAFSDPStrategy as S\n"
            "s = S(activation_checkpointing_policy=Block)  # é 中文 🚀\n",
            fixed="from lightning_fabric.strategies.xla_fsdp import XLAFSDPStrategy as S\n"
            "s = S(activation_checkpointing_policy={Block})  # é 中文 🚀\n",
            count=1, at="2:39-2:44", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "policy = [Block]\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy=policy)\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "policy = {Block}\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy=policy)\n",
            message="found [Block] (from `policy`, line 2)",
            count=1, at="3:60-3:66", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy=frozenset({Block}), auto_wrap_policy={Block})\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy=set({Block}), auto_wrap_policy={Block})\n",
            count=1, at="2:53-2:71", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy='Block')\n",
            message="found 'Block'",
            count=1, at="2:53-2:60", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(**{'activation_checkpointing_policy': [Block]})\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(**{'activation_checkpointing_policy': {Block}})\n",
            count=1, at="2:59-2:66", severity="error",
        ),
        Invalid(
            "from dataclasses import dataclass, field\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "@dataclass\n"
            "class TrainConfig:\n"
            "    remat_layers: list = field(default_factory=lambda: [Block])\n"
            "def build(cfg):\n"
            "    return XLAFSDPStrategy(activation_checkpointing_policy=cfg.remat_layers, auto_wrap_policy={Block})\n"
            "strategy = build(TrainConfig())\n",
            fixed="from dataclasses import dataclass, field\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "@dataclass\n"
            "class TrainConfig:\n"
            "    remat_layers: list = field(default_factory=lambda: {Block})\n"
            "def build(cfg):\n"
            "    return XLAFSDPStrategy(activation_checkpointing_policy=cfg.remat_layers, auto_wrap_policy={Block})\n"
            "strategy = build(TrainConfig())\n",
            message="found [Block] (from `TrainConfig.remat_layers`, line 5)",
            count=1, at="7:60-7:76", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def build(cfg):\n"
            "    print(cfg.layers)\n"
            "    return XLAFSDPStrategy(activation_checkpointing_policy=cfg.layers, auto_wrap_policy=set(cfg.layers))\n"
            "class Cfg:\n"
            "    layers = (Block, Head)\n"
            "build(Cfg())\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def build(cfg):\n"
            "    print(cfg.layers)\n"
            "    return XLAFSDPStrategy(activation_checkpointing_policy=set(cfg.layers), auto_wrap_policy=set(cfg.layers))\n"
            "class Cfg:\n"
            "    layers = (Block, Head)\n"
            "build(Cfg())\n",
            fix="Convert `cfg.layers` to a set with set()",
            count=1, at="4:60-4:70", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "if args.remat == 'list':\n"
            "    policy = [Block]\n"
            "else:\n"
            "    policy = {Block}\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy=policy, auto_wrap_policy={Block})\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "if args.remat == 'list':\n"
            "    policy = {Block}\n"
            "else:\n"
            "    policy = {Block}\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy=policy, auto_wrap_policy={Block})\n",
            message="found [Block] (from `policy`, line 3); when args.remat == 'list'",
            count=1, at="6:53-6:59", severity="warning",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def make():\n"
            "    return XLAFSDPStrategy(activation_checkpointing_policy=policy, auto_wrap_policy={Block})\n"
            "def policy(module, recurse=False, **kwargs):\n"
            "    return isinstance(module, Block)\n",
            message="found the function `policy` (line 4) (a callable policy is not supported by XLAFSDP",
            count=1, at="3:60-3:66", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def make():\n"
            "    return XLAFSDPStrategy(activation_checkpointing_policy=REMAT, auto_wrap_policy={Block})\n"
            "REMAT = (Block,)\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def make():\n"
            "    return XLAFSDPStrategy(activation_checkpointing_policy=REMAT, auto_wrap_policy={Block})\n"
            "REMAT = {Block,}\n",
            count=1, at="3:60-3:65", severity="error",
        ),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "s = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block})\n"),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "s = XLAFSDPStrategy(activation_checkpointing_policy=[])\n"
              "t = XLAFSDPStrategy(activation_checkpointing_policy=None)\n"
              "u = XLAFSDPStrategy(activation_checkpointing_policy=set())\n"),
        Valid("from lightning.fabric.strategies import FSDPStrategy\n"
              "s = FSDPStrategy(activation_checkpointing_policy=[Block])\n"),
        Valid("class XLAFSDPStrategy:\n    def __init__(self, **kw): pass\n"
              "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block])\n"),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "def build(policy):\n    return XLAFSDPStrategy(activation_checkpointing_policy=policy)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            args, _ = ctx.keyword_args(call)
            arg = args.get(POLICY)
            if arg is None or WRAPPER in args:
                continue  # absent, or Lightning raises LXF002's error first
            verdict = not_a_set(ctx, arg.value)
            if not verdict.bad:
                continue
            value = verdict.bad[0]
            message = f"`{POLICY}` must be a set, found {described(ctx, arg, value)}"
            hint = CALLABLE_HINT if value.kind in CALLABLES else HINTS.get(value.kind)
            if hint:
                message += f" ({hint})"
            if not verdict.every_path:
                condition = verdict.condition()
                message += f"; {condition}" if condition else (
                    "; when it is not empty" if all(v.truthy is None for v in verdict.bad) else "; on some paths")
            severity = self.severity if verdict.every_path else Severity.WARNING
            yield self.finding(ctx, arg.value, message, to_set(ctx, arg, verdict), severity)


RULE = PolicyNotASet()
