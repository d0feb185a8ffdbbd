"""LXF032: a sharded `fabric.load` that asks for a key the program's `fabric.save` to that path never wrote.

A sharded XLAFSDP load restores the model from the shards, then the other entries of the requested state
from the checkpoint's metadata. With `strict=True` (the default) a requested key the checkpoint lacks
raises `KeyError: The requested state contains a key 'step' that does not exist in the loaded
checkpoint.` (strategy.py l.460, labelled case be292b33e48a838f_before); a requested optimizer the
checkpoint lacks fails earlier, with a bare `KeyError: 'optimizer'` (xla_fsdp.py l.572,
be292b33e48a838f_missing-optimizer); and before both, the model's shard is read from the key 'model' whatever
key the load gives the model (l.570): a checkpoint saved as `{"net": model}` fails with a bare `KeyError: 'model'`.

Flagged where the file shows both sides: `fabric.save(path, {...})` and `fabric.load(path, {...})` on
an XLAFSDP Fabric whose `state_dict_type` is sharded, the same path (a string, a name bound to one, or
the one binding both read, outside a loop: `path = os.path.join(out_dir, "last")` handed to a save helper
and a load helper, of this module or of the one calling both), or `self.path` of a checkpoint manager stored once, in `__init__`, of a class the file
makes once), both states dict displays with string keys, and no `strict=False` (but for an optimizer). The set-up model is never flagged
(it comes from the shards).

The fix drops the entry from the load's state, written at the call: the checkpoint has nothing for it,
so the value stays what the program set before (unsafe: a later read of it from the state changes).
`strict=False` is not offered: it also loads the model non-strictly (see the record's correction).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ....context import Context
from ....findings import Finding, Fix, Safety
from ....rule import Invalid, Rule, Valid, dict_items, fix, remove_argument
from ..checkpoint_states import checkpoint_states
from ..checkpoints import OPTIMIZER, SETUP_MODULE, state_dict_type

MODEL_KEY_RECORD = "1765740be611c6b9"  # the bare KeyError: 'model' of a shard saved without that key
OPTIMIZER_KEY_RECORD = "c60235f2d26e67bc"  # the bare KeyError: '<key>' of an optimizer the shard lacks


class LoadKeyNotSaved(Rule):
    code = "LXF032"
    record = "be292b33e48a838f"
    name = "load-key-not-saved"
    summary = "Under XLAFSDP, a sharded `fabric.load` must not ask for a key the checkpoint's save never wrote"
    triggers = ("load",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    fabric.save('ckpt', {'model': model})\n"
            "    fabric.load('ckpt', {'model': model, 'step': 0})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    fabric.save('ckpt', {'model': model})\n"
            "    fabric.load('ckpt', {'model': model})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="KeyError: The requested state contains a key 'step' that does not exist in the loaded checkpoint",
            count=1, at="5:42-5:48", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "CKPT = 'checkpoints/last'\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))\n"
            "    fabric.save(CKPT, {'model': model})\n"
            "    fabric.load(CKPT, {'model': model, 'optimizer': optimizer})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="a bare KeyError: 'optimizer'",
            count=1, at="8:40-8:51", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric, other):\n"
              "    model = fabric.setup_module(Net())\n"
              "    fabric.save('ckpt', {'model': model, 'step': 1})\n"
              "    fabric.load('ckpt', {'model': model, 'step': 0})\n"
              "    fabric.load('ckpt', {'model': model, 'epoch': 0}, strict=False)\n"
              "    fabric.load(other, {'model': model, 'epoch': 0})\n"
              "    fabric.load('elsewhere', {'model': model, 'epoch': 0})\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"
              "def tune(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    fabric.save('tuned', {'model': model})\n"
              "    fabric.load('tuned', {'model': model, 'step': 0})\n"
              "Fabric(strategy='ddp').launch(tune)\n"),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    net = fabric.setup_module(Net())\n"
            "    fabric.save('ckpt/last', {'net': net, 'step': 1})\n"
            "    fabric.load('ckpt/last', {'net': net, 'step': 0})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`fabric.save('ckpt/last', ...)` (line 4) writes 'net', 'step', not 'model': a sharded load reads "
                    "the model's shard from the key 'model', whatever key the load gives it, so this load fails with "
                    "a bare KeyError: 'model'. Save the model under 'model'",
            count=1, at="5:31-5:36", severity="error",
        ),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        states = checkpoint_states(ctx)
        shown = {id(call): entries for call, _f, method, _s, entries, _k in states if method == "save"}
        saved: dict[object, set[str] | None] = {}  # path -> the keys saved there; None: a save the file cannot read
        first: dict[object, ast.Call] = {}
        for call, _receiver in ctx.method_calls("save"):
            path = _path(ctx, call)
            if path is None:
                continue
            entries = shown.get(id(call))
            written = {k.value for k, _ in entries or () if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            before = saved.get(path, set())
            readable = entries is not None and len(written) == len(entries)
            saved[path] = before | written if readable and before is not None else None
            first.setdefault(path, call)
        for call, fabric, method, state, entries, kinds in states:
            path = _path(ctx, call)
            keys = saved.get(path) if method == "load" and path is not None else None
            if keys is None or path is None or state_dict_type(ctx, fabric) != "sharded":
                continue
            save, strict = first[path], _strict(ctx, call)
            model = next((key for (key, _value), kind in zip(entries, kinds) if kind == SETUP_MODULE), None)
            if model is not None and "model" not in keys:  # read before anything else the load asks for
                listed = ", ".join(repr(k) for k in sorted(keys)) or "nothing"
                message = (f"`fabric.save({ctx.doc.source(save.args[0])}, ...)` (line {save.lineno}) writes {listed}, "
                           "not 'model': a sharded load reads the model's shard from the key 'model', whatever key "
                           "the load gives it, so this load fails with a bare KeyError: 'model'. Save the model "
                           "under 'model'")
                yield self.finding(ctx, model, message, record=MODEL_KEY_RECORD)
                continue
            for (key, _value), kind in zip(entries, kinds):
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)) or key.value in keys \
                        or kind == SETUP_MODULE or kind != OPTIMIZER and not strict:
                    continue  # `strict=False` lets a missing metadata key pass, not a missing optimizer
                listed = ", ".join(repr(k) for k in sorted(keys)) or "nothing"
                head = (f"`fabric.save({ctx.doc.source(save.args[0])}, ...)` (line {save.lineno}) writes {listed}, "
                        f"not {key.value!r}")
                if kind == OPTIMIZER:
                    message = (f"{head}: this sharded load fails with a bare KeyError: {key.value!r}. Save the "
                               "optimizer too, or do not ask for it")
                    yield self.finding(ctx, key, message, record=OPTIMIZER_KEY_RECORD)
                    continue
                message = (f"{head}, so this sharded load raises KeyError: The requested state contains a key "
                           f"{key.value!r} that does not exist in the loaded checkpoint. Save it too, or do not "
                           "ask for it and keep its value from before the load")
                yield self.finding(ctx, key, message, [f for f in (self._drop(ctx, state, key),) if f is not None])

    def _drop(self, ctx: Context, state: ast.expr, key: ast.Constant) -> Fix | None:
        if not isinstance(state, ast.Dict):
            return None  # the display is elsewhere: its other uses may need the key
        items = dict_items(state)
        target = next(item for item in items if item.key is key)
        return fix(f"Do not ask for {key.value!r}: the checkpoint has none",
                   remove_argument(ctx, items, target), safety=Safety.UNSAFE, preferred=True)


def _path(ctx: Context, call: ast.Call) -> object | None:
    """The path a save or load call is given, as a key two calls share when they get the same path: a
    string the file shows, or the one binding both read (`path = os.path.join(out_dir, "last")`, handed to
    a save helper and a load helper); None when the file cannot tell."""
    given = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "path"), None)
    if given is None or isinstance(given, ast.Starred):
        return None
    value, _ = ctx.value_where(given)  # a path constant of a config module too
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value.value
    values = ctx.values(given)
    # (the module that binds it: this one, or the caller's that hands the path to both helpers here)
    owner = ctx.owner_of(values[0]) if len(values) == 1 and not values[0].when else None
    if owner is None or values[0].node is None:
        return _same_read(ctx, given)
    node = values[0].node
    bound = owner.parents.get(node)  # the value of one assignment statement, not a function's return (a new path each call)
    if owner is ctx and isinstance(bound, ast.Assign) and len(bound.targets) == 1 \
            and isinstance(bound.targets[0], ast.Attribute):
        return _instance_attribute(ctx, given)
    if not isinstance(bound, ast.Assign) or bound.value is not node or len(bound.targets) != 1 \
            or not isinstance(bound.targets[0], ast.Name) or _in_loop(owner, bound):
        return None
    return ("bound", id(node))


def _same_read(ctx: Context, given: ast.expr) -> object | None:
    """An attribute of one binding, read where the file never stores that attribute (`args.out` of the parsed
    options, `cfg.ckpt_dir` of a parameter): whatever the run gives it, each read holds the same path. None for
    anything else."""
    chain: list[str] = []
    root: ast.expr = given
    while isinstance(root, ast.Attribute):
        chain.append(root.attr)
        root = root.value
    if not chain or not isinstance(root, ast.Name) or _stores_by_reflection(ctx):
        return None
    defs = ctx.flow.reaching(root)
    if defs is None or len(defs) != 1 or defs[0].node is None or any(
            isinstance(n.ctx, ast.Store) and n.attr in chain for n in ctx.nodes(ast.Attribute)):
        return None
    return ("read", id(defs[0].node), tuple(chain))


def _stores_by_reflection(ctx: Context) -> bool:
    """The file may store an attribute without spelling it (`setattr`, `vars(...)`, `__dict__`): a path read
    twice through an attribute may then differ."""
    return any(w in ctx.doc.text for w in ("setattr(", "vars(", "__dict__"))


def _instance_attribute(ctx: Context, given: ast.expr) -> object | None:
    """`self.path` read in methods of a class that stores it once, in `__init__`, and is made once in the file
    (a checkpoint manager): every method of that one object reads the same path. None for anything else: a
    second instance, a subclass or another store may hold another path."""
    if not (isinstance(given, ast.Attribute) and isinstance(given.value, ast.Name)) or _stores_by_reflection(ctx):
        return None
    klass = _method_class(ctx, given, given.value.id)
    stores = [n for n in ctx.nodes(ast.Attribute) if isinstance(n.ctx, (ast.Store, ast.Del)) and n.attr == given.attr]
    if klass is None or len(stores) != 1 or not isinstance(stores[0].value, ast.Name) or _in_loop(ctx, stores[0]):
        return None
    init = ctx.enclosing_function(stores[0])
    if init is None or init.name != "__init__" or _method_class(ctx, stores[0], stores[0].value.id) is not klass:
        return None
    made = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == klass.name]
    subclassed = any(isinstance(b, ast.Name) and b.id == klass.name for c in ctx.nodes(ast.ClassDef) for b in c.bases)
    if len(made) != 1 or _in_loop(ctx, made[0]) or subclassed:
        return None
    return ("instance", id(klass), given.attr)


def _method_class(ctx: Context, node: ast.AST, receiver: str) -> ast.ClassDef | None:
    """The class whose method holds `node`, when `receiver` is that method's first parameter."""
    function = ctx.enclosing_function(node)
    klass = ctx.parents.get(function) if function is not None else None
    if function is None or not isinstance(klass, ast.ClassDef) or not function.args.args \
            or function.args.args[0].arg != receiver or function.decorator_list:
        return None
    return klass


def _in_loop(ctx: Context, stmt: ast.AST) -> bool:
    """In a loop of its function (or of the module): a new path each turn."""
    current = ctx.parents.get(stmt)
    while current is not None and not isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
        if isinstance(current, (ast.For, ast.AsyncFor, ast.While)):
            return True
        current = ctx.parents.get(current)
    return False


def _strict(ctx: Context, call: ast.Call) -> bool:
    """`strict` left to its default (True), or given as True; False when it may be False or is hidden."""
    if len(call.args) > 2 or any(isinstance(a, ast.Starred) for a in call.args):
        return False
    keywords, complete = ctx.keyword_args(call)
    if not complete:
        return False
    given = keywords.get("strict")
    if given is None:
        return True
    value, _ = ctx.value_where(given.value)
    return isinstance(value, ast.Constant) and value.value is True


RULE = LoadKeyNotSaved()
