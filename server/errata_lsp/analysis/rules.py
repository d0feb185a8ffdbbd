"""Every rule of every pack: the modules that define `RULE` in each pack's `rules/` folder (one rule per
file), and the `detect` sections of the packs' records (kb/DETECT.md)."""

from __future__ import annotations

import importlib
import pkgutil

from .packs import RULE_PACKAGES
from .rule import Rule


def _discover() -> tuple[Rule, ...]:
    found = []
    for package in RULE_PACKAGES:
        path = importlib.import_module(package).__path__
        for info in sorted(pkgutil.iter_modules(path), key=lambda i: i.name):
            module = importlib.import_module(f"{package}.{info.name}")
            rule = getattr(module, "RULE", None)
            if isinstance(rule, Rule):
                found.append(rule)
    from .detect import shipped_rules

    found.extend(shipped_rules(r.code for r in found))
    codes = [r.code for r in found]
    duplicated = {c for c in codes if codes.count(c) > 1}
    if duplicated:
        raise RuntimeError(f"rule codes used twice: {sorted(duplicated)}")
    return tuple(sorted(found, key=lambda r: r.code))


RULES: tuple[Rule, ...] = _discover()
BY_CODE = {rule.code: rule for rule in RULES}
