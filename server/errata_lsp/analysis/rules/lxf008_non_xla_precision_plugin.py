"""LXF008: a precision plugin other than `XLAPrecision` given to XLAFSDPStrategy.

The `precision` setter of XLAFSDPStrategy accepts only None or an `XLAPrecision` (`xla_fsdp.py`
l.156). `Strategy.__init__` calls that setter, so `XLAFSDPStrategy(precision=HalfPrecision(...))`
raises TypeError in the constructor; a non-XLA plugin in `Fabric(plugins=[...])` is handed to the
strategy through the same setter inside `Fabric(...)` (`connector.py`, `_lazy_init_strategy`). A
`BitsandbytesPrecision` there fails one step earlier, with "Bitsandbytes is only supported on CUDA GPUs.".

Silent where Fabric raises something else first: `plugins=` with a precision plugin together with the
`precision=` flag ("Received both"), or a precision set on both the strategy and `plugins`.

The fix turns the plugin into `XLAPrecision` of the nearest XLA precision ("bf16-mixed" ->
"bf16-true"); `XLAPrecision` also sets `XLA_USE_BF16`/`XLA_USE_F16` for the process, so it is unsafe.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..context import XLA_FSDP, Context
from ..findings import Edit, Position, Safety, Span
from ..names import XLAFSDP_STRATEGY, canonical
from ..rule import Invalid, Rule, Valid, fix, replace, short


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


PRECISION = PluginFamily(
    files={
        "MixedPrecision": "amp", "BitsandbytesPrecision": "bitsandbytes", "DeepSpeedPrecision": "deepspeed",
        "DoublePrecision": "double", "FSDPPrecision": "fsdp", "HalfPrecision": "half", "Precision": "precision",
        "TransformerEnginePrecision": "transformer_engine", "XLAPrecision": "xla",
    },
    sub="precision", ok="XLAPrecision", position=3, keyword="precision",
)
CHECKPOINT_IO = PluginFamily(
    files={"CheckpointIO": "checkpoint_io", "TorchCheckpointIO": "torch_io", "XLACheckpointIO": "xla"},
    sub="io", ok="XLACheckpointIO", position=2, keyword="checkpoint_io",
)


@dataclass(frozen=True)
class Plugin:
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
    for call in ctx.strategy_calls(strategy.value) or []:
        _, complete = ctx.keyword_args(call)
        value = strategy_argument(ctx, call, family)
        if not complete or value is not None and not _is_none(ctx.value_of(value)):
            return True
    return False


def fabric_plugins(ctx: Context, fabric_call: ast.Call) -> list[ast.expr]:
    """The items of `Fabric(plugins=...)`: a list or tuple display, or a single plugin."""
    args, _ = ctx.keyword_args(fabric_call)
    given = args.get("plugins")
    if given is None:
        return []
    value = ctx.value_of(given.value)
    if isinstance(value, (ast.List, ast.Tuple)):
        return [e for e in value.elts if not isinstance(e, ast.Starred)]
    return [given.value]


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


def string_quote(ctx: Context, near: ast.AST) -> str:
    """The quote the statement around `near` uses most, double by default."""
    statement = ctx.doc.source(ctx.statement_of(near))
    return "'" if statement.count("'") > statement.count('"') else '"'


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


# The XLA precision nearest to what each plugin was built with.
NEAREST = {"16-mixed": "16-true", "bf16-mixed": "bf16-true", "16-true": "16-true", "bf16-true": "bf16-true",
           "32-true": "32-true", "64-true": "32-true"}


class NonXLAPrecisionPlugin(Rule):
    code = "LXF008"
    record = "2e0c57a9572bce42"
    name = "non-xla-precision-plugin"
    summary = "XLAFSDPStrategy works only with the `XLAPrecision` plugin"
    triggers = ("Precision",)
    examples = (
        Invalid(
            "from lightning.fabric.plugins import HalfPrecision\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(precision=HalfPrecision('bf16-true'))\n",
            fixed="from lightning.fabric.plugins import HalfPrecision, XLAPrecision\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(precision=XLAPrecision('bf16-true'))\n",
            message="The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found `HalfPrecision('bf16-true')`",
            count=1, at="3:38-3:64", severity="error",
        ),
        Invalid(
            "import lightning as L\n"
            "fabric = L.Fabric(strategy=L.fabric.strategies.XLAFSDPStrategy(),\n"
            "                  plugins=[L.fabric.plugins.MixedPrecision('bf16-mixed', 'cuda')])\n",
            fixed="import lightning as L\n"
            "fabric = L.Fabric(strategy=L.fabric.strategies.XLAFSDPStrategy(),\n"
            "                  plugins=[L.fabric.plugins.XLAPrecision('bf16-true')])\n",
            count=1, at="3:28-3:81", severity="error",
        ),
        Invalid(
            "from lightning_fabric import Fabric\n"
            "from lightning_fabric.plugins.precision.half import HalfPrecision\n"
            'fabric = Fabric(strategy="xla_fsdp", plugins=HalfPrecision())\n',
            fixed="from lightning_fabric import Fabric\n"
            "from lightning_fabric.plugins.precision.half import HalfPrecision\n"
            "from lightning_fabric.plugins import XLAPrecision\n"
            'fabric = Fabric(strategy="xla_fsdp", plugins=XLAPrecision("16-true"))\n',
            count=1, at="3:46-3:61", severity="error",
        ),
        Invalid(
            "from lightning.fabric.plugins import Precision, XLAPrecision\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy as S\n"
            "s = S(precision=Precision())\n",
            fixed="from lightning.fabric.plugins import Precision, XLAPrecision\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy as S\n"
            's = S(precision=XLAPrecision("32-true"))\n',
            count=1, at="3:17-3:28", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.plugins import MixedPrecision\n"
            "class MyPrecision(MixedPrecision):\n    pass\n"
            "fabric = Fabric(strategy='fsdp', accelerator='tpu', plugins=[MyPrecision('bf16-mixed', 'cpu')])\n",
            message="`MyPrecision`, a `MixedPrecision`",
            count=1, at="5:62-5:94", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.plugins import XLAPrecision, HalfPrecision\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "a = XLAFSDPStrategy(precision=XLAPrecision('bf16-true'))\n"
              "b = Fabric(strategy=XLAFSDPStrategy(), plugins=[XLAPrecision('16-true')])\n"
              "c = Fabric(strategy='ddp', plugins=[HalfPrecision('bf16-true')])\n"),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.plugins import HalfPrecision\n"
              "from lightning.fabric.strategies import FSDPStrategy\n"
              "a = FSDPStrategy(precision=HalfPrecision('bf16-true'))\n"
              "b = Fabric(strategy=FSDPStrategy(), plugins=[HalfPrecision('bf16-true')])\n"),
        Valid("from lightning.fabric.plugins import HalfPrecision\n"
              "class XLAFSDPStrategy:\n    def __init__(self, **kw): pass\n"
              "s = XLAFSDPStrategy(precision=HalfPrecision('bf16-true'))\n"),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.plugins import HalfPrecision, XLAPrecision\n"
              "class MyXLA(XLAPrecision):\n    pass\n"
              "a = Fabric(strategy='xla_fsdp', plugins=[MyXLA('bf16-true')])\n"
              "b = Fabric(strategy='xla_fsdp', plugins=[HalfPrecision('bf16-true')], precision='bf16-true')\n"),
    )

    def check(self, ctx: Context):
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            written = strategy_argument(ctx, call, PRECISION)
            plugin = plugin_of(ctx, written, PRECISION) if written is not None else None
            if plugin is not None and plugin.lightning != PRECISION.ok:
                yield self._finding(ctx, written, plugin, "`XLAFSDPStrategy(...)` raises TypeError in its constructor")
        for call in ctx.fabric_calls:
            args, _ = ctx.keyword_args(call)
            items = fabric_plugins(ctx, call)
            if not items or "precision" in args and not _is_none(ctx.value_of(args["precision"].value)):
                continue  # no plugins, or Fabric raises "Received both `precision=...` and `plugins=...`"
            found = [(i, p) for i in items if (p := plugin_of(ctx, i, PRECISION)) is not None]
            bad = [(i, p) for i, p in found if p.lightning != PRECISION.ok]
            if len(found) != 1 or not bad or ctx.fabric_strategy(call) != XLA_FSDP or strategy_sets(ctx, call, PRECISION):
                continue  # several precision plugins: Fabric raises "Received multiple values" first
            written, plugin = bad[0]
            when = "`Fabric(...)` raises TypeError when it hands the plugin to the strategy"
            if plugin.lightning == "BitsandbytesPrecision":
                when = "`Fabric(...)` raises (first \"Bitsandbytes is only supported on CUDA GPUs.\")"
            yield self._finding(ctx, written, plugin, when)

    def _finding(self, ctx: Context, written: ast.AST, plugin: Plugin, when: str):
        editable = plugin.call is written or ctx.only_use(written)
        what = f"`{plugin.local}`, a `{plugin.lightning}` subclass" if plugin.local else f"`{short(ctx.doc.source(plugin.call))}`"
        message = (
            f"The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found {what}: {when}. "
            "Prefer the string flag, `Fabric(precision='bf16-true')` ('32-true', '16-true' or 'bf16-true')"
        )
        return self.finding(ctx, written, message, _fixes(ctx, plugin) if editable and not plugin.local else [])


def _fixes(ctx: Context, plugin: Plugin) -> list:
    call = plugin.call
    given = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "precision"), None)
    if plugin.lightning in ("Precision", "DoublePrecision") and not call.args and not call.keywords:
        precision = "32-true"
    elif plugin.lightning == "HalfPrecision" and given is None and not call.keywords:
        precision = "16-true"  # HalfPrecision's default
    elif plugin.lightning in ("HalfPrecision", "MixedPrecision", "FSDPPrecision") and isinstance(given, ast.Constant):
        precision = NEAREST.get(given.value) if isinstance(given.value, str) else None  # type: ignore[assignment]
    else:
        return []
    if precision is None:
        return []
    ref = class_ref(ctx, call.func, PRECISION.ok, PRECISION)
    if ref is None:
        return []
    name, edits = ref
    same = plugin.lightning == "HalfPrecision" and len(call.args) == 1 and not call.keywords
    if same:  # `HalfPrecision('bf16-true')` -> `XLAPrecision('bf16-true')`: only the class changes
        edits = [*edits, replace(ctx, call.func, name)]
    else:
        quote = string_quote(ctx, call)
        edits = [*edits, replace(ctx, call, f"{name}({quote}{precision}{quote})")]
    return [fix(f"Use `{name}('{precision}')`", *edits, safety=Safety.UNSAFE, preferred=True)]


RULE = NonXLAPrecisionPlugin()
