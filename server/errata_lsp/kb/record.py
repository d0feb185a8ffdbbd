"""An error record: the dataset's schema version 2, kept whole (unknown fields included)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

# Field -> accepted JSON types. Missing optional fields are fine; a present field of another type is an error.
REQUIRED = ("id", "repo", "errorMessage", "errorClass")
FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "id": (str,),
    "repo": (str,),
    "errorMessage": (str,),
    "messagePattern": (str, type(None)),
    "errorClass": (str,),
    "filePath": (str, type(None)),
    "lineNumber": (int, type(None)),
    "sourceCode": (str, type(None)),
    "githubUrl": (str, type(None)),
    "documentation": (str, type(None)),
    "triggerScenarios": (str, type(None)),
    "commonSituations": (str, type(None)),
    "solutions": (list, type(None)),
    "exampleFix": (str, type(None)),
    "handlingStrategy": (str, type(None)),
    "validationCode": (str, type(None)),
    "typeGuard": (str, type(None)),
    "preventionTips": (list, type(None)),
    "tags": (list, type(None)),
    "symbols": (list, type(None)),
    "analyzedSha": (str, type(None)),
    "schemaVersion": (int, type(None)),
}
LIST_OF_STR = ("solutions", "preventionTips", "tags", "symbols")
MAX_DEPTH = 64  # objects and lists inside one another; the shipped records nest 13 deep

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_BACKTICKED = re.compile(r"`([^`]+)`")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# In a trigger scenario: a constructor such as `XLAFSDPStrategy(` or a call such as `fabric.setup(`.
_SCENARIO_API = re.compile(r"\b([A-Z]\w*(?:Strategy|Fabric))\(|\b(?:fabric|strategy)\.(\w+)\(")


class RecordError(ValueError):
    """A record that cannot be used; the message says which field and why."""


def pattern_from_template(message: str) -> str:
    """A regex for a message template: literal text escaped, each `{placeholder}` a lazy group."""
    parts = _PLACEHOLDER.split(message)
    return "(.+?)".join(re.escape(p) for p in parts)


def template_literals(message: str) -> list[str]:
    """The literal stretches of a message template, longest first."""
    return sorted((p.strip() for p in _PLACEHOLDER.split(message) if p.strip()), key=len, reverse=True)


# What a record from the compiled cache carries before its data is read, in this order.
HEAD = ("id", "repo", "errorClass", "errorMessage", "messagePattern", "tags", "symbols", "_literal", "_key")
_HEAD_INDEX = {name: i for i, name in enumerate(HEAD)}


class Record:
    """One record. Its whole data may stay on disk until something reads it: a record loaded from
    the compiled cache (`cache.py`) carries only its head (what lookups need) and a loader."""

    __slots__ = ("_data", "source", "_head", "_loader")

    def __init__(
        self, data: dict[str, Any] | None = None, source: str = "",
        head: list[Any] | None = None, loader: Callable[[], dict[str, Any]] | None = None,
    ):
        self._data = data
        self.source = source  # "path:line" the record was read from
        self._head = head  # values in HEAD order
        self._loader = loader

    def __repr__(self) -> str:
        return f"Record({self.id!r}, source={self.source!r})"

    @property
    def data(self) -> dict[str, Any]:
        if self._data is None:
            self._data = self._loader() if self._loader else dict(zip(HEAD, self._head or ()))
        return self._data

    def _field(self, key: str) -> Any:
        if self._head is not None:
            index = _HEAD_INDEX.get(key)
            if index is not None:
                return self._head[index]
        return self.data.get(key)

    @property
    def id(self) -> str:
        return cast("str", self._field("id"))

    def get(self, key: str, default: Any = None) -> Any:
        value = self._field(key)
        return default if value is None else value

    @property
    def error_message(self) -> str:
        return cast("str", self._field("errorMessage"))

    @property
    def error_class(self) -> str:
        return cast("str", self._field("errorClass"))

    @property
    def message_pattern(self) -> str:
        return self._field("messagePattern") or pattern_from_template(self.error_message)

    @property
    def title(self) -> str:
        return f"{self.error_class}: {self.error_message}"

    @property
    def link(self) -> str | None:
        return cast("str | None", self._field("githubUrl"))

    @property
    def index_key(self) -> tuple[str, str] | None:
        """(literal, key word) for the message index, when the cache computed them."""
        return (self._head[7], self._head[8]) if self._head is not None else None

    @property
    def symbols(self) -> list[str]:
        """API names this error concerns: the record's own `symbols`, else the identifiers it quotes."""
        if self._head is not None:
            return list(self._head[_HEAD_INDEX["symbols"]] or ())  # derived when the cache was made
        declared = self._field("symbols")
        if declared:
            return list(declared)
        found: list[str] = []
        for quoted in _BACKTICKED.findall(self.error_message):
            for name in _IDENT.findall(_PLACEHOLDER.sub("", quoted)):
                if name not in found and name not in ("self", "class", "__name__", "__class__"):
                    found.append(name)
        for cls, method in _SCENARIO_API.findall(self.get("triggerScenarios", "")):
            name = cls or method
            if name not in found:
                found.append(name)
        return found


def validate(data: Any, check_pattern: bool = True) -> Record:
    """Check one decoded record against the schema; raise RecordError naming the first problem.
    `check_pattern=False` leaves out compiling `messagePattern` (the shipped records: `kb validate`
    checks those in full, and the test suite runs it)."""
    if not isinstance(data, dict):
        raise RecordError(f"a record must be a JSON object, found {type(data).__name__}")
    if too_deep(data, MAX_DEPTH):  # whatever reads it later (detect, cards) would recurse that deep
        raise RecordError(f"nested more than {MAX_DEPTH} objects or lists deep")
    for key in REQUIRED:
        if key not in data or data[key] in (None, ""):
            raise RecordError(f"missing required field `{key}`")
    for key, types in FIELD_TYPES.items():
        if key in data and not isinstance(data[key], types) or (
            key in data and isinstance(data[key], bool) and bool not in types
        ):
            expected = " or ".join("null" if t is type(None) else _JSON_NAME[t] for t in types)
            raise RecordError(f"field `{key}` must be {expected}, found {_json_type(data[key])}")
    for key in LIST_OF_STR:
        if isinstance(data.get(key), list) and not all(isinstance(v, str) for v in data[key]):
            raise RecordError(f"field `{key}` must be a list of strings")
    pattern = data.get("messagePattern")
    if pattern and check_pattern:
        from .pattern import problem  # compiles with the engine the lookups use

        found = problem(pattern)
        if found:
            raise RecordError(found)
    return Record(data)


def too_deep(value: Any, limit: int) -> bool:
    """Whether objects and lists nest more than `limit` deep in `value` (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


_JSON_NAME = {str: "a string", int: "an integer", list: "a list", dict: "an object"}


def _json_type(value: Any) -> str:
    return {
        bool: "a boolean", int: "an integer", float: "a number", str: "a string",
        list: "a list", dict: "an object", type(None): "null",
    }.get(type(value), type(value).__name__)
