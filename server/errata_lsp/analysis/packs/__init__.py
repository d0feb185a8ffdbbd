"""The rule packs, one folder each: its words (`__init__.py`), its facts (modules beside it), its records
(`records/`, with the `detect` sections kept beside records that cannot hold one in `detect_sections/`)
and its Python rules (`rules/`, one file per rule). `analysis/` keeps what every pack needs.

This module finds the packs (every folder here with an `__init__.py`, ordered by its `ORDER`) and joins
what they declare; it imports no rule and no fact (until
`detect_fact_modules` is called), only the packs' small value tips (`values.py`), so the first scan of
a file (does it mention any pack at all?) stays as cheap as a word search.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from ..tips import NO_TIPS, Tips

if TYPE_CHECKING:
    import ast

    from ..context import Context

    Describer = Callable[[Context, ast.AST, str], list[str]]

HERE = Path(__file__).resolve().parent


def _discovered() -> tuple[str, ...]:
    """Every pack folder, by the `ORDER` its `__init__.py` declares, then by name. The order is the order
    of their tips, words, records and rules, hence of the findings: a pack that builds on another (every
    Lightning pack on `lightning`) declares a larger ORDER."""
    names = [p.name for p in HERE.iterdir() if (p / "__init__.py").is_file() and p.name.isidentifier()]
    return tuple(sorted(names, key=lambda name: (import_module(f"{__name__}.{name}").ORDER, name)))


NAMES = _discovered()


def _union(attribute: str) -> tuple[str, ...]:
    words: dict[str, None] = {}  # ordered, without repeats
    for name in NAMES:
        words.update(dict.fromkeys(getattr(import_module(f"{__name__}.{name}"), attribute)))
    return tuple(words)


# A file that mentions none of the packs' words cannot misuse them: it is not parsed at all.
PACK_WORDS = _union("WORDS")
# Statements the shared analysis needs whatever the rules (imports, Fabric construction, launches).
# Chunks are picked by whole words used as code (a capitalised word also ends a longer name:
# `Strategy` picks `XLAFSDPStrategy(...)`), never by a word in a comment or a string.
CONTEXT_WORDS = _union("CONTEXT_WORDS")
# Where each pack keeps its records, the side `detect` sections, and its Python rules (if it has any).
SIDE_SECTION_FOLDERS = tuple(HERE / name / "detect_sections" for name in NAMES
                             if (HERE / name / "detect_sections").is_dir())
RULE_PACKAGES = tuple(f"{__name__}.{name}.rules" for name in NAMES if (HERE / name / "rules").is_dir())
# What each pack tells the evaluator of its library (`values.py`: value tips and kinds), in pack order.
VALUE_MODULES = tuple(f"{__name__}.{name}.values" for name in NAMES if (HERE / name / "values.py").is_file())


def _tips() -> Tips:
    tips = NO_TIPS
    for path in VALUE_MODULES:
        tips = tips.joined(import_module(path).TIPS)
    return tips


TIPS = _tips()
# Each pack's own `detect` vocabulary in Python (`detect_facts.py`: its `register(detect)` adds predicates,
# facts, placeholders and strategy kinds), imported only when a `detect` section is read or run
# (analysis/detect/vocabulary.py), never for the first scan.
DETECT_FACT_MODULES = tuple((name, f"{__name__}.{name}.detect_facts") for name in NAMES
                            if (HERE / name / "detect_facts.py").is_file())


def detect_fact_modules() -> list[tuple[str, ModuleType]]:
    """(pack, module) for each pack that declares `detect` predicates, facts or placeholders."""
    return [(name, import_module(path)) for name, path in DETECT_FACT_MODULES]


# What a hover names at a position (`symbols.py`: `describe(ctx, node, word)` gives API names such as
# `Fabric.setup`), imported only when a hover first asks.
SYMBOL_MODULES = tuple(f"{__name__}.{name}.symbols" for name in NAMES if (HERE / name / "symbols.py").is_file())


def symbol_describers() -> list[Describer]:
    return [import_module(path).describe for path in SYMBOL_MODULES]

