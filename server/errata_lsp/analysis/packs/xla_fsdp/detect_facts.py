"""What a `detect` section of this pack may name (kb/DETECT.md): the predicates `object` and
`state_dict_type`, the named facts, and the `{strategy_accelerator}` placeholder. A record names them;
the code is here, registered by `register` when `analysis/detect/` first reads a section (it finds this
module through the pack registry, packs/__init__.py)."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from typing import Any

from ...detect import OneOf, Predicate, Problem, Reader, Registrar, Site
from ...rule import short
from .checkpoints import OPTIMIZER, OTHER, RAW_MODULE, SETUP_MODULE, UNKNOWN, object_kind, state_dict_type
from .facts import strategy_accelerators

OBJECTS = (SETUP_MODULE, RAW_MODULE, OPTIMIZER, OTHER, UNKNOWN)


# --- predicates ------------------------------------------------------------------------------
class ObjectIs(Predicate):
    """What the argument as written is, following the file in statement order (checkpoints.py)."""

    key, takes, argument = "object", list, "strings"
    example = '{"object": ["setup_module", "raw_module", "optimizer"]}'
    holds_when = ("a pack fact: what the argument as written is, following the file in statement order (the "
                  "XLAFSDP pack's `checkpoints.py`): the module `fabric.setup` returned, a module not set up, an "
                  "optimizer, `other` (a literal, a dict) or `unknown`")

    def __init__(self, kinds: list[str]) -> None:
        self.kinds = frozenset(kinds)

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        if not all(s in OneOf(OBJECTS) for s in item[cls.key]):
            raise Problem(f"`object` takes a list of {', '.join(OBJECTS)}")
        return cls(item[cls.key])

    def holds(self, site: Site, value: Any) -> bool:
        written = site.written
        kind = site.ctx.once("object", written, lambda: object_kind(site.ctx, written)) if written is not None else UNKNOWN
        return kind in self.kinds


class StateDictType(Predicate):
    """The `state_dict_type` of the XLAFSDP Fabric the method is called on."""

    key, takes, argument = "state_dict_type", list, "strings"
    example = '{"state_dict_type": ["sharded"]}'
    holds_when = ("a pack fact: the XLAFSDP Fabric the method is called on saves and loads with this "
                  "`state_dict_type` (`\"sharded\"` when not given), as the file shows it")

    def __init__(self, types: list[str]) -> None:
        self.types = frozenset(types)

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        if not all(isinstance(s, str) for s in item[cls.key]):
            raise Problem("`state_dict_type` takes a list of strings")
        return cls(item[cls.key])

    def holds(self, site: Site, value: Any) -> bool:
        return site.receiver is not None and state_dict_type(site.ctx, site.receiver) in self.types


# --- named facts (`{"fact": name}`) ----------------------------------------------------------
def _accelerators(site: Site) -> list[ast.expr] | None:
    """The accelerators of the strategies given to the site's `Fabric(...)`: worked out once per call (two
    facts and the placeholder read them)."""
    return site.ctx.once("strategy_accelerators", site.call,
                         lambda: strategy_accelerators(site.ctx, site.keywords[0].get("strategy")))


def _strategy_has_accelerator(site: Site) -> bool:
    return _accelerators(site) != []


def _strategy_accelerator_objects(site: Site) -> bool:
    """Every XLAFSDPStrategy given to `Fabric(strategy=...)` is built with an accelerator written as a call
    (`XLAAccelerator()`), and the file can tell."""
    given = _accelerators(site)
    return bool(given) and all(isinstance(site.ctx.value_of(g), ast.Call) for g in given or ())


def _strategy_has_precision(site: Site) -> bool:
    strategy = site.keywords[0].get("strategy")
    if strategy is None:
        return False
    ctx = site.ctx
    for call in ctx.strategy_calls(strategy.value) or []:
        args, complete = ctx.keyword_args(call)
        given = args.get("precision")
        value = ctx.value_of(given.value) if given is not None else None
        if not complete or len(call.args) > 3 or given is not None and not (
                isinstance(value, ast.Constant) and value.value is None):
            return True
    return False


def _plugins_given(site: Site) -> bool:
    arg = site.keywords[0].get("plugins")
    if arg is None:
        return False
    value = site.ctx.value_of(arg.value)
    return not (isinstance(value, ast.Constant) and value.value is None)




# --- placeholders ----------------------------------------------------------------------------
def _strategy_accelerator(site: Site) -> str:
    given = _accelerators(site)
    return short(site.ctx.doc.source(given[0])) if given else ""


def register(detect: Registrar) -> None:
    detect.predicate(ObjectIs)
    detect.predicate(StateDictType)
    detect.fact("strategy_has_accelerator", _strategy_has_accelerator)
    detect.fact("strategy_accelerator_objects", _strategy_accelerator_objects)
    detect.fact("strategy_has_precision", _strategy_has_precision)
    detect.fact("plugins_given", _plugins_given)
    detect.placeholder("strategy_accelerator", _strategy_accelerator)
