"""Data files a program loads at run time (`json.load`, `yaml.safe_load`, `tomllib.load`), read as data.

`cfg = yaml.safe_load(open(HERE / "configs" / "tpu.yaml"))` holds what the file says: the evaluator
(`flow.py`) reads the call as a display of the file's contents, so `cfg["fabric"]["precision"]`,
`{**DEFAULTS, **cfg}`, `TrainConfig(**cfg)` and `Fabric(**cfg["fabric"])` hold its constants. The file is
found from the call's argument when the layer can tell its path: a file object of `open(P)` or `P.open()`
(in a `with` too), a text of `P.read_text()` or `f.read()`, and a path `P` the module spells with
constants, `__file__`, `Path(...)`, `/`, `.parent`, `.with_name`, `os.path.join`/`dirname`/`abspath`, an
f-string, or any value the evaluator knows as a string (an argparse option's default, a parameter's).

An INI file read by `configparser` is read too: `parser.get("fabric", "accelerator", fallback="tpu")` (and
`getint`, `getfloat`, `getboolean`) of a `configparser.ConfigParser()` the module binds to a name and `read`s
from paths it spells holds the option's value as the files give it, or the fallback when they lack it.

Nothing is executed: JSON, TOML and INI are parsed by the standard library, YAML by `yaml.safe_load` when
PyYAML can be imported here (without it, a YAML file's contents are unknown). Bounded: a file above
`MAX_BYTES`, outside the project's folder (the document's folder when it has no project), that cannot
be read or parsed, or that holds more than `MAX_NODES` values gives an unknown load, never an error.

Each value read is a stand-in node placed at the load call (a finding stays on the Python line that uses
it) that says where in the file it was written: `read_from` (`configs/tpu.yaml`, key `fabric.precision`),
and `shown`, how the value reads as Python. It is written in no module (no `written` node of a tree), so
no fix edits it: the file is what to change. Python only: no library but the loaders is named here.
"""

from __future__ import annotations

import ast
import configparser
import importlib
import json
import os
import reprlib
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from .values import Value

if TYPE_CHECKING:
    from .flow import Flow

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover (3.10: tomli is a dependency there)
    import tomli as tomllib

yaml: Any
try:  # (by name: the checks need no stubs of an optional dependency)
    yaml = importlib.import_module("yaml")
except ImportError:  # pragma: no cover (PyYAML is optional: `errata-lsp[yaml]`)
    yaml = None

MAX_BYTES = 512 * 1024  # a configuration file is small; a bigger file is data, not settings: unknown
MAX_NODES = 5_000  # values of one file built as stand-ins; past it, the load is unknown
MAX_PATHS = 4  # paths one argument may name (an option's default and a parameter's): each file read
MAX_HOPS = 24  # how deep the path is followed from the load's argument: names, calls, operands
MAX_PARSED = 64  # parsed files kept across checks, by path and stamp

# The loaders, by qualified name: the format each parses, and whether its argument is a file (or text).
JSON, YAML, TOML = "json", "yaml", "toml"
FILE, TEXT = "file", "text"  # what a loader's argument is: a file object, or the text read from one
LOADERS: dict[str, tuple[str, bool]] = {
    "json.load": (JSON, True), "json.loads": (JSON, False),
    "tomllib.load": (TOML, True), "tomllib.loads": (TOML, False),
    "tomli.load": (TOML, True), "tomli.loads": (TOML, False), "toml.load": (TOML, True), "toml.loads": (TOML, False),
    # `yaml.safe_load(stream)` takes a file or a text alike; `yaml.load(f, Loader=...)` with any loader is
    # read safely here: a file a full loader alone can build (Python tags) fails to parse, so is unknown
    "yaml.safe_load": (YAML, True), "yaml.load": (YAML, True), "yaml.full_load": (YAML, True),
    "yaml.unsafe_load": (YAML, True),
}
SUFFIXES = (".json", ".yaml", ".yml", ".toml", ".ini", ".cfg")  # files a change of on disk is told of (the server's watch)
# configparser's parsers, by qualified name: whether they expand `%(key)s` (RawConfigParser does not)
INI_PARSERS = {"configparser.ConfigParser": True, "configparser.SafeConfigParser": True,
               "configparser.RawConfigParser": False}
INI_GETTERS = ("get", "getint", "getfloat", "getboolean")
OPENERS = ("open", "builtins.open", "io.open", "codecs.open")
PATH_CLASSES = ("pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "pathlib.WindowsPath")
SAME_PATH = ("resolve", "absolute", "expanduser")  # `p.resolve()`: the same file
SAME_PATH_FUNCTIONS = ("os.path.abspath", "os.path.realpath", "os.path.normpath", "os.path.expanduser", "os.fspath",
                       "str", "builtins.str")

_PARSED: OrderedDict[tuple[str, object], Any] = OrderedDict()  # (path, stamp) -> the parsed data, or _UNREADABLE
_UNREADABLE = object()
_PARSED_LOCK = threading.Lock()  # checks of two projects may run at once


def loaded(flow: Flow, call: ast.Call, qualified: str) -> tuple[Value, ...] | None:
    """What the loader `call` returns: the contents of each file its argument names, as a display placed at
    the call; None when one of them is unknown (no path the layer can tell, or a file it does not read)."""
    form = LOADERS.get(qualified)
    if form is None or not call.args or form[0] == YAML and yaml is None:
        return None
    fmt, takes_file = form
    takes = frozenset((FILE, TEXT)) if fmt == YAML else frozenset((FILE,) if takes_file else (TEXT,))
    if TEXT in takes:
        written = _written_text(flow, call, fmt)
        if written is not None:
            return written
    found = list(_sources(flow, call.args[0], takes, MAX_HOPS))
    if not found or None in found or len(found) > MAX_PATHS:
        return None
    out: list[Value] = []
    for source in found:
        assert source is not None
        path, when = source
        def display(path: str = path) -> ast.expr | None:
            return _display(flow, call, path, fmt)
        node = flow.ctx.once(f"data file {path}", call, display)
        if node is None:
            return None
        out.extend(v.under(when) for v in flow.values(node))
    return tuple(out)


def ini_option(flow: Flow, call: ast.Call) -> tuple[Value, ...] | None:
    """`parser.get("fabric", "accelerator", fallback="tpu")` (or `getint`, `getfloat`, `getboolean`): the option's
    value as the files `parser` read give it (a later read overriding an earlier one, as configparser does), placed
    at the call, or what `fallback=` gives when they lack it. `parser` is a name bound once to a
    `configparser.ConfigParser()` whose `read(P)` / `read_file(open(P))` calls the module shows. None when the
    parser, one of its files, the section or the option is not known, or the run raises there (no such option and
    no fallback, a value `getint` cannot read)."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in INI_GETTERS or not isinstance(func.value, ast.Name) \
            or len(call.args) != 2 or any(k.arg != "fallback" for k in call.keywords) \
            or not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in call.args):
        return None
    section, option = (a.value for a in call.args)  # type: ignore[attr-defined]
    made = _ini_parser(flow, func.value)
    if made is None:
        return None
    parser, shown = made
    if not parser.has_option(section, option):
        fallback = next((k.value for k in call.keywords if k.arg == "fallback"), None)
        return None if fallback is None else flow.values(fallback)
    try:
        value = getattr(parser, func.attr)(section, option)
    except (ValueError, configparser.Error):  # not an int, an interpolation that fails: the run raises
        return None
    def stand_in() -> ast.expr:
        return _placed(ast.Constant(value), call, shown, (section, option), value)
    return flow.values(flow.ctx.once(f"ini option {section}.{option}", call, stand_in))


def _ini_parser(flow: Flow, name: ast.Name) -> tuple[configparser.RawConfigParser, str] | None:
    """The parser `name` holds with the files the module reads into it, and how the last file is named; None when
    `name` is not bound once to one of `INI_PARSERS` or a read's file is not known."""
    defs = flow.reaching(name)
    made = defs[0].node if defs and len(defs) == 1 and defs[0].how == "assign" and not defs[0].path else None
    if not isinstance(made, ast.Call) or made.args or flow.ctx.resolve(made.func) not in INI_PARSERS:
        return None
    interpolates = INI_PARSERS[flow.ctx.resolve(made.func)]  # type: ignore[index]
    for k in made.keywords:  # `ConfigParser(interpolation=None)`: raw; another setting: not read here
        if k.arg != "interpolation" or not (isinstance(k.value, ast.Constant) and k.value.value is None):
            return None
        interpolates = False
    files: list[str] = []
    for method in ("read", "read_file"):
        for read in flow.ctx.written_method_calls(method):
            receiver = read.func.value if isinstance(read.func, ast.Attribute) else None
            if not isinstance(receiver, ast.Name) or receiver.id != name.id \
                    or not any(d.node is made for d in flow.reaching(receiver) or ()):
                continue
            if len(read.args) != 1 or read.keywords:
                return None
            found = list(_paths(flow, read.args[0], MAX_HOPS) if method == "read"
                         else _sources(flow, read.args[0], frozenset((FILE,)), MAX_HOPS))
            if len(found) != 1 or found[0] is None or found[0][1]:
                return None  # a path the layer cannot tell, or one of several
            files.append(found[0][0])
    if not files:
        return None
    parser = configparser.ConfigParser() if interpolates else configparser.RawConfigParser()
    root = os.path.realpath(_root(flow))
    project = flow.ctx.project
    for path in files:
        real = os.path.realpath(path)
        if not _below(real, root):
            return None
        if project is not None:
            project.read_data(flow, os.path.abspath(path))  # a dependency of the check, as a module is
        if not os.path.isfile(real):
            continue  # configparser skips a file that is not there
        try:
            if os.path.getsize(real) > MAX_BYTES:
                return None
            with open(real, encoding="utf-8-sig") as f:
                parser.read_string(f.read(), source=real)
        except (OSError, UnicodeDecodeError, configparser.Error):
            return None
    return parser, _shown_path(flow, os.path.realpath(files[-1]), root)


def loads_by_parameters(flow: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """`func` loads a data file and reads a parameter (`def load(name="pod"): open(DIR / f"{name}.json")`):
    which file it reads is its call's, so a call of another module evaluates it for that call's arguments."""
    def work() -> bool:
        params = {a.arg for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
        if not params:
            return False
        nodes = list(ast.walk(func))
        return any(isinstance(n, ast.Call) and flow.ctx.resolve(n.func) in LOADERS for n in nodes) \
            and any(isinstance(n, ast.Name) and n.id in params and isinstance(n.ctx, ast.Load) for n in nodes)
    found: bool = flow.ctx.once("loads a data file by its parameters", func, work)
    return found


# --- from the argument to the file ---------------------------------------------------------------
_Source = tuple[str, tuple[str, ...]]  # an absolute path, the conditions it is read under


def _sources(flow: Flow, expr: ast.expr, takes: frozenset[str], hops: int) -> Iterator[_Source | None]:
    """The files the loader's argument reads: a file object (`FILE`) or a text (`TEXT`), as the loader `takes`
    them (`json.load` a file, `json.loads` a text, `yaml.safe_load` either); None among them for one the layer
    cannot tell, or an argument of the other sort (the run fails there: nothing to read)."""
    if hops <= 0:
        yield None
        return
    if isinstance(expr, ast.Call):
        func, resolved = expr.func, flow.ctx.resolve(expr.func)
        if FILE in takes and _is_opener(flow, func, resolved) and expr.args:  # open(P), io.open(P, encoding=...)
            yield from _paths(flow, expr.args[0], hops - 1)
            return
        if FILE in takes and isinstance(func, ast.Attribute) and func.attr == "open" and resolved is None:  # P.open()
            yield from _paths(flow, func.value, hops - 1)
            return
        if TEXT in takes and isinstance(func, ast.Attribute) and func.attr in ("read_text", "read_bytes") \
                and not expr.args:
            yield from _paths(flow, func.value, hops - 1)  # P.read_text()
            return
        if TEXT in takes and isinstance(func, ast.Attribute) and func.attr == "read" and not expr.args:  # f.read()
            yield from _sources(flow, func.value, frozenset((FILE,)), hops - 1)
            return
        yield None
        return
    if isinstance(expr, ast.Name):
        defs = flow.reaching(expr)
        if not defs:
            yield None
            return
        for d in defs:
            bound = d.node if d.how == "assign" and not d.path else None
            item = flow.ctx.parents.get(d.target) if d.how == "unknown" and d.node is None and d.target is not None else None
            if isinstance(item, ast.withitem):  # `with open(P) as f`
                bound = item.context_expr
            if not isinstance(bound, ast.expr):
                yield None
                continue
            for found in _sources(flow, bound, takes, hops - 1):
                yield None if found is None else (found[0], (*d.when, *found[1]))
        return
    yield None


def _is_opener(flow: Flow, func: ast.expr, resolved: str | None) -> bool:
    if resolved in OPENERS:
        return True
    return isinstance(func, ast.Name) and func.id == "open" and not flow.reaching(func)


def _paths(flow: Flow, expr: ast.expr, hops: int) -> Iterator[_Source | None]:
    """The absolute paths `expr` names, each under its conditions; None for one the layer cannot tell."""
    texts = _path_texts(flow, expr, hops)
    if texts is None:
        yield None
        return
    for text, when in texts:
        if not os.path.isabs(text):  # a run from the project's folder: `python train.py` there
            text = os.path.join(_root(flow), text)
        yield os.path.normpath(text), when


def _path_texts(flow: Flow, expr: ast.expr, hops: int) -> list[tuple[str, tuple[str, ...]]] | None:
    """The texts of the paths `expr` may hold, relative ones as written; None when one is unknown."""
    if hops <= 0:
        return None
    if isinstance(expr, ast.Constant):
        return [(expr.value, ())] if isinstance(expr.value, str) else None
    if isinstance(expr, ast.Name) and expr.id == "__file__" and not flow.reaching(expr):
        module = flow.origin or flow.ctx.doc.path
        return [(os.path.abspath(module), ())] if module else None
    if isinstance(expr, ast.Attribute) and expr.attr == "parent":
        return _mapped(flow, expr.value, hops, os.path.dirname)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Div):  # P / "configs" / f"{name}.json"
        return _joined(flow, [expr.left, expr.right], hops)
    if isinstance(expr, ast.JoinedStr):
        return _formatted(flow, expr, hops)
    if isinstance(expr, ast.Call):
        found = _path_call(flow, expr, hops)
        if found is not _NOT_A_PATH_CALL:
            return found  # type: ignore[return-value]
    return _held(flow, expr, hops)


_NOT_A_PATH_CALL = object()


def _path_call(flow: Flow, call: ast.Call, hops: int) -> object:
    func, resolved = call.func, flow.ctx.resolve(call.func)
    if call.keywords:
        return _NOT_A_PATH_CALL
    if resolved in PATH_CLASSES or resolved == "os.path.join":  # Path(a, b), os.path.join(a, b)
        return _joined(flow, call.args, hops) if call.args else [(".", ())]
    if resolved in SAME_PATH_FUNCTIONS and len(call.args) == 1:
        return _mapped(flow, call.args[0], hops, lambda p: p)
    if resolved == "os.path.dirname" and len(call.args) == 1:
        return _mapped(flow, call.args[0], hops, os.path.dirname)
    if isinstance(func, ast.Attribute) and resolved is None:
        if func.attr in SAME_PATH and not call.args:
            return _mapped(flow, func.value, hops, lambda p: p)
        if func.attr == "joinpath" and call.args:
            return _joined(flow, [func.value, *call.args], hops)
        if func.attr in ("with_name", "with_suffix") and len(call.args) == 1:
            parts = _path_texts(flow, call.args[0], hops - 1)
            bases = _path_texts(flow, func.value, hops - 1)
            if parts is None or bases is None:
                return None
            change: Callable[[str, str], str] = (
                (lambda p, n: os.path.join(os.path.dirname(p), n)) if func.attr == "with_name"
                else (lambda p, s: os.path.splitext(p)[0] + s))
            return _bounded([(change(b, n), (*bw, *nw)) for b, bw in bases for n, nw in parts])
    return _NOT_A_PATH_CALL


def _mapped(flow: Flow, expr: ast.expr, hops: int, how: Callable[[str], str]) -> list[tuple[str, tuple[str, ...]]] | None:
    found = _path_texts(flow, expr, hops - 1)
    return None if found is None else [(how(p), w) for p, w in found]


def _joined(flow: Flow, parts: list[ast.expr], hops: int) -> list[tuple[str, tuple[str, ...]]] | None:
    out: list[tuple[str, tuple[str, ...]]] = [("", ())]
    for part in parts:
        found = _path_texts(flow, part, hops - 1)
        if found is None:
            return None
        joined = _bounded([(os.path.join(a, b) if a else b, (*aw, *bw)) for a, aw in out for b, bw in found])
        if joined is None:
            return None
        out = joined
    return out


def _formatted(flow: Flow, expr: ast.JoinedStr, hops: int) -> list[tuple[str, tuple[str, ...]]] | None:
    """`f"{ROOT}/configs/{name}.yaml"`: each part a text the layer knows (a path among them)."""
    out: list[tuple[str, tuple[str, ...]]] = [("", ())]
    for part in expr.values:
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            found: list[tuple[str, tuple[str, ...]]] | None = [(part.value, ())]
        elif isinstance(part, ast.FormattedValue) and part.format_spec is None and part.conversion in (-1, 115):
            found = _path_texts(flow, part.value, hops - 1)
        else:
            found = None
        if found is None:
            return None
        joined = _bounded([(a + b, (*aw, *bw)) for a, aw in out for b, bw in found])
        if joined is None:
            return None
        out = joined
    return out


def _held(flow: Flow, expr: ast.expr, hops: int) -> list[tuple[str, tuple[str, ...]]] | None:
    """What the evaluator says `expr` holds: a known string, or an expression written elsewhere (a name's
    assignment, an option's default, a parameter's argument) read as a path there."""
    out: list[tuple[str, tuple[str, ...]]] = []
    held = flow.values(expr)
    # `os.environ.get("RUN_CONFIG", "configs/tpu.yaml")`: the plain run's file (another run's is that run's)
    for value in flow.plain_run(held) or held:
        node, there = value.node, value.flow or flow
        if value.kind == "str" and isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.append((node.value, value.when))
            continue
        if not isinstance(node, ast.expr) or node is expr or isinstance(node, ast.Name) and node.id == "_":
            return None
        found = _path_texts(there, node, hops - 1)
        if found is None:
            return None
        out += [(p, (*value.when, *w)) for p, w in found]
    return _bounded(out) if out else None


def _bounded(found: list[tuple[str, tuple[str, ...]]]) -> list[tuple[str, tuple[str, ...]]] | None:
    found = list(dict.fromkeys(found))
    return found if len(found) <= MAX_PATHS else None


def _root(flow: Flow) -> str:
    """The folder a run starts in (`python train.py` from the project's folder), and the only one read."""
    project = flow.ctx.project
    if project is not None:
        return project.root
    module = flow.origin or flow.ctx.doc.path
    return os.path.dirname(os.path.abspath(module)) if module else os.getcwd()


# --- the file, read as data ----------------------------------------------------------------------
def _written_text(flow: Flow, call: ast.Call, fmt: str) -> tuple[Value, ...] | None:
    """`yaml.safe_load(CONFIG)`, `json.loads('{"precision": ...}')` of a text the file writes (one string, on every
    path, at most `MAX_BYTES`): its contents as a display placed at the call, named in messages by the name
    that holds the text; None for any other argument, or a text that does not parse."""
    held = flow.values(call.args[0])
    if len(held) != 1 or held[0].when or held[0].kind != "str" or not isinstance(held[0].node, ast.Constant) \
            or not isinstance(held[0].node.value, str) or len(held[0].node.value) > MAX_BYTES:
        return None
    text, arg = held[0].node.value, call.args[0]
    shown = arg.id if isinstance(arg, ast.Name) else f"the text at line {held[0].node.lineno}"
    def display() -> ast.expr | None:
        data = parse_text(text, fmt)
        return None if data is _UNREADABLE else _stand_in(flow, call, data, shown, (), [MAX_NODES])
    node = flow.ctx.once("written data text", call, display)
    return flow.values(node) if node is not None else None


def _display(flow: Flow, call: ast.Call, path: str, fmt: str) -> ast.expr | None:
    """The file's contents as a display placed at `call`; None when it is not read (outside the project's
    folder, too big, unreadable, not of its format, too many values)."""
    root = os.path.realpath(_root(flow))
    real = os.path.realpath(path)
    if not _below(real, root):
        return None
    project, named = flow.ctx.project, os.path.abspath(path)  # (the path a change of the file is told by)
    if project is not None:
        project.read_data(flow, named)  # a dependency of the check: its change checks the readers again
    data = parse(real, fmt, project.stamp(named) if project is not None else _stamp(real))
    if data is _UNREADABLE:
        return None
    budget = [MAX_NODES]
    return _stand_in(flow, call, data, _shown_path(flow, real, root), (), budget)


def _shown_path(flow: Flow, real: str, root: str) -> str:
    """How a message names the file: from the reading module's folder when the file is below it
    (`configs/tpu.yaml`), else from the root's."""
    module = flow.origin or flow.ctx.doc.path
    folder = os.path.dirname(os.path.realpath(module)) if module else root
    base = folder if _below(real, folder) else root
    return os.path.relpath(real, base).replace(os.sep, "/")


def _below(path: str, folder: str) -> bool:
    try:
        return os.path.commonpath([folder, path]) == folder
    except ValueError:  # another drive
        return False


def parse(path: str, fmt: str, stamp: object) -> Any:
    """The data of the file at `path` (`_UNREADABLE` when it is not read), kept while its stamp holds."""
    key = (path, stamp)
    with _PARSED_LOCK:
        found = _PARSED.get(key, _MISSING)
        if found is not _MISSING:
            _PARSED.move_to_end(key)
            return found
    found = _parse(path, fmt)
    with _PARSED_LOCK:
        _PARSED[key] = found
        if len(_PARSED) > MAX_PARSED:
            _PARSED.popitem(last=False)
    return found


_MISSING = object()


def _parse(path: str, fmt: str) -> Any:
    try:
        if not os.path.isfile(path) or os.path.getsize(path) > MAX_BYTES:
            return _UNREADABLE
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            return _UNREADABLE
        return parse_text(raw.decode("utf-8-sig"), fmt)
    except Exception:  # noqa: BLE001  (any failure to read or parse: the contents are unknown)
        return _UNREADABLE


def parse_text(text: str, fmt: str) -> Any:
    """The data a text of the format holds (`_UNREADABLE` when it does not parse)."""
    try:
        if fmt == JSON:
            return json.loads(text)
        if fmt == TOML:
            return tomllib.loads(text)
        if yaml is None:
            return _UNREADABLE
        return yaml.safe_load(text)
    except Exception:  # noqa: BLE001  (any failure to parse: the contents are unknown)
        return _UNREADABLE


def _stamp(path: str) -> object:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_mtime_ns, info.st_size


def _stand_in(flow: Flow, call: ast.Call, data: Any, shown_path: str, keys: tuple[str, ...], budget: list[int]) -> ast.expr | None:
    budget[0] -= 1
    if budget[0] < 0:
        return None
    node: ast.expr
    if isinstance(data, dict):
        pairs = []
        for key, item in data.items():
            inner = _stand_in(flow, call, item, shown_path, (*keys, str(key)), budget)
            if inner is None:
                return None
            pairs.append((_placed(ast.Constant(key), call, shown_path, keys, key), inner))
        node = ast.Dict(keys=[k for k, _ in pairs], values=[v for _, v in pairs])
    elif isinstance(data, list):
        elements = []
        for i, item in enumerate(data):
            inner = _stand_in(flow, call, item, shown_path, (*keys, str(i)), budget)
            if inner is None:
                return None
            elements.append(inner)
        node = ast.List(elts=elements, ctx=ast.Load())
    elif data is None or isinstance(data, (str, int, float, bool)):
        node = ast.Constant(data)
    else:  # a date, a timestamp: a value the layer has no kind for
        node = ast.Name(id="_", ctx=ast.Load())
        _placed(node, call, shown_path, keys, data)
        flow.base.pin(node, (Value("unknown", node, flow=flow),))
        return node
    return _placed(node, call, shown_path, keys, data)


def _placed(node: ast.expr, call: ast.Call, shown_path: str, keys: tuple[str, ...], data: Any) -> ast.expr:
    ast.copy_location(node, call)
    node.end_lineno, node.end_col_offset = call.end_lineno, call.end_col_offset
    node.read_from = f"`{shown_path}`" + (f", key `{'.'.join(keys)}`" if keys else "")  # type: ignore[attr-defined]
    # how it reads as Python, where a message quotes it (`Document.source`)
    node.shown = _SHOWN.repr(data)  # type: ignore[attr-defined]
    return node


_SHOWN = reprlib.Repr()  # a value shown in a message: bounded, however big the file's section
_SHOWN.maxlevel, _SHOWN.maxdict, _SHOWN.maxlist, _SHOWN.maxstring, _SHOWN.maxother = 3, 6, 6, 60, 40
