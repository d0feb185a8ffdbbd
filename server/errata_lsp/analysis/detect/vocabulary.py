"""What a `detect` section may name: the built-in predicates and placeholders, and what each pack
registers (its `detect_facts.py` defines `register(detect)`, called with a `Registrar`, as astroid's
brains register their inference tips with the manager). The packs are found through the registry
(packs/__init__.py) the first time a section is read or run, never imported here by name."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..packs import detect_fact_modules
from .predicate import Predicate, Reader
from .predicates import BUILT_IN
from .site import NO_FABRIC, FabricFacts, Machine, Site, StrategyKind

MESSAGE_FIELDS = frozenset({"value", "constant", "lower", "repr", "from", "described", "argument", "keyword",
                            "receiver", "callee", "as_set", "doc_quote"})
FIX_FIELDS = MESSAGE_FIELDS | {"new", "choice", "choice_repr", "receiver_base"}


class PackConflict(ValueError):
    """Two packs register one name, or a pack a name `detect` already has."""


@dataclass(frozen=True)
class Vocabulary:
    """Every predicate, named fact, placeholder and strategy kind a section may name."""

    predicates: Mapping[str, type[Predicate]]
    facts: Mapping[str, Callable[[Site], bool]]
    fields: Mapping[str, Callable[[Site], str]]  # the packs' placeholders
    strategies: tuple[StrategyKind, ...] = ()
    fabric: FabricFacts = NO_FABRIC
    machines: Mapping[str, Machine] = field(default_factory=dict)  # by strategy kind
    message_fields: frozenset[str] = MESSAGE_FIELDS  # the built-in placeholders and the packs'
    fix_fields: frozenset[str] = FIX_FIELDS

    @property
    def pack_predicates(self) -> dict[str, type[Predicate]]:
        built_in = {p.key for p in BUILT_IN}
        return {key: p for key, p in self.predicates.items() if key not in built_in}

    def reader(self) -> Reader:
        return Reader(self.predicates, self.facts, self.strategies)


class Registrar:
    """What one pack's `register(detect)` is handed: each call adds a name, or raises PackConflict."""

    BUILT_IN = {"predicate": {p.key for p in BUILT_IN}, "fact": set(), "placeholder": set(FIX_FIELDS),
                "strategy": {"xla_fsdp", "other", "unknown"}, "fabric": set(), "machine": set()}

    def __init__(self, tables: dict[str, dict[str, Any]], owners: dict[tuple[str, str], str]) -> None:
        self._tables, self._owners = tables, owners
        self.pack = ""

    def predicate(self, predicate: type[Predicate]) -> type[Predicate]:
        """Register a Predicate subclass (usable as a class decorator)."""
        self._add("predicate", predicate.key, predicate)
        return predicate

    def fact(self, name: str, fact: Callable[[Site], bool]) -> None:
        """`{"fact": name}` holds when `fact(site)` does."""
        self._add("fact", name, fact)

    def placeholder(self, name: str, field: Callable[[Site], str]) -> None:
        """`{name}` in messages and fix texts is `field(site)`."""
        self._add("placeholder", name, field)

    def strategy(self, name: str, names: Iterable[str] = (), classes: Iterable[str] = ()) -> None:
        """A strategy kind `strategy` and `fabric` may name: a Fabric built with `strategy=` one of `names`
        (a string, any case) or an object of one of the qualified `classes`."""
        self._add("strategy", name, StrategyKind(name, tuple(n.lower() for n in names), tuple(classes)))

    def machine(self, strategy: str, machine: Machine) -> None:
        """What the library's probes answer on the machines a strategy kind runs on (`Machine`)."""
        self._add("machine", strategy, machine)

    def fabric(self, facts: FabricFacts) -> None:
        """What `receiver: fabric`, `strategy` and `fabric` read of a Fabric (one pack knows it)."""
        self._add("fabric", "fabric", facts)

    def _add(self, what: str, name: str, thing: Any) -> None:
        if name in self.BUILT_IN[what]:
            raise PackConflict(f"pack {self.pack} declares the {what} `{name}`, which `detect` already has")
        if name in self._tables[what]:
            raise PackConflict(f"the {what} `{name}` is declared by two packs: {self._owners[what, name]} and {self.pack}")
        self._tables[what][name], self._owners[what, name] = thing, self.pack


def merge_pack_facts(declared: Iterable[tuple[str, Any]]) -> Vocabulary:
    """The vocabulary once each (pack, module) has run its `register(detect)`; a name registered twice is
    an error that names both packs."""
    tables: dict[str, dict[str, Any]] = {"predicate": {}, "fact": {}, "placeholder": {}, "strategy": {}, "fabric": {},
                                         "machine": {}}
    registrar = Registrar(tables, {})
    for pack, module in declared:
        registrar.pack = pack
        module.register(registrar)
    fields = set(tables["placeholder"])
    return Vocabulary({**{p.key: p for p in BUILT_IN}, **tables["predicate"]}, tables["fact"], tables["placeholder"],
                      tuple(tables["strategy"].values()), tables["fabric"].get("fabric", NO_FABRIC), tables["machine"],
                      MESSAGE_FIELDS | fields, FIX_FIELDS | fields)


@cache
def pack_facts() -> Vocabulary:
    """Every pack's registrations, imported the first time a `detect` section is read or run."""
    return merge_pack_facts(detect_fact_modules())
