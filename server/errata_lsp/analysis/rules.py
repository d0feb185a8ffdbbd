"""The rule pack: every module here defines `RULE`, one rule per file; the shipped records' `detect`
sections (kb/DETECT.md) are the rest."""

from __future__ import annotations

import importlib
import pkgutil

from ..rule import Rule


def _discover() -> tuple[Rule, ...]:
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        rule = getattr(module, "RULE", None)
        if isinstance(rule, Rule):
            found.append(rule)
    from ..detect import shipped_rules

    found.extend(shipped_rules(r.code for r in found))
    codes = [r.code for r in found]
    duplicated = {c for c in codes if codes.count(c) > 1}
    if duplicated:
        raise RuntimeError(f"rule codes used twice: {sorted(duplicated)}")
    return tuple(sorted(found, key=lambda r: r.code))


RULES: tuple[Rule, ...] = _discover()
BY_CODE = {rule.code: rule for rule in RULES}
