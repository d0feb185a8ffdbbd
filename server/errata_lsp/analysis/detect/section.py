"""A record's `detect` section read once, when it is loaded: its JSON checked against kb/DETECT.md and
its predicates made objects (`Section`). Every problem is one sentence with its place in the section.

A section with `cases` costs time linear in its size: each key of the section and of each case is read
once, and only what depends on two keys together (a key missing from both, a placeholder a case's
`lookup` names) is looked at again per case."""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..findings import Safety, Severity
from .predicate import OneOf, Predicate, Reader, strings
from .predicates import where_problems
from .site import strategy_names
from .vocabulary import Vocabulary

SEVERITIES = {s.value: s for s in Severity}
SAFETIES = {s.value: s for s in Safety}
PATHS = ("every-error-some-warning", "any", "single")
AT = ("value", "argument", "call", "callee")
CASE_KEYS = {"call", "strategy", "argument", "match", "unless", "at", "fix_at", "message", "lookup",
             "warning_unless", "some_paths", "conditions", "paths", "fixes", "records"}
REQUIRED = ("code", "name", "call", "message", "examples")
CODE = re.compile(r"[A-Z]{2,5}[0-9]{3}")
NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
FIX_KEYS = {
    "replace_value": {"text", "string", "holder", "quote"}, "nearest": {"choices", "synonyms", "holder"}, "to_set": set(),
    "remove_argument": set(), "remove_sibling": {"keyword", "position", "next"},
    "replace_sibling": {"keyword", "text", "value"},
    "insert_keyword": {"keyword", "text"}, "replace_argument": {"text"},
    "remove_nested": {"in", "keyword"}, "rename_keyword": {"to"}, "rename_callee": {"to"},
    "replace_receiver": {"with"},
}
MAX_PROBLEMS = 50  # said of one section; a section broken everywhere is not worth a longer list


class DetectError(ValueError):
    """A `detect` section that cannot be made into a rule; `problems` says each thing wrong."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


# --- what a section is, read ------------------------------------------------------------------
@dataclass(frozen=True)
class Part:
    """A message part: its template, and the predicates (on the first found value) it is said under."""

    text: str
    when: tuple[Predicate, ...] = ()


@dataclass(frozen=True)
class FixSpec:
    """A fix of the section: its JSON (kind, title, ...) and the predicates it is offered under."""

    spec: Mapping[str, Any]
    when: tuple[Predicate, ...] = ()


@dataclass(frozen=True)
class FixAt:
    """`fix_at`: where the fix of a two-sided clash belongs when it is not the underlined argument: the keyword
    `keyword` of the object the call's `in=` argument holds, followed to the module that builds it, when the
    predicates `when` (on the first found value) hold; `note` is added to the message when that module is
    another one (`{fix_at}` names the keyword and its place)."""

    spec: Mapping[str, Any]
    when: tuple[Predicate, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class RecordChoice:
    """`records`: a finding belongs to record `id` when `when` holds."""

    id: str
    when: tuple[Predicate, ...]


@dataclass(frozen=True)
class Section:
    """A section (or one of its cases, with the rest of the section) as the rule runs it."""

    spec: Mapping[str, Any]  # the JSON, for the plain keys (code, call, argument, lookup, ...)
    match: tuple[Predicate, ...] = ()
    unless: tuple[Predicate, ...] = ()
    warning_unless: tuple[Predicate, ...] = ()
    message: tuple[Part, ...] = ()
    some_paths: tuple[Part, ...] = (Part("; on some paths"),)
    fixes: tuple[FixSpec, ...] = ()
    records: tuple[RecordChoice, ...] = ()
    placeholders: frozenset[str] = frozenset()  # every placeholder its templates name
    fix_at: FixAt | None = None
    cases: tuple[Section, ...] = ()


# --- reading one key ------------------------------------------------------------------------
@dataclass(frozen=True)
class TemplateCheck:
    """Placeholders a template names, checked once the section's `lookup` is known: `allowed` is
    "message" (the message's placeholders), "fix" (a fix's title) or "receiver" (no lookup names)."""

    names: tuple[str, ...]
    where: str
    allowed: str  # "message", "fix", "receiver" or "fix_at" (the message's and `{fix_at}`)


Said = str | TemplateCheck  # a problem, or one that depends on the lookup


@dataclass
class KeyReading:
    """One key of a section (or of a case), read: what is wrong with it, and what it is."""

    said: list[Said] = field(default_factory=list)
    value: Any = None
    names: set[str] = field(default_factory=set)  # the placeholders it names


def _template(template: Any, where: str, allowed: str, reading: KeyReading) -> None:
    if not isinstance(template, str):
        reading.said.append(f"{where} must be a string")
        return
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as exc:
        reading.said.append(f"{where}: {exc} (write `{{{{` and `}}}}` for braces)")
        return
    names: list[str] = []
    bad: list[str] = []
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        (bad if spec or conversion else names).append(name)
    reading.names.update(names)
    reading.said.extend(f"{where}: unknown placeholder `{{{name}}}`" for name in bad)
    if names:
        reading.said.append(TemplateCheck(tuple(names), where, allowed))


def _message(message: Any, key: str, reader: Reader, reading: KeyReading) -> tuple[Part, ...]:
    if isinstance(message, str):
        _template(message, f"`{key}`", "message", reading)
        return (Part(message),)
    if not isinstance(message, list) or not message:
        reading.said.append(f"`{key}` must be a string or a list of parts")
        return ()
    parts = []
    for i, part in enumerate(message):
        where = f"`{key}[{i}]`"
        if not isinstance(part, dict) or "text" not in part or set(part) - {"text", "when"}:
            reading.said.append(f"{where} must be {{\"text\": ..., \"when\": [...]}}")
            continue
        _template(part["text"], where, "message", reading)
        parts.append(Part(part["text"], reader.predicates(part.get("when", []), f"{where}.when")))
    return tuple(parts)


def _fix(item: Any, where: str, reader: Reader, reading: KeyReading) -> FixSpec | None:
    if not isinstance(item, dict) or item.get("kind") not in OneOf(FIX_KEYS):
        reading.said.append(f"{where}: `kind` must be one of {', '.join(FIX_KEYS)}")
        return None
    kind = item["kind"]
    said = reading.said

    def problem(text: str) -> None:
        said.append(f"{where}: {text}")

    extra = set(item) - FIX_KEYS[kind] - {"kind", "title", "safety", "preferred", "when"}
    if extra:
        problem(f"`{kind}` takes no `{'`, `'.join(sorted(extra))}`")
    if kind != "to_set":
        _template(item.get("title"), f"{where}: `title`", "fix", reading)
    if item.get("safety", "safe") not in OneOf(SAFETIES):
        problem("`safety` must be \"safe\" or \"unsafe\"")
    if "preferred" in item and not isinstance(item["preferred"], bool):
        problem("`preferred` must be true or false")
    if kind == "replace_value" and len({"text", "string"} & set(item)) != 1:
        problem("`replace_value` takes one of `text` and `string`")
    if item.get("holder", "only_use") not in OneOf(("only_use", "any")):
        problem("`holder` must be \"only_use\" or \"any\"")
    if kind == "nearest" and not strings(item.get("choices")):
        problem("`nearest` needs `choices`, a list of strings")
    if "position" in item and not (type(item["position"]) is int and item["position"] >= 0):
        problem("`position` must be a whole number from 0")
    for key in ("text", "string", "keyword", "to", "next", "in"):
        if key in item and not isinstance(item[key], str):
            problem(f"`{key}` must be a string")
    for key in ("text", "string"):
        if isinstance(item.get(key), str):
            _template(item[key], f"{where}: `{key}`", "message", reading)
    if item.get("quote", "value") not in OneOf(("value", "statement")):
        problem("`quote` must be \"value\" or \"statement\"")
    if kind == "replace_argument" and "text" not in item:
        problem("`replace_argument` needs `text`")
    if kind == "remove_nested" and not ("in" in item and "keyword" in item):
        problem("`remove_nested` needs `in` and `keyword`")
    if kind in ("replace_sibling", "insert_keyword") and not ("keyword" in item and "text" in item):
        problem(f"`{kind}` needs `keyword` and `text`")
    if "value" in item and not isinstance(item["value"], bool):
        problem("`value` must be true or false")
    if kind in ("remove_sibling",) and "keyword" not in item or kind in ("rename_keyword", "rename_callee") and (
            "to" not in item):
        problem(f"`{kind}` needs `{'keyword' if kind == 'remove_sibling' else 'to'}`")
    if kind == "replace_receiver":
        _template(item.get("with"), f"{where}: `with`", "receiver", reading)
    when = reader.predicates(item.get("when", []), f"{where}: `when`")
    return FixSpec(item, when)


def _example(example: Any, where: str, said: list[Said]) -> None:
    def problem(text: str) -> None:
        said.append(f"{where}: {text}")

    if not isinstance(example, dict) or len({"bad", "good"} & set(example)) != 1:
        return problem("an example has one of `bad` and `good`")
    if "good" in example:
        extra = set(example) - {"good"}
        return problem(f"a `good` example takes no `{'`, `'.join(sorted(extra))}`") if extra else None
    extra = set(example) - {"bad", "fixed", "fix", "message", "count", "at", "severity"}
    if extra:
        problem(f"unknown key(s) `{'`, `'.join(sorted(extra))}`")
    for key in ("count", "at", "severity"):
        if key not in example:
            problem(f"a `bad` example needs `{key}`")
    if "at" in example and not (isinstance(example["at"], str) and re.fullmatch(r"\d+:\d+-\d+:\d+", example["at"])):
        problem("`at` must be \"line:column-line:column\"")
    if "severity" in example and example["severity"] not in OneOf(SEVERITIES):
        problem(f"`severity` must be one of {', '.join(SEVERITIES)}")
    for key in ("bad", "fixed", "fix", "message"):
        if key in example and not isinstance(example[key], str):
            problem(f"`{key}` must be a string")
    return None


def _code(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    if not (isinstance(value, str) and CODE.fullmatch(value)):
        reading.said.append("`code` must look like LXF016 (2-5 capitals, 3 digits)")


def _name(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    if not (isinstance(value, str) and NAME.fullmatch(value)):
        reading.said.append("`name` must be kebab-case")


def _text(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    if not isinstance(value, str):
        reading.said.append(f"`{key}` must be a string")


def _words(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    if not (isinstance(value, list) and all(isinstance(w, str) and w for w in value)):
        reading.said.append(f"`{key}` must be a list of words")


def _call(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    if not isinstance(value, dict) or len({"qualified", "method"} & set(value)) != 1:
        reading.said.append("`call` must have exactly one of `qualified` and `method`")
    elif "qualified" in value:
        if set(value) != {"qualified"} or not strings(value["qualified"]):
            reading.said.append("`call.qualified` must be a list of qualified names, alone")
    elif not isinstance(value["method"], str) or set(value) - {"method", "receiver"} or value.get(
            "receiver", "fabric") not in OneOf(("fabric", "any")):
        reading.said.append("`call.method` must be a name; `call.receiver` is \"fabric\" or \"any\"")


def _strategy(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    names = strategy_names(vocabulary.strategies)
    if not (isinstance(value, list) and all(s in OneOf(names) for s in value)):
        reading.said.append(f"`strategy` must be a list of {', '.join(names)}")


def _argument(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    reading.said.extend(f"`argument`: {p}" for p in where_problems(value))


def _predicate_list(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    reading.value = _reader(vocabulary, reading).predicates(value, f"`{key}`")


def _at(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    if value not in OneOf(AT) and not (
            isinstance(value, dict) and set(value) == {"keyword"} and isinstance(value["keyword"], str)):
        reading.said.append(f"`at` must be one of {', '.join(AT)}, or {{\"keyword\": name}}")


def _fix_at(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    if not (isinstance(value, dict) and {"in", "keyword"} <= set(value) <= {"in", "keyword", "when", "note"}
            and isinstance(value["in"], str) and isinstance(value["keyword"], str)):
        reading.said.append("`fix_at` must be {\"in\": argument, \"keyword\": name, \"when\": [...], \"note\": text}")
        return
    if "note" in value:
        _template(value["note"], "`fix_at.note`", "fix_at", reading)
    when = _reader(vocabulary, reading).predicates(value.get("when", []), "`fix_at.when`")
    reading.value = FixAt(value, when, value.get("note", "") if isinstance(value.get("note"), str) else "")


def _one_of(options: Sequence[str], said: str) -> Callable[[str, Any, KeyReading, Vocabulary], None]:
    def check(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
        if value not in OneOf(options):
            reading.said.append(said)
    return check


def _lookup_key(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    reading.value = _lookup(value, vocabulary, reading.said)


def _records(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    if not isinstance(value, list) or not all(
            isinstance(r, dict) and set(r) == {"id", "when"} and isinstance(r["id"], str) for r in value):
        reading.said.append("`records` must be a list of {\"id\": record id, \"when\": [...]}")
        return
    reader = _reader(vocabulary, reading)
    reading.value = tuple(RecordChoice(r["id"], reader.predicates(r["when"], f"`records[{i}].when`"))
                          for i, r in enumerate(value))


def _message_key(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    reading.value = _message(value, key, _reader(vocabulary, reading), reading)


def _fixes(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    if not isinstance(value, list):
        reading.said.append("`fixes` must be a list")
        return
    reader = _reader(vocabulary, reading)
    fixes = (_fix(item, f"`fixes[{i}]`", reader, reading) for i, item in enumerate(value))
    reading.value = tuple(f for f in fixes if f is not None)


def _examples(key: str, value: Any, reading: KeyReading, vocabulary: Vocabulary) -> None:
    if not isinstance(value, list):
        reading.said.append("`examples` must be a list")
        return
    for i, example in enumerate(value):
        _example(example, f"`examples[{i}]`", reading.said)
    kinds = {("good" in e) for e in value if isinstance(e, dict)}
    if kinds != {True, False}:
        reading.said.append("`examples` needs at least one `bad` and one `good`")


def _reader(vocabulary: Vocabulary, reading: KeyReading) -> Reader:
    """A predicate reader whose problems are this key's."""
    reader = vocabulary.reader()
    reader.problems = reading.said  # type: ignore[assignment]  # strings only: a predicate names no placeholder
    return reader


# How each key is read, in the order problems are said in (KEYS).
KEY_READERS: dict[str, Callable[[str, Any, KeyReading, Vocabulary], None]] = {
    "code": _code, "name": _name, "summary": _text, "doc": _text, "triggers": _words, "reveals": _words,
    "call": _call, "strategy": _strategy, "argument": _argument, "match": _predicate_list,
    "unless": _predicate_list, "at": _at, "fix_at": _fix_at,
    "severity": _one_of(tuple(SEVERITIES), f"`severity` must be one of {', '.join(SEVERITIES)}"),
    "paths": _one_of(PATHS, f"`paths` must be one of {', '.join(PATHS)}"),
    "lookup": _lookup_key, "warning_unless": _predicate_list,
    "conditions": _one_of(("found", "certain"), "`conditions` must be \"found\" or \"certain\""),
    "raised_by": _one_of(("call", "use"), "`raised_by` must be \"call\" or \"use\""),
    "records": _records, "message": _message_key, "some_paths": _message_key, "fixes": _fixes,
    "examples": _examples,
}
KEYS = (*KEY_READERS, "cases")


def read_key(key: str, value: Any, vocabulary: Vocabulary) -> KeyReading:
    """One key of a section, on its own (what depends on another key: `TemplateCheck`s and `_own`)."""
    reading = KeyReading(value=value)
    KEY_READERS[key](key, value, reading, vocabulary)
    return reading


def _lookup(lookup: Any, vocabulary: Vocabulary, said: list[Said]) -> frozenset[str]:
    """The placeholders a lookup's rows name (`{shown}`, `{shown_repr}`)."""
    if not isinstance(lookup, dict) or not all(
            isinstance(row, dict) and all(isinstance(k, str) and k.isidentifier() and isinstance(v, str)
                                          for k, v in row.items()) for row in lookup.values()):
        said.append("`lookup` must map a constant (as text) to {\"name\": \"text\", ...}")
        return frozenset()
    looked_up = frozenset(n for row in lookup.values() for name in row for n in (name, f"{name}_repr"))
    built_in = looked_up & vocabulary.fix_fields
    if built_in:
        said.append(f"`lookup` names a built-in placeholder: {', '.join(sorted(built_in))}")
    return looked_up


# --- a whole section -----------------------------------------------------------------------
class _Keys:
    """The keys of a section or a case, each read once (on demand)."""

    def __init__(self, spec: Mapping[str, Any], vocabulary: Vocabulary) -> None:
        self.spec, self.vocabulary = spec, vocabulary
        self.read: dict[str, KeyReading] = {}
        self.resolved: dict[tuple[str, int], tuple[str, ...]] = {}  # (key, id of the lookup) -> problems

    def __getitem__(self, key: str) -> KeyReading:
        if key not in self.read:
            self.read[key] = read_key(key, self.spec[key], self.vocabulary)
        return self.read[key]

    def problems(self, key: str, lookup: _Keys | None) -> tuple[str, ...]:
        """This key's problems, its placeholders checked against `lookup`'s (the same tuple each time)."""
        found = self.resolved.get((key, id(lookup)))
        if found is None:
            looked_up: frozenset[str] = lookup["lookup"].value if lookup is not None else frozenset()
            found = self.resolved[key, id(lookup)] = tuple(_resolve(self[key].said, self.vocabulary, looked_up))
        return found


def _holder(key: str, keys: _Keys, owner: _Keys | None) -> _Keys | None:
    """Who gives `key`: the case (or section) itself, else the section it is a case of."""
    return keys if key in keys.spec else owner if owner is not None and key in owner.spec else None


def _resolve(said: Sequence[Said], vocabulary: Vocabulary, looked_up: frozenset[str]) -> Iterator[str]:
    allowed = {"message": vocabulary.message_fields | looked_up, "fix": vocabulary.fix_fields | looked_up,
               "receiver": vocabulary.fix_fields, "fix_at": vocabulary.message_fields | looked_up | {"fix_at"}}
    for item in said:
        if isinstance(item, str):
            yield item
        else:
            yield from (f"{item.where}: unknown placeholder `{{{name}}}`" for name in item.names
                        if name not in allowed[item.allowed])


def _own(keys: _Keys, owner: _Keys | None = None) -> list[tuple[str, ...]]:
    """The problems of a section's keys (or a case's, over `owner`'s), one tuple a key, in KEYS' order;
    a key the case does not give is the owner's tuple itself."""
    spec = {**(owner.spec if owner else {}), **keys.spec}
    lookup = _holder("lookup", keys, owner)
    found: list[tuple[str, ...]] = [tuple(f"unknown key `{key}`" for key in sorted(set(keys.spec) - set(KEYS)))]
    missing = tuple(f"missing `{key}`" for key in REQUIRED if key not in spec)
    found.append(missing)
    for key in KEY_READERS:
        holder = _holder(key, keys, owner)
        if holder is not None:
            found.append(holder.problems(key, lookup))
        if key == "at" and spec.get("at") in OneOf(("value", "argument")) and "argument" not in spec:
            found.append(("`at` names the argument, but there is no `argument`",))
    return found


def _cases_problems(base: _Keys, cases: list[_Keys]) -> Iterator[str]:
    """Each case's problems as the section it makes with the rest; a problem every case has is named
    once, first, the others after `cases[i]`."""
    per_case = []
    for case in cases:
        belongs = tuple(f"`{key}` belongs to the section, not a case"
                        for key in sorted(set(case.spec) & set(KEYS) - CASE_KEYS))
        per_case.append([belongs, *_own(case, base)])
    # how many cases have each problem: a tuple shared by several cases counted once per case holding it
    holders: Counter[int] = Counter(id(chunk) for chunks in per_case for chunk in chunks)
    counted, every = set(), Counter[str]()
    for chunks in per_case:
        for chunk in chunks:
            if id(chunk) not in counted:
                counted.add(id(chunk))
                for problem in dict.fromkeys(chunk):
                    every[problem] += holders[id(chunk)]
    common = {problem for problem, count in every.items() if count >= len(cases)}
    yield from (p for chunk in per_case[0] for p in dict.fromkeys(chunk) if p in common)
    for i, chunks in enumerate(per_case):
        yield from (f"`cases[{i}]`: {p}" for chunk in chunks for p in chunk if p not in common)


def _section(keys: _Keys, owner: _Keys | None = None) -> Section:
    """The Section of sound keys (a case's over its owner's)."""
    def value(key: str, default: Any) -> Any:
        holder = _holder(key, keys, owner)
        return holder[key].value if holder is not None else default

    def names(key: str) -> set[str]:
        holder = _holder(key, keys, owner)
        return holder[key].names if holder is not None else set()

    spec = {**(owner.spec if owner else {}), **keys.spec}
    spec.pop("cases", None)
    return Section(spec, value("match", ()), value("unless", ()), value("warning_unless", ()),
                   value("message", ()), value("some_paths", Section.some_paths), value("fixes", ()),
                   value("records", ()), frozenset(names("message") | names("some_paths") | names("fixes")
                                                   | names("fix_at")), fix_at=value("fix_at", None))


def read_section(spec: Any, vocabulary: Vocabulary) -> tuple[Section | None, list[str]]:
    """The section and [] when it is sound, else None and its problems (at most MAX_PROBLEMS, and a
    last line saying there were more)."""
    if not isinstance(spec, dict):
        return None, ["`detect` must be an object"]
    if "cases" in spec:
        cases = spec["cases"]
        if not (isinstance(cases, list) and cases and all(isinstance(case, dict) for case in cases)):
            return None, ["`cases` must be a non-empty list of objects"]
        base = _Keys({key: value for key, value in spec.items() if key != "cases"}, vocabulary)
        case_keys = [_Keys(case, vocabulary) for case in cases]
        problems = _bounded(_cases_problems(base, case_keys))
        if problems:
            return None, problems
        return Section(_section(base).spec, cases=tuple(_section(case, base) for case in case_keys),
                       placeholders=frozenset()), []
    keys = _Keys(spec, vocabulary)
    problems = _bounded(p for chunk in _own(keys) for p in chunk)
    return (None, problems) if problems else (_section(keys), [])


def _bounded(problems: Iterator[str]) -> list[str]:
    said: list[str] = []
    for problem in problems:
        if len(said) == MAX_PROBLEMS:
            said.append("more problems not listed: mend these first")
            break
        said.append(problem)
    return said
