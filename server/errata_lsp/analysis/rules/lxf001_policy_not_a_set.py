"""LXF001: `XLAFSDPStrategy(activation_checkpointing_policy=...)` given something other than a set.

Lightning checks `isinstance(policy, set)` only at `setup_module`, inside the launched worker on
the TPU pod, long after the constructor line. Falsy values are ignored, so they are not flagged.
"""

from __future__ import annotations

import ast

from ..context import Context
from ..findings import Edit, Position, Safety, Severity, Span
from ..names import XLAFSDP_STRATEGY
from ..rule import Invalid, Rule, Valid, fix, replace, short
from ..values import classify
from .lxf005_policy_without_auto_wrap import AUTO_WRAP, AUTO_WRAP_POSITION, insert_keyword_after

POLICY = "activation_checkpointing_policy"
HINTS = {
    "string": "a string is not a module class",
    "dict": "a dict is not a set of module classes",
    "callable": "a callable policy is not supported by XLAFSDP; pass `auto_wrapper_callable` instead",
    "number": "a number is not a module class",
}


class PolicyNotASet(Rule):
    code = "LXF001"
    record = "7c98b3e7e2bf13da"
    name = "policy-not-a-set"
    summary = "`activation_checkpointing_policy` of XLAFSDPStrategy must be a set of module classes"
    severity = Severity.ERROR
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
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block})\n",
            message="without `auto_wrap_policy` a set would checkpoint nothing",
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
            "s = S(activation_checkpointing_policy={Block}, auto_wrap_policy={Block})  # é 中文 🚀\n",
            count=1, at="2:39-2:44", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "policy = [Block]\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy=policy)\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "policy = {Block}\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy=policy, auto_wrap_policy=policy)\n",
            count=1, at="3:60-3:66", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy=frozenset({Block}), auto_wrap_policy={Block})\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy=set({Block}), auto_wrap_policy={Block})\n",
            count=1, at="2:53-2:71", severity="warning",
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
            "s = XLAFSDPStrategy(**{'activation_checkpointing_policy': {Block}, 'auto_wrap_policy': {Block}})\n",
            count=1, at="2:59-2:66", severity="error",
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

    def check(self, ctx: Context):
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            args, complete = ctx.keyword_args(call)
            arg = args.get(POLICY)
            if arg is None or "auto_wrapper_callable" in args:
                continue  # absent, or Lightning raises LXF002's error first
            value = classify(ctx, arg.value)
            if value.is_set or value.truthy is False or value.kind in ("unknown", "none"):
                continue
            message = f"`{POLICY}` must be a set, found {short(ctx.doc.source(value.node))}"
            if value.node is not arg.value:
                message += f" (the value of `{ctx.doc.source(arg.value)}`)"
            if value.kind in HINTS:
                message += f" ({HINTS[value.kind]})"
            severity = self.severity if value.truthy else Severity.WARNING
            fixes = policy_fixes(ctx, arg.value, value)
            if fixes and AUTO_WRAP not in args and complete and len(call.args) <= AUTO_WRAP_POSITION:
                # A set alone would checkpoint nothing (LXF005): the fix also wraps the same classes.
                message += f"; and without `{AUTO_WRAP}` a set would checkpoint nothing"
                converted = set_text(ctx, arg.value, value)
                fixes = [fix(f"{fixes[0].title} and add `{AUTO_WRAP}={converted}`", *fixes[0].edits,
                             *insert_keyword_after(ctx, arg, AUTO_WRAP, converted), safety=Safety.UNSAFE, preferred=True)]
            yield self.finding(ctx, arg.value, message, fixes, severity)


def policy_fixes(ctx: Context, written: ast.AST, value) -> list:
    """Fixes that make the policy written at `written` (holding `value`) a set."""
    node = value.node
    at_binding = node is not written  # the argument is a name bound to the literal
    if at_binding and not ctx.only_use(written):
        return [fix(f"Wrap `{ctx.doc.source(written)}` in set()", replace(ctx, written, f"set({ctx.doc.source(written)})"))]
    if value.kind in ("list", "tuple") and isinstance(node, (ast.List, ast.Tuple, ast.ListComp)):
        return [fix(f"Convert {value.kind} to set", *_rebracket(ctx, node), preferred=True)]
    if value.kind in ("list", "tuple", "frozenset") and isinstance(node, ast.Call):
        return [fix(f"Convert {value.kind}(...) to set(...)", replace(ctx, node.func, "set"), preferred=True)]
    if value.kind == "class":
        return [fix("Wrap the class in a set", replace(ctx, node, "{" + ctx.doc.source(node) + "}"), preferred=True)]
    return []


def set_text(ctx: Context, written: ast.AST, value) -> str:
    """The policy's text once `policy_fixes` has made it a set."""
    node, text = value.node, ctx.doc.source(value.node)
    if node is not written:
        return ctx.doc.source(written) if ctx.only_use(written) else f"set({ctx.doc.source(written)})"
    if isinstance(node, (ast.List, ast.Tuple, ast.ListComp)):
        return "{" + (text[1:-1] if text[:1] in "[(" else text) + "}"
    if isinstance(node, ast.Call):
        return "set" + text[len(ctx.doc.source(node.func)):]
    return "{" + text + "}"


def _rebracket(ctx: Context, node: ast.AST) -> list[Edit]:
    """`[A, B]` or `(A, B)` -> `{A, B}`: only the two brackets change."""
    span = ctx.doc.span(node)
    text = ctx.doc.slice(span)
    if isinstance(node, ast.Tuple) and not text.startswith("("):
        return [Edit(span, "{" + text + "}")]
    opening = Span(span.start, Position(span.start.line, span.start.column + 1))
    closing = Span(Position(span.end.line, span.end.column - 1), span.end)
    return [Edit(opening, "{"), Edit(closing, "}")]


RULE = PolicyNotASet()
