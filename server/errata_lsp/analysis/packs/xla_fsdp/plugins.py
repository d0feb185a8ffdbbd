"""Plugin families (precision, checkpoint IO): which Lightning class a plugin object is, where a strategy
or Fabric is given one, and the one way to name the XLA class instead; shared by the plugin rules."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ...context import Context
from ...findings import Edit, Position, Span
from ..lightning.fabric import strategy_calls
from ..lightning.names import canonical


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


@dataclass(frozen=True)
class Plugin:
    """A plugin built in the user's code: the call, and the Lightning class it is."""

    call: ast.Call
    lightning: str  # the Lightning class it is (or derives from)
    local: str | None = None  # the file's own subclass, if that is what is built


def plugin_of(ctx: Context, expr: ast.AST, family: PluginFamily) -> Plugin | None:
    """The plugin of `family` an expression builds, or None when it is not one / the file cannot tell."""
    call = ctx.value_of(expr)
    if not isinstance(call, ast.Call):
        return None
    lightning = _class_of(ctx, call.func, family, 2)
    if lightning is None:
        return None
    name, local = lightning
    return Plugin(call, name, local)


def _class_of(ctx: Context, func: ast.AST, family: PluginFamily, depth: int) -> tuple[str, str | None] | None:
    found = family.lightning_class(ctx.resolve(func))
    if found:
        return found, None
    if not isinstance(func, ast.Name) or not depth:
        return None
    binding = ctx.reaching(func)
    if binding is None or not isinstance(binding.stmt, ast.ClassDef) or not binding.stmt.bases:
        return None
    bases = [_class_of(ctx, base, family, depth - 1) for base in binding.stmt.bases]
    if any(b is None for b in bases):
        return None  # a base the file does not show could be the XLA class
    if any(b[0] == family.ok for b in bases):  # type: ignore[index]
        return family.ok, binding.stmt.name
    return bases[0][0], binding.stmt.name  # type: ignore[index]


def strategy_argument(ctx: Context, call: ast.Call, family: PluginFamily) -> ast.expr | None:
    """What an XLAFSDPStrategy(...) call passes as `precision` / `checkpoint_io`, by keyword or position."""
    args, _ = ctx.keyword_args(call)
    if family.keyword in args:
        return args[family.keyword].value
    if len(call.args) > family.position and not any(isinstance(a, ast.Starred) for a in call.args[: family.position + 1]):
        return call.args[family.position]
    return None


def strategy_sets(ctx: Context, fabric_call: ast.Call, family: PluginFamily) -> bool:
    """The strategy given to Fabric may carry its own plugin of `family` (or the file cannot tell)."""
    args, _ = ctx.keyword_args(fabric_call)
    strategy = args.get("strategy")
    if strategy is None:
        return False
    for call in strategy_calls(ctx, strategy.value) or []:
        _, complete = ctx.keyword_args(call)
        value = strategy_argument(ctx, call, family)
        if not complete or value is not None and not is_none(ctx.value_of(value)):
            return True
    return False


def fabric_plugins(ctx: Context, fabric_call: ast.Call) -> list[tuple[ast.expr, tuple[str, ...]]]:
    """The items of `Fabric(plugins=...)`: a list or tuple display (with what `plugins.append(...)` adds to
    it, under the conditions it is added on), or a single plugin."""
    args, _ = ctx.keyword_args(fabric_call)
    given = args.get("plugins")
    if given is None:
        return []
    value = ctx.value_of(given.value)
    if isinstance(value, (ast.List, ast.Tuple)):
        return [(e, ()) for e in value.elts if not isinstance(e, ast.Starred)] + ctx.flow.appended(value)
    return [(given.value, ())]


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


def is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None
