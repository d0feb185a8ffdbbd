"""A `detect` predicate is a small class: the key a record writes, the JSON its argument takes (for
validation, the JSON schema and kb/DETECT.md's table), how it is read from a record (once, when the
section is loaded) and whether it holds at a site. `Reader` turns a record's JSON into predicates and
says, with the record's path to it, everything wrong on the way."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from ..values import Value
from .site import Site, StrategyKind

# The JSON types an argument may take, as `isinstance` reads them.
JsonType = type | tuple[type, ...]


class Problem(Exception):
    """What is wrong with one predicate's argument, said without its place (the reader adds it)."""


class OneOf:
    """`x in OneOf(options)`: a string among the options; a list or an object (unhashable) is never one."""

    def __init__(self, options: Iterable[str]) -> None:
        self.options = options

    def __contains__(self, value: object) -> bool:
        return isinstance(value, str) and value in self.options


def type_name(kind: JsonType) -> str:
    names: dict[JsonType, str] = {list: "a list", dict: "an object", str: "a string", bool: "true or false",
                                  int: "a whole number"}
    return names.get(kind, "true, false or null")


def strings(value: Any) -> bool:
    """A non-empty list of non-empty strings."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) and v for v in value)


class Predicate:
    """One test a section's `match`, `unless`, `when`... lists hold: `{key: argument, option: ...}`."""

    key: ClassVar[str]
    takes: ClassVar[JsonType]  # the JSON type of the argument
    argument: ClassVar[str] = ""  # its JSON shape, named as schema.py names them ("" : as `takes` says)
    options: ClassVar[Mapping[str, str]] = {}  # the other keys it takes, and their JSON shape
    example: ClassVar[str]  # the table's left column, as a record writes it
    holds_when: ClassVar[str]  # the table's right column

    @classmethod
    def option_problem(cls, item: Mapping[str, Any]) -> str | None:
        """What is wrong with the options, said before the argument's type is."""
        return None

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        """The predicate of `item` (its argument of the right JSON type); raise Problem for a bad one."""
        return cls(item[cls.key])  # type: ignore[call-arg]

    def holds(self, site: Site, value: Value | None) -> bool:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}({vars(self)!r})"


class ValuePredicate(Predicate):
    """A predicate on one abstract value the argument may hold: never holds without one."""

    def holds(self, site: Site, value: Value | None) -> bool:
        return value is not None and self.holds_for(site, value)

    def holds_for(self, site: Site, value: Value) -> bool:
        raise NotImplementedError


def all_hold(predicates: Iterable[Predicate], site: Site, value: Value | None) -> bool:
    return all(p.holds(site, value) for p in predicates)


class Reader:
    """Reads predicates with the vocabulary the packs registered; collects each problem with its place."""

    def __init__(self, predicates: Mapping[str, type[Predicate]], facts: Mapping[str, Callable[[Site], bool]],
                 strategies: tuple[StrategyKind, ...]) -> None:
        self.vocabulary = predicates
        self.facts = facts
        self.strategies = strategies
        self.problems: list[str] = []

    def predicates(self, items: Any, where: str) -> tuple[Predicate, ...]:
        """The predicates of a JSON list (those that read without a problem)."""
        if not isinstance(items, list):
            self.problems.append(f"{where} must be a list of predicates")
            return ()
        read = (self.predicate(item, f"{where}[{i}]") for i, item in enumerate(items))
        return tuple(p for p in read if p is not None)

    def predicate(self, item: Any, where: str) -> Predicate | None:
        if not isinstance(item, dict) or not item:
            return self._problem(f"{where}: a predicate is an object with one key")
        key, *rest = item
        kind = self.vocabulary.get(key)
        if kind is None:
            return self._problem(f"{where}: unknown predicate `{key}` (kb/DETECT.md lists them)")
        extra = set(rest) - set(kind.options)
        if extra:
            return self._problem(f"{where}: `{key}` takes no `{'`, `'.join(sorted(extra))}`")
        problem = kind.option_problem(item)
        if problem:
            return self._problem(f"{where}: {problem}")
        if not isinstance(item[key], kind.takes):
            return self._problem(f"{where}: `{key}` takes {type_name(kind.takes)}")
        before = len(self.problems)
        try:
            made = kind.read(item, where, self)
        except Problem as exc:
            return self._problem(f"{where}: {exc}")
        return made if len(self.problems) == before else None

    def _problem(self, problem: str) -> Predicate | None:
        """Say `problem`; no predicate."""
        self.problems.append(problem)
        return None
