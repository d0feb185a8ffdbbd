"""Every rule of every pack: the modules that define `RULE` in each pack's `rules/` folder (one rule per
file), and the `detect` sections of the packs' records (kb/DETECT.md)."""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable, Iterator

from .detect import rules_from_paths, shipped_rules
from .packs import RULE_PACKAGES
from .rule import Rule


def _discover() -> tuple[Rule, ...]:
    found = []
    for package in RULE_PACKAGES:
        for name in _module_names(importlib.import_module(package).__path__):
            module = importlib.import_module(f"{package}.{name}")
            rule = getattr(module, "RULE", None)
            if isinstance(rule, Rule):
                found.append(rule)
    found.extend(shipped_rules(r.code for r in found))
    codes = [r.code for r in found]
    duplicated = {c for c in codes if codes.count(c) > 1}
    if duplicated:
        raise RuntimeError(f"rule codes used twice: {sorted(duplicated)}")
    return tuple(sorted(found, key=lambda r: r.code))


def _module_names(folders: Iterable[str]) -> list[str]:
    """The modules of a `rules/` folder, by name (a listing: `pkgutil` would cost the server's start-up
    ~1 ms of imports)."""
    names = {entry.name[:-3] for folder in folders for entry in os.scandir(folder)
             if entry.name.endswith(".py") and entry.is_file() and entry.name != "__init__.py"}
    return sorted(name for name in names if name.isidentifier())


RULES: tuple[Rule, ...] = _discover()
BY_CODE = {rule.code: rule for rule in RULES}


def iter_rules(kb_paths: tuple[str, ...] = ()) -> Iterator[Rule]:
    """The shipped rules, then those of the `detect` sections of the records under `kb_paths`."""
    yield from RULES
    if kb_paths:
        yield from rules_from_paths(kb_paths, [r.code for r in RULES])[0]
