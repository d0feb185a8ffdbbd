"""The predicates every section may use (kb/DETECT.md's table is made from these classes: `schema.py`).
Value predicates test one abstract value the argument may hold; the others read the call. A pack adds
its own through the vocabulary (`vocabulary.py`), never here."""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..flow import NEVER_EQUAL, enum_compares_as
from ..values import Value
from .predicate import OneOf, Predicate, Problem, Reader, ValuePredicate, all_hold
from .site import (
    Site,
    absent,
    argument,
    constant_of,
    fabric_of,
    matches_name,
    member,
    positional,
    same,
    strategy_names,
    value_ctx,
)

CONSTANT_TYPES = (str, int, float, bool)


def where_problems(where: Any) -> list[str]:
    """What is wrong with `{"keyword": name, "position": N}` (an argument's place)."""
    if not isinstance(where, dict) or not ({"keyword", "position"} & set(where)) or set(where) - {"keyword", "position"}:
        return ["must be {\"keyword\": name, \"position\": N} (either or both)"]
    problems = []
    if "keyword" in where and not isinstance(where["keyword"], str):
        problems.append("`keyword` must be a string")
    if "position" in where and not (type(where["position"]) is int and where["position"] >= 0):
        problems.append("`position` must be a whole number from 0")
    return problems


def _string_list(key: str, arg: list[Any]) -> list[str]:
    if not all(isinstance(v, str) for v in arg):
        raise Problem(f"`{key}` takes a list of strings")
    return arg


def _strings_option(item: Mapping[str, Any], *names: str) -> str | None:
    for option in names:
        if option in item and not (isinstance(item[option], list) and all(isinstance(v, str) for v in item[option])):
            return f"`{option}` takes a list of strings"
    return None


# --- on the value ----------------------------------------------------------------------------
class Kind(ValuePredicate):
    key, takes, argument = "kind", list, "strings"
    example = '{"kind": ["str", "number"]}'
    holds_when = "the value's kind is one of these"

    def __init__(self, kinds: list[str]) -> None:
        self.kinds = frozenset(kinds)

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        return cls(_string_list(cls.key, item[cls.key]))

    def holds_for(self, site: Site, value: Value) -> bool:
        return value.kind in self.kinds


class KindNot(Kind):
    key = "kind_not"
    example = '{"kind_not": ["set"]}'
    holds_when = "the value's kind is none of these"

    def holds_for(self, site: Site, value: Value) -> bool:
        return value.kind not in self.kinds


class Equals(ValuePredicate):
    key, takes, argument = "equals", list, "constants"
    example = '{"equals": ["cpu", 16, null]}'
    holds_when = ("the value is a constant (str, int, float, bool, None; `-1` too) equal to one of these, of the "
                  "same type (`True` is not `1`, `16.0` is not `16`)")

    def __init__(self, constants: list[Any]) -> None:
        self.constants = tuple(constants)

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        constants = item[cls.key]
        if not all(v is None or type(v) in CONSTANT_TYPES for v in constants):
            raise Problem(f"`{cls.key}` takes a list of constants")
        return cls(constants)

    def holds_for(self, site: Site, value: Value) -> bool:
        known, constant = constant_of(value)
        return known and any(same(constant, c) for c in self.constants)


class LowerIn(ValuePredicate):
    key, takes, argument = "lower_in", list, "strings"
    example = '{"lower_in": ["sum", "mean"]}` / `{"lower_not_in": [...]}'
    holds_when = "the value is a string constant whose lower-case form is (not) one of these"
    inside = True

    def __init__(self, words: list[str]) -> None:
        self.words = tuple(words)

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        return cls(_string_list(cls.key, item[cls.key]))

    def holds_for(self, site: Site, value: Value) -> bool:
        known, constant = constant_of(value)
        if not (known and isinstance(constant, str)):
            return False
        return (constant.lower() in self.words) is self.inside


class LowerNotIn(LowerIn):
    key = "lower_not_in"
    example = holds_when = ""  # a row with `lower_in`
    inside = False


class Qualified(ValuePredicate):
    key, takes, argument = "qualified", list, "strings"
    example = '{"qualified": ["lightning.fabric.accelerators.CPUAccelerator"]}'
    holds_when = ("the value is a call to one of these names, or a name or attribute that resolves to one through "
                  "imports and aliases (`dist.ReduceOp.MIN` to `torch.distributed.ReduceOp.MIN`), or a class, "
                  "strategy or external the layer names so; a name ending in `.*` takes every member")

    def __init__(self, names: list[str]) -> None:
        self.names = tuple(names)

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        return cls(_string_list(cls.key, item[cls.key]))

    def holds_for(self, site: Site, value: Value) -> bool:
        node = value.node.func if isinstance(value.node, ast.Call) else value.node
        return node is not None and matches_name(value_ctx(site, value).resolve(node), self.names) or (
            value.qualified is not None and matches_name(value.qualified, self.names))


class NotIn(Equals):
    key = "not_in"
    example = '{"not_in": ["full", "sharded"]}'
    holds_when = ("the value is a constant equal to none of these, or a member of the project's Enum that `==` "
                  "tells from each (a plain `Enum`'s always; a `str`/`int`-mixed one's by its value)")

    def holds_for(self, site: Site, value: Value) -> bool:
        if value.kind == "enum":
            compared = enum_compares_as(value)
            return compared is NEVER_EQUAL or compared is not None and compared not in self.constants
        known, constant = constant_of(value)
        return known and not any(same(constant, c) for c in self.constants)


class MemberOf(ValuePredicate):
    key, takes = "member_of", str
    options = {"only": "strings", "except": "strings"}
    example = '{"member_of": "torch.distributed.ReduceOp", "except": ["SUM"]}'
    holds_when = ("the value is an attribute `<class>.<MEMBER>` of that class (resolved under its module, or "
                  "spelled with the class's own name when the file does not import it), the member not in "
                  "`except` (or, with `\"only\": [...]`, in `only`)")

    def __init__(self, owner: str, only: Sequence[str] | None, excepted: Sequence[str]) -> None:
        self.owner, self.only, self.excepted = owner, only, tuple(excepted)

    @classmethod
    def option_problem(cls, item: Mapping[str, Any]) -> str | None:
        return _strings_option(item, "except", "only")

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        only = item.get("only")
        return cls(item[cls.key], tuple(only) if only is not None else None, item.get("except", ()))

    def holds_for(self, site: Site, value: Value) -> bool:
        name = member(site, value, self.owner)
        if name is None:
            return False
        return name in self.only if self.only is not None else name not in self.excepted


class _Flag(ValuePredicate):
    """A value predicate whose argument says which answer it wants (`true` or `false`)."""

    takes = bool

    def __init__(self, wanted: bool) -> None:
        self.wanted = wanted

    def holds_for(self, site: Site, value: Value) -> bool:
        return self.test(site, value) is self.wanted

    def test(self, site: Site, value: Value) -> bool:
        raise NotImplementedError


class AtArgument(_Flag):
    key = "at_argument"
    example = '{"at_argument": true}'
    holds_when = "the value is written at the argument itself, not in a variable, field or key"

    def test(self, site: Site, value: Value) -> bool:
        return value.written is site.written


class OnlyValue(_Flag):
    key = "only_value"
    example = '{"only_value": true}'
    holds_when = "the argument holds this one value on every path"

    def test(self, site: Site, value: Value) -> bool:
        values = site.ctx.values(site.written) if site.written is not None else ()
        return len(values) == 1 and not values[0].when and values[0].node is value.node


class Constant(_Flag):
    key = "constant"
    example = '{"constant": true}'
    holds_when = ("the value is a constant (str, int, float, bool, None, `-1`); `false`: anything else, what the "
                  "file cannot see included")

    def test(self, site: Site, value: Value) -> bool:
        return constant_of(value)[0]


class Truthy(ValuePredicate):
    key, takes = "truthy", (bool, type(None))
    example = '{"truthy": true}` / `{"truthy": false}` / `{"truthy": null}'
    holds_when = "the value is certainly truthy / certainly falsy / the layer cannot tell"

    def __init__(self, wanted: bool | None) -> None:
        self.wanted = wanted

    def holds_for(self, site: Site, value: Value) -> bool:
        return value.truthy is self.wanted


class IsCall(_Flag):
    key = "is_call"
    example = '{"is_call": true}'
    holds_when = "the value is written as a call (`XLAAccelerator()`, `make()`)"

    def test(self, site: Site, value: Value) -> bool:
        return isinstance(value.node, ast.Call)


class InThisFile(_Flag):
    key = "in_this_file"
    example = '{"in_this_file": true}'
    holds_when = "the value is written in this document (fixes need it)"

    def test(self, site: Site, value: Value) -> bool:
        return not value.foreign and value.node is not None and value.node in site.ctx.parents


# --- made of other predicates ----------------------------------------------------------------
class AnyOf(Predicate):
    key, takes, argument = "any", list, "predicate_lists"
    example = '{"any": [[<predicate>...], [<predicate>...]]}'
    holds_when = "one of the lists holds whole"

    def __init__(self, groups: Sequence[Sequence[Predicate]]) -> None:
        self.groups = tuple(tuple(g) for g in groups)

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        return cls([reader.predicates(group, f"{where}.any[{j}]") for j, group in enumerate(item[cls.key])])

    def holds(self, site: Site, value: Value | None) -> bool:
        return any(all_hold(group, site, value) for group in self.groups)


class Not(Predicate):
    key, takes, argument = "not", dict, "predicate"
    example = '{"not": <predicate>}'
    holds_when = "the predicate does not hold"

    def __init__(self, negated: Predicate | None) -> None:
        self.negated = negated

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        return cls(reader.predicate(item[cls.key], f"{where}.not"))

    def holds(self, site: Site, value: Value | None) -> bool:
        return self.negated is not None and not self.negated.holds(site, value)


class AllFound(Predicate):
    key, takes, argument = "all_found", list, "predicates"
    example = '{"all_found": [<predicate>...]}'
    holds_when = "every found value passes them (in `some_paths`, message parts and fixes)"

    def __init__(self, predicates: Sequence[Predicate]) -> None:
        self.predicates = tuple(predicates)

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        return cls(reader.predicates(item[cls.key], f"{where}.{cls.key}"))

    def holds(self, site: Site, value: Value | None) -> bool:
        return all(all_hold(self.predicates, site, v) for v in site.found)


# --- on the call -----------------------------------------------------------------------------
class Present(Predicate):
    key, takes = "present", str
    example = '{"present": "keyword"}'
    holds_when = ("the call has this keyword argument (spelled or through `**`), whatever its value: "
                  "`auto_wrapper_callable=None` is present")

    def __init__(self, keyword: str) -> None:
        self.keyword = keyword

    def holds(self, site: Site, value: Value | None) -> bool:
        return self.keyword in site.keywords[0]


class Absent(Predicate):
    key, takes = "absent", str
    options = {"position": "count"}
    example = '{"absent": "keyword", "position": 0}'
    holds_when = ("the call certainly lacks it, by keyword (every `**` read) and, with `position`, positionally "
                  "(no argument there, no `*args` but one whose items the file counts)")

    def __init__(self, keyword: str, position: int | None) -> None:
        self.keyword, self.position = keyword, position

    @classmethod
    def option_problem(cls, item: Mapping[str, Any]) -> str | None:
        if "position" in item and not (type(item["position"]) is int and item["position"] >= 0):
            return "`position` must be a whole number from 0"
        return None

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        return cls(item[cls.key], item.get("position"))

    def holds(self, site: Site, value: Value | None) -> bool:
        return absent(site, self.keyword, self.position)


class StarArgs(Predicate):
    key, takes = "star_args", bool
    example = '{"star_args": true}'
    holds_when = "the call has a `*args` whose items the file cannot count (a known tuple, list or generator is spread)"

    def __init__(self, wanted: bool) -> None:
        self.wanted = wanted

    def holds(self, site: Site, value: Value | None) -> bool:
        return (positional(site) is None) is self.wanted


class NoArguments(Predicate):
    key, takes = "no_arguments", bool
    options = {"except": "strings"}
    example = '{"no_arguments": true}'
    holds_when = ("the call has no positional argument and no keyword but those listed in `\"except\"`: "
                  "`{\"no_arguments\": true, \"except\": [\"device\"]}`; a `*args`/`**kwargs` never counts as \"none\"")

    def __init__(self, allowed: Sequence[str]) -> None:
        self.allowed = frozenset(allowed)

    @classmethod
    def option_problem(cls, item: Mapping[str, Any]) -> str | None:
        return _strings_option(item, "except")

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        return cls(item.get("except", ()))  # the argument is read as `true` whatever it says, as it always was

    def holds(self, site: Site, value: Value | None) -> bool:
        call = site.call
        return not call.args and all(kw.arg is not None and kw.arg in self.allowed for kw in call.keywords)


class Sibling(Predicate):
    key, takes, argument = "sibling", dict, "place"
    options = {"is": "predicates", "single": "boolean"}
    example = '{"sibling": {"keyword": "max_norm", "position": 3}, "is": [<predicate>...]}'
    holds_when = ("the sibling argument is given and every value predicate in `is` holds for it on every path; "
                  "with `\"single\": true` `is` tests only the one value written in this document on every path, "
                  "else the expression at the call (as `paths: \"single\"`): `x = 1 if a else 2` is then no constant")

    def __init__(self, where: dict[str, Any], tests: Sequence[Predicate], single: bool) -> None:
        self.where, self.tests, self.single = where, tuple(tests), single

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        if not isinstance(item.get("single", False), bool):
            reader.problems.append(f"{where}: `single` takes true or false")
        reader.problems.extend(f"{where}.sibling: {p}" for p in where_problems(item[cls.key]))
        tests = reader.predicates(item.get("is", []), f"{where}.is")
        return cls(item[cls.key], tests, bool(item.get("single")))

    def holds(self, site: Site, value: Value | None) -> bool:
        written, _, hidden = argument(site, self.where)
        if written is None or hidden:
            return False
        values: Sequence[Value] = site.ctx.values(written)
        if self.single:  # the one value written on every path (an option's default: the run's), else the expression
            values = [Value("unknown", site.ctx.value_of(written, defaults=True), flow=site.ctx.flow)]
            held = site.ctx.held(written, defaults=True) if values[0].node is written else None
            if held is not None and not held.here:  # written in another module (a config dataclass's default)
                values = [held.value]
        return bool(values) and all(all_hold(self.tests, site, v) for v in values)


class AllValues(AllFound):
    key = "all_values"
    example = '{"all_values": [<predicate>...]}'
    holds_when = ("every value the argument may hold, found or not, passes them (LXF005: the policy holds only "
                  "sets, lists, tuples or classes)")

    def holds(self, site: Site, value: Value | None) -> bool:
        values = site.ctx.values(site.written) if site.written is not None else ()
        return all(all_hold(self.predicates, site, v) for v in values)


class AsSet(Predicate):
    key, takes = "as_set", bool
    example = '{"as_set": true}'
    holds_when = ("the keyword argument's values can be written as one set of the same elements (`{as_set}` is "
                  "not empty)")

    def __init__(self, wanted: bool) -> None:
        self.wanted = wanted

    def holds(self, site: Site, value: Value | None) -> bool:
        return bool(site.as_set) is self.wanted


class Positional(Predicate):
    key, takes = "positional", int
    example = '{"positional": 2}'
    holds_when = ("the call has at least this many positional arguments (a `*args` counts its items when the "
                  "file knows them, else as one)")

    def __init__(self, count: int) -> None:
        self.count = count

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        count = item[cls.key]
        if not (type(count) is int and count >= 0):
            raise Problem("`positional` takes a whole number from 0")
        return cls(count)

    def holds(self, site: Site, value: Value | None) -> bool:
        args = positional(site)
        return len(args if args is not None else site.call.args) >= self.count


class FabricIs(Predicate):
    key, takes, argument = "fabric", list, "strategies"
    example = '{"fabric": ["xla_fsdp"]}'
    holds_when = "the Fabric of the call (as in `strategy`) is one of these"

    def __init__(self, kinds: list[str]) -> None:
        self.kinds = frozenset(kinds)

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        names = strategy_names(reader.strategies)
        if not all(s in OneOf(names) for s in item[cls.key]):
            raise Problem(f"`fabric` takes a list of {', '.join(names)}")
        return cls(item[cls.key])

    def holds(self, site: Site, value: Value | None) -> bool:
        return fabric_of(site) in self.kinds


class Accelerator(Predicate):
    key, takes, argument = "accelerator", list, "constants"
    example = '{"accelerator": ["tpu"]}'
    holds_when = "the call's own `accelerator=` (a `Fabric(...)` call) may hold one of these string constants"

    def __init__(self, names: list[Any]) -> None:
        self.names = tuple(names)

    def holds(self, site: Site, value: Value | None) -> bool:
        given = site.keywords[0].get("accelerator")
        return given is not None and any(
            constant_of(v)[0] and constant_of(v)[1] in self.names for v in site.ctx.values(given.value))


class Fact(Predicate):
    key, takes, argument = "fact", str, "fact"
    example = '{"fact": "strategy_has_accelerator"}'
    holds_when = "a named pack fact holds (the list below)"

    def __init__(self, name: str, fact: Callable[[Site], bool]) -> None:
        self.name, self.fact = name, fact

    @classmethod
    def read(cls, item: Mapping[str, Any], where: str, reader: Reader) -> Predicate:
        name = item[cls.key]
        if name not in reader.facts:
            raise Problem(f"unknown fact `{name}` (known: {', '.join(reader.facts)})")
        return cls(name, reader.facts[name])

    def holds(self, site: Site, value: Value | None) -> bool:
        return self.fact(site)


# In the order of kb/DETECT.md's table: on the value, then made of others, then on the call.
BUILT_IN: tuple[type[Predicate], ...] = (
    Kind, KindNot, Equals, LowerIn, LowerNotIn, Qualified, NotIn, MemberOf, AtArgument, OnlyValue, Constant,
    AnyOf, Not, Truthy, AllFound, IsCall, InThisFile, Present, Absent, StarArgs, NoArguments, Sibling, AllValues,
    AsSet, Positional, FabricIs, Accelerator, Fact)
