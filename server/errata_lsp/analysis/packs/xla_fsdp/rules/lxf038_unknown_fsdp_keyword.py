"""LXF038: a keyword given to XLAFSDPStrategy that neither it nor torch_xla's FSDP takes.

XLAFSDPStrategy keeps every keyword it does not name (`self._fsdp_kwargs = kwargs`, lightning 2.6.6
`strategies/xla_fsdp.py` l.109) and hands them to `XlaFullyShardedDataParallel(module=module, **kwargs)` when the
model is set up (l.222, in the launched function), whose `__init__` (torch_xla 2.9.0) has no `**kwargs`: a
keyword it lacks raises `TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument
'sync_module_states'` there, whatever its value (labelled case 5d0b7c3e9a41f826_before). The constructor accepts
it, so nothing fails until the worker sets up the model.

The accepted set is the pack's (`..fsdp_keywords`: the strategy's eight parameters and torch_xla's); any other
keyword is flagged, given at the call, through `**{...}`, `**dict(...)` or a `**kwargs` dict the value flow reads
(another module's config dict included: reported where the key is written). A keyword of CUDA FSDP
(`mixed_precision`, `cpu_offload`, `sharding_strategy`, ...) is named as such with what XLA has instead; a near
spelling of an accepted one (`compute_dtyp`), or an older torch_xla's name of one (`mark_step_on_finalization`),
gets it as its fix. A keyword stored under a condition is a warning naming it. The accepted set is torch_xla
2.9.0's, not a table of its releases. The fixes are unsafe: removing a setting, or renaming it to what it meant,
changes what runs.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator

from ....context import Arg, Context, place_in
from ....findings import Edit, Finding, Fix, Position, Safety, Severity, Span
from ....rule import Invalid, Rule, Valid, call_items, drop_argument, fix, remove_argument, replace
from ....values import describe_when, either
from ...lightning.names import XLAFSDP_STRATEGY
from ..fsdp_keywords import ACCEPTED, CUDA_KEYWORDS, PUBLIC, RENAMED

ERROR = "XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument"


class UnknownFsdpKeyword(Rule):
    code = "LXF038"
    record = "5d0b7c3e9a41f826"
    name = "xla-fsdp-unknown-keyword"
    summary = "A keyword XLAFSDPStrategy hands to torch_xla's FSDP, which does not take it: TypeError at setup"
    triggers = ("XLAFSDPStrategy", "xla_fsdp")
    examples = (
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, sync_module_states=True)\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
                  "strategy = XLAFSDPStrategy(auto_wrap_policy={Block})\n",
            message="raises `TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument "
                    "'sync_module_states'`; `sync_module_states` is a setting of torch's CUDA FSDP: torch_xla's FSDP "
                    "has no such setting; remove it",
            count=1, at="2:54-2:77", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(compute_dtyp=torch.bfloat16)\n",
            fixed="import torch\n"
                  "from lightning.fabric.strategies import XLAFSDPStrategy\n"
                  "strategy = XLAFSDPStrategy(compute_dtype=torch.bfloat16)\n",
            message="did you mean `compute_dtype`?",
            count=1, at="3:28-3:55", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "FSDP_KWARGS = dict(mixed_precision=None, flatten_parameters=True)\n"
            "strategy = XLAFSDPStrategy(**FSDP_KWARGS)\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
                  "FSDP_KWARGS = dict(flatten_parameters=True)\n"
                  "strategy = XLAFSDPStrategy(**FSDP_KWARGS)\n",
            message="under XLA the precision is `Fabric(precision=\"bf16-true\")`",
            count=1, at="2:20-2:40", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def make(cfg):\n"
            "    kw = {'reshard_after_forward': False}\n"
            "    if cfg.offload:\n"
            "        kw['cpu_offload'] = True\n"
            "    return XLAFSDPStrategy(**kw)\n",
            message="torch_xla's FSDP has no CPU offload; remove it; when cfg.offload",
            count=1, at="5:9-5:26", severity="warning",
        ),
        Valid("import torch\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy, FSDPStrategy\n"
              "a = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block},\n"
              "                    state_dict_type='full', sequential_save=True, compute_dtype=torch.bfloat16,\n"
              "                    flatten_parameters=True, reshard_after_forward=False, _shard_size_multiple=64)\n"
              "b = XLAFSDPStrategy(**{'buffer_dtype': torch.float32, 'auto_wrapper_callable': None})\n"
              "c = FSDPStrategy(sync_module_states=True, cpu_offload=True, limit_all_gathers=True)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        seen: set[tuple[int, str]] = set()  # a keyword a `functools.partial` pre-sets, for each call of it: once
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            args, _ = ctx.keyword_args(call)
            for name, arg in args.items():
                if name in ACCEPTED or name == "module" or (id(arg.node), name) in seen \
                        or _stored_by_a_method_never_called(ctx, call, arg):
                    continue
                seen.add((id(arg.node), name))
                finding = self.when_used(ctx, call, self._unknown(ctx, call, arg, set(args)))
                if finding is not None:  # (a strategy built and never used raises nothing)
                    yield finding

    def _unknown(self, ctx: Context, call: ast.Call, arg: Arg, given: set[str]) -> Finding:
        name = arg.name
        message = (f"`{name}` is a parameter neither of XLAFSDPStrategy nor of torch_xla's XlaFullyShardedDataParallel: "
                   "the strategy keeps it and passes it to `XlaFullyShardedDataParallel(module, ...)` when the model "
                   f"is set up (`fabric.setup`, in the launched function), which raises `TypeError: {ERROR} "
                   f"'{name}'`; ")
        cuda = CUDA_KEYWORDS.get(name)
        near = RENAMED.get(name) or (None if cuda is not None else _near(name))
        if cuda is not None:
            message += f"`{name}` is a setting of torch's CUDA FSDP: {cuda.instead}; remove it"
        elif name in RENAMED:
            message += f"`{name}` is an older torch_xla's name of `{near}` (torch_xla 2.9.0 takes only the new one)"
        elif near is not None:
            message += f"did you mean `{near}`?"
        else:
            message += "remove it"
        when = either(arg.among) if arg.among is not None else ()
        when = tuple(dict.fromkeys((*arg.when, *when)))
        if when:
            message += f"; {describe_when([when])}"
        fixes = self._fixes(ctx, call, arg, near if near is not None and near not in given else None)
        finding = self.finding(ctx, arg.node, message, fixes,
                               Severity.WARNING if when else None)
        if arg.elsewhere is not None:
            place = place_in(arg.elsewhere.flow, arg.elsewhere.node)
            if place is not None:
                return dataclasses.replace(finding, elsewhere=place)
        return finding

    def _fixes(self, ctx: Context, call: ast.Call, arg: Arg, near: str | None) -> list[Fix]:
        """Remove the keyword where it is written (another module's dict included); with a near spelling of an
        accepted keyword, rename it to that one first."""
        entry = arg.elsewhere
        there = ctx if entry is None else entry.flow.ctx
        spelled = arg if entry is None else Arg(arg.name, entry.value, entry.node, via=arg.via)
        path = None if entry is None else entry.flow.origin
        if entry is not None and path is None:
            return []
        out: list[Fix] = []
        if near is not None:
            renamed = _rename(there, spelled, near)
            if renamed is not None:
                out.append(fix(f"Rename `{arg.name}` to `{near}`", renamed, safety=Safety.UNSAFE, preferred=True,
                               path=path))
        removed = _remove(there, call, spelled) if entry is None or arg.via is not None else None
        if removed is not None:
            out.append(fix(f"Remove `{arg.name}`", removed, safety=Safety.UNSAFE, preferred=not out, path=path))
        return out


def _near(name: str) -> str | None:
    """The accepted keyword `name` misspells, if one is close."""
    import difflib  # only for a finding: the first diagnostics of a session load no more than they need

    return next(iter(difflib.get_close_matches(name, PUBLIC, 1, 0.8)), None)


def _stored_by_a_method_never_called(ctx: Context, call: ast.Call, arg: Arg) -> bool:
    """The key is stored by a method of a builder (`def sync_grads(self): self._kwargs["sync_module_states"] = v`)
    that neither its module nor any other module of the project calls: the value flow keeps every store of an
    instance's dict, but one made by a method never run is not in the dict the strategy gets."""
    entry = arg.elsewhere
    there = ctx if entry is None else entry.flow.ctx
    node = arg.node if entry is None else entry.node
    if node not in there.parents:
        return False
    func = there.enclosing_function(node)
    owner = there.parents.get(func) if func is not None else None
    if func is None or not isinstance(owner, ast.ClassDef) or func.name.startswith("__") or func.decorator_list \
            or entry is None and ctx.within(call, func):
        return False
    for reader in (there, ctx):
        if any(not reader.within(load, func) for load in reader.attribute_loads(func.name)) \
                or reader.loads_named(func.name) or not reader.reads_every_use_of(func.name):
            return False  # called, passed around, or used where the check did not read
    if there.project is None:
        return False
    readers = there.project.modules_reading(there.flow, owner.name, also=func.name)
    return readers is not None and not readers


def _remove(ctx: Context, call: ast.Call, arg: Arg) -> Edit | None:
    """Remove the keyword where it is spelled: the call, a `**` display, or the `functools.partial` that pre-sets it."""
    if arg.via is None:
        holder = ctx.parents.get(arg.node)
        return remove_argument(ctx, call_items(holder), arg.node) if isinstance(holder, ast.Call) else None
    if arg.node not in ctx.parents:  # a keyword of a call to a helper whose `**kwargs` hands it on: that keyword
        span = ctx.doc.span(arg.node)
        spelled = [k for k in ctx.nodes(ast.keyword) if k.arg == arg.name and ctx.doc.span(k) == span]
        holder = ctx.parents.get(spelled[0]) if len(spelled) == 1 else None
        return remove_argument(ctx, call_items(holder), spelled[0]) if isinstance(holder, ast.Call) else None
    return drop_argument(ctx, call, arg)


def _rename(ctx: Context, arg: Arg, new: str) -> Edit | None:
    """The keyword's name as spelled: `name=` of a keyword argument, or the string key of a dict display."""
    node = arg.node
    if isinstance(node, ast.keyword):
        start = ctx.doc.span(node).start
        return Edit(Span(start, Position(start.line, start.column + len(arg.name))), new)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = ctx.doc.source(node)
        quote = text[:1] if text[:1] in "'\"" else "'"
        return replace(ctx, node, f"{quote}{new}{quote}")
    return None


RULE = UnknownFsdpKeyword()
