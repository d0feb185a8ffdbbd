"""A strategy built in another module of the project: `Fabric(strategy=make_strategy())` where
`make_strategy` is imported. jedi finds where the name is defined (relative imports, packages,
re-exports); the engine then reads that function's returns in the other file as it reads its own.

jedi runs with the server's own interpreter, never one from the workspace, and loads no extension
module of the project: finding a definition reads files, it executes nothing. It is asked only at
these sites, and its answer is kept until the other file changes on disk.
"""

from __future__ import annotations

import ast
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from .document import Document

if TYPE_CHECKING:
    from .context import Context
    from .flow import Flow
    from .values import Value

MAX_BYTES = 2 * 1024 * 1024
LIBRARIES = ("lightning", "lightning_fabric", "pytorch_lightning", "torch", "torch_xla")
_jedi_lock = threading.Lock()  # jedi keeps global caches: one question at a time


def imported_from_project(ctx: Context, name: ast.AST) -> bool:
    """A name bound by an import of something that is not Lightning, torch or the standard library."""
    if not isinstance(name, ast.Name):
        return False
    binding = ctx.reaching(name)
    if binding is None or not isinstance(binding.stmt, ast.ImportFrom):
        return False
    module = binding.stmt.module or ""
    if binding.stmt.level:
        return True
    top = module.split(".")[0]
    return top not in LIBRARIES and not _is_stdlib(top)


def values_elsewhere(ctx: Context, name: ast.Name) -> tuple[Value, ...] | None:
    """What an imported name holds in the project module that defines it (a constant, a class, a
    function, a config instance), evaluated there by the same layer; None when jedi cannot find it."""
    if not ctx.doc.path or not os.path.isfile(ctx.doc.path) or not imported_from_project(ctx, name):
        return None
    path = os.path.abspath(ctx.doc.path)
    key = (path, ctx.resolve(name) or name.id)  # where an import leads depends on the import, not the use
    cached = _definitions.get(key)
    found: tuple[str, int, str] | None
    if cached is not None and _mtime(cached[0][0]) == cached[1]:
        found = cached[0]
    else:
        with _jedi_lock:
            found = _definition(ctx.doc, name, path)
        if found is None:
            return None
        if len(_definitions) >= 1024:
            _definitions.pop(next(iter(_definitions)))
        _definitions[key] = (found, _mtime(found[0]))
    target, _line, symbol = found
    flow = _module_flow(target, ctx)
    if flow is None:
        return None
    module = flow.scope(flow.ctx.module)
    defs = module.final.get(symbol)
    if not defs:
        return None
    use = ast.Name(id=symbol, ctx=ast.Load())
    return tuple(x.under(d.when) for d in defs for x in flow.of_def(d, use))


_definitions: dict[tuple[str, str], tuple[tuple[str, int, str], float]] = {}
_flows: dict[str, tuple[tuple[float, int], Flow]] = {}
MAX_FLOWS = 32


def _module_flow(path: str, asking: Context) -> Flow | None:
    """The value-flow layer over another module of the project, kept until that file changes."""
    from .context import Context
    from .flow import Flow

    try:
        stat = os.stat(path)
    except OSError:
        return None
    if stat.st_size > MAX_BYTES:
        return None
    stamp = (stat.st_mtime, stat.st_size)
    cached = _flows.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    doc = Document(text, None)  # no path: the other file's own imports are not followed further
    ctx = Context(doc, doc.chunks(("",)), asking.tips)
    flow = Flow(ctx, origin=path)
    if len(_flows) >= MAX_FLOWS:
        _flows.pop(next(iter(_flows)))
    _flows[path] = (stamp, flow)
    return flow


def _definition(doc: Document, name: ast.Name, path: str) -> tuple[str, int, str] | None:
    try:
        import jedi
    except ImportError:
        return None
    root = _project_root(Path(path))
    try:
        script = jedi.Script(
            code=doc.text, path=path,
            project=jedi.Project(root, load_unsafe_extensions=False),
            environment=jedi.InterpreterEnvironment(),
        )
        names = script.goto(name.lineno, doc.column(name.lineno - 1, name.col_offset), follow_imports=True)
    except Exception:  # jedi gives up on odd code; the file then simply cannot tell
        return None
    for found in names:
        module = found.module_path
        if module and str(module) != path and found.line and Path(module).suffix == ".py":
            if Path(module).is_relative_to(root):
                return str(module), found.line, found.name
    return None


def _project_root(path: Path) -> Path:
    for folder in path.parents:
        if any((folder / marker).exists() for marker in ("pyproject.toml", "setup.py", "setup.cfg", ".git")):
            return folder
    return path.parent


def _mtime(path: str) -> float:
    try:
        return os.path.getmtime(path)
    except OSError:
        return -1.0


def _is_stdlib(module: str) -> bool:
    import sys

    return module in sys.stdlib_module_names
