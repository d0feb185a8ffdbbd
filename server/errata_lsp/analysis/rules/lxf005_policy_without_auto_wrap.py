"""LXF005: `activation_checkpointing_policy` without `auto_wrap_policy` checkpoints nothing.

Lightning turns the policy set into an `auto_wrapper_callable` (`_activation_checkpointing_kwargs`,
called from `setup_module`), and hands it to torch_xla's `XlaFullyShardedDataParallel`. torch_xla
calls `auto_wrapper_callable` only while it auto-wraps submodules, that is only when
`auto_wrap_policy is not None` (torch_xla 2.9, `xla_fully_sharded_data_parallel.py` l.343-345).
Without `auto_wrap_policy` (or with `auto_wrap_policy=None`) no submodule is wrapped, so none is
checkpointed, and nothing raises or warns: memory use is simply what it was without the policy.

A policy that is a list or a class is also LXF001's error (Lightning raises there first); once that
fix makes it a set, this silent no-op is what is left, so this warning stands beside it and the two
fixes compose. When the `**kwargs` cannot be read, `auto_wrap_policy` may be among them, so the rule
stays silent.

The fix wraps the same classes (`auto_wrap_policy=<the policy as a set>`), which is what the policy
needs to act on, but it changes how the model is sharded: it is offered as unsafe.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..context import Arg, Context
from ..findings import Finding, Safety, Severity
from ..names import XLAFSDP_STRATEGY
from ..policies import AUTO_WRAP, AUTO_WRAP_POSITION, CONVERTIBLE, POLICY, WRAPPER, not_a_set, set_text
from ..rule import Invalid, Rule, Valid, fix, insert_keyword_after, replace, short


class PolicyWithoutAutoWrap(Rule):
    code = "LXF005"
    record = "e0240a24758f7a56"
    name = "policy-without-auto-wrap"
    summary = "`activation_checkpointing_policy` does nothing unless `auto_wrap_policy` is set too"
    severity = Severity.WARNING
    triggers = ("XLAFSDPStrategy", POLICY)
    examples = (
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy={Block})\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block})\n",
            message="checkpoints nothing: torch_xla applies the policy only to modules that `auto_wrap_policy` wraps",
            count=1, at="2:28-2:67", severity="warning",
        ),
        Invalid(
            "import lightning as L\n"
            "strategy = L.fabric.strategies.XLAFSDPStrategy(\n"
            "    activation_checkpointing_policy={Block, Head},  # save memory\n"
            "    state_dict_type='full',\n"
            ")\n",
            fixed="import lightning as L\n"
            "strategy = L.fabric.strategies.XLAFSDPStrategy(\n"
            "    activation_checkpointing_policy={Block, Head},  # save memory\n"
            "    auto_wrap_policy={Block, Head},\n"
            "    state_dict_type='full',\n"
            ")\n",
            count=1, at="3:5-3:50", severity="warning",
        ),
        Invalid(
            "from lightning_fabric.strategies.xla_fsdp import XLAFSDPStrategy as S\n"
            "s = S(\n"
            "    activation_checkpointing_policy={\n"
            "        Block,\n"
            "    }\n"
            ")\n",
            fixed="from lightning_fabric.strategies.xla_fsdp import XLAFSDPStrategy as S\n"
            "s = S(\n"
            "    activation_checkpointing_policy={\n"
            "        Block,\n"
            "    },\n"
            "    auto_wrap_policy={\n"
            "        Block,\n"
            "    }\n"
            ")\n",
            count=1, at="3:5-5:6", severity="warning",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "from lightning.fabric import Fabric\n"
            "policy = {Block}\n"
            "fabric = Fabric(strategy=XLAFSDPStrategy(activation_checkpointing_policy=policy, auto_wrap_policy=None))\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "from lightning.fabric import Fabric\n"
            "policy = {Block}\n"
            "fabric = Fabric(strategy=XLAFSDPStrategy(activation_checkpointing_policy=policy, auto_wrap_policy=policy))\n",
            message="`auto_wrap_policy=None`",
            count=1, at="4:42-4:80", severity="warning",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(**{'activation_checkpointing_policy': {Block}, 'state_dict_type': 'full'})\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(**{'activation_checkpointing_policy': {Block}, 'auto_wrap_policy': {Block}, 'state_dict_type': 'full'})\n",
            count=1, at="2:59-2:66", severity="warning",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(state_dict_type='full', **dict(activation_checkpointing_policy={Block}))\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(state_dict_type='full', **dict(activation_checkpointing_policy={Block}, auto_wrap_policy={Block}))\n",
            count=1, at="2:52-2:91", severity="warning",
        ),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "s = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block})\n"
              "t = XLAFSDPStrategy(activation_checkpointing_policy={Block}, **{'auto_wrap_policy': wrap_fn})\n"),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "s = XLAFSDPStrategy(activation_checkpointing_policy=set(), state_dict_type='full')\n"
              "t = XLAFSDPStrategy(activation_checkpointing_policy=None)\n"
              "u = XLAFSDPStrategy(activation_checkpointing_policy={Block}, **extra)\n"),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block])\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n",
            message="Add `auto_wrap_policy={Block}`",
            count=1, at="2:21-2:60", severity="warning",
        ),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "s = XLAFSDPStrategy(activation_checkpointing_policy='Block')\n"),
        Valid("from lightning.fabric.strategies import FSDPStrategy\n"
              "s = FSDPStrategy(activation_checkpointing_policy={Block})\n"),
        Valid("class XLAFSDPStrategy:\n    def __init__(self, **kw): pass\n"
              "s = XLAFSDPStrategy(activation_checkpointing_policy={Block})\n"),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "def build(policy):\n    return XLAFSDPStrategy(activation_checkpointing_policy=policy)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            args, complete = ctx.keyword_args(call)
            policy = args.get(POLICY)
            if policy is None or WRAPPER in args or len(call.args) > AUTO_WRAP_POSITION:
                continue  # no policy; LXF002's error; or auto_wrap_policy given by position
            if any(isinstance(a, ast.Starred) for a in call.args):
                continue
            verdict = not_a_set(ctx, policy.value)
            values = ctx.values(policy.value)
            if any(v.kind not in ("set", *CONVERTIBLE) for v in values) or all(v.truthy is False for v in values):
                continue  # unknown, falsy, or a value no fix turns into a set of classes (LXF001 alone)
            auto_wrap = args.get(AUTO_WRAP)
            explicit_none = auto_wrap is not None and _is_none(ctx.value_of(auto_wrap.value))
            if auto_wrap is not None and not explicit_none or auto_wrap is None and not complete:
                continue
            converted = set_text(ctx, policy, verdict)
            how = "`auto_wrap_policy=None`" if explicit_none else "no `auto_wrap_policy`"
            message = (
                f"`{POLICY}` with {how} checkpoints nothing: torch_xla applies the policy only to modules that "
                f"`{AUTO_WRAP}` wraps."
            )
            if converted is not None:
                message += f" Add `{AUTO_WRAP}={short(converted)}`"
            if any(v.truthy is None for v in values):
                message += " (when the set is not empty)"
            fixes = []
            if converted is not None and policy.value in ctx.parents:
                if explicit_none:
                    edits = [replace(ctx, auto_wrap.value, converted)]  # type: ignore[union-attr]
                else:
                    edits = insert_keyword_after(ctx, policy, AUTO_WRAP, converted)
                if edits:
                    fixes = [fix(f"Add `{AUTO_WRAP}={short(converted)}`", *edits, safety=Safety.UNSAFE, preferred=True)]
            yield self.finding(ctx, _underline(policy), message, fixes)


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _underline(arg: Arg) -> ast.AST:
    return arg.node if isinstance(arg.node, ast.keyword) else arg.value


RULE = PolicyWithoutAutoWrap()
