"""LXF005: `activation_checkpointing_policy` without `auto_wrap_policy` checkpoints nothing.

Lightning turns the policy set into an `auto_wrapper_callable` (`_activation_checkpointing_kwargs`,
called from `setup_module`), and hands it to torch_xla's `XlaFullyShardedDataParallel`. torch_xla
calls `auto_wrapper_callable` only while it auto-wraps submodules, that is only when
`auto_wrap_policy is not None` (torch_xla 2.9, `xla_fully_sharded_data_parallel.py` l.343-345).
Without `auto_wrap_policy` (or with `auto_wrap_policy=None`) no submodule is wrapped, so none is
checkpointed, and nothing raises or warns: memory use is simply what it was without the policy.

A policy that is not a set (a list, a class) is LXF001's: Lightning raises there first. When the
`**kwargs` cannot be read, `auto_wrap_policy` may be among them, so the rule stays silent.

The fix wraps the same classes (`auto_wrap_policy=<the policy>`), which is what the policy needs to
act on, but it changes how the model is sharded: it is offered as unsafe.
"""

from __future__ import annotations

import ast

from ..context import Arg, Context
from ..findings import Edit, Position, Safety, Severity, Span
from ..names import XLAFSDP_STRATEGY
from ..rule import Invalid, Rule, Valid, fix, replace, short
from ..values import classify

POLICY = "activation_checkpointing_policy"
AUTO_WRAP = "auto_wrap_policy"
WRAPPER = "auto_wrapper_callable"
AUTO_WRAP_POSITION = 4  # XLAFSDPStrategy(accelerator, parallel_devices, checkpoint_io, precision, auto_wrap_policy, ...)


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
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block])\n"),
        Valid("from lightning.fabric.strategies import FSDPStrategy\n"
              "s = FSDPStrategy(activation_checkpointing_policy={Block})\n"),
        Valid("class XLAFSDPStrategy:\n    def __init__(self, **kw): pass\n"
              "s = XLAFSDPStrategy(activation_checkpointing_policy={Block})\n"),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "def build(policy):\n    return XLAFSDPStrategy(activation_checkpointing_policy=policy)\n"),
    )

    def check(self, ctx: Context):
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            args, complete = ctx.keyword_args(call)
            policy = args.get(POLICY)
            if policy is None or WRAPPER in args or len(call.args) > AUTO_WRAP_POSITION:
                continue  # no policy; LXF002's error; or auto_wrap_policy given by position
            if any(isinstance(a, ast.Starred) for a in call.args):
                continue
            value = classify(ctx, policy.value)
            if not value.is_set or value.truthy is False:
                continue  # not a set: LXF001 raises first; an empty set is ignored
            auto_wrap = args.get(AUTO_WRAP)
            explicit_none = auto_wrap is not None and _is_none(ctx.value_of(auto_wrap.value))
            if auto_wrap is not None and not explicit_none or auto_wrap is None and not complete:
                continue
            written = ctx.doc.source(policy.value)
            how = "`auto_wrap_policy=None`" if explicit_none else "no `auto_wrap_policy`"
            message = (
                f"`{POLICY}` with {how} checkpoints nothing: torch_xla applies the policy only to modules that "
                f"`{AUTO_WRAP}` wraps. Add `{AUTO_WRAP}={short(written)}`"
            )
            if value.truthy is None:
                message += " (when the set is not empty)"
            title = f"Add `{AUTO_WRAP}={short(written)}`"
            if explicit_none:
                edits = [replace(ctx, auto_wrap.value, written)]
            else:
                edits = insert_keyword_after(ctx, policy, AUTO_WRAP, written)
            fixes = [fix(title, *edits, safety=Safety.UNSAFE, preferred=True)] if edits else []
            yield self.finding(ctx, _underline(policy), message, fixes)


def insert_keyword_after(ctx: Context, arg: Arg, name: str, value_text: str) -> list[Edit]:
    """Edits that add `name=value_text` (or `'name': value_text` in a dict display) right after `arg`:
    on the same line in a one-line call, on a line of its own in a call spelled one item a line.
    [] when `arg` is spelled some other way."""
    holder = ctx.parents.get(arg.node)
    if isinstance(arg.node, ast.keyword):
        item = f"{name}={value_text}"
    elif isinstance(holder, ast.Dict) and isinstance(arg.node, ast.Constant):
        quote = ctx.doc.source(arg.node)[:1]
        quote = quote if quote in "'\"" else "'"
        item = f"{quote}{name}{quote}: {value_text}"
    else:
        return []
    end = ctx.doc.span(arg.value).end  # the entry ends with its value
    line = ctx.doc.lines[end.line]
    after = line[end.column:].lstrip()
    if after and not after.startswith("#") and not (after.startswith(",") and _blank(after[1:])):
        return [Edit(Span(end, end), f", {item}")]  # more items on this line: stay on it
    start = ctx.doc.span(arg.node).start
    before = ctx.doc.lines[start.line][: start.column]
    indent = before if not before.strip() else "".join(c if c == "\t" else " " for c in before)
    line_end = Position(end.line, len(line.rstrip()))
    if after.startswith(","):  # `x={A},  # note` -> a new line `auto_wrap_policy={A},` below it
        return [Edit(Span(line_end, line_end), f"\n{indent}{item},")]
    if not after:  # the last item, no trailing comma
        return [Edit(Span(end, end), f",\n{indent}{item}")]
    # The last item, then a comment: the comma goes before the comment, the new item below it.
    return [Edit(Span(end, end), ","), Edit(Span(line_end, line_end), f"\n{indent}{item}")]


def _blank(text: str) -> bool:
    text = text.strip()
    return not text or text.startswith("#")


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _underline(arg: Arg) -> ast.AST:
    return arg.node if isinstance(arg.node, ast.keyword) else arg.value


RULE = PolicyWithoutAutoWrap()
