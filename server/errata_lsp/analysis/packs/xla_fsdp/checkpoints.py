"""What `fabric.save` and `fabric.load` are given: the state argument and its entries, what kind of object
an expression holds (a set-up module, a raw module, an optimizer), and the strategy's `state_dict_type`;
shared by the checkpoint rules."""

from __future__ import annotations

import ast
from typing import TypeGuard

from ...context import Binding, Context
from ...statements import block_of, in_block, same_value
from ...values import Entry, Value
from ..lightning.fabric import fabric_calls, is_fabric_method, launch_calls, strategy_holders
from ..lightning.names import FABRIC

SETUP_MODULE, RAW_MODULE, OPTIMIZER, OTHER, UNKNOWN = "setup_module", "raw_module", "optimizer", "other", "unknown"


LITERALS = (ast.Constant, ast.JoinedStr, ast.List, ast.Tuple, ast.Set, ast.Dict, ast.ListComp, ast.DictComp,
            ast.SetComp, ast.BinOp, ast.UnaryOp, ast.Compare)


NOT_MODULES = {"Parameter", "Buffer", "UninitializedParameter", "UninitializedBuffer"}  # torch.nn names that are not modules


# --- checkpoint helpers -------------------------------------------------------------------------
def state_argument(call: ast.Call, position: int = 1, keyword: str = "state") -> tuple[ast.expr | None, bool]:
    """The state given to `save`/`load`/`load_raw`, and whether `*args`/`**kwargs` may hide it."""
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            return None, True
        if i == position:
            return arg, False
    for kw in call.keywords:
        if kw.arg == keyword:
            return kw.value, False
    return None, any(kw.arg is None for kw in call.keywords)


def state_entries(ctx: Context, state: ast.expr, use: ast.Call) -> list[tuple[ast.expr, ast.expr]] | None:
    """(key, value) pairs of the dict display a state is, or is bound to and never changed after, with
    those of a `**x` entry whose dict the value-flow layer shows (`save_all(fabric, path, **models)` given
    `teacher=..., student=...`), or of the dict a helper makes for this call (`_made_for_the_call`); None when
    the file cannot tell (a dict filled in later, anything else)."""
    shown = _state_entries(ctx, state, use)
    if shown is None and isinstance(state, ast.Call):
        return _made_for_the_call(ctx, state)
    return shown


def _state_entries(ctx: Context, state: ast.expr, use: ast.Call) -> list[tuple[ast.expr, ast.expr]] | None:
    binding = None
    value: ast.AST | None = state
    if isinstance(state, ast.Name):
        binding = ctx.reaching(state)
        if binding is None:
            return None
        value = binding.value
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict" \
            and not value.args and all(k.arg is not None for k in value.keywords) and ctx.reaching(value.func) is None:
        # `dict(model=model, step=step)`: the display it builds, each key where its keyword is written
        value = ast.Dict(keys=[ast.copy_location(ast.Constant(k.arg), k) for k in value.keywords],
                         values=[k.value for k in value.keywords])
    if value is None and binding is not None and isinstance(binding.stmt, ast.arg):
        value = _passed_state_dict(ctx, state)  # `def save_model(fabric, path, weights)` given `model.state_dict()`
    if module_state_dict(value, ctx):  # `state=model.state_dict()`: the module's tensors, one entry standing for them
        value = ast.Dict(keys=[value], values=[value])
    if isinstance(value, ast.DictComp):  # `{k: v for k, v in state.items() if k in keys}`: the entries it keeps
        value = _comprehended(ctx, value)
    if not isinstance(value, ast.Dict):
        filled = _filled_in_place(ctx, state)
        if filled is not None:
            return filled
        value = _built_elsewhere(ctx, state) or (None if binding is None else _source_of_stored(ctx, state, binding))
        if value is None:
            return _shown_in_another_module(ctx, state) or _entries_read(ctx, state)
    if not isinstance(value, ast.Dict):
        return None
    pairs: dict[object, tuple[ast.expr, ast.expr]] = {}
    for k, v in zip(value.keys, value.values):
        if k is not None:
            pairs[k.value if isinstance(k, ast.Constant) else id(k)] = (k, v)
            continue
        # `{**models, "step": step}`: the entries of a dict the file shows, or of one methods fill
        merged = _filled_in_place(ctx, v)
        if merged is None:
            shown = _built_elsewhere(ctx, v)
            if shown is None:  # `**objects` of a helper given `generator=..., critic=...` by its callers
                merged = _keywords_given(ctx, v)
                if merged is None:
                    return None
            elif any(key is None for key in shown.keys):
                return None
            else:
                merged = list(zip(shown.keys, shown.values))  # type: ignore[arg-type]  # no `**` left
        for key, item in merged:
            pairs[key.value if isinstance(key, ast.Constant) else id(key)] = (key, item)
    if binding is not None:
        scope = ctx.scope_of(binding.stmt)
        here = ctx.block_place(ctx.statement_of(use))
        for load in ctx.loads_named(state.id):  # type: ignore[attr-defined]  # a name (above)
            if load is state or not ctx.within(load, scope) or ctx.reaching(load) is not binding:
                continue
            parent = ctx.parents.get(load)
            if isinstance(parent, ast.Subscript) and isinstance(parent.ctx, ast.Load) or isinstance(parent, ast.Return):
                continue  # `state["step"]`, `return state`: a read
            if _after_once(ctx, load, here, scope):
                continue  # `print(sorted(state))` after the call, which runs once: nothing it does reaches the call
            store = ctx.parents.get(parent)
            updated = _updated_entries(ctx, parent, store, here)
            if updated is not None:  # `state.update(step=step, scheduler=sched)` before the call
                pairs.update(updated)
                continue
            place = ctx.block_place(store) if isinstance(store, ast.Assign) and len(store.targets) == 1 else None
            if place is not None and here is not None and place[0] is here[0] and place[1] < here[1] \
                    and store.targets[0] is parent and isinstance(parent.slice, ast.Constant):
                pairs[parent.slice.value] = (parent.slice, store.value)  # `state["model"] = model` before the call
                continue
            return None  # passed on, or changed where the file cannot order it: `state.update(...)`, in a branch
    return list(pairs.values())


def _comprehended(ctx: Context, comp: ast.DictComp) -> ast.Dict | None:
    """The dict a comprehension over a dict the value-flow layer reads builds, as a display: a key per entry it
    keeps (its tests decided for each key), each value where the comprehension writes it; None when the layer
    cannot read every entry it keeps."""
    values = ctx.values(comp)
    if len(values) != 1 or values[0].kind != "dict" or values[0].node is not comp:
        return None
    entries, complete = ctx.flow.entries(values[0])
    if entries is None or not complete:
        return None
    # each value where the kept entry writes it (`{"model": student, ...}` read through `{k: v for k, v in ...}`)
    return ast.Dict(keys=[ast.copy_location(ast.Constant(k), comp) for k in entries],
                    values=[e.value if e.flow is ctx.flow and e.value in ctx.parents else comp.value for e in entries.values()])


def _after_once(ctx: Context, load: ast.AST, here: tuple[list[ast.stmt], int] | None, scope: ast.AST) -> bool:
    """`load` is in a statement after the use's in the use's own block, which no loop of `scope` around it runs again."""
    place = ctx.block_place(ctx.statement_of(load))
    if place is None or here is None or place[0] is not here[0] or place[1] <= here[1]:
        return False
    node: ast.AST | None = here[0][here[1]]
    while node is not None and node is not scope:
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            return False
        node = ctx.parents.get(node)
    return True


def _updated_entries(ctx: Context, read: ast.AST, call: ast.AST | None,
                     here: tuple[list[ast.stmt], int] | None) -> dict[object, tuple[ast.expr, ast.expr]] | None:
    """The entries `state.update(k=v, ...)` or `state.update({"k": v})` adds, a statement of the use's own block
    before it; None for any other read of the state."""
    if not (isinstance(read, ast.Attribute) and read.attr == "update" and isinstance(call, ast.Call) and call.func is read):
        return None
    statement = ctx.parents.get(call)
    place = ctx.block_place(statement) if isinstance(statement, ast.Expr) else None
    if place is None or here is None or place[0] is not here[0] or place[1] >= here[1]:
        return None
    pairs: dict[object, tuple[ast.expr, ast.expr]] = {}
    if len(call.args) == 1 and not call.keywords and isinstance(call.args[0], ast.Dict):
        for k, v in zip(call.args[0].keys, call.args[0].values):
            if not isinstance(k, ast.Constant):
                return None  # a `**` or a computed key
            pairs[k.value] = (k, v)
        return pairs
    if call.args or any(k.arg is None for k in call.keywords):
        return None
    for keyword in call.keywords:
        pairs[keyword.arg] = (ast.copy_location(ast.Constant(keyword.arg), keyword), keyword.value)
    return pairs


def _passed_state_dict(ctx: Context, state: ast.expr) -> ast.Call | None:
    """The `model.state_dict()` call of this file every call of the function gives the parameter `state` (a
    `save_model(fabric, hparams, model.state_dict())` helper), else None."""
    values = ctx.values(state)
    if len(values) == 1 and not values[0].when and not values[0].foreign and module_state_dict(values[0].node, ctx):
        return values[0].node
    return None


def module_state_dict(value: ast.AST | None, ctx: Context) -> TypeGuard[ast.Call]:
    """`model.state_dict()` of a module (set up or not): a dict of tensors, which holds no module."""
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "state_dict" \
        and not value.args and not value.keywords and object_kind(ctx, value.func.value) in (SETUP_MODULE, RAW_MODULE)


def _built_elsewhere(ctx: Context, state: ast.expr) -> ast.Dict | None:
    """The one dict display a state holds on every path when a helper builds it or a parameter brings it
    (`save(fabric, path, checkpoint_state(model, opt))`, `return {"model": model, ...}`)."""
    values = ctx.values(state)
    if len(values) == 1 and values[0].kind == "dict" and isinstance(values[0].node, ast.Dict) \
            and not values[0].when and not values[0].foreign \
            and not (isinstance(state, ast.Attribute) and _filled_through_attribute(ctx, state.attr)):
        return values[0].node
    return None


def _made_for_the_call(ctx: Context, state: ast.Call) -> list[tuple[ast.expr, ast.expr]] | None:
    """`make_state(model)` of a helper whose display the file cannot read alone (`{"model": model, **extra}`, then
    `state["optimizer"] = optimizer` under a test of its parameters): the entries the layer reads for this call,
    each a stand-in at the call (`_entries_stood_in`); None when it cannot read them whole."""
    values = ctx.values(state)
    if len(values) != 1 or values[0].kind != "dict" or values[0].when or not isinstance(values[0].node, ast.Dict):
        return None
    return _entries_stood_in(ctx, state, values[0])


def _source_of_stored(ctx: Context, state: ast.expr, binding: Binding) -> ast.Dict | None:
    """The dict display a variable's dict starts from when the call it is bound to returns or copies one and the
    variable is then stored into (`state = checkpoint_state(model, opt)`, `state = dict(BASE)`, then `state["ema"]
    = ema`): its entries come first, the stores `state_entries` reads next. None for anything else."""
    values = ctx.values(state)
    if len(values) != 1 or values[0].kind != "dict" or values[0].node is not binding.value or values[0].when:
        return None
    source = values[0].extra
    if not isinstance(source, Value) or source.kind != "dict" or not isinstance(source.node, ast.Dict) \
            or source.when or source.foreign:
        return None
    return source.node


def _shown_in_another_module(ctx: Context, state: ast.expr) -> list[tuple[ast.expr, ast.expr]] | None:
    """The one dict display a state holds on every path when another module of the project writes it (the
    hook a task overrides there: `return {"model": self.network, ...}`): a (key, value) pair for each entry,
    read in that module, the value a stand-in at `state`'s place with the entry as `.entry` (where the rules
    report it). None when it is no such display, or an entry may be missing or stored on some paths only."""
    values = ctx.values(state)
    if len(values) != 1 or values[0].kind != "dict" or not isinstance(values[0].node, ast.Dict) \
            or values[0].when or not values[0].foreign or ctx.owner_of(values[0]) is None:
        return None
    return _entries_stood_in(ctx, state, values[0])


def _keywords_given(ctx: Context, spread: ast.expr) -> list[tuple[ast.expr, ast.expr]] | None:
    """`**objects` of the function's own `**objects` parameter (`save_checkpoint(fabric, dir, step, **objects)`):
    a (key, value) pair for each keyword its calls give it, when every call gives the same ones on every path (a
    stand-in at `spread`'s place with the entry as `.entry`, where the caller writes it); None otherwise."""
    binding = ctx.reaching(spread) if isinstance(spread, ast.Name) else None
    func = ctx.enclosing_function(spread)
    if binding is None or func is None or binding.stmt is not func.args.kwarg:
        return None
    values = ctx.values(spread)
    if len(values) != 1 or values[0].kind != "dict" or values[0].when:
        return None
    return _entries_stood_in(ctx, spread, values[0])


def _entries_stood_in(ctx: Context, state: ast.expr, value: Value) -> list[tuple[ast.expr, ast.expr]] | None:
    """A (key, value) pair for each entry of the dict `value`, the value a stand-in at `state`'s place with the
    entry as `.entry` (where the rules report it); None when an entry may be missing or stored on some paths."""
    entries, complete = ctx.flow.entries(value)
    if entries is None or not complete or any(entry.when for entry in entries.values()):
        return None
    pairs: list[tuple[ast.expr, ast.expr]] = []
    for key, entry in entries.items():
        held = ctx.stand_in(state, entry)
        held.entry = entry  # type: ignore[attr-defined]  # reported where it is written
        pairs.append((ast.copy_location(ast.Constant(key), state), held))
    return pairs


def _entries_read(ctx: Context, state: ast.expr) -> list[tuple[ast.expr, ast.expr]] | None:
    """The entries of a dict no display shows that the value-flow layer reads whole on every path (`vars(self)`
    of a train-state object, a comprehension over it, a copy of it): a (key, value) pair for each, the value a
    stand-in at `state`'s place with the entry as `.entry` (where it is written). None otherwise."""
    values = ctx.values(state)
    if len(values) != 1 or values[0].kind != "dict" or isinstance(values[0].node, ast.Dict) or values[0].when:
        return None
    if isinstance(values[0].node, ast.DictComp) and _walks_a_filled_attribute(values[0]):
        return None
    return _entries_stood_in(ctx, state, values[0])


def _walks_a_filled_attribute(comp: Value) -> bool:
    """A comprehension over `self.X` (or `self.X.items()`), an attribute dict a method of its module fills in place
    (`self._objects.update(objects)` in `register(**objects)`): what it walks is not the display bound to it."""
    node, flow = comp.node, comp.flow
    source = node.generators[0].iter if isinstance(node, ast.DictComp) and node.generators else None
    if isinstance(source, ast.Call) and isinstance(source.func, ast.Attribute) and not source.args:
        source = source.func.value
    return isinstance(source, ast.Attribute) and flow is not None and _filled_through_attribute(flow.ctx, source.attr)


MUTATORS = ("update", "setdefault", "pop", "popitem", "clear", "__setitem__")


def _filled_in_place(ctx: Context, state: ast.expr) -> list[tuple[ast.expr, ast.expr]] | None:
    """`self.state`, a dict `self.state = {}` that methods of its class fill in place
    (`self.state.update(objects)` in `track(**objects)`): a (key, value) pair for each entry the
    value-flow layer reads from every call of those methods (`track(model=model)`), the value an
    expression at `state`'s place holding what the entry holds, with the entry as `.entry` (where it is
    written: a call in another module). None when it is no such dict or an entry cannot be told."""
    if not isinstance(state, ast.Attribute) or not _filled_through_attribute(ctx, state.attr):
        return None
    values = ctx.values(state)
    if len(values) != 1 or values[0].kind != "dict" or not isinstance(values[0].node, ast.Dict) \
            or values[0].when or values[0].foreign:
        return None
    holder = ctx.flow.self_attribute_holding(values[0].node)
    if holder is None or holder.attr != state.attr:
        return None  # a dict the layer reads no method fills of
    entries, complete = ctx.flow.entries(values[0])
    if entries is None or not complete:
        return None
    pairs: list[tuple[ast.expr, ast.expr]] = []
    for key, entry in entries.items():
        if entry.when:
            return None  # stored on some paths only
        held = ctx.stand_in(state, entry)
        held.entry = entry  # type: ignore[attr-defined]  # where the rules place what they say of it
        pairs.append((ast.copy_location(ast.Constant(key), state), held))
    return pairs


def written_entry(value: ast.AST) -> Entry | None:
    """The entry a value of `state_entries` stands for when a method's call wrote it (`_filled_in_place`)."""
    return getattr(value, "entry", None)


def _filled_through_attribute(ctx: Context, attr: str) -> bool:
    """An attribute dict (`self.state = {}`) that some method of the module changes in place
    (`self.state.update(objects)`, `self.state[k] = v`): the display it was bound to is not what it holds."""
    for node in ctx.attribute_loads(attr):
        parent = ctx.parents.get(node)
        if isinstance(parent, ast.Attribute) and parent.attr in MUTATORS \
                or isinstance(parent, ast.Subscript) and not isinstance(parent.ctx, ast.Load) \
                or isinstance(parent, ast.AugAssign) and parent.target is node:
            return True
    return False


def object_kind(ctx: Context, expr: ast.AST, depth: int = 4) -> str:
    """SETUP_MODULE, RAW_MODULE, OPTIMIZER, OTHER (not a module nor an optimizer) or UNKNOWN."""
    if isinstance(expr, LITERALS):
        return OTHER
    if isinstance(expr, ast.Call):
        return _call_kind(ctx, expr)
    if written_entry(expr) is not None:
        return _followed_kind(ctx, expr)  # an entry a method's call wrote: what it holds there
    if isinstance(expr, ast.Name) and depth:
        binding = ctx.reaching(expr)
        if binding is None or not _settled(ctx, binding, expr):
            return UNKNOWN
        if binding.value is not None:
            kind = object_kind(ctx, binding.value, depth - 1)
            if kind == UNKNOWN and isinstance(binding.value, ast.Call) and _passed_to_setup(ctx, expr):
                return RAW_MODULE  # `model = build()` then `fabric.setup_module(model)`: a module, and not the set-up one
            return kind
        stmt = binding.stmt
        if (isinstance(stmt, ast.For) and stmt.target is binding.target and isinstance(stmt.iter, ast.Call)
                and isinstance(stmt.iter.func, ast.Name) and stmt.iter.func.id == "range"
                and ctx.reaching(stmt.iter.func) is None):
            return OTHER  # `for step in range(...)`: an int, as in `{"model": m, "step": step}`
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], (ast.Tuple, ast.List))
                and is_fabric_method(ctx, stmt.value, ("setup",))):
            return SETUP_MODULE if stmt.targets[0].elts[0] is binding.target else OPTIMIZER
    if isinstance(expr, (ast.Attribute, ast.Name, ast.IfExp)):  # (`model if optimizer is None else {...}`: as decided)
        return _followed_kind(ctx, expr)
    return UNKNOWN


FLOW_KINDS = {"setup_module": SETUP_MODULE, "module": RAW_MODULE, "optimizer": OPTIMIZER,
              "setup_optimizer": OPTIMIZER, "str": OTHER, "number": OTHER, "bool": OTHER, "none": OTHER,
              # containers and namespaces: never the XLAFSDP module the strategy looks for among the state's values
              "dict": OTHER, "list": OTHER, "tuple": OTHER, "set": OTHER, "frozenset": OTHER, "namespace": OTHER,
              "args": OTHER}


def _followed_kind(ctx: Context, expr: ast.AST) -> str:
    """`self.model`, a parameter: what the value-flow layer says it holds, when every path agrees."""
    kinds = {FLOW_KINDS.get(v.kind, UNKNOWN) for v in ctx.values(expr)}
    return kinds.pop() if len(kinds) == 1 else UNKNOWN


def never_set_up(ctx: Context, expr: ast.AST) -> str | None:
    """RAW_MODULE (or OTHER when it holds no module) for an expression whose values the layer all knows and
    none of which is a set-up module, though they differ: `self.model`, None in `__init__` and the raw
    module every `track(model)` call gives it. What a state needs from it (a set-up model) it never is;
    None when some value is unknown or set up."""
    kinds = {FLOW_KINDS.get(v.kind, UNKNOWN) for v in ctx.values(expr)}
    if not kinds or UNKNOWN in kinds or SETUP_MODULE in kinds:
        return None
    return RAW_MODULE if RAW_MODULE in kinds else OTHER


def _passed_to_setup(ctx: Context, name: ast.Name) -> bool:
    if not isinstance(name, ast.Name):
        return False
    for method in ("setup_module", "setup"):
        for call in ctx.method_calls_passing(method, name.id):
            if call.args and same_value(ctx, call.args[0], name) and is_fabric_method(ctx, call, (method,)):
                return True
    return False


def _call_kind(ctx: Context, call: ast.Call) -> str:
    if is_fabric_method(ctx, call, ("setup", "setup_module")):
        return SETUP_MODULE if len(call.args) == 1 else UNKNOWN
    if is_fabric_method(ctx, call, ("setup_optimizers",)):
        return OPTIMIZER if len(call.args) == 1 else OTHER
    if isinstance(call.func, ast.Attribute) and call.func.attr == "state_dict":
        return OTHER
    qualified = ctx.resolve(call.func) or ""
    if qualified.startswith("torch.optim.") and ".lr_scheduler" not in qualified:
        return OPTIMIZER
    if _module_class(ctx, call.func):
        return RAW_MODULE
    return _followed_kind(ctx, call)  # `vars(config)`: a dict; a helper returning a module


def _module_class(ctx: Context, func: ast.AST, depth: int = 3) -> bool:
    """A class from `torch.nn`, a LightningModule, or a class of the project that derives from one."""
    qualified = ctx.resolve(func) or ""
    if qualified.startswith("torch.nn."):
        last = qualified.split(".")[2] if qualified.count(".") >= 2 else ""
        return last[:1].isupper() and last not in NOT_MODULES
    if qualified.endswith("LightningModule"):
        return True
    if isinstance(func, (ast.Name, ast.Attribute)) and depth:
        cls = ctx.held(func)  # a class of this file or of another module, its bases read with that module's imports
        if cls is not None and isinstance(cls.node, ast.ClassDef):
            return any(_module_class(cls.owner, base, depth - 1) for base in cls.node.bases)
    return False


def _settled(ctx: Context, binding: Binding, use: ast.AST) -> bool:
    """The binding surely reaches the use: it is the only one in its scope, or its block holds the use."""
    scope = ctx.scope_of(binding.stmt)
    name = use.id  # type: ignore[attr-defined]
    if len(ctx.bindings(name, scope)) == 1 or isinstance(binding.stmt, ast.arg):
        return True
    stmt = binding.stmt if isinstance(binding.stmt, ast.stmt) else None
    block = block_of(ctx, stmt) if stmt is not None else None
    if block is None:
        return False
    current: ast.AST | None = use
    while current is not None and current is not scope:
        if in_block(ctx, current, block):
            return True
        current = ctx.parents.get(current)
    return False


def fabric_calls_for(ctx: Context, fabric: ast.AST, depth: int = 3) -> list[ast.Call]:
    """The `Fabric(...)` calls a Fabric expression may come from, as `fabric_kind` finds them."""
    value = ctx.value_of(fabric)
    if isinstance(value, ast.Call) and ctx.resolve(value.func) == FABRIC:
        return [value]
    if isinstance(value, ast.Name) and depth:
        binding = ctx.reaching(value)
        if binding is not None and isinstance(binding.stmt, ast.arg):
            func = ctx.scope_of(binding.stmt)
            args = getattr(getattr(func, "args", None), "args", [])
            if args and args[0] is binding.stmt:
                for launch in launch_calls(ctx):
                    if launch.args and ctx.local_function(launch.args[0]) is func:
                        return fabric_calls_for(ctx, launch.func.value, depth - 1)  # type: ignore[attr-defined]
                return []
    looks = isinstance(value, ast.Name) and "fabric" in value.id.lower() or \
        isinstance(value, ast.Attribute) and "fabric" in value.attr.lower()
    return fabric_calls(ctx) if looks else []


def state_dict_type(ctx: Context, fabric: ast.AST) -> str | None:
    """"sharded", "full" (or another literal) for the XLAFSDP Fabric behind an expression; None if unknown."""
    calls = fabric_calls_for(ctx, fabric)
    if calls is fabric_calls(ctx):  # the file's own Fabric: the same answer for every such expression
        return ctx.once("own_state_dict_type", ctx.module, lambda: _state_dict_type([(ctx, c) for c in calls]))
    if not calls:  # a Fabric given to a helper by another module: each one the value flow says it holds, read there
        held = [(ctx.owner_of(v), v.node) for v in ctx.values(fabric) if v.kind == "fabric" and isinstance(v.node, ast.Call)]
        return _state_dict_type(held) if held and all(owner is not None for owner, _ in held) else None  # type: ignore[arg-type]
    return _state_dict_type([(ctx, c) for c in calls])


def _state_dict_type(calls: list[tuple[Context, ast.Call]]) -> str | None:
    """The one `state_dict_type` the strategies of the `Fabric(...)` calls give, each read in its module."""
    found: set[str | None] = set()
    for ctx, call in calls:
        keywords, complete = ctx.keyword_args(call)
        strategy = keywords.get("strategy")
        if strategy is None:
            return None
        value, _ = ctx.value_where(strategy.value)
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            found.add("sharded")
            continue
        # a strategy another module builds is read there, with its imports
        for owner, strategy_call in strategy_holders(ctx, strategy.value) or ((None, None),):
            if owner is None or strategy_call is None:
                return None
            given, complete = owner.keyword_args(strategy_call)
            arg = given.get("state_dict_type")
            written = arg.value if arg else (strategy_call.args[6] if len(strategy_call.args) > 6 else None)
            if written is None:
                found.add("sharded" if complete and not any(isinstance(a, ast.Starred) for a in strategy_call.args)
                          else None)
                continue
            found.add(_written_str(owner, written))
    return found.pop() if len(found) == 1 else None


def _written_str(ctx: Context, written: ast.expr) -> str | None:
    """The one string an argument holds: a literal, or a name the value-flow layer reads on every path
    (`STATE_DICT_TYPE` of a config module, re-exported by a package's `__init__`); None otherwise."""
    literal = ctx.value_of(written)
    if isinstance(literal, ast.Constant) and isinstance(literal.value, str):
        return literal.value
    strings = {v.node.value if v.kind == "str" and isinstance(v.node, ast.Constant) and isinstance(v.node.value, str)
               and not v.when else None for v in ctx.values(written)}
    return strings.pop() if len(strings) == 1 else None
