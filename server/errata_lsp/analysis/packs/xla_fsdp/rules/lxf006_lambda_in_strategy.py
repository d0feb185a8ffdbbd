"""LXF006: a lambda among XLAFSDPStrategy's arguments cannot be pickled at `fabric.launch`.

`fabric.launch(fn)` with an XLA strategy calls torch_xla's `xmp.spawn(self._wrapping_function, ...)`
(`strategies/launchers/xla.py` l.83); the workers are started through a ProcessPoolExecutor, which
pickles the bound method and with it the launcher, the strategy and every constructor argument it
keeps (`_auto_wrap_policy`, `_fsdp_kwargs`, ...). A function pickles by reference (module and
qualified name), which a lambda has not: `_pickle.PicklingError: Can't pickle <function <lambda> ...>`
(or `AttributeError: Can't pickle local object '...<locals>.<lambda>'` for one made inside a function,
a finding of that error's own record, c2ad4bc301a93cce), before `fn` runs. The same holds for a
lambda held by a `functools.partial(...)` argument, such as
`partial(apply_activation_checkpointing, check_fn=lambda m: ...)`: the partial pickles its arguments.

A function defined inside another function (a closure, a nested `def`) has a qualified name with
`<locals>` in it and fails the same way (`Can't pickle local object 'main.<locals>.policy'`). The value
is followed wherever it was written; on some paths only, the finding is a warning naming the path.

A wrapper a decorator returns is such a nested def, unless `@functools.wraps(f)` gives it the module and
qualified name of `f`, a top-level function of the module, and the module's name `f` ends up holding the
wrapper itself (`@traced` on `f`'s def, or `f = traced(f)`): pickle then finds it by name and the launch
runs (program corpus s95; s94, without `wraps`, fails). Stored under another name (`fast = traced(policy)`,
`policy` still the original), pickle finds the original instead: `PicklingError: Can't pickle <function
policy ...>: it's not the same object as __main__.policy`.

The launch pickles the function it is given and the arguments it is to call it with as well
(`xmp.spawn(self._wrapping_function, args=(function, args, kwargs, return_queue))`): a launched closure
(`def main(): def train(fabric): ...; fabric.launch(train)`) fails with `AttributeError: Can't pickle local
object 'main.<locals>.train'`, a launched lambda or one among `launch`'s arguments the same way as in the
strategy, and a top-level function launched as it was defined while the module's name for it holds what a
decorator of the file made of it (a decorator that launches the function it wraps) with `PicklingError: ...
it's not the same object as __main__.train`. A launched function with no parameter is LXF018's: `launch`
raises TypeError before it pickles anything.

An instance of a config dataclass among `launch`'s arguments pickles its fields: a lambda as a field's default
(`lr_lambda: Callable = lambda step: ...`) or given at the construction fails the launch with PicklingError
(program corpus s808); a class that writes `__getstate__`/`__reduce__` pickles as it says, and is left alone.

A generator object among the strategy's arguments (`activation_checkpointing_policy=(LAYERS[n] for n in names)`,
or a helper's `return (... for ...)`) fails the same launch with `TypeError: cannot pickle 'generator' object`
(program corpus s736): an error at the argument, a warning naming the path when only some paths hold one.

The constructor and `setup_module` accept lambdas, which is why Lightning's own activation
checkpointing test (it never launches) uses one.

The fix moves the lambda into a module-level `def` with the same parameters, placed before the
top-level statement that holds it, when everything its body uses is a module-level name, a builtin
or a parameter; `name = lambda ...` at module level becomes `def name(...)`. A lambda another module of
the project writes (`from common.policies import block_policy`) is found at the argument here and
reported where it is written, without a fix; so is a nested def another module's helper returns
(`min_params_policy(n)` returning its `def policy`), placed at its name and named by its qualified name
(`Policies.by_size.<locals>.policy`). A decorated one is left alone there: a decorator such as
`functools.wraps` may give it a name pickle finds.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import re
from collections.abc import Iterable, Iterator

from ....binder import contradicts, is_main_guard
from ....context import Context, place_in
from ....findings import Edit, Finding, Fix, Place, Position, Safety, Severity, Span
from ....flow import Flow
from ....rule import Invalid, Rule, Valid, fix, replace, short
from ....values import Value, describe_when, on_every_path
from ...lightning.fabric import XLA_FSDP, fabric_kind
from ...lightning.names import XLAFSDP_STRATEGY
from ..facts import launch_target
from ..launched import has_parameters

LOCAL_OBJECT_RECORD = "c2ad4bc301a93cce"  # AttributeError: Can't pickle local object '...<locals>...'
PARTIAL = "functools.partial"
WRAPS = "functools.wraps"
BUILTINS = frozenset(dir(builtins))
MAX_DEPTH = 3


class LambdaInStrategy(Rule):
    code = "LXF006"
    record = "9bd70f1cac665e7b"
    name = "lambda-in-strategy"
    reveals = ("LXF037",)  # a moved lambda with CUDA FSDP's parameter names is then called by torch_xla
    summary = ("`fabric.launch` pickles XLAFSDPStrategy and the launched function: neither may hold lambdas or local "
               "functions")
    triggers = ("XLAFSDPStrategy", "lambda", "launch")
    examples = (
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy=lambda m, *args, **kwargs: isinstance(m, Block))\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "\n"
            "def _auto_wrap_policy(m, *args, **kwargs):\n"
            "    return isinstance(m, Block)\n"
            "\n"
            "\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy=_auto_wrap_policy)\n",
            message="functools.partial",
            count=1, at="3:45-3:92", severity="error",
        ),
        Invalid(
            "import lightning as L\n"
            "from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel as XLAFSDP, checkpoint_module\n"
            "fabric = L.Fabric(strategy=L.fabric.strategies.XLAFSDPStrategy(\n"
            "    auto_wrap_policy={Block},\n"
            "    auto_wrapper_callable=lambda m, *a, **k: XLAFSDP(checkpoint_module(m), *a, **k),\n"
            "))\n",
            fixed="import lightning as L\n"
            "from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel as XLAFSDP, checkpoint_module\n"
            "\n"
            "\n"
            "def _auto_wrapper_callable(m, *a, **k):\n"
            "    return XLAFSDP(checkpoint_module(m), *a, **k)\n"
            "\n"
            "\n"
            "fabric = L.Fabric(strategy=L.fabric.strategies.XLAFSDPStrategy(\n"
            "    auto_wrap_policy={Block},\n"
            "    auto_wrapper_callable=_auto_wrapper_callable,\n"
            "))\n",
            count=1, at="5:27-5:84", severity="error",
        ),
        Invalid(
            "from functools import partial\n"
            "from lightning_fabric.strategies import XLAFSDPStrategy as S\n"
            "from torch.distributed.algorithms._checkpoint.checkpoint_wrapper import apply_activation_checkpointing\n"
            "s = S(auto_wrapper_callable=partial(apply_activation_checkpointing, check_fn=lambda m: isinstance(m, Block)))\n",
            fixed="from functools import partial\n"
            "from lightning_fabric.strategies import XLAFSDPStrategy as S\n"
            "from torch.distributed.algorithms._checkpoint.checkpoint_wrapper import apply_activation_checkpointing\n"
            "\n"
            "\n"
            "def _check_fn(m):\n"
            "    return isinstance(m, Block)\n"
            "\n"
            "\n"
            "s = S(auto_wrapper_callable=partial(apply_activation_checkpointing, check_fn=_check_fn))\n",
            message="holds a lambda",
            count=1, at="4:78-4:108", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "policy = lambda module, recurse, unwrapped_params: unwrapped_params >= 1e6\n"
            "strategy = XLAFSDPStrategy(**{'auto_wrap_policy': policy})\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def policy(module, recurse, unwrapped_params):\n"
            "    return unwrapped_params >= 1e6\n"
            "strategy = XLAFSDPStrategy(**{'auto_wrap_policy': policy})\n",
            count=1, at="2:10-2:75", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def build(size):\n"
            "    return XLAFSDPStrategy(auto_wrap_policy=lambda m, r, n: n >= size)\n",
            message="cannot be pickled",
            count=1, at="3:45-3:70", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(state_dict_type='full', shard_param_on_dim_0=True, param_init_fn=lambda m: m.to_empty(device='cpu'))\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "\n"
            "\n"
            "def _param_init_fn(m):\n"
            "    return m.to_empty(device='cpu')\n"
            "\n"
            "\n"
            "s = XLAFSDPStrategy(state_dict_type='full', shard_param_on_dim_0=True, param_init_fn=_param_init_fn)\n",
            count=1, at="2:86-2:120", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "LAYERS = {'block': Block, 'mlp': MLP}\n"
            "def remat_layers(names):\n"
            "    return (LAYERS[n] for n in names.split(','))\n"
            "s = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat_layers('block'))\n",
            message="holds a generator (line 4), which cannot be pickled",
            count=1, at="5:79-5:100", severity="error",
        ),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "LAYERS = {'block': Block, 'mlp': MLP}\n"
              "s = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=set(LAYERS[n] for n in ['block']))\n"),
        Valid("from functools import partial\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy\n"
              "def wrap_big(module, recurse, unwrapped_params):\n    return unwrapped_params >= 1e6\n"
              "s = XLAFSDPStrategy(auto_wrap_policy=wrap_big)\n"
              "t = XLAFSDPStrategy(auto_wrap_policy=partial(size_based_auto_wrap_policy, min_num_params=1e6))\n"
              "u = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})\n"),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "blocks = sorted(layers, key=lambda m: m.index)\n"
              "s = XLAFSDPStrategy(auto_wrap_policy=make_policy(lambda m: isinstance(m, Block)))\n"),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def main(min_params):\n"
            "    def policy(module, recurse, unwrapped_params):\n"
            "        return unwrapped_params >= min_params\n"
            "    return XLAFSDPStrategy(auto_wrap_policy=policy)\n",
            message="`auto_wrap_policy` holds `policy`, a function defined inside `main`",
            count=1, at="5:45-5:51", severity="error",
        ),
        Invalid(
            "from functools import partial\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def main(args):\n"
            "    def is_block(m):\n"
            "        return isinstance(m, Block)\n"
            "    wrap = partial(apply_checkpoint, check_fn=is_block) if args.remat else None\n"
            "    return XLAFSDPStrategy(auto_wrapper_callable=wrap)\n",
            message="when args.remat",
            count=1, at="7:50-7:54", severity="warning",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def main(steps):\n"
            "    def train(fabric):\n"
            "        fabric.setup_module(Net())\n"
            "    Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Can't pickle local object 'main.<locals>.train'",
            count=1, at="5:40-5:45", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, make_model):\n"
            "    fabric.setup_module(make_model())\n"
            "Fabric(strategy='xla_fsdp').launch(lambda f: train(f, Net))\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric, make_model):\n"
            "    fabric.setup_module(make_model())\n"
            "\n"
            "\n"
            "def _launched(f):\n"
            "    return train(f, Net)\n"
            "\n"
            "\n"
            "Fabric(strategy='xla_fsdp').launch(_launched)\n",
            message="`fabric.launch` is given a lambda",
            count=1, at="4:36-4:59", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, make_model):\n"
            "    fabric.setup_module(make_model())\n"
            "Fabric(strategy='xla_fsdp').launch(train, lambda: Net())\n",
            message="`fabric.launch` is to pass a lambda to the launched function",
            count=1, at="4:43-4:56", severity="error",
        ),
        Invalid(
            "import dataclasses\n"
            "from lightning.fabric import Fabric\n"
            "@dataclasses.dataclass\n"
            "class Config:\n"
            "    steps: int = 2\n"
            "    lr_lambda: object = lambda step: min(1.0, (step + 1) / 2)\n"
            "def train(fabric, cfg):\n"
            "    fabric.setup_module(Net())\n"
            "Fabric(strategy='xla_fsdp').launch(train, Config(steps=4))\n",
            message="`fabric.launch` is to pass a lambda to the launched function",
            count=1, at="6:25-6:62", severity="error",
        ),
        Valid("import dataclasses\n"
              "from lightning.fabric import Fabric\n"
              "def warmup(step):\n"
              "    return min(1.0, (step + 1) / 2)\n"
              "@dataclasses.dataclass\n"
              "class Config:\n"
              "    lr_lambda: object = warmup\n"
              "    make: object = dataclasses.field(default_factory=lambda: [1])\n"
              "@dataclasses.dataclass\n"
              "class Portable:\n"
              "    lr_lambda: object = lambda step: 1.0\n"
              "    def __getstate__(self):\n"
              "        return {}\n"
              "def train(fabric, cfg, other):\n"
              "    fabric.setup_module(Net())\n"
              "Fabric(strategy='xla_fsdp').launch(train, Config(), Portable())\n"),
        Valid("from functools import partial\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric, make_model):\n"
              "    fabric.setup_module(make_model())\n"
              "Fabric(strategy='xla_fsdp').launch(partial(train, make_model=Net))\n"
              "Fabric(strategy='xla_fsdp').launch(train, Net)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def main():\n"
              "    def train(fabric):\n"
              "        fabric.setup_module(Net())\n"
              "    Fabric(strategy='ddp', accelerator='cpu', devices=2).launch(train)\n"),
        Valid("from lightning.fabric.strategies import FSDPStrategy\n"
              "s = FSDPStrategy(auto_wrap_policy=lambda m, r, n: n > 1e6)\n"),
        Valid("class XLAFSDPStrategy:\n    def __init__(self, **kw): pass\n"
              "s = XLAFSDPStrategy(auto_wrap_policy=lambda m, r, n: n > 1e6)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        taken: set[str] = set()  # names given to the new functions of this document, so no two fixes share one
        seen: set[ast.AST] = set()  # one finding per function, however many strategies hold it
        for call in sorted(ctx.calls_to(XLAFSDP_STRATEGY), key=lambda c: (c.lineno, c.col_offset)):
            unused = ctx.never_used(call)
            if unused is not None and unused[0] == "picked":
                continue  # a preset no run picks is never pickled (nor are the functions it holds taken as seen)
            for finding in self._of_call(ctx, call, taken, seen):
                used = self.when_used(ctx, call, finding)
                if used is not None:
                    yield used
        for call, fabric in sorted(ctx.method_calls("launch"), key=lambda c: (c[0].lineno, c[0].col_offset)):
            if fabric_kind(ctx, fabric) == XLA_FSDP:
                yield from self._launched(ctx, call, taken, seen)

    def _launched(self, ctx: Context, call: ast.Call, taken: set[str], seen: set[ast.AST]) -> Iterator[Finding]:
        """The function `fabric.launch` is given, and the arguments it is to be called with: the launch pickles
        them too (`xmp.spawn(..., args=(function, args, kwargs, ...))`), so a lambda or a nested def there fails
        the same way. One with no parameter is LXF018's: `launch` raises TypeError before it pickles anything."""
        target = launch_target(call)
        given = [] if target is None else [target]
        given += [a for a in call.args[1:] if not isinstance(a, ast.Starred)]
        given += [k.value for k in call.keywords if k.arg not in (None, "function")]
        for written in given:
            values, found, every = _held_unpicklable(ctx, written)
            for _, (func, inside, conditions, elsewhere) in found:
                if func in seen or written is target and inside is None and not has_parameters(func):
                    continue
                seen.add(func)
                yield self._launched_finding(ctx, written, written is target, func, inside, _Path(conditions, every),
                                             elsewhere, taken)
            renamed = [named for named in (_top_level(ctx, value) for value in values) if named is not None]
            if len(renamed) == len(values) == 1 and renamed[0] not in seen and _bound_to_another(ctx, renamed[0]):
                seen.add(renamed[0])
                yield self._renamed(ctx, written, renamed[0])

    def _renamed(self, ctx: Context, written: ast.expr, func: ast.FunctionDef | ast.AsyncFunctionDef) -> Finding:
        """A top-level function launched as it was defined while the module's name for it holds another object
        (the wrapper a decorator of the file returned, which launches the function it was given)."""
        module = _module_name(ctx)
        decorators = ", ".join(f"`@{short(ctx.doc.source(d))}`" for d in func.decorator_list)
        message = (
            f"`fabric.launch` is given `{func.name}` as it was defined, but the module's `{func.name}` holds another "
            f"object (what {decorators} made of it), and pickle finds a function by its module and name: under "
            "XLAFSDPStrategy the launch sends the function to the spawned processes, so it fails with PicklingError: "
            f"Can't pickle <function {func.name}>: it's not the same object as {module}.{func.name} before your "
            f"function runs. Keep the launched function under a name of its own (`def _{func.name}(fabric, ...)`, "
            f"then `{func.name} = decorator(_{func.name})`)"
        )
        return self.finding(ctx, written, message)

    def _launched_finding(self, ctx: Context, written: ast.expr, is_function: bool,
                          func: ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef, inside: str | None, when: _Path,
                          elsewhere: Flow | None, taken: set[str]) -> Finding:
        owner = elsewhere.ctx if elsewhere is not None else ctx
        outer = owner.enclosing_function(func)
        if isinstance(func, ast.Lambda):
            what, name = "a lambda", None
            error = "AttributeError" if outer is not None else "PicklingError"
        else:
            what, name = f"`{func.name}`, a function defined inside `{outer.name if outer else '?'}`", func.name
            error = f"AttributeError: Can't pickle local object '{_qualname(owner, func)}'"
        named = _named_after(owner, func) if not isinstance(func, ast.Lambda) and inside is None else None
        if named is not None:  # `@functools.wraps(main)` names it `main`, and the module's `main` is another object
            what += f" that `functools.wraps` names `{named}`, but the module's `{named}` is another object"
            module = _module_name(owner)
            error = f"PicklingError: Can't pickle <function {named}>: it's not the same object as {module}.{named}"
        if elsewhere is not None:
            what += f" ({elsewhere.origin_name}, line {func.lineno})"
        if inside:
            what += f" (as `{inside}=` of a `functools.partial`)"
        head = f"`fabric.launch` is given {what}" if is_function else \
            f"`fabric.launch` is to pass {what} to the launched function"
        message = (f"{head}, which cannot be pickled: under XLAFSDPStrategy the launch "
                   f"sends the function and its arguments to the spawned processes, so it fails with {error} before "
                   "your function runs. ")
        bound = written.id if isinstance(written, ast.Name) else None
        if name is None:
            message += "Use a function defined at module level (or a `functools.partial` of one)"
        elif named is not None:
            message += (f"Keep the module's `{named}` the function launched (a decorator that returns what it was "
                        f"given), or launch a function of a name of its own (`def _{named}(fabric, ...)`)")
        elif bound is not None and bound != name and outer is not None and not isinstance(func, ast.Lambda):
            # `@gathered def train`: what the module's `train` holds is the decorator's wrapper
            message += (f"Give `{name}` `@functools.wraps(...)` of the function `{outer.name}` wraps, so pickle finds "
                        f"it under the name `{bound}` it is bound to, or define it at module level")
        else:
            message += (f"Define `{name}` at module level and pass what it reads from `{outer.name if outer else '?'}` "
                        "as arguments (`fabric.launch(fn, *args)`, or a `functools.partial` of it)")
        message += when.tail
        record = LOCAL_OBJECT_RECORD if outer is not None and named is None else None
        if elsewhere is not None:
            finding = self.finding(ctx, written, message, (), when.severity, record=record)
            place = place_in(elsewhere, func)
            return finding if place is None else dataclasses.replace(finding, elsewhere=place)
        fixes = _to_def(ctx, func, inside or ("launched" if is_function else "argument"), taken) \
            if isinstance(func, ast.Lambda) else []
        at = func if isinstance(func, ast.Lambda) else written
        return self.finding(ctx, at, message, fixes, when.severity, record=record)

    def _of_call(self, ctx: Context, call: ast.Call, taken: set[str], seen: set[ast.AST]) -> Iterator[Finding]:
        args, _ = ctx.keyword_args(call)
        for arg in args.values():
            _values, found, every = _held_unpicklable(ctx, arg.value)
            generated = self._generator(ctx, arg.name, arg.value, _values)
            if generated is not None:
                yield generated
            local_defs = [item for _, item in found if item[3] is None and item[0] not in seen
                          and isinstance(item[0], (ast.FunctionDef, ast.AsyncFunctionDef))]
            if every and len(local_defs) > 1 and arg.value in ctx.parents:
                # nested defs are reported at the argument: one error there names them all
                seen.update(item[0] for item in local_defs)
                yield self._local_defs(ctx, arg.name, arg.value, local_defs)
            for _, (func, inside, conditions, elsewhere) in found:
                if func in seen:
                    continue
                seen.add(func)
                when = _Path(conditions, every)
                if elsewhere is not None and isinstance(func, ast.Lambda):
                    yield self._elsewhere(ctx, arg.name, arg.value, func, elsewhere, when)
                elif elsewhere is not None and isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield self._local_def_elsewhere(ctx, arg.name, arg.value, func, inside, elsewhere, when)
                elif isinstance(func, ast.Lambda):
                    yield self._finding(ctx, arg.name, arg.value, func, inside, when, taken)
                elif arg.value in ctx.parents:
                    yield self._local_def(ctx, arg.name, arg.value, func, inside, when)

    def _generator(self, ctx: Context, name: str, written: ast.expr, values: tuple[Value, ...]) -> Finding | None:
        """A generator object the argument holds (`(LAYERS[n] for n in names)`, returned by a helper): pickle
        refuses it outright, TypeError: cannot pickle 'generator' object, at the launch. On some paths only, a
        warning naming the path."""
        held = [v for v in values if v.kind == "generator"]
        if not held or written not in ctx.parents:
            return None
        origin = "" if held[0].node is written or held[0].flow is None else f" (line {held[0].line})"
        message = (
            f"`{name}` holds a generator{origin}, which cannot be pickled: `fabric.launch` pickles the strategy to "
            "send it to the spawned processes, so it fails with TypeError: cannot pickle 'generator' object before "
            "your function runs. "
            + ("Pass a set of its items (`set(...)` of it): the policy is checked as a set" if name.endswith("policy")
               else "Pass a list or tuple of its items instead")
        )
        some = len(held) < len(values)
        if some:
            message += f"; {describe_when([held[0].when])}" if held[0].when else "; on some paths"
        return self.finding(ctx, written, message, (), Severity.WARNING if some else None)

    def _finding(self, ctx: Context, name: str, written: ast.AST, lam: ast.Lambda, inside: str | None,
                 when: _Path, taken: set[str]) -> Finding:
        where = f"`{name}` holds a lambda" + (f" (`{inside}=` of a `functools.partial`)" if inside else "")
        if not inside and lam is not written:
            where = f"`{name}` is a lambda (`{ctx.doc.source(written)}`)"
        elif not inside:
            where = f"`{name}` is a lambda"
        local = ctx.enclosing_function(lam) is not None
        message = (
            f"{where}, which cannot be pickled: `fabric.launch` pickles the strategy to send it to the spawned "
            f"processes, so it fails with {'AttributeError' if local else 'PicklingError'} before your function "
            "runs. Use a function defined at module level (or a `functools.partial` of one)"
        )
        message += when.tail
        fixes = _to_def(ctx, lam, inside or name, taken)
        return self.finding(ctx, lam, message, fixes, when.severity,
                            record=LOCAL_OBJECT_RECORD if local else None)

    def _elsewhere(self, ctx: Context, name: str, written: ast.AST, lam: ast.Lambda, flow: Flow,
                   when: _Path) -> Finding:
        """A lambda another module of the project writes (`block_policy = lambda ...` in common/policies.py):
        found at the argument here, placed where it is written (no fix: that is the other file)."""
        local = flow.ctx.enclosing_function(lam) is not None
        message = (
            f"`{name}` is a lambda (`{ctx.doc.source(written)}`, {flow.origin_name}, line {lam.lineno}), which cannot "
            "be pickled: `fabric.launch` pickles the strategy to send it to the spawned processes, so it fails with "
            f"{'AttributeError' if local else 'PicklingError'} before your function runs. Use a function defined at "
            "module level (or a `functools.partial` of one)"
        )
        message += when.tail
        finding = self.finding(ctx, written, message, (), when.severity)
        place = place_in(flow, lam)
        return finding if place is None else dataclasses.replace(finding, elsewhere=place)

    def _local_def(self, ctx: Context, name: str, written: ast.AST, func: ast.FunctionDef | ast.AsyncFunctionDef, inside: str | None,
                   when: _Path) -> Finding:
        outer = ctx.enclosing_function(func)
        holder = f" (`{inside}=` of a `functools.partial`)" if inside else ""
        named = _named_after(ctx, func)
        if named is not None:  # `functools.wraps(policy)` names it `policy`, a name that holds another object
            message = (
                f"`{name}` holds `{func.name}`, a function defined inside `{outer.name if outer else '?'}`{holder} "
                f"that `functools.wraps` names `{named}`, but the module's `{named}` is another object, so "
                "`fabric.launch`, which pickles the strategy to send it to the spawned processes, fails with "
                f"PicklingError: Can't pickle <function {named}>: it's not the same object as __main__.{named} "
                f"before your function runs. Bind the wrapper to the name `{named}` (decorate its def, or "
                f"`{named} = {outer.name if outer else 'decorator'}({named})`), or define the policy at module level"
            )
            message += when.tail
            return self.finding(ctx, written, message, (), when.severity)
        message = (
            f"`{name}` holds `{func.name}`, a function defined inside `{outer.name if outer else '?'}`{holder}, "
            "which cannot be pickled: `fabric.launch` pickles the strategy to send it to the spawned processes, "
            f"so it fails with AttributeError: Can't pickle local object '{outer.name if outer else '?'}.<locals>.{func.name}' "
            "before your function runs. Define it at module level (pass what it reads through "
            "`functools.partial`)"
        )
        message += when.tail
        return self.finding(ctx, written, message, (), when.severity, record=LOCAL_OBJECT_RECORD)

    def _local_defs(self, ctx: Context, name: str, written: ast.AST, found: list[_Unpicklable]) -> Finding:
        """Nested defs on every path of the argument (`policy = big if args.big else small`, both defined
        inside `main`): one error at the argument, each def named with its condition."""
        alternatives = ", ".join(f"'{_qualname(ctx, func)}' {describe_when([when]) or 'otherwise'}"
                                 for func, _, when, _ in found if not isinstance(func, ast.Lambda))
        message = (
            f"`{name}` holds a function defined inside another function on every path, which cannot be pickled: "
            "`fabric.launch` pickles the strategy to send it to the spawned processes, so it fails before your "
            f"function runs with AttributeError: Can't pickle local object {alternatives}. Define them at module "
            "level (pass what they read through `functools.partial`)"
        )
        return self.finding(ctx, written, message, (), None, record=LOCAL_OBJECT_RECORD)

    def _local_def_elsewhere(self, ctx: Context, name: str, written: ast.AST,
                             func: ast.FunctionDef | ast.AsyncFunctionDef, inside: str | None, flow: Flow,
                             when: _Path) -> Finding:
        """A function defined inside a function of another module (`min_params_policy(n)` returning its
        `def policy`): found at the argument here, placed at its name where it is written (no fix)."""
        outer = flow.ctx.enclosing_function(func)
        holder = f" (`{inside}=` of a `functools.partial`)" if inside else ""
        message = (
            f"`{name}` holds `{func.name}`, a function defined inside `{outer.name if outer else '?'}` "
            f"(`{ctx.doc.source(written)}`, {flow.origin_name}, line {func.lineno}){holder}, which cannot be pickled: "
            "`fabric.launch` pickles the strategy to send it to the spawned processes, so it fails with "
            f"AttributeError: Can't pickle local object '{_qualname(flow.ctx, func)}' before your function runs. Define it at module "
            "level (pass what it reads through `functools.partial`)"
        )
        message += when.tail
        finding = self.finding(ctx, written, message, (), when.severity, record=LOCAL_OBJECT_RECORD)
        place = _name_place(flow, func)
        return finding if place is None else dataclasses.replace(finding, elsewhere=place)


def _module_name(ctx: Context) -> str:
    """The module a function of this file belongs to in pickle's eyes: `__main__` for a script (it has a
    top-level `if __name__ == "__main__":`), else a placeholder."""
    return "__main__" if any(isinstance(s, ast.If) and is_main_guard(s.test) for s in ctx.module.body) else "<module>"


def _qualname(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """The `__qualname__` pickle names: `Policies.by_size.<locals>.policy`."""
    parts = [func.name]
    node = ctx.parents.get(func)
    while node is not None and node is not ctx.module:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            parts.append(f"{node.name}.<locals>")
        elif isinstance(node, ast.ClassDef):
            parts.append(node.name)
        node = ctx.parents.get(node)
    return ".".join(reversed(parts))


def _name_place(flow: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef) -> Place | None:
    """The name of `def name`, in the module another module's `flow` reads (only a def of that module's own
    tree: its line is read against that module's text, as `place_in` does)."""
    if flow.origin is None or func not in flow.ctx.parents or not 0 < func.lineno <= len(flow.ctx.doc.lines):
        return None
    line = func.lineno - 1
    column = flow.ctx.doc.lines[line].find(func.name, func.col_offset)
    if column < 0:
        return None
    return Place(flow.origin, Span(Position(line, column), Position(line, column + len(func.name))))


# a lambda or nested def, the keyword of the partial that holds it, the conditions it holds under, and the
# flow of the other module that writes it (None: this document)
_Unpicklable = tuple[ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef, str | None, tuple[str, ...], Flow | None]


@dataclasses.dataclass(frozen=True)
class _Path:
    """The conditions a function is held under, and whether every other path holds one too."""
    when: tuple[str, ...]
    every: bool = False

    @property
    def severity(self) -> Severity | None:
        return Severity.WARNING if self.when and not self.every else None

    @property
    def tail(self) -> str:
        """The end of the message: the condition, and on every path, that the other paths fail too."""
        if not self.when:
            return ""
        tail = f"; {describe_when([self.when])}"
        return tail + (", and every other path holds such a function too, so the launch fails whichever path runs"
                       if self.every else "")


PICKLING_HOOKS = frozenset({"__getstate__", "__reduce__", "__reduce_ex__"})  # a class that pickles as it says


def _held_unpicklable(ctx: Context, expr: ast.expr) -> tuple[tuple[Value, ...], list[tuple[Value, _Unpicklable]], bool]:
    """What `expr` holds, the unpicklable functions of each value, and whether every alternative holds one
    whatever its own inner conditions: then the launch fails on every path, so each function is an error (each
    with its own span and its own fix)."""
    values = ctx.values(expr)
    found = [(value, item) for value in values for item in _unpicklable_value(ctx, value, MAX_DEPTH)]
    every = len(values) > 1 and on_every_path(values, [v for v, item in found if item[2] == v.when])
    return values, found, every


def _unpicklable(ctx: Context, expr: ast.AST, depth: int, inside: str | None = None) -> Iterator[_Unpicklable]:
    """(lambda or nested def, keyword of the partial that holds it, conditions) for each function that
    `expr` keeps as a value and that pickling cannot find by name."""
    for value in ctx.values(expr):
        yield from _unpicklable_value(ctx, value, depth, inside)


def _unpicklable_value(ctx: Context, value: Value, depth: int, inside: str | None = None) -> Iterator[_Unpicklable]:
    """`_unpicklable` for one of the values an expression holds."""
    node = value.node
    if value.foreign and value.kind == "lambda" and isinstance(node, ast.Lambda) and value.flow is not None:
        yield node, inside, value.when, value.flow  # a lambda another module writes: reported there
        return
    if value.foreign and value.kind == "function" and value.extra == "nested" and value.flow is not None \
            and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.decorator_list:
        # a closure a helper of another module returns: reported there (a decorator may rename it for pickle)
        yield node, inside, value.when, value.flow
        return
    if value.foreign or node is None or node not in ctx.parents:
        return
    if value.kind == "lambda" and isinstance(node, ast.Lambda):
        yield node, inside, value.when, None
    elif value.kind == "function" and value.extra == "nested" and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        if not _found_by_name(ctx, node, value.when):
            yield node, inside, value.when, None
    elif not depth:
        return
    elif value.kind == "partial" and isinstance(node, ast.Call):
        for item in node.args:
            yield from _with(_unpicklable(ctx, item, depth - 1, inside or "func"), value.when)
        for kw in node.keywords:
            yield from _with(_unpicklable(ctx, kw.value, depth - 1, inside or kw.arg or "**"), value.when)
    elif isinstance(node, (ast.Set, ast.List, ast.Tuple)):
        for item in node.elts:
            yield from _with(_unpicklable(ctx, item, depth - 1, inside), value.when)
    elif isinstance(node, ast.Dict):
        for item in node.values:
            yield from _with(_unpicklable(ctx, item, depth - 1, inside), value.when)
    elif value.kind == "instance" and isinstance(value.extra, tuple) and isinstance(value.extra[0], ast.ClassDef):
        # a config dataclass pickles its fields (`lr_lambda: Callable = lambda step: ...`), unless it says otherwise
        cls, call = value.extra
        flow = value.flow or ctx.flow
        fields = flow.dataclass_fields(cls)
        if fields is None or any(isinstance(s, ast.FunctionDef) and s.name in PICKLING_HOOKS for s in cls.body):
            return
        for name, _ in fields:
            for held in flow.instance_attribute(cls, call, name, set()):
                yield from _with(_unpicklable_value(ctx, held, depth - 1, inside), value.when)

def _wrapped(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[Value, ...]:
    """What `f` holds when `@functools.wraps(f)` is the nested def's outermost decorator (it copies `f`'s
    `__module__` and `__qualname__` onto the wrapper); nothing without it."""
    outer = func.decorator_list[0] if func.decorator_list else None
    if not isinstance(outer, ast.Call) or len(outer.args) != 1 or outer.keywords or ctx.resolve(outer.func) != WRAPS:
        return ()
    return ctx.values(outer.args[0])


def _top_level(ctx: Context, value: Value) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The def `value` is when it is a function of this module's top level (its qualified name is its name)."""
    node = value.node
    if value.kind != "function" or value.foreign or value.extra is not None \
            or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node not in ctx.parents:
        return None
    return node if ctx.scope_of(node) is ctx.module else None


def _bound_to_another(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """The module's name of a decorated top-level def holds, on every path, functions of the file other than that
    def: what its decorators made of it, bound when the def runs."""
    if not func.decorator_list:  # (a name bound again later may not be bound yet when the launch pickles it)
        return False
    held = ctx.flow.module_binding(func.name) or ()
    return bool(held) and all(x.kind == "function" and x.node is not func and not x.foreign for x in held)


def _found_by_name(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef, when: tuple[str, ...] = ()) -> bool:
    """A nested def that pickle finds by name: `@functools.wraps(f)` names it after `f`, a top-level function
    of the module, and the module's `f` ends up holding this very wrapper (`@traced def f`, `f = traced(f)`),
    for every `f` the decorator is given, on the paths the wrapper is held under (`when`: under
    `if TRACE: f = traced(f)`, the plain `f` of the other path is not what pickle meets)."""
    wrapped = _wrapped(ctx, func)
    if not wrapped:
        return False
    for value in wrapped:
        named = _top_level(ctx, value)
        held = ctx.flow.module_binding(named.name) if named is not None else None
        held = tuple(x for x in held or () if not any(contradicts(a, b) for a in x.when for b in when))
        if not held or any(x.kind != "function" or x.node is not func for x in held):
            return False
    return True


def _named_after(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The one name `@functools.wraps(f)` gives the nested def, when `f` is a top-level function of the
    module on every path (and the module's name holds another object: see `_found_by_name`)."""
    named = {_top_level(ctx, value) for value in _wrapped(ctx, func)}
    if len(named) != 1 or None in named:
        return None
    return next(iter(named)).name  # type: ignore[union-attr]  # None ruled out


def _with(found: Iterable[_Unpicklable], when: tuple[str, ...]) -> Iterator[_Unpicklable]:
    for func, inside, inner, elsewhere in found:
        yield func, inside, tuple(dict.fromkeys((*when, *inner))), elsewhere


def _to_def(ctx: Context, lam: ast.Lambda, label: str, taken: set[str]) -> list[Fix]:
    """Replace the lambda by a module-level `def` of the same parameters and body."""
    parts = _parts(ctx, lam)
    if parts is None or not _movable(ctx, lam):
        return []
    params, body = parts
    holder = ctx.parents.get(lam)
    if (
        isinstance(holder, ast.Assign) and holder.value is lam and len(holder.targets) == 1
        and isinstance(holder.targets[0], ast.Name) and ctx.scope_of(holder) is ctx.module
        and ctx.doc.span(holder).start.column == 0
    ):  # `name = lambda ...` at module level -> `def name(...)`
        name = holder.targets[0].id
        text = f"def {name}({params}):\n    return {body}"
        return [fix(f"Define `{name}` with `def`", replace(ctx, holder, text), safety=Safety.UNSAFE, preferred=True)]
    name = _free_name(ctx, "_" + (re.sub(r"\W", "_", label.strip("_*")) or "function"), taken)
    top = ctx.statement_of(lam)
    while ctx.parents.get(top) is not ctx.module and ctx.parents.get(top) is not None:
        top = ctx.statement_of(ctx.parents[top])
    first = min([top.lineno, *(d.lineno for d in getattr(top, "decorator_list", ()))]) - 1
    above = ctx.doc.lines[first - 1] if first > 0 else ""
    spacer = "\n\n" if above.strip() else ""
    at = Position(first, 0)
    text = f"{spacer}def {name}({params}):\n    return {body}\n\n\n"
    edits = [Edit(Span(at, at), text), replace(ctx, lam, name)]
    return [fix(f"Move the lambda into `def {name}`", *edits, safety=Safety.UNSAFE, preferred=True)]


def _parts(ctx: Context, lam: ast.Lambda) -> tuple[str, str] | None:
    """The parameter list and body of a one-line lambda, as written."""
    if lam.lineno != lam.end_lineno or lam.body.lineno != lam.lineno:
        return None
    if any(d is not None and not isinstance(d, ast.Constant) for d in [*lam.args.defaults, *lam.args.kw_defaults]):
        return None  # a default computed where the lambda stands
    text = ctx.doc.source(lam)
    start = ctx.doc.span(lam).start.column
    body_at = ctx.doc.span(lam.body).start.column - start
    head = text[:body_at].rstrip()
    if not head.startswith("lambda") or not head.endswith(":"):
        return None  # the body is parenthesised, or the spelling is unusual
    return head[len("lambda"):-1].strip(), text[body_at:]


def _movable(ctx: Context, lam: ast.Lambda) -> bool:
    """Every name the lambda reads is its own, a builtin, or module-level (not shadowed on the way)."""
    own = {a.arg for a in ast.walk(lam.args) if isinstance(a, ast.arg)}
    for node in ast.walk(lam.body):
        if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.NamedExpr)):
            return False  # inner scopes: keep it simple
        if not isinstance(node, ast.Name) or node.id in own:
            continue
        scope = ctx.scope_of(lam)
        while scope is not None and scope is not ctx.module:
            if ctx.bindings(node.id, scope):
                return False  # a local of an enclosing function
            scope = ctx.scope_of(scope)
        if node.id not in BUILTINS and not ctx.bindings(node.id, ctx.module) and node.id not in ctx.imports.names:
            if not node.id[:1].isupper() and not _defined_at_top(ctx, node.id):
                return False  # not visibly module-level (a class name may live in an unparsed statement)
    return True


def _defined_at_top(ctx: Context, name: str) -> bool:
    """A top-level `def name`, `class name` or `name = ...` in statements the engine did not parse."""
    word = re.escape(name)
    return ctx.doc.search(rf"^(?:(?:async[ \t]+)?def|class)[ \t]+{word}\b|^{word}[ \t]*(?::[^=\n]*)?=(?!=)", re.M)


def _free_name(ctx: Context, base: str, taken: set[str]) -> str:
    name, n = base, 2
    while name in taken or ctx.doc.search(rf"\b{re.escape(name)}\b"):
        name, n = f"{base}_{n}", n + 1
    taken.add(name)
    return name


RULE = LambdaInStrategy()
