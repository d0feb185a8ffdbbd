"""Plugin families (precision, checkpoint IO): which Lightning class a plugin object is, where a strategy
or Fabric is given one, and the one way to name the XLA class instead; shared by the plugin rules."""

from __future__ import annotations

import ast
import dataclasses
import os
from dataclasses import dataclass

from ...binder import body_nodes
from ...context import Context, Held, place_in
from ...findings import Edit, Place, Position, Span
from ...flow import BY_DEFAULT, ENVIRONMENT_UNSET
from ...values import Entry
from ..lightning.fabric import strategy_holders
from ..lightning.names import canonical
from .facts import holds_none


@dataclass(frozen=True)
class PluginFamily:
    """One kind of Fabric plugin: its classes by the module file that defines them, and the XLA one."""

    files: dict[str, str]  # class name -> module file under lightning.fabric.plugins.<sub>
    sub: str  # "precision" or "io"
    ok: str  # the class XLAFSDPStrategy accepts
    position: int  # its parameter's index in XLAFSDPStrategy(...)
    keyword: str

    @property
    def packages(self) -> tuple[str, ...]:
        return ("lightning.fabric.plugins", f"lightning.fabric.plugins.{self.sub}")

    def lightning_class(self, qualified: str | None) -> str | None:
        """`HalfPrecision` for every public spelling of that class; None for anything else."""
        if not qualified:
            return None
        module, _, name = canonical(qualified).rpartition(".")
        if name not in self.files:
            return None
        if module in self.packages or module == f"lightning.fabric.plugins.{self.sub}.{self.files[name]}":
            return name
        return None


CHECKPOINT_IO = PluginFamily(
    files={"CheckpointIO": "checkpoint_io", "TorchCheckpointIO": "torch_io", "XLACheckpointIO": "xla"},
    sub="io", ok="XLACheckpointIO", position=2, keyword="checkpoint_io",
)

PRECISION = PluginFamily(
    files={
        "MixedPrecision": "amp", "BitsandbytesPrecision": "bitsandbytes", "DeepSpeedPrecision": "deepspeed",
        "DoublePrecision": "double", "FSDPPrecision": "fsdp", "HalfPrecision": "half", "Precision": "precision",
        "TransformerEnginePrecision": "transformer_engine", "XLAPrecision": "xla",
    },
    sub="precision", ok="XLAPrecision", position=3, keyword="precision",
)


Found = tuple[str, "tuple[Held, ast.expr] | None"]  # a Lightning class, and the project subclass's base leading there


@dataclass(frozen=True)
class Item:
    """An expression given as a plugin: the module that writes it, the node of the checked document that
    stands for it there (itself, or the argument that brings in a list another module builds), and the
    conditions it is given under."""

    expr: ast.expr
    owner: Context
    at: ast.expr
    when: tuple[str, ...] = ()


@dataclass(frozen=True)
class Plugin:
    """A plugin built in the user's code: the call (held with the module that writes it), the Lightning
    class it is, and the project's own subclass when that is what is built."""

    held: Held  # the call `HalfPrecision(...)` / `ManifestCheckpointIO(...)`, wherever it is written
    lightning: str  # the Lightning class it is (or derives from)
    local: str | None = None  # the project's subclass, if that is what is built
    base: tuple[Held, ast.expr] | None = None  # that subclass's class statement, and its base leading to Lightning
    # a non-XLA plugin built on some paths only: the conditions of each path that builds one (() every path)
    paths: tuple[tuple[str, ...], ...] = ()
    alone: bool = True  # the one value the expression holds (a fix of the call is a fix of the expression)
    named: bool = True  # the call names the class itself (`TorchCheckpointIO()`): a fix may rename it there

    @property
    def call(self) -> ast.Call:
        return self.held.node  # type: ignore[return-value]  # a plugin is built by a call

    @property
    def here(self) -> bool:
        """The call and the subclass it builds (if any) are the checked document's own."""
        return self.held.here and (self.base is None or self.base[0].here)

    @property
    def place(self) -> Place | None:
        """Where the fix belongs when that is another module: the base of a subclass written there, else the
        call written there; None when both are the document's own."""
        if self.base is not None and not self.base[0].here:
            cls, base = self.base
            return place_in(cls.flow, base)
        return self.held.place

    def where(self) -> str:
        """` (`plugins.py`, line 7)` for a plugin (or the subclass's base) written in another module."""
        place = self.place
        if place is None:
            return ""
        return f" (`{os.path.basename(place.path)}`, line {place.span.start.line + 1})"


MAX_REGISTRY_ENTRIES = 16  # entries of a registry read for one that builds the family's XLA class


def picked_key(plugin: Plugin, family: PluginFamily) -> tuple[Place | None, str] | None:
    """Where the key that picked the plugin out of a registry is written (`DEFAULT_PRECISION = "half-bf16"`
    for `FACTORIES[name]()`), and that key as a message names it, when the registry also holds an entry that
    builds the family's XLA class: the pick is what is wrong, not the entry (a sound plugin for another
    strategy). The place is None when the key is the checked document's own; None when there is no such pick."""
    picked = plugin.held.value.picked
    if picked is None:
        return None
    key, registry = picked
    if key.flow is None or registry.flow is None or not isinstance(key.node, ast.Constant):
        return None
    entries, _ = registry.flow.entries(registry)
    others = [entry for name, entry in (entries or {}).items() if name != key.node.value][:MAX_REGISTRY_ENTRIES]
    if not any(_builds(entry, family) == family.ok for entry in others):
        return None
    place = place_in(key.flow, key.node)
    where = f" (`{os.path.basename(place.path)}`, line {place.span.start.line + 1})" if place is not None else (
        f" (line {key.node.lineno})")
    return place, f"`{key.flow.ctx.doc.source(key.node)}`{where}"


def _builds(entry: Entry, family: PluginFamily) -> str | None:
    """The Lightning class of `family` a registry's entry builds: a class, or what a factory function returns
    on every path; None when it is neither or the project cannot tell."""
    owner = entry.flow.ctx
    values = entry.values()
    if len(values) != 1:
        return None
    value = values[0]
    if value.kind == "class":
        found = _class_of(owner, entry.value, family, 2)
        return found[0] if found else None
    if value.kind != "function" or not isinstance(value.node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
            or value.flow is None:
        return None
    at = value.flow.ctx
    returns = [n.value for n in body_nodes(value.node) if isinstance(n, ast.Return) and n.value is not None]
    built = {p.lightning if (p := plugin_of(at, r, family, at)) is not None else None for r in returns}
    return built.pop() if len(built) == 1 else None


def plugin_of(ctx: Context, expr: ast.AST, family: PluginFamily, owner: Context | None = None,
              none: bool = False) -> Plugin | None:
    """The plugin of `family` an expression of `owner` (the checked document by default) builds, wherever
    the call is written; None when it is not one / the project cannot tell. An expression that holds one of
    several values (a helper's `if args.bf16: return HalfPrecision(...)`) is that plugin when each value is a
    plugin of `family` (or None, with `none`): the first non-XLA one, with the paths that build one in
    `paths` unless every path does; the XLA one when none does."""
    held = (owner or ctx).held(expr, unknown=True)
    if held is not None:
        return _built(held, family)
    holders = (owner or ctx).holders(expr)
    if not holders or len(holders) < 2:
        return None
    plugins: list[tuple[Plugin, tuple[str, ...]]] = []
    for one in holders:
        if none and one.value.kind == "none":
            continue
        plugin = _built(one, family) if one.value.kind in ("unknown", "instance") else None
        if plugin is None:
            return None  # a value that is no plugin of the family, or one the project cannot tell
        plugins.append((plugin, one.value.when))
    bad = [(p, when) for p, when in plugins if p.lightning != family.ok]
    if not bad:
        return plugins[0][0] if plugins else None
    every = len(bad) == len(holders)
    return dataclasses.replace(bad[0][0], paths=() if every else tuple(when for _, when in bad), alone=False)


def _built(held: Held, family: PluginFamily) -> Plugin | None:
    """The plugin of `family` the call `held` builds, or None: the class its callee names, or else the class
    the value flow says the call builds (`CHECKPOINT_IO[cfg.io]()` with a module-level dict of classes,
    `io_cls()` after `io_cls = TorchCheckpointIO`: one value per class the callee may hold, each under its
    conditions, which `plugin_of` weighs)."""
    if not isinstance(held.node, ast.Call):
        return None
    lightning = _class_of(held.owner, held.node.func, family, 2)
    named = lightning is not None
    if lightning is None:
        lightning = _class_called(held, family)
    if lightning is None:
        return None
    name, base = lightning
    return Plugin(held, name, base[0].node.name if base else None, base, named=named)  # type: ignore[attr-defined]


def _class_called(held: Held, family: PluginFamily) -> Found | None:
    """The Lightning class of `family` the call `held` builds by the value it gives: a library class called
    (its qualified name), or an instance of a project class that derives from one."""
    value = held.value
    if value.kind == "unknown":
        found = family.lightning_class(value.qualified)
        return (found, None) if found else None
    if value.kind != "instance" or not isinstance(value.extra, tuple) or not isinstance(value.extra[0], ast.ClassDef):
        return None
    cls = dataclasses.replace(value, kind="class", node=value.extra[0], when=(), qualified=None, extra=None)
    owner = held.owner.owner_of(cls)
    if owner is None:
        return None
    flow = held.owner.flow if owner is held.owner else cls.flow
    return _derived(Held(cls, cls.node, owner, flow), family, 2)  # type: ignore[arg-type]  # placed: it has a node


def _class_of(owner: Context, func: ast.AST, family: PluginFamily, depth: int) -> Found | None:
    """The Lightning class of `family` that `func`, an expression of `owner`, names or derives from (through
    the class statements of any module of the project, each base resolved with its own module's imports),
    with the subclass's statement and the base that leads there; None when it names none or cannot tell."""
    found = family.lightning_class(owner.resolve(func))
    if found:
        return found, None
    if not depth:
        return None
    cls = owner.held(func)
    return _derived(cls, family, depth) if cls is not None else None


def _derived(cls: Held, family: PluginFamily, depth: int) -> Found | None:
    """The Lightning class of `family` the class statement `cls` derives from, with the base that leads there."""
    if cls.value.kind != "class" or not isinstance(cls.node, ast.ClassDef) or not cls.node.bases:
        return None
    bases = [_class_of(cls.owner, base, family, depth - 1) for base in cls.node.bases]
    if any(b is None for b in bases):
        return None  # a base the project does not show could be the XLA class
    for b, base in zip(bases, cls.node.bases):
        if b[0] == family.ok:  # type: ignore[index]
            return family.ok, (cls, base)
    return bases[0][0], (cls, cls.node.bases[0])  # type: ignore[index]


def conditions(item: Item, plugin: Plugin) -> list[tuple[str, ...]]:
    """The conditions under which `item` gives the non-XLA `plugin`: those it is given under, and those of the
    paths that build it; [] on every path."""
    if plugin.paths:
        return [(*item.when, *path) for path in plugin.paths]
    return [item.when] if item.when else []


def taken_by_the_plain_run(under: list[tuple[str, ...]]) -> bool:
    """Some path of `conditions` is the one `python train.py` takes: an option left at its default, an environment
    variable left unset (`--checkpoint-io` of default "torch", whatever its `choices`): the run raises."""
    return any(path and all(c == BY_DEFAULT or c.endswith(ENVIRONMENT_UNSET) for c in path) for path in under)


def strategy_argument(ctx: Context, call: ast.Call, family: PluginFamily) -> ast.expr | None:
    """What an XLAFSDPStrategy(...) call passes as `precision` / `checkpoint_io`, by keyword or position."""
    args, _ = ctx.keyword_args(call)
    if family.keyword in args:
        return args[family.keyword].value
    if len(call.args) > family.position and not any(isinstance(a, ast.Starred) for a in call.args[: family.position + 1]):
        return call.args[family.position]
    return None


def strategy_sets(ctx: Context, fabric_call: ast.Call, family: PluginFamily) -> bool:
    """The strategy given to Fabric may carry its own plugin of `family` (or the project cannot tell): each
    XLAFSDPStrategy call it may hold is read in the module that writes it."""
    args, _ = ctx.keyword_args(fabric_call)
    strategy = args.get("strategy")
    if strategy is None:
        return False
    calls = strategy_holders(ctx, strategy.value)
    if calls is None:
        return any(v.kind == "strategy" for v in ctx.values(strategy.value))  # one the project cannot place
    for owner, call in calls:
        _, complete = owner.keyword_args(call)
        given = strategy_argument(owner, call, family)
        if not complete or given is not None and not holds_none(owner, given):
            return True
    return False


def fabric_plugins(ctx: Context, fabric_call: ast.Call) -> list[Item]:
    """The items of `Fabric(plugins=...)`: a list or tuple display, wherever it is written (with what
    `plugins.append(...)` adds to it, under the conditions it is added on), or a single plugin."""
    args, _ = ctx.keyword_args(fabric_call)
    given = args.get("plugins")
    if given is None:
        return []
    held = ctx.held(given.value)
    if held is not None and _copied_sequence(held.node):  # `list(plugins)` of a `*plugins`: the call's items
        copied = held.owner.values(held.node.args[0])  # type: ignore[attr-defined]  # (a call: `_copied_sequence`)
        if len(copied) == 1 and not copied[0].when and copied[0].kind == "tuple" and isinstance(copied[0].node, ast.Tuple) \
                and copied[0].flow is not None and not any(isinstance(e, ast.Starred) for e in copied[0].node.elts):
            flow = copied[0].flow
            here = flow.origin is None
            return [Item(e, flow.ctx, e if here else given.value) for e in copied[0].node.elts]
    if held is not None and isinstance(held.node, (ast.List, ast.Tuple)):
        items = [(e, ()) for e in held.node.elts if not isinstance(e, ast.Starred)] + held.flow.appended(held.node)
        return [Item(e, held.owner, e if held.here else given.value, when) for e, when in items]
    return [Item(given.value, ctx, given.value)]


def _copied_sequence(node: ast.AST) -> bool:
    """`list(x)` or `tuple(x)` of the builtin: a new sequence of the items `x` holds."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("list", "tuple") \
        and len(node.args) == 1 and not node.keywords and not isinstance(node.args[0], ast.Starred)


def class_ref(ctx: Context, func: ast.AST, target: str, family: PluginFamily) -> tuple[str, list[Edit]] | None:
    """How this file can name `target` (next to the class `func` names): an imported name, the same
    module attribute, or a name added to the import that brought `func` in."""
    for local, qualified in ctx.imports.names.items():
        if family.lightning_class(qualified) == target:
            return local, []
    if isinstance(func, ast.Attribute) and canonical(ctx.resolve(func.value) or "") in family.packages:
        return f"{ctx.doc.source(func.value)}.{target}", []
    if not isinstance(func, ast.Name):
        return None
    for node in ctx.nodes(ast.ImportFrom):
        alias = next((a for a in node.names if (a.asname or a.name) == func.id), None)
        if alias is None or node.level or not node.module:
            continue
        if canonical(node.module) in family.packages:
            end = ctx.doc.span(alias).end
            line = ctx.doc.lines[end.line]
            rest = line[end.column:].strip()
            if rest.startswith(",") and (rest == "," or rest[1:].lstrip().startswith("#")):  # one name a line
                indent = ctx.doc.line_indent(end.line)
                at = Position(end.line, len(line.rstrip()))
                return target, [Edit(Span(at, at), f"\n{indent}{target},")]
            return target, [Edit(Span(end, end), f", {target}")]
        start = ctx.doc.span(node)
        if start.start.column != 0 or node.end_lineno >= len(ctx.doc.lines):  # type: ignore[operator]
            return None
        root = "lightning_fabric" if node.module.startswith("lightning_fabric") else "lightning.fabric"
        at = Position(node.end_lineno, 0)  # type: ignore[arg-type]
        return target, [Edit(Span(at, at), f"from {root}.plugins import {target}\n")]
    return None
