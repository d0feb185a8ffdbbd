"""LXF002: `auto_wrapper_callable` together with a truthy `activation_checkpointing_policy`.

Lightning tests only that the key `auto_wrapper_callable` is present, so `=None` clashes too, and it
tests this before the set check: a list policy plus a wrapper raises this error, not LXF001's.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..context import Arg, Context
from ..findings import Finding, Fix, Safety, Severity
from ..flow import describe_when
from ..names import XLAFSDP_STRATEGY
from ..policies import AUTO_WRAP, AUTO_WRAP_POSITION, POLICY, WRAPPER, not_a_set, set_text
from ..rule import Invalid, Rule, Valid, call_items, dict_items, fix, remove_argument, replace


class WrapperAndPolicy(Rule):
    code = "LXF002"
    record = "fc8e29955b1155a3"
    name = "wrapper-and-policy"
    summary = "`auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be given to XLAFSDPStrategy"
    severity = Severity.ERROR
    reveals = ("LXF001", "LXF005")
    triggers = ("XLAFSDPStrategy", WRAPPER)
    examples = (
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(\n"
            "    activation_checkpointing_policy={MyBlock},\n"
            "    auto_wrapper_callable=partial(apply_activation_checkpointing, check_fn=lambda m: isinstance(m, MyBlock)),\n"
            ")\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(\n"
            "    activation_checkpointing_policy={MyBlock},\n"
            ")\n",
            fix="Remove `auto_wrapper_callable`",
            message="cannot both be set",
            count=1, at="4:5-4:109", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(auto_wrapper_callable=None, activation_checkpointing_policy=[Block], state_dict_type='full')\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block], state_dict_type='full')\n",
            count=1, at="2:21-2:47", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(auto_wrapper_callable=None, activation_checkpointing_policy=[Block], state_dict_type='full')\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block], state_dict_type='full')\n",
            fix="Replace `auto_wrapper_callable` with `auto_wrap_policy={Block}`",
            count=1, at="2:21-2:47", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def build(policy):\n"
            "    return XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy=policy)\n",
            message="whenever the policy is not empty",
            count=1, at="3:28-3:54", severity="warning",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy={Block})\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(auto_wrapper_callable=wrap)\n",
            fix="Remove `activation_checkpointing_policy`",
            count=1, at="2:21-2:47", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "kw = {'auto_wrapper_callable': wrap, 'compute_dtype': dtype}\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy={Block}, **kw)\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "kw = {'compute_dtype': dtype}\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy={Block}, **kw)\n",
            count=1, at="2:32-2:36", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy={Block}, **dict(auto_wrapper_callable=wrap))\n",
            count=1, at="2:69-2:95", severity="error",
        ),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "s = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy=None)\n"
              "t = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy=set())\n"
              "u = XLAFSDPStrategy(auto_wrapper_callable=wrap)\n"),
        Valid("from lightning.fabric.strategies import FSDPStrategy\n"
              "s = FSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy={Block})\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            args, complete = ctx.keyword_args(call)
            policy, wrapper = args.get(POLICY), args.get(WRAPPER)
            if policy is None or wrapper is None:
                continue
            values = ctx.values(policy.value)
            if all(v.truthy is False for v in values):
                continue  # Lightning skips a falsy policy before it looks at the wrapper
            every_path = all(v.truthy is True for v in values)
            message = (
                f"`{WRAPPER}` and `{POLICY}` cannot both be set: Lightning raises ValueError at setup "
                "(the policy is turned into its own auto wrapper)"
            )
            if not every_path:
                condition = describe_when(v for v in values if v.truthy)
                message += f"; {condition}" if condition else "; here whenever the policy is not empty"
            severity = self.severity if every_path else Severity.WARNING
            fixes = [
                self._drop(ctx, call, wrapper, f"Remove `{WRAPPER}`", preferred=True),
                self._wrap_instead(ctx, call, args, complete, policy, wrapper),
                self._drop(ctx, call, policy, f"Remove `{POLICY}`"),
            ]
            yield self.finding(ctx, _underline(wrapper), message, [f for f in fixes if f], severity)

    def _wrap_instead(self, ctx: Context, call: ast.Call, args: dict[str, Arg], complete: bool, policy: Arg,
                      wrapper: Arg) -> Fix | None:
        """Put `auto_wrap_policy=<the policy as a set>` where the wrapper was: the policy then acts (LXF005)."""
        if AUTO_WRAP in args or not complete or len(call.args) > AUTO_WRAP_POSITION or wrapper.via is not None:
            return None
        converted = set_text(ctx, policy, not_a_set(ctx, policy.value))
        if converted is None or wrapper.node not in ctx.parents:
            return None
        return fix(f"Replace `{WRAPPER}` with `{AUTO_WRAP}={converted}`",
                   replace(ctx, wrapper.node, f"{AUTO_WRAP}={converted}"), safety=Safety.UNSAFE)

    def _drop(self, ctx: Context, call: ast.Call, arg: Arg, title: str, preferred: bool = False) -> Fix | None:
        """Remove a keyword where it is spelled: in the call, in a `**{...}` display or a `**dict(...)`."""
        if arg.via is None:
            return fix(title, remove_argument(ctx, call_items(call), arg.node), safety=Safety.UNSAFE, preferred=preferred)
        holder = ctx.parents.get(arg.node)
        if isinstance(holder, ast.Dict):
            items = dict_items(holder)
            target = next(i for i in items if i.key is arg.node)
            return fix(title, remove_argument(ctx, items, target), safety=Safety.UNSAFE, preferred=preferred)
        if isinstance(holder, ast.Call):
            return fix(title, remove_argument(ctx, call_items(holder), arg.node), safety=Safety.UNSAFE, preferred=preferred)
        return None


def _underline(arg: Arg) -> ast.AST:
    return arg.node if isinstance(arg.node, ast.keyword) else arg.value


RULE = WrapperAndPolicy()
