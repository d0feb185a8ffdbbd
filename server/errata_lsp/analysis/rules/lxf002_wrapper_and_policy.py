"""LXF002: `auto_wrapper_callable` together with a truthy `activation_checkpointing_policy`.

Lightning tests only that the key `auto_wrapper_callable` is present, so `=None` clashes too, and it
tests this before the set check: a list policy plus a wrapper raises this error, not LXF001's.
"""

from __future__ import annotations

import ast

from ..context import Arg, Context
from ..findings import Safety, Severity
from ..names import XLAFSDP_STRATEGY
from ..rule import Invalid, Rule, Valid, call_items, dict_items, fix, remove_argument, replace
from ..values import classify
from .lxf001_policy_not_a_set import policy_fixes, set_text
from .lxf005_policy_without_auto_wrap import AUTO_WRAP, AUTO_WRAP_POSITION, insert_keyword_after

POLICY = "activation_checkpointing_policy"
WRAPPER = "auto_wrapper_callable"


class WrapperAndPolicy(Rule):
    code = "LXF002"
    record = "fc8e29955b1155a3"
    name = "wrapper-and-policy"
    summary = "`auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be given to XLAFSDPStrategy"
    severity = Severity.ERROR
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
            "    auto_wrap_policy={MyBlock},\n"
            ")\n",
            message="cannot both be set",
            count=1, at="4:5-4:109", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(auto_wrapper_callable=None, activation_checkpointing_policy=[Block], state_dict_type='full')\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block}, state_dict_type='full')\n",
            count=1, at="2:21-2:47", severity="error",
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
            "s = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block}, **kw)\n",
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

    def check(self, ctx: Context):
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            args, complete = ctx.keyword_args(call)
            policy, wrapper = args.get(POLICY), args.get(WRAPPER)
            if policy is None or wrapper is None:
                continue
            truthy = classify(ctx, policy.value).truthy
            if truthy is False:
                continue
            message = (
                f"`{WRAPPER}` and `{POLICY}` cannot both be set: Lightning raises ValueError at setup "
                "(the policy is turned into its own auto wrapper)"
            )
            if truthy is None:
                message += "; here whenever the policy is not empty"
            severity = self.severity if truthy else Severity.WARNING
            drop_wrapper = self._drop(ctx, call, wrapper, f"Remove `{WRAPPER}`", preferred=True)
            if drop_wrapper is not None:
                drop_wrapper = self._complete_policy(ctx, call, args, complete, policy, wrapper, drop_wrapper)
            fixes = [f for f in (drop_wrapper, self._drop(ctx, call, policy, f"Remove `{POLICY}`")) if f]
            yield self.finding(ctx, _underline(wrapper), message, fixes, severity)

    def _complete_policy(self, ctx: Context, call: ast.Call, args: dict, complete: bool, policy: Arg,
                         wrapper: Arg, drop):
        """Without the wrapper, Lightning reaches its set check (LXF001) and torch_xla needs
        `auto_wrap_policy` for the policy to do anything (LXF005): the fix sees to both."""
        value = classify(ctx, policy.value)
        edits, title, converted = list(drop.edits), drop.title, ctx.doc.source(policy.value)
        if not value.is_set:
            to_set = policy_fixes(ctx, policy.value, value)
            if not to_set:
                return drop
            edits += to_set[0].edits
            converted = set_text(ctx, policy.value, value)
            title += " and make the policy a set"
        if AUTO_WRAP not in args and complete and len(call.args) <= AUTO_WRAP_POSITION:
            if wrapper.via is None:  # the wrapper's place is where the auto-wrap policy goes
                edits[: len(drop.edits)] = [replace(ctx, wrapper.node, f"{AUTO_WRAP}={converted}")]
            else:
                edits += insert_keyword_after(ctx, policy, AUTO_WRAP, converted)
            title = title.replace(f"Remove `{WRAPPER}`", f"Replace `{WRAPPER}` with `{AUTO_WRAP}={converted}`")
        return fix(title, *edits, safety=Safety.UNSAFE, preferred=True)

    def _drop(self, ctx: Context, call: ast.Call, arg: Arg, title: str, preferred: bool = False):
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
