"""kb/detect.schema.json and kb/DETECT.md's predicate table, made from the predicate classes the
vocabulary holds (the built-in ones and those the shipped packs register), as ast-grep derives its rule
schema from its rule types. A test fails when the committed files are stale.

    python -m errata_lsp.analysis.detect.schema           # write both
    python -m errata_lsp.analysis.detect.schema --check   # exit 1 when either is stale
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .predicate import Predicate
from .section import AT, CASE_KEYS, FIX_KEYS, PATHS, REQUIRED, SAFETIES, SEVERITIES
from .site import strategy_names
from .vocabulary import Vocabulary, pack_facts

KB = Path(__file__).resolve().parent.parent.parent / "kb"
SCHEMA = KB / "detect.schema.json"
DOC = KB / "DETECT.md"
TABLE_START = "<!-- the predicate table is made from the predicate classes: python -m errata_lsp.analysis.detect.schema -->"
TABLE_END = "<!-- end of the predicate table -->"
BY_TAKES = {str: "string", bool: "boolean", int: "count", dict: "object", list: "array"}


def _shapes(vocabulary: Vocabulary) -> dict[str, Any]:
    """The JSON shapes an argument or an option may take, by the name a predicate class gives."""
    strings = {"type": "array", "items": {"type": "string"}}
    return {
        "string": {"type": "string"}, "boolean": {"type": "boolean"}, "boolean_or_null": {"type": ["boolean", "null"]},
        "count": {"type": "integer", "minimum": 0}, "object": {"type": "object"}, "array": {"type": "array"},
        "strings": strings, "constants": {"type": "array", "items": {"type": ["string", "number", "boolean", "null"]}},
        "predicate": {"$ref": "#/$defs/predicate"}, "predicates": {"$ref": "#/$defs/predicates"},
        "predicate_lists": {"type": "array", "items": {"$ref": "#/$defs/predicates"}},
        "strategies": {"type": "array", "items": {"enum": list(strategy_names(vocabulary.strategies))}},
        "fact": {"enum": list(vocabulary.facts)}, "place": {"$ref": "#/$defs/place"},
    }


def _argument_shape(predicate: type[Predicate]) -> str:
    if predicate.argument:
        return predicate.argument
    return "boolean_or_null" if isinstance(predicate.takes, tuple) else BY_TAKES[predicate.takes]


def predicate_schema(predicate: type[Predicate], vocabulary: Vocabulary) -> dict[str, Any]:
    shapes = _shapes(vocabulary)
    properties = {predicate.key: shapes[_argument_shape(predicate)],
                  **{name: shapes[shape] for name, shape in predicate.options.items()}}
    return {"type": "object", "properties": properties, "required": [predicate.key], "additionalProperties": False}


def section_schema(vocabulary: Vocabulary) -> dict[str, Any]:
    """The JSON schema of a `detect` section (the checks `kb validate` makes beyond it: placeholders, the
    examples run)."""
    words = {"type": "array", "items": {"type": "string", "minLength": 1}}
    message = {"oneOf": [{"type": "string"}, {"type": "array", "minItems": 1, "items": {
        "type": "object", "properties": {"text": {"type": "string"}, "when": {"$ref": "#/$defs/predicates"}},
        "required": ["text"], "additionalProperties": False}}]}
    fix_keys = sorted({key for keys in FIX_KEYS.values() for key in keys})
    fix = {"type": "object", "required": ["kind"], "properties": {
        "kind": {"enum": list(FIX_KEYS)}, "title": {"type": "string"}, "safety": {"enum": list(SAFETIES)},
        "preferred": {"type": "boolean"}, "when": {"$ref": "#/$defs/predicates"},
        **{key: {} for key in fix_keys}}, "additionalProperties": False}
    properties: dict[str, Any] = {
        "code": {"type": "string", "pattern": "^[A-Z]{2,5}[0-9]{3}$"},
        "name": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
        "summary": {"type": "string"}, "doc": {"type": "string"}, "triggers": words, "reveals": words,
        "call": {"oneOf": [
            {"type": "object", "properties": {"qualified": words}, "required": ["qualified"], "additionalProperties": False},
            {"type": "object", "properties": {"method": {"type": "string"}, "receiver": {"enum": ["fabric", "any"]}},
             "required": ["method"], "additionalProperties": False}]},
        "strategy": _shapes(vocabulary)["strategies"], "argument": {"$ref": "#/$defs/place"},
        "match": {"$ref": "#/$defs/predicates"}, "unless": {"$ref": "#/$defs/predicates"},
        "at": {"oneOf": [{"enum": list(AT)}, {"type": "object", "properties": {"keyword": {"type": "string"}},
                                              "required": ["keyword"], "additionalProperties": False}]},
        "fix_at": {"type": "object", "properties": {"in": {"type": "string"}, "keyword": {"type": "string"},
                                                    "when": {"$ref": "#/$defs/predicates"}, "note": {"type": "string"}},
                   "required": ["in", "keyword"], "additionalProperties": False},
        "lookup": {"type": "object", "additionalProperties": {"type": "object", "additionalProperties": {"type": "string"}}},
        "message": message, "some_paths": message, "severity": {"enum": list(SEVERITIES)}, "paths": {"enum": list(PATHS)},
        "warning_unless": {"$ref": "#/$defs/predicates"}, "conditions": {"enum": ["found", "certain"]},
        "raised_by": {"enum": ["call", "use"]}, "fixes": {"type": "array", "items": fix},
        "records": {"type": "array", "items": {"type": "object", "properties": {
            "id": {"type": "string"}, "when": {"$ref": "#/$defs/predicates"}}, "required": ["id", "when"],
            "additionalProperties": False}},
        "examples": {"type": "array", "items": {"oneOf": [
            {"type": "object", "properties": {"good": {"type": "string"}}, "required": ["good"], "additionalProperties": False},
            {"type": "object", "properties": {
                "bad": {"type": "string"}, "fixed": {"type": "string"}, "fix": {"type": "string"},
                "message": {"type": "string"}, "count": {"type": "integer"},
                "at": {"type": "string", "pattern": "^[0-9]+:[0-9]+-[0-9]+:[0-9]+$"}, "severity": {"enum": list(SEVERITIES)}},
             "required": ["bad", "count", "at", "severity"], "additionalProperties": False}]}},
    }
    case = {"type": "object", "properties": {key: properties[key] for key in sorted(CASE_KEYS)},
            "additionalProperties": False}
    predicates = sorted(vocabulary.predicates.values(), key=lambda p: p.key)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "the `detect` section of an errata record (kb/DETECT.md)",
        "type": "object",
        "properties": {**properties, "cases": {"type": "array", "minItems": 1, "items": case}},
        "additionalProperties": False,
        "anyOf": [{"required": list(REQUIRED)}, {"required": ["cases", *(k for k in REQUIRED if k not in CASE_KEYS)]}],
        "$defs": {
            "place": {"type": "object", "properties": {"keyword": {"type": "string"},
                                                       "position": {"type": "integer", "minimum": 0}},
                      "minProperties": 1, "additionalProperties": False},
            "predicates": {"type": "array", "items": {"$ref": "#/$defs/predicate"}},
            "predicate": {"oneOf": [{"$ref": f"#/$defs/predicate_{p.key}"} for p in predicates]},
            **{f"predicate_{p.key}": predicate_schema(p, vocabulary) for p in predicates},
        },
    }


def predicate_table(vocabulary: Vocabulary) -> str:
    """DETECT.md's predicate table: a row a class, in the vocabulary's order (the packs' last)."""
    rows = ["| predicate | holds when |", "|---|---|"]
    rows += [f"| `{p.example}` | {p.holds_when} |" for p in vocabulary.predicates.values() if p.example]
    return "\n".join(rows)


def schema_text(vocabulary: Vocabulary) -> str:
    return json.dumps(section_schema(vocabulary), indent=1) + "\n"


def doc_text(doc: str, vocabulary: Vocabulary) -> str:
    """DETECT.md with its predicate table made again."""
    before, rest = doc.split(TABLE_START + "\n", 1)
    _, after = rest.split(TABLE_END, 1)
    return f"{before}{TABLE_START}\n{predicate_table(vocabulary)}\n{TABLE_END}{after}"


def main(argv: list[str]) -> int:
    vocabulary = pack_facts()
    wanted = {SCHEMA: schema_text(vocabulary), DOC: doc_text(DOC.read_text(encoding="utf-8"), vocabulary)}
    stale = [path for path, text in wanted.items() if not path.exists() or path.read_text(encoding="utf-8") != text]
    if "--check" in argv:
        for path in stale:
            print(f"{path} is stale: run python -m errata_lsp.analysis.detect.schema")
        return 1 if stale else 0
    for path in stale:
        path.write_text(wanted[path], encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
