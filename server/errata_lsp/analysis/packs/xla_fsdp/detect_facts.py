"""What a `detect` section of this pack may name (kb/DETECT.md): the predicates `object`,
`state_dict_type`, `never_none` and `pathlib_path`, the named facts, the `{strategy_accelerator}` placeholder, and the
machine XLAFSDP runs on (`TPU_MACHINE`). A record names them;
the code is here, registered by `register` when `analysis/detect/` first reads a section (it finds this
module through the pack registry, packs/__init__.py)."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from typing import Any

from ...context import Context
from ...detect import Machine, OneOf, Predicate, Problem, Reader, Registrar, Site
from ...rule import short
from ...values import Value
from ..lightning.fabric import strategy_holders
from ..lightning.names import XLA_PROBE
from .checkpoints import OPTIMIZER, OTHER, RAW_MODULE, SETUP_MODULE, UNKNOWN, object_kind, state_dict_type
from .facts import holds_none, strategy_accelerators
from .plugins import PRECISION, Plugin, fabric_plugins, plugin_of, strategy_argument

OBJECTS = (SETUP_MODULE, RAW_MODULE, OPTIMIZER, OTHER, UNKNOWN)
# XLAFSDPStrategy runs on Lightning's XLA accelerator, "tpu" (lightning 2.6.6, fabric/accelerators/xla.py): a TPU
# machine, which has no CUDA device, so torch's CUDA probes answer so there (a script that builds it only when
# `not torch.cuda.is_available()` builds it on every run that has it).
TPU_MACHINE = Machine({"torch.cuda.is_available": False, "torch.cuda.device_count": 0, XLA_PROBE: True},
                      "XLAFSDPStrategy runs on TPU machines, which have XLA devices and no CUDA device",
                      frozenset({"torch_xla"}))  # XLAFSDPStrategy() raises ModuleNotFoundError without it


# --- predicates ------------------------------------------------------------------------------
class ObjectIs(Predicate):
    """What the argument as written is, following the file in statement order (checkpoints.py)."""

    key, takes, argument = "object", list, "strings"
    example = '{"object": ["setup_module", "raw_module", "optimizer"]}'
    holds_when = ("a pack fact: what the argument as written is, following the file in statement order (the "
                  "XLAFSDP pack's `checkpoints.py`): the module `fabric.setup` returned, a module not set up, an "
                  "optimizer, `other` (a literal, a dict) or `unknown`")

    def __init__(self, kinds: list[str]) -> None:
        self.kinds = frozenset(kinds)

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        if not all(s in OneOf(OBJECTS) for s in item[cls.key]):
            raise Problem(f"`object` takes a list of {', '.join(OBJECTS)}")
        return cls(item[cls.key])

    def holds(self, site: Site, value: Any) -> bool:
        written = site.written
        kind = site.ctx.once("object", written, lambda: object_kind(site.ctx, written)) if written is not None else UNKNOWN
        return kind in self.kinds


class StateDictType(Predicate):
    """The `state_dict_type` of the XLAFSDP Fabric the method is called on."""

    key, takes, argument = "state_dict_type", list, "strings"
    example = '{"state_dict_type": ["sharded"]}'
    holds_when = ("a pack fact: the XLAFSDP Fabric the method is called on saves and loads with this "
                  "`state_dict_type` (`\"sharded\"` when not given), as the file shows it")

    def __init__(self, types: list[str]) -> None:
        self.types = frozenset(types)

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        if not all(isinstance(s, str) for s in item[cls.key]):
            raise Problem("`state_dict_type` takes a list of strings")
        return cls(item[cls.key])

    def holds(self, site: Site, value: Any) -> bool:
        return site.receiver is not None and state_dict_type(site.ctx, site.receiver) in self.types


# An option's given value is its text through `type`: never None for these, with no `nargs` or `const`.
NEVER_NONE_TYPES = ("int", "float", "str")
NEVER_NONE_ACTIONS = ("store", "store_true", "store_false")


def _never_none(site: Site, wanted: bool) -> bool:
    """The argument as written holds a str, number or bool on every path the file shows, an argparse
    option's default included when the option, given, cannot be None either (LXF014: a threshold from
    `add_argument("--clip", type=float, default=1.0)` clips by value whatever the command line says)."""
    written = site.written
    never = written is not None and site.ctx.once("never_none", written, lambda: never_none(site.ctx, written))
    return never is wanted


def never_none(ctx: Context, expr: ast.expr) -> bool:
    values = ctx.values(expr)
    for value in values:
        if value.kind not in ("str", "number", "bool"):
            return False
        if "by default" not in value.when:
            continue
        # (another module's parser: its `add_argument` call is read in that module's tree)
        owner = value.flow.ctx if value.foreign and value.flow is not None else ctx
        if value.foreign and value.flow is None or not _option_never_none(owner, value.node):
            return False
    return bool(values)


def _option_never_none(ctx: Context, node: ast.AST | None) -> bool:
    """`node` is the default of an `add_argument(...)` call (or, for `store_true`, the call) whose given
    value is never None: no `nargs` or `const`, a storing action, a `type` that returns its kind."""
    while node is not None and not isinstance(node, ast.Call):
        node = ctx.parents.get(node)
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_argument"):
        return False  # `set_defaults(...)`: the option that may also set it is not followed here
    keywords = {k.arg: k.value for k in node.keywords}
    if None in keywords or "nargs" in keywords or "const" in keywords:
        return False
    action, kind = keywords.get("action"), keywords.get("type")
    return (action is None or isinstance(action, ast.Constant) and action.value in NEVER_NONE_ACTIONS) and (
        kind is None or isinstance(kind, ast.Name) and kind.id in NEVER_NONE_TYPES)


PATH_CLASSES = tuple(f"pathlib.{name}" for name in ("Path", "PurePath", "PosixPath", "PurePosixPath",
                                                      "WindowsPath", "PureWindowsPath"))
PATH_METHODS = ("absolute", "expanduser", "joinpath", "relative_to", "resolve", "with_name", "with_stem",
                "with_suffix")  # a path's methods that return a path
PATH_ATTRIBUTES = ("parent",)
EVERY, SOME = "every", "some"


def _pathlib_path(site: Site, wanted: str) -> bool:
    """The argument as written holds a `pathlib` path: on every path the file shows (`every`), or on
    some (`some`, which `every` implies)."""
    written = site.written
    found = site.ctx.once("pathlib_path", written, lambda: path_paths(site.ctx, written, 0)) if written else None
    return found == EVERY or found == wanted == SOME


def _pathlib_path_problem(wanted: Any) -> str | None:
    return None if wanted in (EVERY, SOME) else f"`pathlib_path` takes {EVERY!r} or {SOME!r}"


def path_paths(ctx: Context, expr: ast.AST, depth: int) -> str | None:
    """EVERY when `expr` holds a `pathlib` path on every path, SOME on some, None on none the file shows:
    `Path(...)`, `Path.cwd()`, `path / "name"`, `path.resolve()`, `path.parent`, a name bound to one."""
    if depth > 8:
        return None
    if isinstance(expr, ast.Call):
        callee = expr.func
        if ctx.resolve(callee) in PATH_CLASSES:
            return EVERY
        if isinstance(callee, ast.Attribute) and (callee.attr in ("cwd", "home") and ctx.resolve(callee.value) in PATH_CLASSES
                                                  or callee.attr in PATH_METHODS):
            return EVERY if callee.attr in ("cwd", "home") else path_paths(ctx, callee.value, depth + 1)
        # any other call: what it returns (`checkpoint_path(step)` of a paths module: `OUT_DIR / name`)
    elif isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Div):  # `Path / str` and `str / Path` are paths
        left, right = path_paths(ctx, expr.left, depth + 1), path_paths(ctx, expr.right, depth + 1)
        return EVERY if EVERY in (left, right) else SOME if SOME in (left, right) else None
    elif isinstance(expr, ast.Attribute) and expr.attr in PATH_ATTRIBUTES:
        return path_paths(ctx, expr.value, depth + 1)
    elif not isinstance(expr, (ast.Name, ast.Attribute)):
        return None
    values = ctx.values(expr)
    found = [v.kind != "class" and v.qualified in PATH_CLASSES or (v.node is not None and v.node is not expr
                                             and path_paths(_written_in(ctx, v), v.node, depth + 1) == EVERY)
             for v in values]
    return EVERY if found and all(found) else SOME if any(found) else None


def _written_in(ctx: Context, value: Value) -> Context:
    """The module a value is written in, read in its own flow (`ROOT / "checkpoints"` of a `paths.py`)."""
    return value.flow.ctx if value.foreign and value.flow is not None else ctx


class NeverNone(Predicate):
    """The argument as written is never None on any path the file shows."""

    key, takes, argument = "never_none", bool, "boolean"
    example = '{"never_none": true}'
    holds_when = ("a pack fact: the argument as written holds a str, number or bool on every path the file "
                  "shows; an argparse option's default counts when the option, given, cannot be None either "
                  "(no `nargs` or `const`, a `type` of int, float or str)")

    def __init__(self, wanted: bool) -> None:
        self.wanted = wanted

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        if not isinstance(item[cls.key], bool):
            raise Problem("`never_none` takes true or false")
        return cls(item[cls.key])

    def holds(self, site: Site, value: Any) -> bool:
        return _never_none(site, self.wanted)


class PathlibPath(Predicate):
    """The argument as written is a `pathlib` path, on every path (`every`) or on some (`some`)."""

    key, takes, argument = "pathlib_path", str, "string"
    example = '{"pathlib_path": "some"}'
    holds_when = ("a pack fact: the argument as written holds a `pathlib` path (`Path(...)`, `path / name`, "
                  "`path.resolve()`, `path.parent`, a name bound to one) on every path the file shows "
                  "(`\"every\"`) or on some (`\"some\"`, which `every` implies)")

    def __init__(self, wanted: str) -> None:
        self.wanted = wanted

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        problem = _pathlib_path_problem(item[cls.key])
        if problem is not None:
            raise Problem(problem)
        return cls(item[cls.key])

    def holds(self, site: Site, value: Any) -> bool:
        return _pathlib_path(site, self.wanted)


# --- named facts (`{"fact": name}`) ----------------------------------------------------------
def _accelerators(site: Site) -> list[tuple[Context, ast.expr]] | None:
    """The accelerators of the strategies given to the site's `Fabric(...)`: worked out once per call (two
    facts and the placeholder read them)."""
    return site.ctx.once("strategy_accelerators", site.call,
                         lambda: strategy_accelerators(site.ctx, site.keywords[0].get("strategy")))


def _strategy_has_accelerator(site: Site) -> bool:
    return _accelerators(site) != []


def _strategy_accelerator_objects(site: Site) -> bool:
    """Every XLAFSDPStrategy given to `Fabric(strategy=...)` is built with an accelerator written as a call
    (`XLAAccelerator()`, there or bound to a name it reads), and the file can tell."""
    given = _accelerators(site)
    return bool(given) and all(isinstance(_accelerator_written(owner, g)[1], ast.Call) for owner, g in given or ())


def _accelerator_written(owner: Context, given: ast.expr) -> tuple[Context, ast.expr]:
    """Where the accelerator a strategy is given is written: the one object it holds on every path (a library
    object too: `accelerator = XLAAccelerator()` read as `accelerator=accelerator`), or the argument itself."""
    held = owner.held(given, unknown=True)
    return (held.owner, held.node) if held is not None and isinstance(held.node, ast.expr) else (owner, given)


def _strategy_has_precision(site: Site) -> bool:
    strategy = site.keywords[0].get("strategy")
    if strategy is None:
        return False
    ctx = site.ctx
    calls = strategy_holders(ctx, strategy.value)  # a strategy another module builds is read there
    if calls is None:
        return any(v.kind == "strategy" for v in ctx.values(strategy.value))  # one the project cannot place
    for owner, call in calls:
        args, complete = owner.keyword_args(call)
        given = args.get("precision")
        if not complete or len(call.args) > 3 or given is not None and not holds_none(owner, given.value):
            return True
    return False


def _plugins_given(site: Site) -> bool:
    arg = site.keywords[0].get("plugins")
    if arg is None:
        return False
    return not holds_none(site.ctx, arg.value)


def _plugins_precision(site: Site) -> Plugin | None:
    """The one precision plugin (of any class) `Fabric(plugins=...)` gives on every path the file shows; None
    when it gives none, several (Fabric raises "Received multiple values" first), or one on some paths only."""
    def compute() -> Plugin | None:
        found = []
        for item in fabric_plugins(site.ctx, site.call):
            plugin = plugin_of(site.ctx, item.expr, PRECISION, item.owner)
            if plugin is None:
                continue
            if item.when or plugin.paths:
                return None
            found.append(plugin)
        return found[0] if len(found) == 1 else None

    return site.ctx.once("plugins_precision", site.call, compute)


def _strategy_precisions(site: Site) -> list[Plugin] | None:
    """The `XLAPrecision` each XLAFSDPStrategy given to `Fabric(strategy=...)` is built with; None unless every
    one is built with one on every path and the project can tell (a non-XLA plugin fails in the strategy's
    own constructor first: LXF008's)."""
    def compute() -> list[Plugin] | None:
        strategy = site.keywords[0].get("strategy")
        calls = strategy_holders(site.ctx, strategy.value) if strategy is not None else None
        if not calls:
            return None
        found = []
        for owner, call in calls:
            given = strategy_argument(owner, call, PRECISION)
            plugin = plugin_of(owner, given, PRECISION, owner) if given is not None else None
            if plugin is None or plugin.paths or plugin.lightning != PRECISION.ok:
                return None
            found.append(plugin)
        return found

    return site.ctx.once("strategy precisions", site.call, compute)  # (a fact and a placeholder ask)


# --- placeholders ----------------------------------------------------------------------------
def _strategy_accelerator(site: Site) -> str:
    given = _accelerators(site)
    if not given:
        return ""
    owner, written = _accelerator_written(*given[0])
    return short(owner.doc.source(written))


def _plugin_text(plugin: Plugin | None) -> str:
    return f"`{short(plugin.held.source())}`{plugin.where()}" if plugin is not None else ""


def register(detect: Registrar) -> None:
    detect.machine("xla_fsdp", TPU_MACHINE)
    detect.predicate(ObjectIs)
    detect.predicate(StateDictType)
    detect.predicate(NeverNone)
    detect.predicate(PathlibPath)
    detect.fact("strategy_has_accelerator", _strategy_has_accelerator)
    detect.fact("strategy_accelerator_objects", _strategy_accelerator_objects)
    detect.fact("strategy_has_precision", _strategy_has_precision)
    detect.fact("plugins_given", _plugins_given)
    detect.fact("plugins_precision", lambda site: _plugins_precision(site) is not None)
    detect.fact("strategy_xla_precision", lambda site: _strategy_precisions(site) is not None)
    detect.placeholder("strategy_accelerator", _strategy_accelerator)
    detect.placeholder("plugins_precision", lambda site: _plugin_text(_plugins_precision(site)))
    detect.placeholder("strategy_precision", lambda site: _plugin_text(next(iter(_strategy_precisions(site) or ()), None)))
