"""The folders a script puts on `sys.path` from its own location, read from its text (never run): litgpt's

    wd = Path(__file__).parent.parent.resolve()
    sys.path.append(str(wd))

and `sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))`. A module the
script imports after it may live there. Only what the file's own path decides is read: a folder named by an
environment variable, the working directory or a relative string depends on how the script is run.
"""

from __future__ import annotations

import ast
import os

from .binder import source_text

MAX_FOLDERS = 8  # folders one file adds (past it, the rest are left out)
SAME_PATH = ("resolve", "absolute", "expanduser")  # `Path` methods that keep where the path leads here
SAME_STR = ("os.path.abspath", "os.path.realpath", "os.path.normpath", "os.path.expanduser", "str", "os.fspath",
            "Path", "pathlib.Path")


def folders_added(text: str, path: str) -> tuple[str, ...]:
    """The existing folders `text` (the module at `path`) appends or inserts into `sys.path` at its top level
    (or in a top-level `if` or `try`), from `__file__` and names bound to such paths; () when it adds none."""
    if "sys.path" not in text:
        return ()
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ()
    here = os.path.abspath(path)
    bound: dict[str, str] = {}
    out: list[str] = []
    for stmt in _top_statements(tree.body):
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            found = _path(stmt.value, bound, here)
            if found is not None:
                bound[stmt.targets[0].id] = found
            else:
                bound.pop(stmt.targets[0].id, None)
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            added = _added(stmt.value, bound, here)
            if added is not None and os.path.isdir(added) and added not in out:
                out.append(added)
    return tuple(out[:MAX_FOLDERS])


def _top_statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The module's statements, and those of its top-level `if`s and `try`s, in order."""
    out: list[ast.stmt] = []
    for stmt in body:
        out.append(stmt)
        if isinstance(stmt, ast.If):
            out.extend(_top_statements(stmt.body + stmt.orelse))
        elif isinstance(stmt, ast.Try):
            out.extend(_top_statements(stmt.body + stmt.orelse + stmt.finalbody))
    return out


def _added(call: ast.Call, bound: dict[str, str], here: str) -> str | None:
    """The folder `sys.path.append(x)` or `sys.path.insert(i, x)` adds, when `x` is read."""
    name = source_text(call.func)
    if name == "sys.path.append" and len(call.args) == 1:
        given = call.args[0]
    elif name == "sys.path.insert" and len(call.args) == 2:
        given = call.args[1]
    else:
        return None
    found = _path(given, bound, here)
    return os.path.normpath(found) if found is not None else None


def _path(node: ast.expr, bound: dict[str, str], here: str) -> str | None:
    """The absolute path an expression of the file's location holds; None when it is not one."""
    if isinstance(node, ast.Name):
        return here if node.id == "__file__" else bound.get(node.id)
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and os.path.isabs(node.value):
        return node.value
    if isinstance(node, ast.Attribute) and node.attr == "parent":
        inner = _path(node.value, bound, here)
        return os.path.dirname(inner) if inner is not None else None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "parents" \
            and isinstance(node.slice, ast.Constant) and type(node.slice.value) is int and 0 <= node.slice.value < 16:
        inner = _path(node.value.value, bound, here)
        if inner is None:
            return None
        for _ in range(node.slice.value + 1):  # `parents[0]` is the folder
            inner = os.path.dirname(inner)
        return inner
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and isinstance(node.right, ast.Constant) \
            and isinstance(node.right.value, str):
        inner = _path(node.left, bound, here)
        return os.path.normpath(os.path.join(inner, node.right.value)) if inner is not None else None
    if not isinstance(node, ast.Call) or node.keywords:
        return None
    if isinstance(node.func, ast.Attribute) and node.func.attr in SAME_PATH and not node.args:
        return _path(node.func.value, bound, here)  # `Path(__file__).resolve()`
    name = source_text(node.func)
    if name in SAME_STR and len(node.args) == 1:
        inner = _path(node.args[0], bound, here)
        return os.path.normpath(inner) if inner is not None else None
    if name == "os.path.dirname" and len(node.args) == 1:
        inner = _path(node.args[0], bound, here)
        return os.path.dirname(inner) if inner is not None else None
    if name == "os.path.join" and node.args:
        first = _path(node.args[0], bound, here)
        rest = [a.value for a in node.args[1:] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if first is None or len(rest) != len(node.args) - 1:
            return None
        return os.path.normpath(os.path.join(first, *rest))
    return None

