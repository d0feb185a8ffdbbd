"""LXF027: `fabric.all_reduce(x, reduce_op=...)` with an operation XLAFSDP does not have.

`XLAFSDPStrategy.all_reduce` sums with `xm.mesh_reduce("reduce", output, sum)` and divides by the world
size for "mean"/"avg"; it has no max, min or product. It raises ValueError "Currently, the
XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: ..." (xla_fsdp.py
l.350) for a string other than those three (compared lower-case) and for any `ReduceOp` other than
`ReduceOp.SUM` (`ReduceOp.AVG` included). `fabric.all_reduce(data, group=None, reduce_op="mean")`
passes `reduce_op` through; `None` is accepted and sums.

No fix in general, since another reduction gives another result (a max is
`fabric.all_gather(x).max()`); `ReduceOp.AVG` becomes `"mean"`, which computes the same thing.
"""

from __future__ import annotations

import ast

from ..context import XLA_FSDP, Context
from ..findings import Severity
from ..rule import Invalid, Rule, Valid, fix, replace

SUPPORTED = ("sum", "mean", "avg")
POSITION = 2  # all_reduce(data, group, reduce_op)


class UnsupportedReduceOp(Rule):
    code = "LXF027"
    record = "0ee475f900117c22"
    name = "unsupported-reduce-op"
    summary = "XLAFSDP `all_reduce` supports only sum, mean and avg"
    severity = Severity.ERROR
    triggers = ("all_reduce",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, x):\n"
            "    longest = fabric.all_reduce(x, reduce_op='max')\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="only supports `sum`, `mean`, `avg` for the reduce operation, got: max",
            count=1, at="3:46-3:51", severity="error",
        ),
        Invalid(
            "from torch.distributed import ReduceOp\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric, x):\n"
            "    fabric.all_reduce(x, None, ReduceOp.MIN)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="ReduceOp.MIN",
            count=1, at="4:32-4:44", severity="error",
        ),
        Invalid(
            "import torch.distributed as dist\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric, x):\n"
            "    fabric.all_reduce(x, reduce_op=dist.ReduceOp.AVG)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="import torch.distributed as dist\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric, x):\n"
            "    fabric.all_reduce(x, reduce_op='mean')\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            count=1, at="4:36-4:53", severity="error",
        ),
        Valid("import torch.distributed as dist\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric, x):\n"
              "    fabric.all_reduce(x)\n"
              "    fabric.all_reduce(x, reduce_op='SUM')\n"
              "    fabric.all_reduce(x, reduce_op='avg')\n"
              "    fabric.all_reduce(x, reduce_op=dist.ReduceOp.SUM)\n"
              "    fabric.all_reduce(x, reduce_op=None)\n"
              "    fabric.all_reduce(x, reduce_op=op)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric, x):\n"
              "    fabric.all_reduce(x, reduce_op='max')\n"
              "Fabric(strategy='fsdp', accelerator='cuda').launch(train)\n"),
    )

    def check(self, ctx: Context):
        for call, fabric in ctx.method_calls("all_reduce"):
            if any(isinstance(a, ast.Starred) for a in call.args[:POSITION + 1]):
                continue
            if len(call.args) > POSITION:
                written = call.args[POSITION]
            else:
                keywords, _ = ctx.keyword_args(call)
                arg = keywords.get("reduce_op")
                if arg is None:
                    continue
                written = arg.value
            value = ctx.value_of(written)
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                if value.value.lower() in SUPPORTED:
                    continue
                got = value.value
            else:
                member = _reduce_op_member(ctx, value)
                if member is None or member == "SUM":
                    continue
                got = f"ReduceOp.{member}"
            if ctx.fabric_kind(fabric) != XLA_FSDP:
                continue
            message = (
                f"Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: {got}; "
                "`all_reduce` raises ValueError"
            )
            fixes = []
            if got == "ReduceOp.AVG" and value is written:
                fixes.append(fix("Use reduce_op='mean' (the same average)", replace(ctx, written, "'mean'"), preferred=True))
            elif got.lower() in ("max", "min"):
                message += f". For a {got.lower()}, gather and reduce: `{ctx.doc.source(fabric)}.all_gather(x).{got.lower()}()`"
            yield self.finding(ctx, written, message, fixes)


def _reduce_op_member(ctx: Context, node: ast.AST) -> str | None:
    """`MAX` for `ReduceOp.MAX`, `dist.ReduceOp.MAX`, `torch.distributed.ReduceOp.MAX`."""
    if not isinstance(node, ast.Attribute):
        return None
    qualified = ctx.resolve(node) or ""
    if qualified.startswith("torch.distributed.") and ".ReduceOp." in qualified:
        return node.attr
    base = node.value
    if isinstance(base, ast.Attribute) and base.attr == "ReduceOp" or isinstance(base, ast.Name) and base.id == "ReduceOp":
        return node.attr
    return None


RULE = UnsupportedReduceOp()
