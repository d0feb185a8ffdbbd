"""Qualified names of the Lightning API, however the file spells them."""

from __future__ import annotations

import ast

XLAFSDP_STRATEGY = "lightning.fabric.strategies.XLAFSDPStrategy"
FSDP_STRATEGY = "lightning.fabric.strategies.FSDPStrategy"
FABRIC = "lightning.fabric.Fabric"
# Top-level packages read as libraries, never as modules of the user's project (even in their own source tree).
LIBRARIES = ("lightning", "lightning_fabric", "pytorch_lightning", "torch", "torch_xla")

# Every public spelling of a class, after `lightning_fabric` is read as `lightning.fabric`.
_ALIASES = {
    "lightning.fabric.strategies.xla_fsdp.XLAFSDPStrategy": XLAFSDP_STRATEGY,
    "lightning.fabric.strategies.fsdp.FSDPStrategy": FSDP_STRATEGY,
    "lightning.Fabric": FABRIC,
    "lightning.fabric.fabric.Fabric": FABRIC,
}
# What `from M import *` brings in, for the modules that export the classes above.
STAR_EXPORTS = {
    "lightning.fabric.strategies": {"XLAFSDPStrategy", "FSDPStrategy"},
    "lightning.fabric.strategies.xla_fsdp": {"XLAFSDPStrategy"},  # no __all__: every public name
    "lightning.fabric.strategies.fsdp": {"FSDPStrategy"},
    "lightning.fabric": {"Fabric"},
    "lightning": {"Fabric"},
}


def canonical(name: str) -> str:
    if name == "lightning_fabric" or name.startswith("lightning_fabric."):
        name = "lightning.fabric" + name[len("lightning_fabric"):]
    return _ALIASES.get(name, name)


class ImportMap:
    """Local name -> qualified name, from every import in the parsed statements."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.star_modules: list[str] = []
        self.shadowed: set[str] = set()  # names the file defines itself

    def add(self, node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    self.names[alias.asname] = canonical(alias.name)
                else:
                    top = alias.name.split(".")[0]
                    self.names[top] = canonical(top)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            module = canonical(node.module)
            for alias in node.names:
                if alias.name == "*":
                    self.star_modules.append(module)
                else:
                    self.names[alias.asname or alias.name] = canonical(f"{module}.{alias.name}")
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
                if expr.id in STAR_EXPORTS.get(module, ()):
                    return canonical(f"{module}.{expr.id}")
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
                base = canonical(f"{base}.{attr}")
            return base
        return None
