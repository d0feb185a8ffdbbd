"""The qualified name each local name of a file stands for, from its imports, with the spellings the
packs' tips know (`import lightning as L` then `L.Fabric` is `lightning.fabric.Fabric`)."""

from __future__ import annotations

import ast

from .tips import NO_TIPS, Tips


class ImportMap:
    """Local name -> qualified name, from every import in the parsed statements."""

    def __init__(self, tips: Tips = NO_TIPS) -> None:
        self.tips = tips
        self.names: dict[str, str] = {}
        self._imported: dict[str, str] = {}  # by imports outside `except ImportError:` handlers
        self._fallbacks: dict[str, str] = {}  # by imports inside them
        self.star_modules: list[str] = []
        self.shadowed: set[str] = set()  # names the file defines itself

    def add(self, node: ast.AST, fallback: bool = False) -> None:
        """Record what `node` binds. A name a `fallback` import (in an `except ImportError:` handler) binds
        stands for the other import's name when that one is of a library the packs know (the run takes the
        `try` body's import: the environment the file is checked for has the library), else the fallback's
        (`from cluster_launch import make_fabric` may be any module that is not there)."""
        def bind(name: str, qualified: str) -> None:
            (self._fallbacks if fallback else self._imported)[name] = qualified
            primary, other = self._imported.get(name), self._fallbacks.get(name)
            known = primary is not None and primary.split(".")[0] in self.tips.libraries
            self.names[name] = primary if primary is not None and (other is None or known) else other or primary  # type: ignore[assignment]

        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bind(alias.asname, self.tips.canonical(alias.name))
                else:
                    top = alias.name.split(".")[0]
                    bind(top, self.tips.canonical(top))
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            module = self.tips.canonical(node.module)
            for alias in node.names:
                if alias.name == "*":
                    self.star_modules.append(module)
                else:
                    bind(alias.asname or alias.name, self.tips.canonical(f"{module}.{alias.name}"))
        elif isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.name not in self.names:
            self.shadowed.add(node.name)

    def resolve(self, expr: ast.AST) -> str | None:
        """The qualified name an expression such as `L.fabric.Fabric` or `S` stands for."""
        if isinstance(expr, ast.Name):
            if expr.id in self.names:
                return self.names[expr.id]
            if expr.id in self.shadowed:
                return None
            for module in self.star_modules:
                if expr.id in self.tips.star_exports.get(module, ()):
                    return self.tips.canonical(f"{module}.{expr.id}")
            return None
        if isinstance(expr, ast.Attribute):  # a loop, not recursion: `a.b.c...` may be thousands deep
            attrs = []
            while isinstance(expr, ast.Attribute):
                attrs.append(expr.attr)
                expr = expr.value
            base = self.resolve(expr) if isinstance(expr, ast.Name) else None
            for attr in reversed(attrs):
                if not base:
                    return None
                base = self.tips.canonical(f"{base}.{attr}")
            return base
        return None
