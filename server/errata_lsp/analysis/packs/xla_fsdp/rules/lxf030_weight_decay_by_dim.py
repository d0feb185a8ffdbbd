"""LXF030: optimizer groups chosen by `p.dim() >= 2` on the parameters of a module set up under XLAFSDP.

`setup_module` wraps the model in torch_xla's `XlaFullyShardedDataParallel` (xla_fsdp.py l.222), which
flattens the parameters of each wrapped module into one 1-D tensor and keeps this process's shard of it:
the set-up model's `parameters()` all have one dimension. nanoGPT's and litgpt's weight-decay groups
(`p.dim() >= 2` decays, `< 2` does not) then put every tensor in the no-decay group; nothing raises and
the model trains without weight decay (labelled case 94d8d3b798efb40e_before: 6 flat tensors, none
with two dimensions).

Flagged where the test holds for no 1-D tensor (`p.dim() >= 2`, `p.ndim > 1`, `len(p.shape) == 2`:
the group it picks is empty), inside a comprehension or loop over `m.parameters()` or
`m.named_parameters()` (or the `.items()`/`.values()` of a dict built from them), where the value-flow
layer shows `m` is the module an XLAFSDP `fabric.setup_module`/`fabric.setup` returned, in this function
or in a helper it is given to. A warning: the run goes on, silently wrong.

No fix is offered: which parameters should decay is the user's choice. With
`XLAFSDPStrategy(flatten_parameters=False)` the parameters keep their names, and groups chosen by name
work (94d8d3b798efb40e_after).
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Iterator

from ....context import Context
from ....findings import Finding, Severity
from ....rule import Invalid, Rule, Valid
from ....statements import PARAMETER_METHODS
from ...lightning.fabric import XLA_FSDP, fabric_kind

COMPARE: dict[type, Callable[[int, int], bool]] = {
    ast.GtE: operator.ge, ast.Gt: operator.gt, ast.LtE: operator.le, ast.Lt: operator.lt,
    ast.Eq: operator.eq, ast.NotEq: operator.ne,
}
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


class WeightDecayByDim(Rule):
    code = "LXF030"
    record = "94d8d3b798efb40e"
    name = "weight-decay-by-dim"
    summary = "Under XLAFSDP every set-up parameter is 1-D: groups chosen by `p.dim() >= 2` are empty"
    severity = Severity.WARNING
    triggers = ("dim", "ndim", "ndimension", "shape")
    # the loop the test is in reads `m.parameters()`, `m.named_parameters()` or a dict's `.items()`/`.values()`
    triggers_with = (*PARAMETER_METHODS, "items", "values")
    examples = (
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(GPT())\n"
            "    decay = [p for p in model.parameters() if p.dim() >= 2]\n"
            "    no_decay = [p for p in model.parameters() if p.dim() < 2]\n"
            "    groups = [{'params': decay, 'weight_decay': 0.1}, {'params': no_decay, 'weight_decay': 0.0}]\n"
            "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(groups))\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`p.dim() >= 2` tests the parameters of `model`, the module `fabric.setup_module(GPT())` set up "
                    "(line 4): under XLAFSDP each is a flat 1-D shard, so it holds for none and the group it picks is "
                    "empty: weight decay is silently off",
            count=1, at="5:47-5:59", severity="warning",
        ),
        Invalid(  # nanoGPT's `configure_optimizers`, given the set-up model
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def configure_optimizers(model, weight_decay):\n"
            "    param_dict = {pn: p for pn, p in model.named_parameters() if p.requires_grad}\n"
            "    decay_params = [p for n, p in param_dict.items() if p.dim() >= 2]\n"
            "    nodecay_params = [p for n, p in param_dict.items() if p.dim() < 2]\n"
            "    return torch.optim.AdamW([{'params': decay_params, 'weight_decay': weight_decay},\n"
            "                              {'params': nodecay_params, 'weight_decay': 0.0}])\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(GPT())\n"
            "    optimizer = fabric.setup_optimizers(configure_optimizers(model, 0.1))\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            count=1, at="5:57-5:69", severity="warning",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(GPT())\n"
              "    decay = [p for p in model.parameters() if p.dim() >= 2]\n"
              "Fabric(strategy='ddp').launch(train)\n"),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    raw = GPT()\n"
              "    shapes = [p.dim() >= 2 for p in raw.parameters()]\n"
              "    model = fabric.setup_module(raw)\n"
              "    decay = [p for n, p in model.named_parameters() if not n.endswith('bias')]\n"
              "    flat = [p for p in model.parameters() if p.dim() < 2]\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for compare in ctx.nodes(ast.Compare):
            tested = _tested_tensor(compare)
            if tested is None:
                continue
            module = _parameters_of(ctx, compare, tested)
            if module is None:
                continue
            setup = _xla_fsdp_setup(ctx, module)
            if setup is None:
                continue
            text = ctx.doc.source(compare)
            message = (
                f"`{text}` tests the parameters of `{ctx.doc.source(module)}`, the module `{ctx.doc.source(setup)}` "
                f"set up (line {setup.lineno}): under XLAFSDP each is a flat 1-D shard, so it holds for none and "
                "the group it picks is empty: weight decay is silently off. Choose the groups by name, with "
                "`XLAFSDPStrategy(flatten_parameters=False)` to keep each parameter apart"
            )
            yield self.finding(ctx, compare, message, [])


def _tested_tensor(compare: ast.Compare) -> ast.Name | None:
    """`p` in `p.dim() >= 2` (`p.ndimension()`, `p.ndim`, `len(p.shape)`) when the test holds for no 1-D tensor."""
    if len(compare.ops) != 1 or type(compare.ops[0]) not in COMPARE:
        return None
    bound = compare.comparators[0]
    if not (isinstance(bound, ast.Constant) and type(bound.value) is int):
        return None
    left = compare.left
    tensor: ast.expr | None = None
    if isinstance(left, ast.Call) and isinstance(left.func, ast.Attribute) and left.func.attr in ("dim", "ndimension") \
            and not left.args and not left.keywords:
        tensor = left.func.value
    elif isinstance(left, ast.Attribute) and left.attr == "ndim":
        tensor = left.value
    elif isinstance(left, ast.Call) and isinstance(left.func, ast.Name) and left.func.id == "len" \
            and len(left.args) == 1 and isinstance(left.args[0], ast.Attribute) and left.args[0].attr == "shape":
        tensor = left.args[0].value
    if not isinstance(tensor, ast.Name) or COMPARE[type(compare.ops[0])](1, bound.value):
        return None  # true of a 1-D tensor: that group gets every parameter, the other one is flagged
    return tensor


def _parameters_of(ctx: Context, compare: ast.Compare, tensor: ast.Name) -> ast.expr | None:
    """`m` when `tensor` is bound by the comprehension or loop around `compare` over `m.parameters()` or
    `m.named_parameters()`, directly or through the `.items()`/`.values()` of a dict comprehension over them."""
    node: ast.AST | None = compare
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)):
        loops: list[tuple[ast.expr, ast.expr]] = []
        if isinstance(node, COMPREHENSIONS):
            loops = [(g.target, g.iter) for g in node.generators]
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            loops = [(node.target, node.iter)]
        for target, iterable in loops:
            if any(isinstance(n, ast.Name) and n.id == tensor.id for n in ast.walk(target)):
                return _parameter_source(ctx, iterable)
        node = ctx.parents.get(node)
    return None


def _parameter_source(ctx: Context, iterable: ast.expr, depth: int = 0) -> ast.expr | None:
    if not (isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Attribute)):
        return None
    if iterable.func.attr in PARAMETER_METHODS:
        return iterable.func.value
    holder = iterable.func.value
    if depth or iterable.func.attr not in ("items", "values") or not isinstance(holder, ast.Name):
        return None
    binding = ctx.reaching(holder)
    built = binding.value if binding is not None else None
    if isinstance(built, ast.DictComp) and len(built.generators) == 1:
        return _parameter_source(ctx, built.generators[0].iter, depth + 1)
    return None


def _xla_fsdp_setup(ctx: Context, module: ast.expr) -> ast.Call | None:
    """The `fabric.setup_module(...)`/`fabric.setup(...)` call of an XLAFSDP Fabric that `module` holds on
    every path, as the value-flow layer follows it (into helpers too)."""
    values = ctx.values(module)
    if not values or any(v.kind != "setup_module" or v.foreign or not isinstance(v.node, ast.Call)
                         or not isinstance(v.node.func, ast.Attribute) for v in values):
        return None
    calls = [v.node for v in values]
    if any(fabric_kind(ctx, call.func.value) != XLA_FSDP for call in calls):  # type: ignore[union-attr]
        return None
    return calls[0]  # type: ignore[return-value]


RULE = WeightDecayByDim()
