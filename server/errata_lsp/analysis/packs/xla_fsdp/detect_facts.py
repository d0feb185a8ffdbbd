"""What a `detect` section of this pack may name (kb/DETECT.md): the predicates `object` and
`state_dict_type`, the named facts, and the `{strategy_accelerator}` placeholder. A record names them;
the code is here, and `analysis/detect.py` finds it through the pack registry (packs/__init__.py)."""

from __future__ import annotations

import ast
from typing import Any

from ...detect import OneOf, PackPredicate, Site
from ...rule import short
from .checkpoints import OPTIMIZER, OTHER, RAW_MODULE, SETUP_MODULE, UNKNOWN, object_kind, state_dict_type
from .facts import strategy_accelerators

OBJECTS = (SETUP_MODULE, RAW_MODULE, OPTIMIZER, OTHER, UNKNOWN)


# --- predicates ------------------------------------------------------------------------------
def _object(site: Site, kinds: list[str]) -> bool:
    """What the argument as written is, following the file in statement order (checkpoints.py)."""
    written = site.written
    kind = site.ctx.once("object", written, lambda: object_kind(site.ctx, written)) if written is not None else UNKNOWN
    return kind in kinds


def _object_problem(kinds: list[Any]) -> str | None:
    return None if all(s in OneOf(OBJECTS) for s in kinds) else f"`object` takes a list of {', '.join(OBJECTS)}"


def _state_dict_type(site: Site, types: list[str]) -> bool:
    """The `state_dict_type` of the XLAFSDP Fabric the method is called on."""
    return site.receiver is not None and state_dict_type(site.ctx, site.receiver) in types


def _state_dict_type_problem(types: list[Any]) -> str | None:
    return None if all(isinstance(s, str) for s in types) else "`state_dict_type` takes a list of strings"


PREDICATES = {
    "object": PackPredicate(list, _object, _object_problem),
    "state_dict_type": PackPredicate(list, _state_dict_type, _state_dict_type_problem),
}


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


FACTS = {
    "strategy_has_accelerator": _strategy_has_accelerator,
    "strategy_accelerator_objects": _strategy_accelerator_objects,
    "strategy_has_precision": _strategy_has_precision,
    "plugins_given": _plugins_given,
}


# --- placeholders ----------------------------------------------------------------------------
def _strategy_accelerator(site: Site) -> str:
    given = _accelerators(site)
    return short(site.ctx.doc.source(given[0])) if given else ""


FIELDS = {"strategy_accelerator": _strategy_accelerator}
