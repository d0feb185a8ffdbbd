"""Facts of the XLAFSDP pack that several rules and `detect` sections read: the function given to
`fabric.launch`, the accelerators a strategy object carries, the class of a set-up module and its methods."""

from __future__ import annotations

import ast
from collections.abc import Callable

from ...context import Arg, Context
from ...flow import Flow
from ...values import Value
from ..lightning.fabric import fabric_calls, strategy_holders


def argument_values(ctx: Context, given: ast.expr, wanted: Callable[[Value], bool]) -> tuple[Value, ...]:
    """`ctx.values(given)`, or nothing when `given` calls a def of the file whose returns, read for all its calls
    together, hold no `wanted` value and nothing that reading could not tell (an unknown that is no library
    call's): no one call's reading can then (it is a part of that merge), and the reading per call is what
    costs (`fabric.setup_dataloaders(make_loader(cfg))` at each of many calls)."""
    helper = ctx.local_function(given.func) if isinstance(given, ast.Call) else None
    if helper is not None and getattr(helper, "decorator_list", None):
        helper = None  # a decorated def: its name calls what the decorator made (a wrapper that sets it up)
    if helper is not None and not any(wanted(v) or v.kind == "unknown" and v.qualified is None
                                      for v in ctx.flow.returns_of(helper)):
        return ()
    return ctx.values(given)


def launch_target(call: ast.Call) -> ast.expr | None:
    """The function given to `launch`: first positional argument or `function=`."""
    if call.args:
        return None if isinstance(call.args[0], ast.Starred) else call.args[0]
    return next((kw.value for kw in call.keywords if kw.arg == "function"), None)


def holds_none(ctx: Context, expr: ast.AST) -> bool:
    """`expr`, of `ctx`'s module, holds None on every path, wherever that None is written."""
    held = ctx.held(expr)
    return held is not None and held.value.kind == "none"


def fabric_methods_on_parameters(func: ast.FunctionDef | ast.AsyncFunctionDef,
                                 method: str) -> list[tuple[ast.arg, ast.Call]]:
    """(the parameter, the call) of each `param.<method>(...)` the function's own body makes on one of its
    parameters that it never binds again (`fabric.setup(model, optimizer)` in `def build(fabric, cfg)`)."""
    params = {a.arg: a for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
    stores = {n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return [(params[node.func.value.id], node) for node in ast.walk(func)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method
            and isinstance(node.func.value, ast.Name) and node.func.value.id in params
            and node.func.value.id not in stores]


def strategy_accelerators(ctx: Context, strategy: Arg | None) -> list[tuple[Context, ast.expr]] | None:
    """The accelerators the XLAFSDPStrategy objects given to Fabric are built with, each with the module that
    writes it (a strategy another module builds is read there); None: cannot tell."""
    if strategy is None:
        return []
    calls = strategy_holders(ctx, strategy.value)  # a strategy another module builds is read there
    if calls is None:
        return None
    found: list[tuple[Context, ast.expr]] = []
    for owner, call in calls:
        args, complete = owner.keyword_args(call)
        if not complete or any(isinstance(a, ast.Starred) for a in call.args):
            return None
        given = args["accelerator"].value if "accelerator" in args else call.args[0] if call.args else None
        if given is not None and not holds_none(owner, given):
            found.append((owner, given))
    return found


AUTO_WRAP_POSITION = 4  # XLAFSDPStrategy(accelerator, parallel_devices, checkpoint_io, precision, auto_wrap_policy, ...)


def auto_wrap_given(ctx: Context, fabric: ast.expr) -> bool | None:
    """Whether the XLAFSDPStrategy of the Fabric `fabric` holds is given an `auto_wrap_policy` (not None):
    with one, `setup_module` wraps the submodules it picks in place, so the raw module keeps their
    shards; without, the raw module is left with no parameters. None when the file cannot tell."""
    # a Fabric built in another module (passed to a helper of this one) is read in that module
    calls = [(ctx.owner_of(v), v.node) for v in ctx.values(fabric) if v.kind == "fabric" and isinstance(v.node, ast.Call)]
    if any(owner is None for owner, _ in calls):
        return None  # a Fabric the project cannot place (its node in neither this module nor its flow's)
    if not calls:  # a Fabric the file cannot follow: the file's own Fabric, if it builds one
        calls = [(ctx, call) for call in fabric_calls(ctx)]
    answers = {_given(owner, call) for owner, call in calls}  # type: ignore[arg-type]  # placed above
    return answers.pop() if len(answers) == 1 else None


def _given(ctx: Context, fabric_call: ast.Call) -> bool | None:
    policies = _policies(ctx, fabric_call)
    if policies is None:
        return None
    answers: set[bool | None] = set()
    for there, policy in policies:
        held = there.values(policy) if policy is not None else ()
        answers.add(False if policy is None or held and all(v.kind == "none" for v in held)
                    else True if held and all(v.truthy for v in held) else None)
    return answers.pop() if len(answers) == 1 else None


def _policies(ctx: Context, fabric_call: ast.Call) -> list[tuple[Context, ast.expr | None]] | None:
    """The `auto_wrap_policy` each strategy the Fabric call `fabric_call` may be given holds, with the module that
    writes it (None: no policy, as for `strategy="xla_fsdp"`); None when the file cannot tell."""
    args, complete = ctx.keyword_args(fabric_call)
    strategy = args.get("strategy")
    if strategy is None or not complete:
        return None
    found: list[tuple[Context, ast.expr | None]] = []
    for value in ctx.values(strategy.value):
        if value.kind == "str":  # `strategy="xla_fsdp"`: the default strategy, no policy
            found.append((ctx, None))
            continue
        if value.kind != "strategy" or not isinstance(value.node, ast.Call):
            return None
        owner = ctx.owner_of(value)  # the module that writes the strategy
        if owner is None:
            return None
        call = value.node
        given, whole = owner.keyword_args(call)
        if not whole or any(isinstance(a, ast.Starred) for a in call.args):
            return None
        found.append((owner, given["auto_wrap_policy"].value if "auto_wrap_policy" in given else (
            call.args[AUTO_WRAP_POSITION] if len(call.args) > AUTO_WRAP_POSITION else None)))
    return found


# torch layers that hold no parameter, and the containers whose parameters are their items'
PARAMETER_FREE_LAYERS = frozenset((
    "Flatten Unflatten Identity ReLU ReLU6 GELU SiLU Mish Tanh Sigmoid Softmax LogSoftmax LeakyReLU ELU Hardtanh "
    "Softplus Dropout Dropout1d Dropout2d Dropout3d MaxPool1d MaxPool2d MaxPool3d AvgPool1d AvgPool2d AvgPool3d "
    "AdaptiveAvgPool1d AdaptiveAvgPool2d AdaptiveAvgPool3d AdaptiveMaxPool1d AdaptiveMaxPool2d AdaptiveMaxPool3d "
    "Upsample Sequential ModuleList ModuleDict").split())


def wrapped_layers(ctx: Context, fabric: ast.expr) -> frozenset[str] | None:
    """The torch layer classes (`Linear`) the `auto_wrap_policy` of the Fabric's XLAFSDPStrategy names, when it is a
    display of `torch.nn` classes on every path; None otherwise (a project class, a callable, unknown)."""
    calls = [(ctx.owner_of(v), v.node) for v in ctx.values(fabric) if v.kind == "fabric" and isinstance(v.node, ast.Call)]
    if len(calls) != 1 or calls[0][0] is None:
        return None
    owner, fabric_call = calls[0]
    assert owner is not None and isinstance(fabric_call, ast.Call)
    policies = _policies(owner, fabric_call)
    if policies is None or len(policies) != 1:
        return None
    there, policy = policies[0]
    if policy is None:
        return None
    held = there.values(policy)
    if len(held) != 1 or held[0].when or not isinstance(held[0].node, (ast.Set, ast.List, ast.Tuple)):
        return None
    names = [(held[0].flow.ctx if held[0].flow is not None else there).resolve(e) for e in held[0].node.elts]
    if not names or any(n is None or not n.startswith("torch.nn.") for n in names):
        return None
    return frozenset(n.rsplit(".", 1)[1] for n in names if n is not None)


def holds_only_wrapped_parameters(ctx: Context, setup: ast.Call, wrapped: frozenset[str]) -> bool:
    """The module `fabric.setup_module(Net())` sets up is of a class of the project with no base but `nn.Module`
    whose `__init__` builds only torch layers the policy wraps or that hold no parameter: the root module keeps
    no parameter of its own after the wrapping."""
    modules = ctx.values(setup.args[0])
    if len(modules) != 1 or modules[0].kind != "module" or not isinstance(modules[0].node, ast.Call):
        return False
    owner = ctx.owner_of(modules[0])
    classes = owner.values(modules[0].node.func) if owner is not None else ()
    there = owner.owner_of(classes[0]) if owner is not None and len(classes) == 1 and not classes[0].when else None
    if there is None or classes[0].kind != "class" or not isinstance(classes[0].node, ast.ClassDef):
        return False
    ctx, cls = there, classes[0].node
    init = next((m for m in cls.body if isinstance(m, ast.FunctionDef) and m.name == "__init__"), None)
    if init is None or [ctx.resolve(b) for b in cls.bases] != ["torch.nn.Module"]:
        return False
    for call in (n for n in ast.walk(init) if isinstance(n, ast.Call)):
        if isinstance(call.func, ast.Attribute) and call.func.attr == "__init__" and isinstance(call.func.value, ast.Call) \
                and isinstance(call.func.value.func, ast.Name) and call.func.value.func.id == "super":
            continue
        if isinstance(call.func, ast.Name) and call.func.id == "super":
            continue
        name = ctx.resolve(call.func)
        if name is None or not name.startswith("torch.nn.") or name.rsplit(".", 1)[1] not in wrapped | PARAMETER_FREE_LAYERS:
            return False
    return True


def set_up_module_class(ctx: Context, setup: ast.Call, elsewhere: bool = False) -> ast.ClassDef | None:
    """The class, defined in this file, of the module given to the set-up call `fabric.setup_module(Net())`;
    with `elsewhere`, a class of another module of the project too (`from model import Net`)."""
    values = ctx.values(setup.args[0])
    if len(values) != 1 or values[0].kind != "module" or not isinstance(values[0].node, ast.Call):
        return None
    owner = ctx.owner_of(values[0]) if elsewhere else ctx
    if owner is None:
        return None
    if not elsewhere:
        found = owner.local_definition(values[0].node.func, kind="class")
        return found.node if found is not None and isinstance(found.node, ast.ClassDef) else None
    classes = owner.values(values[0].node.func)
    if len(classes) != 1 or classes[0].kind != "class" or classes[0].when:
        return None
    return classes[0].node if isinstance(classes[0].node, ast.ClassDef) else None


def plain_method(cls: ast.ClassDef, name: str) -> ast.FunctionDef | None:
    """The method `name` the class body defines, unless it is a property, a static or a class method."""
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == name:
            decorated = {d.id if isinstance(d, ast.Name) else getattr(d, "attr", "") for d in stmt.decorator_list}
            return None if decorated & {"property", "staticmethod", "classmethod"} else stmt
    return None


def may_run_for(ctx: Context, module_flow: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call,
                fabric_call: ast.Call, method: str) -> bool:
    """`fabric_call` (a `<x>.<method>(...)` in `func`, a function of the module `module_flow` reads) may run for what
    `call`, written here, passes: a branch the call's arguments decide against (`if mode == "joint":` given
    "separate", `if optim_cfg.grad_accum > 1:` given 1) never runs it. One a helper of the helper makes is taken to
    run."""
    if module_flow.ctx.enclosing_function(fabric_call) is not func:
        return True
    view = module_flow.ctx.at_call(ctx.flow.site(module_flow, func, call))
    return any(live is fabric_call for live, _ in view.spelled_method_calls(method))
