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
        self.star_modules: list[str] = []
        self.shadowed: set[str] = set()  # names the file defines itself

    def add(self, node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    self.names[alias.asname] = self.tips.canonical(alias.name)
                else:
                    top = alias.name.split(".")[0]
                    self.names[top] = self.tips.canonical(top)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            module = self.tips.canonical(node.module)
            for alias in node.names:
                if alias.name == "*":
                    self.star_modules.append(module)
                else:
                    self.names[alias.asname or alias.name] = self.tips.canonical(f"{module}.{alias.name}")
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
