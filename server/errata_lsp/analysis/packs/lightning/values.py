"""The evaluator's Lightning and torch knowledge, registered as tips (`analysis/tips.py`) and value
kinds (`analysis/values.py`):

- `Fabric(...)` is a Fabric; `fabric.strategy` its strategy; `fabric.setup(m, *opts)`,
  `fabric.setup_module(m)` and `fabric.setup_optimizers(*opts)` give set-up modules and optimizers;
- a Lightning strategy class builds a strategy, and so does a project class derived from one alone;
- the set-up module's `.module` (and `._original_module`) is the module it was given;
- `torch.optim.X(params)` is an optimizer; `torch.nn.X(...)` and a project class derived from
  `nn.Module` or `LightningModule` build a module; `ModuleWrapPolicy(...)` and `CustomPolicy(...)` of
  `torch.distributed.fsdp.wrap` build a policy object (always true, not a set);
- `fabric.launch(f, *args)` calls `f(fabric, *args)`;
- `fabric.call("hook", *args, **kwargs)` calls `hook(*args, **kwargs)` of each callback given to
  `Fabric(callbacks=...)`: each item of a list (with what `append`/`extend` add to it), or the one object
  given otherwise (`Fabric._configure_callbacks` wraps what is not a list: a tuple is one callback, whose
  items' hooks never run), and what the code adds to `fabric._callbacks`. Fabric dispatches `on_after_setup`
  itself in `fabric.setup` and `on_after_optimizer_step` in a set-up optimizer's `step` (fabric.py l.308,
  wrappers.py l.92, lightning 2.6.6).
- `fabric.save(path, state)` and `torch.save(obj, f)` write the path they are given (a file test of it after
  them is true on that run): `torch.save` a file, `fabric.save` a file or a folder (a sharded checkpoint is a
  folder of shards, one file a rank).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from ...tips import Tips
from ...values import Value, register_kind
from .names import (
    DISTRIBUTIONS,
    ENUMS,
    FABRIC,
    LIBRARIES,
    PACKAGES,
    PURE_CALLS,
    SPELLINGS,
    STAR_EXPORTS,
    TRANSPARENT_DECORATORS,
    VERSION_OBJECTS,
    XLAFSDP_STRATEGY,
)

if TYPE_CHECKING:
    from ...flow import Flow

STRATEGIES = "lightning.fabric.strategies."
UNWRAPPING = ("module", "_original_module")  # attributes of a `_FabricModule` that hold the module it was given
# `fabric.setup_module` unwraps a `torch.compile`d module before wrapping it, and a `_FabricModule` forwards what it
# lacks to the module it was given, uncompiled: it has no `_orig_mod` (the unwrapping helpers' first `getattr`)
LACKING = {"setup_module": frozenset({"_orig_mod"})}
OPTIMIZERS = "torch.optim."
MODULE_BASES = ("torch.nn.Module", "lightning.LightningModule", "lightning.pytorch.LightningModule")

for _name in ("fabric", "strategy", "module", "setup_module", "optimizer"):
    register_kind(_name, __name__, always_true=True)
for _name in ("fabric_strategy", "setup_optimizer", "setup_tuple", "setup_dataloader"):
    register_kind(_name, __name__)
# torch's FSDP wrap-policy objects (torch 2.9.0 `distributed/fsdp/wrap.py`): `_Policy` subclasses with no
# `__len__` or `__bool__`, so always true, and never a set
WRAP_POLICY_OBJECTS = ("torch.distributed.fsdp.wrap.ModuleWrapPolicy", "torch.distributed.fsdp.wrap.CustomPolicy")
register_kind("policy_object", __name__, always_true=True)

TIPS = Tips(packages=PACKAGES, spellings=SPELLINGS, star_exports=STAR_EXPORTS, libraries=LIBRARIES, enums=ENUMS,
            pure=PURE_CALLS, distributions=DISTRIBUTIONS, version_objects=VERSION_OBJECTS, lacking=LACKING,
            transparent_decorators=TRANSPARENT_DECORATORS)
TIPS.callback("launch")

# each Fabric strategy class of lightning 2.6.6 (`fabric/strategies/*.py`) with the classes it derives from
_STRATEGY = frozenset({"Strategy"})
_PARALLEL = _STRATEGY | {"ParallelStrategy"}
# the names Fabric's strategy registry gives those classes (`strategy="xla_fsdp"`)
STRATEGY_NAMES = {"xla_fsdp": "XLAFSDPStrategy", "fsdp": "FSDPStrategy", "ddp": "DDPStrategy", "xla": "XLAStrategy",
                  "deepspeed": "DeepSpeedStrategy", "dp": "DataParallelStrategy"}
STRATEGY_CLASSES = {
    "XLAFSDPStrategy": _PARALLEL | {"XLAFSDPStrategy", "_Sharded"},
    "FSDPStrategy": _PARALLEL | {"FSDPStrategy", "_Sharded"},
    "DDPStrategy": _PARALLEL | {"DDPStrategy"},
    "DeepSpeedStrategy": _PARALLEL | {"DDPStrategy", "DeepSpeedStrategy", "_Sharded"},
    "XLAStrategy": _PARALLEL | {"XLAStrategy"},
    "DataParallelStrategy": _PARALLEL | {"DataParallelStrategy"},
    "ModelParallelStrategy": _PARALLEL | {"ModelParallelStrategy"},
    "SingleDeviceStrategy": _STRATEGY | {"SingleDeviceStrategy"},
    "SingleDeviceXLAStrategy": _STRATEGY | {"SingleDeviceStrategy", "SingleDeviceXLAStrategy"},
}


def _strategy_instance(flow: Flow, value: Value, qualified: str) -> bool | None:
    """`isinstance(fabric.strategy, FSDPStrategy)` of a Fabric built with XLAFSDPStrategy (`strategy="xla_fsdp"`,
    a subclass of it), or `isinstance(strategy, ...)` of a strategy object: whether its class is or derives from
    the Fabric strategy class named; None for another class or value."""
    if not qualified.startswith(STRATEGIES):
        return None
    held: tuple[Value, ...] = (value,)
    fabric = value.extra if value.kind == "fabric_strategy" else None
    if isinstance(fabric, Value) and fabric.kind == "fabric" and isinstance(fabric.node, ast.Call):
        given = next((k.value for k in fabric.node.keywords if k.arg == "strategy"), None)
        held = (fabric.flow or flow).values(given) if given is not None else ()
    classes = {_class_of_strategy(flow, x) for x in held}
    bases = STRATEGY_CLASSES.get(classes.pop() or "") if len(classes) == 1 else None
    return None if bases is None else qualified.rpartition(".")[2] in bases


def _class_of_strategy(flow: Flow, value: Value) -> str | None:
    """The Fabric strategy class a strategy value is an instance of: its construction's, or the class a registered
    name stands for (`"xla_fsdp"`); None when the layer cannot tell, or under a condition."""
    if value.when:
        return None
    if value.kind == "strategy" and value.qualified:
        return flow.ctx.tips.canonical(value.qualified).rpartition(".")[2]
    if value.kind == "str" and isinstance(value.node, ast.Constant) and isinstance(value.node.value, str):
        return STRATEGY_NAMES.get(value.node.value)
    return None


TIPS.instance_tests.append(_strategy_instance)


def _is_strategy(qualified: str) -> bool:
    return qualified == XLAFSDP_STRATEGY or qualified.startswith(STRATEGIES) and qualified.endswith("Strategy")


def _is_torch_module(qualified: str) -> bool:
    return qualified.startswith("torch.nn.") and qualified.rsplit(".", 1)[-1][:1].isupper()


@TIPS.dispatcher("call", built_by=(FABRIC,), own=("on_after_setup", "on_after_optimizer_step"))
def _fabric_callbacks(flow: Flow, receiver: Value) -> tuple[Value, ...]:
    node = receiver.node
    if receiver.kind != "fabric" or not isinstance(node, ast.Call) or receiver.flow is None:
        return ()
    owner = receiver.flow
    given = next((k.value for k in node.keywords if k.arg == "callbacks"), None)
    out: list[Value] = []
    for value in owner.values(given) if given is not None else ():
        if isinstance(value.node, ast.List) and value.flow is not None:  # (a list another module's factory builds too)
            home = value.flow
            items = [*value.node.elts, *(e for e, _ in home.appended(value.node))]
            out.extend(x for e in items if not isinstance(e, ast.Starred) for x in home.values(e))
        elif not isinstance(value.node, ast.Tuple):  # a tuple is one callback: `getattr(tuple, hook)` is None
            out.append(value)
    for method in ("append", "extend"):  # `fabric._callbacks.append(cb)`: the list Fabric dispatches over
        for call, target in owner.ctx.spelled_method_calls(method):
            if not (isinstance(target, ast.Attribute) and target.attr == "_callbacks" and len(call.args) == 1
                    and any(x.node is node for x in owner.values(target.value))):
                continue
            arg = call.args[0]
            items = arg.elts if method == "extend" and isinstance(arg, (ast.List, ast.Tuple)) else [arg]
            out.extend(x for e in items if not isinstance(e, ast.Starred) for x in owner.values(e))
    return tuple(out)


@TIPS.writer
def _written_path(flow: Flow, node: ast.Call) -> tuple[ast.expr, str | None] | None:
    func = node.func
    path, kind = None, None
    if flow.ctx.resolve(func) == "torch.save":
        path, kind = _argument(node, 1, "f"), "file"
    elif isinstance(func, ast.Attribute) and func.attr == "save" and any(
            v.kind == "fabric" for v in flow.values(func.value)):
        path = _argument(node, 0, "path")
    return None if path is None else (path, kind)


def _argument(node: ast.Call, index: int, keyword: str) -> ast.expr | None:
    if any(isinstance(a, ast.Starred) for a in node.args[:index + 1]):
        return None
    return node.args[index] if index < len(node.args) else next((k.value for k in node.keywords if k.arg == keyword), None)


@TIPS.call
def _library_call(flow: Flow, node: ast.Call, qualified: str) -> tuple[Value, ...] | None:
    if qualified == FABRIC:
        return (Value("fabric", node, qualified=qualified, flow=flow),)
    if _is_strategy(qualified):
        return (Value("strategy", node, qualified=qualified, flow=flow),)
    if qualified.startswith(OPTIMIZERS) and qualified[len(OPTIMIZERS):][:1].isupper():
        return (Value("optimizer", node, qualified=qualified, extra=node.args[0] if node.args else None, flow=flow),)
    if _is_torch_module(qualified):
        return (Value("module", node, qualified=qualified, flow=flow),)
    if qualified in WRAP_POLICY_OBJECTS:
        return (Value("policy_object", node, qualified=qualified, flow=flow),)
    return None


@TIPS.predicate("lightning.fabric.wrappers.is_wrapped")
def _is_wrapped(value: Value) -> bool | None:
    """`is_wrapped(obj)` is True for what `fabric.setup*` returns (a `_FabricModule`, `_FabricOptimizer`,
    `_FabricDataLoader`, or a compiled one of those) and False for anything else (fabric/wrappers.py,
    lightning 2.6.6): a raw module or optimizer says False, a set-up one True."""
    if value.kind in ("setup_module", "setup_optimizer", "setup_dataloader"):
        return True
    if value.kind in ("module", "optimizer"):
        return False
    return None


@TIPS.method("fabric")
def _fabric_method(flow: Flow, node: ast.Call, receiver: Value, name: str) -> tuple[Value, ...] | None:
    if name == "setup":
        items = [Value("setup_module", node, extra=node.args[0] if node.args else None, flow=flow)]
        items += [Value("setup_optimizer", node, extra=a, flow=flow) for a in node.args[1:]]
        if len(items) == 1:
            return (items[0],)
        return (Value("setup_tuple", node, extra=tuple(items), flow=flow),)
    if name == "setup_module":
        return (Value("setup_module", node, extra=node.args[0] if node.args else None, flow=flow),)
    if name == "setup_optimizers":
        if len(node.args) == 1:
            return (Value("setup_optimizer", node, extra=node.args[0], flow=flow),)
        return (Value("setup_tuple", node, extra=tuple(Value("setup_optimizer", node, extra=a, flow=flow)
                                                        for a in node.args), flow=flow),)
    if name == "setup_dataloaders" and node.args and not any(isinstance(a, ast.Starred) for a in node.args):
        if len(node.args) == 1:  # (`_FabricDataLoader`s: one for one loader, a list for several)
            return (Value("setup_dataloader", node, extra=node.args[0], flow=flow),)
        return (Value("setup_tuple", node, extra=tuple(Value("setup_dataloader", node, extra=a, flow=flow)
                                                        for a in node.args), flow=flow),)
    return (Value("unknown", node, flow=flow),)


# `nn.Module` methods that return the module itself (torch 2.9.0 `nn/modules/module.py`: `return self`)
MODULE_RETURNS_SELF = ("to", "cuda", "cpu", "xpu", "ipu", "mtia", "type", "float", "double", "half", "bfloat16",
                       "to_empty", "train", "eval", "requires_grad_", "apply", "share_memory")


@TIPS.method("module")
def _module_method(flow: Flow, node: ast.Call, receiver: Value, name: str) -> tuple[Value, ...] | None:
    """`nn.Linear(4, 4).to(device)`, `Net().train()`: the raw module itself, unless its project class (or one
    of its project bases) writes a method of that name, whose own `return` the layer reads."""
    if name not in MODULE_RETURNS_SELF or isinstance(receiver.node, ast.Call) \
            and _overrides(receiver.flow or flow, receiver.node, name):
        return None
    return (receiver,)


def _overrides(flow: Flow, built: ast.Call, name: str) -> bool:
    """The project class `built` calls (or a project base of it) defines a method `name`."""
    todo = [(x.node, x.flow or flow) for x in flow.values(built.func) if isinstance(x.node, ast.ClassDef)]
    seen: set[int] = set()
    while todo:
        cls, owner = todo.pop()
        if id(cls) in seen:
            continue
        seen.add(id(cls))
        if any(isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == name for s in cls.body):
            return True
        todo.extend((x.node, x.flow or owner) for base in cls.bases for x in owner.values(base)
                    if isinstance(x.node, ast.ClassDef))
    return False


@TIPS.attribute("fabric")
def _fabric_attribute(flow: Flow, value: Value, attr: str, node: ast.AST) -> tuple[Value, ...] | None:
    if attr == "strategy":
        return (Value("fabric_strategy", value.node, value.when, extra=value, flow=flow),)
    return None


@TIPS.attribute("setup_module")
def _set_up_module_attribute(flow: Flow, value: Value, attr: str, node: ast.AST) -> tuple[Value, ...] | None:
    """`model.module` and `model._original_module` of the `_FabricModule` that `fabric.setup(m)` returns: `m`,
    the module as it was given (its `_forward_module` is the strategy's wrapper: not told here)."""
    given = value.extra
    if attr in UNWRAPPING and isinstance(given, ast.expr) and not isinstance(given, ast.Starred):
        return tuple(x.under(value.when) for x in flow.values(given))
    return None


@TIPS.derived_class
def _module_class(flow: Flow, cls: ast.ClassDef, node: ast.Call) -> tuple[Value, ...] | None:
    if _is_module_class(flow, cls):
        return (Value("module", node, label=cls.name, flow=flow),)
    return None


@TIPS.derived_class
def _strategy_class(flow: Flow, cls: ast.ClassDef, node: ast.Call) -> tuple[Value, ...] | None:
    """`class ProjectStrategy(XLAFSDPStrategy)`: a strategy of that class, if it derives from that alone."""
    qualified = flow.ctx.resolve(cls.bases[0]) if len(cls.bases) == 1 else None
    if qualified is not None and qualified.startswith(STRATEGIES) and qualified.endswith("Strategy"):
        return (Value("strategy", node, qualified=qualified, flow=flow),)
    return None


def _is_module_class(flow: Flow, cls: ast.ClassDef, seen: frozenset[int] = frozenset()) -> bool:
    if id(cls) in seen:
        return False
    for base in cls.bases:
        qualified = flow.ctx.resolve(base) or ""
        if qualified in MODULE_BASES or _is_torch_module(qualified):
            return True
        for x in flow.values(base):
            # a base class of another module: its own bases are resolved with that module's imports
            owner = flow if x.node in flow.ctx.parents else x.flow
            if isinstance(x.node, ast.ClassDef) and x.node is not cls and owner is not None \
                    and x.node in owner.ctx.parents and _is_module_class(owner, x.node, seen | {id(cls)}):
                return True
    return False
