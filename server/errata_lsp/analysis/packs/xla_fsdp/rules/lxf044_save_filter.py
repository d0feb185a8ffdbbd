"""LXF044: `fabric.save(path, state, filter=...)` given a filter Fabric refuses.

`Fabric.save` checks its `filter` before the strategy writes anything (fabric.py l.856-866), in this order:
* not a dict (`filter=lora_filter`, a lambda, a list of names): TypeError "Filter should be a dictionary,
  given ...";
* a key that is no key of the state (`filter={"state_dict": f}` for `{"model": model, ...}`): ValueError
  "The filter keys {...} are not present in the state keys {...}.";
* a value that is not callable (`filter={"model": "lora_"}`, a list of names, None): TypeError "Expected
  `fabric.save(filter=...)` for key 'model' to be a callable, given ...".
A filter is a dict from a state key to a function `(name, value) -> bool` applied to that entry's state dict.

Read on XLAFSDP saves: the filter's values as the value flow gives them (an error when every path gives a
bad one, a warning naming the conditions when some do); the keys only when the file shows the whole state
and the filter's keys as constants. The fix of a bare function gives it to the state's set-up model
(`filter={"model": lora_filter}`), offered when the state holds one set-up model written in this file.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator

from ....context import Context, place_in
from ....findings import Finding, Safety, Severity
from ....flow import Flow
from ....rule import Invalid, Rule, Valid, fix, replace, short
from ....values import Value, describe_when, on_every_path
from ..checkpoint_states import xla_fsdp_saves
from ..checkpoints import SETUP_MODULE, object_kind, state_entries

KEYS_RECORD = "8dc6ba166ca71d63"  # "The filter keys {...} are not present in the state keys {...}."
CALLABLE_RECORD = "b8c9b7b1ce7b2bca"  # "Expected `fabric.save(filter=...)` for key ... to be a callable"
# what a filter may not be: no dict (the filter itself), nothing callable (one of its values)
NOT_A_DICT = frozenset({"list", "tuple", "set", "frozenset", "str", "number", "bool", "function", "lambda",
                        "partial", "class"})
NOT_CALLABLE = frozenset({"list", "tuple", "set", "frozenset", "str", "number", "bool", "none", "dict"})


def filter_argument(call: ast.Call) -> ast.expr | None:
    """What `fabric.save(path, state, filter)` is given as its filter, by keyword or position; None when
    absent or when a `*args` before it may shift it. (A `**kwargs` beside a filter written at the call cannot
    hold another one: Python raises first.)"""
    if any(isinstance(a, ast.Starred) for a in call.args[:3]):
        return None
    given = next((k.value for k in call.keywords if k.arg == "filter"), None)
    return call.args[2] if given is None and len(call.args) > 2 else given


def _forwarded_filters(ctx: Context, call: ast.Call) -> list[ast.expr]:
    """`fabric.save(path, state, **options)` in a helper given `filter=keep` by its callers: each filter a caller
    of this module writes, where it writes it (the keyword's value)."""
    out: list[ast.expr] = []
    for keyword in call.keywords:
        if keyword.arg is not None:
            continue
        for mapping in ctx.values(keyword.value):
            entries, _complete = (mapping.flow or ctx.flow).entries(mapping) if mapping.kind == "dict" else (None, False)
            entry = entries.get("filter") if entries else None
            if entry is not None and entry.value in ctx.parents and entry.value not in out:
                out.append(entry.value)
    return out


class SaveFilter(Rule):
    code = "LXF044"
    record = "2332ec228cf91ae1"
    name = "save-filter"
    summary = "`fabric.save(filter=...)` maps state keys to functions: `filter={'model': keep}`"
    severity = Severity.ERROR
    triggers = ("filter",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def lora_filter(name, value):\n"
            "    return 'lora_' in name\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    fabric.save('out/', {'model': model, 'step': 1}, filter=lora_filter)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def lora_filter(name, value):\n"
            "    return 'lora_' in name\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    fabric.save('out/', {'model': model, 'step': 1}, filter={'model': lora_filter})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Filter should be a dictionary, given `lora_filter`: `fabric.save` raises TypeError. "
            "Map the state key to the function: `filter={'model': lora_filter}`",
            count=1, at="6:61-6:72", severity="error",
        ),
        # a save helper forwarding `**options`: the filter its caller writes
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def lora_filter(name, value):\n"
            "    return 'lora_' in name\n"
            "def save_checkpoint(fabric, path, state, **options):\n"
            "    fabric.save(path, state, **options)\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    save_checkpoint(fabric, 'out/', {'model': model}, filter=lora_filter)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def lora_filter(name, value):\n"
            "    return 'lora_' in name\n"
            "def save_checkpoint(fabric, path, state, **options):\n"
            "    fabric.save(path, state, **options)\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    save_checkpoint(fabric, 'out/', {'model': model}, filter={'model': lora_filter})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Filter should be a dictionary, given `lora_filter`: `fabric.save` raises TypeError",
            count=1, at="8:62-8:73", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def lora_filter(name, value):\n"
              "    return 'lora_' in name\n"
              "def save_checkpoint(fabric, path, state, **options):\n"
              "    fabric.save(path, state, **options)\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    save_checkpoint(fabric, 'out/', {'model': model}, filter={'model': lora_filter})\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    state = {'model': model, 'step': 0}\n"
            "    keep = {'state_dict': lambda k, v: 'adapter' in k}\n"
            "    fabric.save('out/', state, filter=keep)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="The filter keys {'state_dict'} are not present in the state keys {'model', 'step'}: "
            "`fabric.save` raises ValueError. A filter's keys name entries of the state",
            count=1, at="5:13-5:25", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, args):\n"
            "    model = fabric.setup_module(Net())\n"
            "    fabric.save(args.out, {'model': model}, {'model': ['lora_A', 'lora_B']})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Expected `fabric.save(filter=...)` for key 'model' to be a callable, given `['lora_A', 'lora_B']`: "
            "`fabric.save` raises TypeError. A filter is a function `(name, value) -> bool`",
            count=1, at="4:55-4:75", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from settings import LORA\n"
            "def keep(name, value):\n"
            "    return True\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    chosen = keep if LORA else None\n"
            "    fabric.save('out/', {'model': model}, filter=chosen)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Filter should be a dictionary, given `chosen` (the function `keep`): `fabric.save` raises "
            "TypeError. Map the state key to the function: `filter={'model': chosen}`; when LORA",
            count=1, at="8:50-8:56", severity="warning",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def lora_filter(name, value):\n"
              "    return 'lora_' in name\n"
              "def train(fabric, path):\n"
              "    model = fabric.setup_module(Net())\n"
              "    fabric.save('a/', {'model': model, 'step': 1}, filter={'model': lora_filter})\n"
              "    fabric.save('b/', {'model': model}, {'model': lambda k, v: True})\n"
              "    fabric.save('c/', {'model': model}, filter=None)\n"
              "    fabric.save('d/', load_state(path), filter={'ema': lora_filter})\n"
              "Fabric(strategy='xla_fsdp').launch(train, 'p')\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def keep(name, value):\n"
              "    return True\n"
              "def train(fabric):\n"
              "    model = fabric.setup(Net())\n"
              "    fabric.save('out/', {'model': model}, filter=keep)\n"
              "Fabric(strategy='ddp').launch(train)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, _fabric, entries in xla_fsdp_saves(ctx):
            given = filter_argument(call)
            for written in [given] if given is not None else _forwarded_filters(ctx, call):
                finding = self._not_a_dict(ctx, written, entries)
                if finding is None and all(v.kind == "dict" for v in ctx.values(written)):
                    finding = self._entries(ctx, call, written, entries)
                if finding is not None:
                    yield finding

    def _not_a_dict(self, ctx: Context, given: ast.expr, entries: list[tuple[ast.expr, ast.expr]] | None) -> Finding | None:
        values = ctx.values(given)
        bad = [v for v in values if v.kind in NOT_A_DICT]
        if not bad or any(v.kind not in NOT_A_DICT | {"none", "dict"} for v in values):
            return None  # a filter the file cannot see may be a dict
        every = on_every_path(values, bad)
        what = _described(ctx, given, bad[0])
        message = f"Filter should be a dictionary, given {what}: `fabric.save` raises TypeError"
        key = _model_key(ctx, entries)
        fixes = []
        if key is not None and bad[0].kind in ("function", "lambda", "partial", "class"):
            message += f". Map the state key to the function: `filter={{{key}: {short(ctx.doc.source(given))}}}`"
            if every:
                fixes.append(fix(f"Apply the filter to {key}: `filter={{{key}: ...}}`",
                                 replace(ctx, given, f"{{{key}: {ctx.doc.source(given)}}}"),
                                 safety=Safety.UNSAFE, preferred=True))
        else:
            message += ". Map each state key to a function `(name, value) -> bool`: `filter={'model': keep}`"
        if not every:
            message += f"; {describe_when(bad)}".rstrip("; ")
        finding = self.finding(ctx, given, message, fixes, None if every else Severity.WARNING)
        bound = _bound_elsewhere(ctx, given, bad[0]) if every and len(values) == 1 else None
        if bound is None:
            return finding
        there, written = bound  # `SAVE_FILTER = head_only` in a config module: where the filter is chosen
        place = place_in(there, written)
        if place is None:
            return finding
        moved = tuple([fix(f"Apply the filter to {key} in {there.origin_name}: `{{{key}: ...}}`",
                     replace(there.ctx, written, f"{{{key}: {there.ctx.doc.source(written)}}}"),
                     safety=Safety.UNSAFE, preferred=True, path=there.origin)] if key is not None and fixes else [])
        return dataclasses.replace(finding, elsewhere=place, fixes=moved)

    def _entries(self, ctx: Context, call: ast.Call, given: ast.expr,
                 entries: list[tuple[ast.expr, ast.expr]] | None) -> Finding | None:
        filters = state_entries(ctx, given, call)
        if filters is None:
            return None
        keys = _constant_keys(entries) if entries is not None else None
        if keys is not None:
            unknown = [(k, v) for k, v in filters if isinstance(k, ast.Constant) and k.value not in keys]
            if unknown and all(isinstance(k, ast.Constant) for k, _ in filters):
                names = "{" + ", ".join(repr(k.value) for k, _ in unknown) + "}"
                state = "{" + ", ".join(repr(k) for k in sorted(keys, key=str)) + "}"
                message = (f"The filter keys {names} are not present in the state keys {state}: `fabric.save` raises "
                           "ValueError. A filter's keys name entries of the state")
                return self.finding(ctx, unknown[0][0], message, record=KEYS_RECORD)
        for key, value in filters:
            values = ctx.values(value)
            bad = [v for v in values if v.kind in NOT_CALLABLE]
            if not bad or not isinstance(key, ast.Constant) or any(v.kind not in NOT_CALLABLE for v in values):
                continue
            every = on_every_path(values, bad)
            message = (f"Expected `fabric.save(filter=...)` for key {key.value!r} to be a callable, given "
                       f"{_described(ctx, value, bad[0])}: `fabric.save` raises TypeError. A filter is a function "
                       "`(name, value) -> bool`")
            if not every:
                message += f"; {describe_when(bad)}".rstrip("; ")
            return self.finding(ctx, value, message, severity=None if every else Severity.WARNING,
                                record=CALLABLE_RECORD)
        return None


def _described(ctx: Context, written: ast.expr, value: Value) -> str:
    """The value as written at the call, and what it holds when that is written elsewhere."""
    at_call = short(ctx.doc.source(written))
    node = value.node
    if value.kind in ("function", "class") and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        kind = "class" if value.kind == "class" else "function"
        return f"`{at_call}`" if at_call == node.name else f"`{at_call}` (the {kind} `{node.name}`)"
    if isinstance(node, ast.expr) and node is not written and value.flow is not None and value.flow.ctx is ctx:
        return f"`{short(ctx.doc.source(node))}` (line {node.lineno})"
    return f"`{at_call}`"


def _constant_keys(entries: list[tuple[ast.expr, ast.expr]]) -> set[object] | None:
    """The state's keys, when every one is a constant the file writes."""
    if not all(isinstance(k, ast.Constant) for k, _ in entries):
        return None
    return {k.value for k, _ in entries}  # type: ignore[attr-defined]


def _model_key(ctx: Context, entries: list[tuple[ast.expr, ast.expr]] | None) -> str | None:
    """The key (as written) of the one set-up model of the state, when the file shows it."""
    if entries is None:
        return None
    keys = [k for k, v in entries if isinstance(k, ast.Constant) and object_kind(ctx, v) == SETUP_MODULE]
    if len(keys) != 1:
        return None
    # (a state another module writes, `save_head(fabric, out, step, {"model": model})`: its key as a value)
    return ctx.doc.source(keys[0]) if keys[0] in ctx.parents else repr(keys[0].value)


def _bound_elsewhere(ctx: Context, given: ast.expr, value: Value) -> tuple[Flow, ast.expr] | None:
    """`base.SAVE_FILTER` (or `SAVE_FILTER` imported), bound once at the top level of another module of the project
    to a name or an expression (`SAVE_FILTER = head_only`): that module's flow and the expression."""
    name = given.attr if isinstance(given, ast.Attribute) else given.id if isinstance(given, ast.Name) else None
    there = value.flow
    if name is None or there is None or there.origin is None or there is ctx.flow:
        return None
    defs = there.scope(there.ctx.module).final.get(name, ())
    if len(defs) != 1 or defs[0].how != "assign" or defs[0].when or not isinstance(defs[0].node, ast.expr) \
            or defs[0].path:
        return None
    return there, defs[0].node


RULE = SaveFilter()
