"""Rules as data: a record's `detect` section (kb/DETECT.md) made into a rule the engine runs like the
Python ones. Nothing of a record is executed: each predicate, placeholder and fix is a name this module
knows, or one a pack declares in its `detect_facts.py` (found through the pack registry, never imported
here by name); a section that names something else is reported and skipped.
"""

from __future__ import annotations

import ast
import json
import re
import string
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .context import OTHER, UNKNOWN, XLA_FSDP, Arg, Context
from .findings import Edit, Finding, Fix, Position, Safety, Severity, Span
from .flow import Value, describe_when
from .names import FABRIC, FSDP_STRATEGY
from .packs import SIDE_SECTION_FOLDERS, detect_fact_modules
from .policies import Verdict, described, not_a_set, set_text, to_set
from .rule import (
    Invalid,
    Rule,
    Valid,
    call_items,
    drop_argument,
    fix,
    insert_keyword_after,
    remove_argument,
    replace,
    short,
)

FSDP = "fsdp"
STRATEGIES = (XLA_FSDP, FSDP, OTHER, UNKNOWN)
SEVERITIES = {s.value: s for s in Severity}
SAFETIES = {s.value: s for s in Safety}
PATHS = ("every-error-some-warning", "any", "single")
AT = ("value", "argument", "call", "callee")
KEYS = {"code", "name", "summary", "doc", "triggers", "call", "strategy", "argument", "match", "unless", "at", "message",
        "lookup", "warning_unless", "some_paths", "conditions", "records", "cases",
        "severity", "paths", "fixes", "reveals", "examples"}
MESSAGE_FIELDS = {"value", "constant", "lower", "repr", "from", "described", "argument", "keyword", "receiver",
                  "callee", "as_set", "doc_quote"}  # and the placeholders the packs declare (PackFacts.fields)
FIX_FIELDS = MESSAGE_FIELDS | {"new", "choice", "choice_repr", "receiver_base"}
CASE_KEYS = {"call", "strategy", "argument", "match", "unless", "at", "message", "lookup", "warning_unless",
             "some_paths", "conditions", "paths", "fixes", "records"}
CODE = re.compile(r"[A-Z]{2,5}[0-9]{3}")
NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
QUOTES = ("'", '"')


class DetectError(ValueError):
    """A `detect` section that cannot be made into a rule; `problems` says each thing wrong."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


# --- predicates ------------------------------------------------------------------------------
@dataclass
class Site:
    """One call the rule looks at, with what its predicates read (computed once, on demand)."""

    ctx: Context
    call: ast.Call
    receiver: ast.expr | None
    written: ast.expr | None = None  # the argument's value as written at the call
    arg: Arg | None = None  # when the argument is a keyword
    found: list[Value] = field(default_factory=list)  # the values that pass the predicates
    _keywords: tuple[dict[str, Arg], bool] | None = field(default=None, repr=False)
    _as_set: str | None = field(default=None, repr=False)

    @property
    def keywords(self) -> tuple[dict[str, Arg], bool]:
        if self._keywords is None:
            self._keywords = self.ctx.keyword_args(self.call)
        return self._keywords

    @property
    def as_set(self) -> str:
        """The keyword argument made a set of the same elements, as text (`[A, B]` -> `{A, B}`); '' when
        it cannot be said or the argument is not written in this document."""
        if self._as_set is None:
            arg = self.arg
            self._as_set = "" if arg is None or arg.value not in self.ctx.parents else (
                set_text(self.ctx, arg, not_a_set(self.ctx, arg.value)) or "")
        return self._as_set


def _value_ctx(site: Site, value: Value) -> Context:
    return value.flow.ctx if value.flow is not None and value.foreign else site.ctx


def _constant(value: Value | None) -> tuple[bool, Any]:
    node = value.node if value is not None else None
    if isinstance(node, ast.Constant) and (node.value is None or type(node.value) in (str, int, float, bool)):
        return True, node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)) and isinstance(
            node.operand, ast.Constant) and type(node.operand.value) in (int, float):
        return True, -node.operand.value if isinstance(node.op, ast.USub) else node.operand.value  # type: ignore[operator]  # `-1`
    return False, None


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b  # `True` is not 1, `16.0` is not 16


def _spelled(node: ast.AST) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def _matches_name(qualified: str | None, patterns: Sequence[str]) -> bool:
    if not qualified:
        return False
    return any(qualified == p or p.endswith(".*") and qualified.startswith(p[:-1]) for p in patterns)


def _member(site: Site, value: Value, owner: str) -> str | None:
    """`MAX` when the value is `<owner>.MAX` (resolved under the owner's top package, or spelled with
    the owner's class name when the file does not import it)."""
    node = value.node
    if not isinstance(node, ast.Attribute):
        return None
    package, _, cls = owner.rpartition(".")
    qualified = _value_ctx(site, value).resolve(node) or ""
    if qualified.startswith(package + ".") and f".{cls}." in qualified:
        return node.attr
    base = node.value
    if isinstance(base, ast.Attribute) and base.attr == cls or isinstance(base, ast.Name) and base.id == cls:
        return node.attr
    return None


def _fabric_strategy(ctx: Context, fabric_call: ast.Call) -> str:
    """XLA_FSDP, FSDP (Lightning's CUDA FSDPStrategy), OTHER or UNKNOWN for a `Fabric(...)` call."""
    return ctx.once("fsdp_strategy", fabric_call, lambda: _fsdp_strategy(ctx, fabric_call))


def _fsdp_strategy(ctx: Context, fabric_call: ast.Call) -> str:
    kind = ctx.fabric_strategy(fabric_call)
    if kind != OTHER:
        return kind
    args, _ = ctx.keyword_args(fabric_call)
    strategy = args.get("strategy")
    if strategy is None:
        return OTHER
    kinds = set()
    for value in ctx.values(strategy.value):
        known, text = _constant(value)
        if known and isinstance(text, str):
            kinds.add(FSDP if text.lower() == "fsdp" else OTHER)
        elif value.kind == "strategy":
            kinds.add(FSDP if value.qualified == FSDP_STRATEGY else OTHER)
        else:
            kinds.add(OTHER)
    return kinds.pop() if len(kinds) == 1 else UNKNOWN


def _fabric_of(site: Site) -> str | None:
    """The strategy kind of the site's Fabric: the receiver's, or the `Fabric(...)` call's own."""
    if site.receiver is None:
        return site.ctx.once("fabric_of_call", site.call, lambda: _site_fabric(site))
    return site.ctx.once("fabric_of_receiver", site.receiver, lambda: _site_fabric(site))


def _site_fabric(site: Site) -> str | None:
    ctx = site.ctx
    if site.receiver is None:
        if ctx.resolve(site.call.func) == FABRIC:
            return _fabric_strategy(ctx, site.call)
        return None
    kind = ctx.fabric_kind(site.receiver)
    if kind == OTHER:  # tell the CUDA FSDPStrategy apart
        found = set()
        for value in ctx.values(site.receiver):
            if value.kind == "fabric" and isinstance(value.node, ast.Call):
                owner = value.flow.ctx if value.flow is not None else ctx
                found.add(_fabric_strategy(owner, value.node))
        if len(found) == 1:
            return found.pop()
        if not found:  # a Fabric the file cannot follow: the file's own, if it builds one kind
            return ctx.own_fabric_kind("own_fsdp_strategy", lambda call: _fabric_strategy(ctx, call))
        return UNKNOWN
    return kind


def _argument(site: Site, where: dict[str, Any]) -> tuple[ast.expr | None, Arg | None, bool]:
    """(value as written, keyword Arg, hidden): hidden when a `*args` may hold it."""
    call, keyword, position = site.call, where.get("keyword"), where.get("position")
    if keyword is not None and keyword in site.keywords[0]:  # spelled by name: that is the argument
        arg = site.keywords[0][keyword]
        return arg.value, arg, False
    if position is not None:
        if any(isinstance(a, ast.Starred) for a in call.args[:position + 1]):
            return None, None, True
        if len(call.args) > position:
            return call.args[position], None, False
    return None, None, False


def _absent(site: Site, keyword: str, position: int | None) -> bool:
    call = site.call
    if position is not None and (len(call.args) > position or any(isinstance(a, ast.Starred) for a in call.args)):
        return False
    args, complete = site.keywords
    return complete and keyword not in args


def holds(predicate: dict[str, Any], site: Site, value: Value | None) -> bool:
    (key, arg), *_ = predicate.items()
    if key == "any":
        return any(all(holds(p, site, value) for p in group) for group in arg)
    if key == "not":
        return not holds(arg, site, value)
    if key == "all_found":
        return all(all(holds(p, site, v) for p in arg) for v in site.found)
    if key == "present":
        return arg in site.keywords[0]
    if key == "absent":
        return _absent(site, arg, predicate.get("position"))
    if key == "star_args":
        return any(isinstance(a, ast.Starred) for a in site.call.args) is arg
    if key == "no_arguments":
        allowed = set(predicate.get("except", ()))
        return not site.call.args and all(kw.arg is not None and kw.arg in allowed for kw in site.call.keywords)
    if key == "sibling":
        written, _, hidden = _argument(site, arg)
        if written is None or hidden:
            return False
        values: Sequence[Value] = site.ctx.values(written)
        if predicate.get("single"):  # the one value written on every path, else the expression itself
            values = [Value("unknown", site.ctx.value_of(written), flow=site.ctx.flow)]
        return bool(values) and all(all(holds(p, site, v) for p in predicate.get("is", ())) for v in values)
    if key == "positional":
        return len(site.call.args) >= int(arg)
    if key == "all_values":  # every value the argument may hold, found or not
        values = site.ctx.values(site.written) if site.written is not None else ()
        return all(all(holds(p, site, v) for p in arg) for v in values)
    if key == "as_set":
        return bool(site.as_set) is arg
    if key == "fabric":
        return _fabric_of(site) in arg
    if key == "accelerator":
        given = site.keywords[0].get("accelerator")
        return given is not None and any(
            _constant(v)[0] and _constant(v)[1] in arg for v in site.ctx.values(given.value))
    if key == "fact":
        return pack_facts().facts[arg](site)
    declared = pack_facts().predicates.get(key)
    if declared is not None:  # a pack's own predicate (its detect_facts.py)
        return declared.holds(site, arg)
    if value is None:
        return False
    if key == "kind":
        return value.kind in arg
    if key == "kind_not":
        return value.kind not in arg
    if key == "truthy":
        return value.truthy is arg
    if key == "is_call":
        return isinstance(value.node, ast.Call) is arg
    if key == "in_this_file":
        return (not value.foreign and value.node is not None and value.node in site.ctx.parents) is arg
    if key == "at_argument":
        return (value.node is site.written) is arg
    if key == "only_value":  # the argument holds this one value on every path
        values = site.ctx.values(site.written) if site.written is not None else ()
        return (len(values) == 1 and not values[0].when and values[0].node is value.node) is arg
    known, constant = _constant(value)
    if key == "constant":
        return known is arg
    if key == "equals":
        return known and any(_same(constant, c) for c in arg)
    if key == "not_in":
        return known and not any(_same(constant, c) for c in arg)
    if key in ("lower_in", "lower_not_in"):
        if not (known and isinstance(constant, str)):
            return False
        return (constant.lower() in arg) is (key == "lower_in")
    if key == "qualified":
        node = value.node.func if isinstance(value.node, ast.Call) else value.node
        return node is not None and _matches_name(_value_ctx(site, value).resolve(node), arg) or (
            value.qualified is not None and _matches_name(value.qualified, arg))
    if key == "member_of":
        member = _member(site, value, arg)
        if member is None:
            return False
        if "only" in predicate:
            return member in predicate["only"]
        return member not in predicate.get("except", ())
    raise KeyError(key)  # validation keeps unknown names out


CALL_PREDICATES = {"any": list, "not": dict, "all_found": list, "present": str, "absent": str, "no_arguments": bool, "star_args": bool,
                   "sibling": dict, "positional": int, "all_values": list, "as_set": bool,
                   "fabric": list, "accelerator": list, "fact": str}
VALUE_PREDICATES = {"kind": list, "kind_not": list, "truthy": (bool, type(None)), "in_this_file": bool, "at_argument": bool,
                    "is_call": bool,
                    "only_value": bool, "constant": bool,
                    "equals": list, "not_in": list, "lower_in": list, "lower_not_in": list, "qualified": list,
                    "member_of": str}
EXTRA_KEYS = {"absent": {"position"}, "no_arguments": {"except"}, "sibling": {"is", "single"},
              "member_of": {"only", "except"}}


# --- what packs declare ---------------------------------------------------------------------
def _no_problem(arg: Any) -> str | None:
    return None


@dataclass(frozen=True)
class PackPredicate:
    """A predicate a pack declares (its `detect_facts.py`, kb/DETECT.md), read at the call like `present`:
    the JSON type its argument takes, whether it holds at a site, and what else is wrong with an argument
    of that type (`kb validate` says it with the record's file and line)."""

    takes: type | tuple[type, ...]
    holds: Callable[[Site, Any], bool]
    problem: Callable[[Any], str | None] = _no_problem


@dataclass(frozen=True)
class PackFacts:
    """What every pack declares, joined: predicates, named facts (`{"fact": name}`), placeholders."""

    predicates: Mapping[str, PackPredicate]
    facts: Mapping[str, Callable[[Site], bool]]
    fields: Mapping[str, Callable[[Site], str]]
    message_fields: frozenset[str] = frozenset()  # the built-in placeholders and the packs'
    fix_fields: frozenset[str] = frozenset()


class PackConflict(ValueError):
    """Two packs declare one name, or a pack a name `detect` already has."""


def merge_pack_facts(declared: Iterable[tuple[str, Any]]) -> PackFacts:
    """Join the `PREDICATES`, `FACTS` and `FIELDS` of each (pack, module); a name declared twice is an
    error that names both packs."""
    built_in = {"predicate": {*CALL_PREDICATES, *VALUE_PREDICATES}, "fact": set(), "placeholder": FIX_FIELDS}
    tables: dict[str, dict[str, Any]] = {"predicate": {}, "fact": {}, "placeholder": {}}
    owners: dict[tuple[str, str], str] = {}
    for pack, module in declared:
        for what, attribute in (("predicate", "PREDICATES"), ("fact", "FACTS"), ("placeholder", "FIELDS")):
            for name, thing in getattr(module, attribute, {}).items():
                if name in built_in[what]:
                    raise PackConflict(f"pack {pack} declares the {what} `{name}`, which `detect` already has")
                if name in tables[what]:
                    raise PackConflict(f"the {what} `{name}` is declared by two packs: "
                                       f"{owners[what, name]} and {pack}")
                tables[what][name], owners[what, name] = thing, pack
    fields = set(tables["placeholder"])
    return PackFacts(tables["predicate"], tables["fact"], tables["placeholder"], frozenset(MESSAGE_FIELDS | fields),
                     frozenset(FIX_FIELDS | fields))


@cache
def pack_facts() -> PackFacts:
    """Every pack's declarations, imported the first time a `detect` section is read or run."""
    return merge_pack_facts(detect_fact_modules())


# --- the rule --------------------------------------------------------------------------------
class DetectRule(Rule):
    """A rule read from a record's `detect` section."""

    origin = "data"

    def __init__(self, spec: dict[str, Any], record: str, source: str = ""):
        problems = check_spec(spec)
        if problems:
            raise DetectError(problems)
        self.spec = spec
        self.source = source
        self.code = spec["code"]
        self.record = record
        self.name = spec["name"]
        self.summary = spec.get("summary", "")
        self.doc = spec.get("doc", "")
        self.severity = SEVERITIES[spec.get("severity", "error")]
        self.reveals = tuple(spec.get("reveals", ()))
        self.triggers = tuple(spec.get("triggers") or _default_triggers(spec))
        self.examples = tuple(_example(e) for e in spec["examples"])
        self.paths = spec.get("paths", PATHS[0])
        self.at = spec.get("at", "value" if "argument" in spec else "call")
        written = json.dumps(spec)  # the pack facts its texts name, computed only for those
        self.fact_fields = tuple(name for name in pack_facts().fields if "{" + name + "}" in written)
        self.uses_as_set = "{as_set}" in written
        base = {key: value for key, value in spec.items() if key != "cases"}
        self.parts = tuple(DetectRule({**base, **case}, record, source) for case in spec.get("cases", ()))
        if self.parts and not spec.get("triggers"):
            self.triggers = tuple(dict.fromkeys(word for part in self.parts for word in part.triggers))

    def __repr__(self) -> str:
        return f"DetectRule({self.code!r}, {self.source!r})"

    # -- which calls
    def _sites(self, ctx: Context) -> Iterator[Site]:
        call = self.spec["call"]
        if "qualified" in call:
            for name in call["qualified"]:
                for node in ctx.calls_to(name):
                    yield Site(ctx, node, None)
            return
        for node, receiver in ctx.method_calls(call["method"]):
            if call.get("receiver", "fabric") == "fabric" and ctx.fabric_kind(receiver) is None:
                continue
            yield Site(ctx, node, receiver)

    def check(self, ctx: Context) -> Iterator[Finding]:
        if self.parts:  # each case is a rule of its own under this code and record
            for part in self.parts:
                yield from part.check(ctx)
            return
        spec = self.spec
        match, unless = spec.get("match", ()), spec.get("unless", ())
        for site in self._sites(ctx):
            if "argument" not in spec:
                if all(holds(p, site, None) for p in match) and not any(holds(p, site, None) for p in unless) and (
                        self._strategy_fits(site)):
                    yield self._finding(site, None, [], True, [])
                continue
            written, arg, hidden = _argument(site, spec["argument"])
            if written is None or hidden:
                continue
            site.written, site.arg = written, arg
            values = self._candidates(ctx, written)
            found = [v for v in values if all(holds(p, site, v) for p in match)
                     and not any(holds(p, site, v) for p in unless)]
            if not found or not self._strategy_fits(site):  # the strategy last: following the Fabric costs most
                continue
            site.found = found
            certain = [v for v in found if all(holds(p, site, v) for p in spec.get("warning_unless", ()))]
            every_path = len(certain) == len(found) and (
                self.paths != "every-error-some-warning" or len(found) == len(values))
            yield self._finding(site, found, values, every_path, certain)

    def _strategy_fits(self, site: Site) -> bool:
        return "strategy" not in self.spec or _fabric_of(site) in self.spec["strategy"]

    def _candidates(self, ctx: Context, written: ast.expr) -> list[Value]:
        values = list(ctx.values(written))
        if self.paths != "single":
            return values
        node = ctx.value_of(written)  # the one value written in this document on every path, else itself
        if len(values) == 1 and values[0].node is node:
            return values
        return [Value("unknown", node, flow=ctx.flow)]

    # -- what it reports
    def _finding(self, site: Site, found: list[Value] | None, values: list[Value], every_path: bool,
                 certain: list[Value]) -> Finding:
        ctx, spec = site.ctx, self.spec
        first = found[0] if found else None
        fields = _fields(site, first, spec.get("argument", {}).get("keyword", ""), spec.get("lookup", {}))
        fields.update((name, pack_facts().fields[name](site)) for name in self.fact_fields)
        if self.uses_as_set:
            fields["as_set"] = short(site.as_set)  # whole in the text a fix writes
        message = _message(spec["message"], site, first, fields)
        severity = self.severity
        if not every_path:  # a warning that says when: the conditions of the found values, else `some_paths`
            condition = describe_when(certain if spec.get("conditions") == "certain" else found or ())
            message += f"; {condition}" if condition else _message(spec.get("some_paths", "; on some paths"), site,
                                                                    first, fields)
            severity = Severity.WARNING
        at: ast.AST | None
        if isinstance(self.at, dict):  # another keyword argument of the call, underlined as `argument` is
            other = site.keywords[0].get(self.at["keyword"])
            at = None if other is None else other.node if isinstance(other.node, ast.keyword) else other.value
        elif self.at == "argument":
            at = site.arg.node if site.arg is not None and isinstance(site.arg.node, ast.keyword) else site.written
        else:
            at = {"value": site.written, "callee": site.call.func, "call": site.call}.get(self.at)
        fixes = [f for f in (self._fix(spec_fix, site, first, found or [], values, fields)
                             for spec_fix in spec.get("fixes", ())) if f is not None]
        record = next((r["id"] for r in spec.get("records", ()) if all(holds(p, site, first) for p in r["when"])), None)
        return self.finding(ctx, at if at is not None else site.call, message, fixes, severity, record)

    def _fix(self, spec: dict[str, Any], site: Site, first: Value | None, found: list[Value], values: list[Value],
             fields: _Fields) -> Fix | None:
        if not all(holds(p, site, first) for p in spec.get("when", ())):
            return None
        ctx, kind = site.ctx, spec["kind"]
        safety, preferred = SAFETIES[spec.get("safety", "safe")], bool(spec.get("preferred", False))
        fields = fields.with_defaults(pack_facts().fix_fields)
        edits: list[Edit] = []
        if kind in ("replace_value", "nearest"):
            if first is None or not self._editable(spec, site, first):
                return None
            node: ast.AST = first.node  # type: ignore[assignment]  # an editable value is written somewhere
            if kind == "nearest":
                known, constant = _constant(first)
                choice = _nearest(constant, spec["choices"], spec.get("synonyms", {})) if known and isinstance(
                    constant, str) else None
                if choice is None:
                    return None
                new = _quoted(ctx, node, choice)
            elif "string" in spec:
                choice = _render(spec["string"], fields)
                if not choice:
                    return None  # a lookup without a row for this value
                new = _quoted(ctx, node, choice, spec.get("quote") == "statement" and _statement_quote(ctx, site.call))
            else:
                choice = new = _render(spec["text"], fields)
            fields.update(new=new, choice=choice, choice_repr=repr(choice))
            edits.append(replace(ctx, node, new))
        elif kind == "to_set":
            if site.arg is None:
                return None
            others = tuple(v for v in values if v not in found)
            made = to_set(ctx, site.arg, Verdict(tuple(found), others))
            if not made:
                return None
            return fix(made[0].title, *made[0].edits, safety=safety, preferred=preferred)
        elif kind == "remove_argument":
            edit = drop_argument(ctx, site.call, site.arg) if site.arg is not None else None
            if edit is None:
                return None
            edits.append(edit)
        elif kind in ("replace_sibling", "insert_keyword"):
            new = _render(spec["text"], fields.merged({"as_set": site.as_set}))
            if not new or "{as_set}" in spec["text"] and not site.as_set:
                return None
            fields["new"] = new
            if kind == "insert_keyword":  # `keyword=new` right after the argument, where it is spelled
                inserted = insert_keyword_after(ctx, site.arg, spec["keyword"], new) if site.arg is not None else []
                if not inserted:
                    return None
                edits.extend(inserted)
            else:  # another keyword argument (or with `value`, its value) becomes `new`
                other = site.keywords[0].get(spec["keyword"])
                replaced: ast.AST | None = None if other is None else other.value if spec.get("value") else other.node
                if other is None or replaced is None or replaced not in ctx.parents or other.via is not None and (
                        not spec.get("value")):
                    return None
                edits.append(replace(ctx, replaced, new))
        elif kind == "replace_argument":  # the argument as written at the call becomes `text`
            if site.written is None or site.written not in ctx.parents:
                return None
            fields["new"] = _render(spec["text"], fields)
            edits.append(replace(ctx, site.written, fields["new"]))
        elif kind == "remove_nested":  # `Fabric(strategy=S(accelerator=A()))` -> `Fabric(strategy=S())`
            holder = site.keywords[0].get(spec["in"])
            inner = holder.value if holder is not None else None
            if not isinstance(inner, ast.Call) or inner not in (ctx.strategy_calls(inner) or ()):
                return None
            keyword = next((k for k in inner.keywords if k.arg == spec["keyword"]), None)
            if keyword is None:
                return None
            edits.append(remove_argument(ctx, call_items(inner), keyword))
        elif kind == "remove_sibling":
            removal = _remove_sibling(site, spec)
            if removal is None:
                return None
            edits.extend(removal)
        elif kind == "rename_keyword":
            arg = site.arg
            if arg is not None and arg.via is None and isinstance(arg.node, ast.keyword):
                start = ctx.doc.span(arg.node).start
                edits.append(Edit(Span(start, Position(start.line, start.column + len(arg.name))), spec["to"]))
            elif arg is None and site.written is not None and site.call.args and site.call.args[-1] is site.written:
                start = ctx.doc.span(site.written).start
                edits.append(Edit(Span(start, start), f"{spec['to']}="))
            else:
                return None
            target = site.keywords[0].get(spec["to"])
            if target is not None:  # given twice once renamed: drop the one spelled, if it is spelled here
                if target.via is not None or not isinstance(target.node, ast.keyword):
                    return None
                edits.append(remove_argument(ctx, call_items(site.call), target.node))
        elif kind == "rename_callee":
            func = site.call.func
            if not isinstance(func, ast.Attribute):
                return None
            end = ctx.doc.span(func).end
            edits.append(Edit(Span(Position(end.line, end.column - len(func.attr)), end), spec["to"]))
        elif kind == "replace_receiver":
            if site.receiver is None:
                return None
            base = site.receiver.value if isinstance(site.receiver, ast.Attribute) else None
            fields["receiver_base"] = ctx.doc.source(base) if base is not None else ""
            if "{receiver_base}" in spec["with"] and base is None:
                return None
            edits.append(replace(ctx, site.receiver, _render(spec["with"], fields)))
        return fix(_render(spec["title"], fields), *edits, safety=safety, preferred=preferred)

    def _editable(self, spec: dict[str, Any], site: Site, value: Value) -> bool:
        """The value is written in this document and, unless `holder` is "any", changing it changes only
        this argument: it is written at the argument or held by a variable bound once and read only here."""
        ctx = site.ctx
        if value.foreign or value.node is None or value.node not in ctx.parents:
            return False
        if spec.get("holder", "only_use") == "any":
            return True
        return value.node is site.written or ctx.only_use(site.written)


def _remove_sibling(site: Site, spec: dict[str, Any]) -> list[Edit] | None:
    """Remove another argument, by keyword where it is spelled, or at `position`: the last positional
    argument goes; one followed by a single positional argument goes when `next` names that one, which
    then takes its keyword (`f(m, o, 0.5, 1.0)` -> `f(m, o, max_norm=1.0)`)."""
    ctx, call = site.ctx, site.call
    other = site.keywords[0].get(spec["keyword"])
    if other is not None:
        edit = drop_argument(ctx, call, other)
        return [edit] if edit is not None else None
    position = spec.get("position")
    if position is None or len(call.args) <= position or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    if len(call.args) == position + 1:
        return [remove_argument(ctx, call_items(call), call.args[position])]
    if len(call.args) == position + 2 and "next" in spec:
        following = call.args[position + 1]
        span = Span(ctx.doc.span(call.args[position]).start, ctx.doc.span(following).end)
        return [Edit(span, f"{spec['next']}={ctx.doc.source(following)}")]
    return None


class _Fields(dict[str, str]):
    """The fields templates fill. Those taken from a value's source text are computed when a template
    asks for one: what a check reads of the text decides whether its findings outlive an edit, and a
    message that does not quote a policy function must not depend on that function's lines."""

    def __init__(self, values: Mapping[str, str], later: Mapping[str, Callable[[], str]] | None = None) -> None:
        super().__init__(values)
        self.later = dict(later or {})

    def __missing__(self, key: str) -> str:
        if key not in self.later:
            raise KeyError(key)
        found = self[key] = self.later[key]()
        return found

    def with_defaults(self, names: Iterable[str]) -> _Fields:
        """These fields, and "" for each of `names` that is not one."""
        return _Fields({**dict.fromkeys((n for n in names if n not in self.later), ""), **self}, self.later)

    def merged(self, values: Mapping[str, str]) -> _Fields:
        return _Fields({**self, **values}, {k: v for k, v in self.later.items() if k not in values})


def _fields(site: Site, value: Value | None, keyword: str, lookup: dict[str, Any] | None = None) -> _Fields:
    ctx = site.ctx
    fields = dict.fromkeys(pack_facts().message_fields, "")
    for names in (lookup or {}).values():
        fields.update({name: "" for name in names} | {f"{name}_repr": "" for name in names})
    fields["keyword"] = keyword

    def argument() -> str:
        return ctx.doc.source(site.written) if site.written is not None and site.written in ctx.parents else ""

    # the texts of the call, read when a template asks for them (most quote none); the file's quote asks
    # the whole text: only a template that writes a string may depend on it
    quote: dict[str, Callable[[], str]] = {
        "callee": lambda: ctx.doc.source(site.call.func),
        "receiver": lambda: ctx.doc.source(site.receiver) if site.receiver is not None else "",
        "argument": argument,
        "doc_quote": lambda: "'" if ctx.doc.contains("'") or not ctx.doc.contains('"') else '"'}
    for name in quote:
        del fields[name]
    if value is None:
        return _Fields(fields, quote)
    arg = site.arg
    known, constant = _constant(value)
    spelled = None
    if isinstance(value.node, ast.Attribute):  # `R.MAX` with `from torch.distributed import ReduceOp as R`
        spelled = _value_ctx(site, value).resolve(value.node) or _spelled(value.node)

    def text() -> str:
        return short(_text(value) or argument())

    later: dict[str, Callable[[], str]] = {**quote, "value": text, "described": text}
    if arg is not None:
        later["described"] = lambda: described(ctx, arg, value)
    for name in ("value", "described", "constant", "lower", "repr"):
        del fields[name]
    if known or spelled:
        fields["constant"] = str(constant) if known else ".".join(spelled.split(".")[-2:])  # type: ignore[union-attr]
        fields["lower"] = fields["constant"].lower()
    else:
        later["constant"] = text
        later["lower"] = lambda: text().lower()
    if known:
        fields["repr"] = repr(constant)
    else:
        later["repr"] = text
    fields["from"] = f" (from {value.where()})" if value.node is not site.written and value.where() else ""
    row = (lookup or {}).get(str(constant)) if known else None
    for name, shown in (row or {}).items():  # the lookup's row for this constant: `{shown}`, `{shown_repr}`
        fields[name], fields[f"{name}_repr"] = shown, repr(shown)
    return _Fields(fields, later)


def _text(value: Value) -> str:
    if value.node is None or not hasattr(value.node, "lineno"):
        return value.label or ""
    ctx = value.flow.ctx if value.flow is not None else None
    try:
        return ctx.doc.source(value.node) if ctx is not None else ""
    except (IndexError, AttributeError):
        return value.label or ""


def _message(spec: str | list[Any], site: Site, value: Value | None, fields: dict[str, str]) -> str:
    if isinstance(spec, str):
        return _render(spec, fields)
    return "".join(_render(part["text"], fields) for part in spec
                   if all(holds(p, site, value) for p in part.get("when", ())))


def _render(template: str, fields: dict[str, str]) -> str:
    return template.format_map(fields)


def _statement_quote(ctx: Context, node: ast.AST) -> str:
    """The quote the statement around `node` uses most, double when they are even."""
    statement = ctx.doc.source(ctx.statement_of(node))
    return "'" if statement.count("'") > statement.count('"') else '"'


def _quoted(ctx: Context, node: ast.AST, text: str, fallback: str | bool = '"') -> str:
    """`text` as a string literal in the quote the value is written with, double quotes when it is not a
    one-quote string (`CPUAccelerator()`, `r'x'`, triple quotes)."""
    source = ctx.doc.source(node)
    quote = source[:1]
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and quote in QUOTES and source.endswith(
            quote) and not source.startswith(quote * 3) and len(source) >= 2:
        return quote + text + quote
    fallback = fallback or '"'
    return f"{fallback}{text}{fallback}"


def _nearest(text: str, choices: Sequence[str], synonyms: dict[str, str]) -> str | None:
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    if key in choices:
        return key
    if key in synonyms:
        return synonyms[key]
    import difflib  # only a misspelt value asks for it

    match = difflib.get_close_matches(key, list(choices), n=1, cutoff=0.5)
    return match[0] if match else None


def _default_triggers(spec: dict[str, Any]) -> list[str]:
    call = spec.get("call", {})
    words = [call["method"]] if "method" in call else [q.rsplit(".", 1)[-1] for q in call.get("qualified", ())]
    keyword = spec.get("argument", {}).get("keyword")
    return words + ([keyword] if keyword else [])


def _example(spec: dict[str, Any]) -> Invalid | Valid:
    if "good" in spec:
        return Valid(spec["good"])
    return Invalid(spec["bad"], fixed=spec.get("fixed"), fix=spec.get("fix"), message=spec.get("message"),
                   count=spec.get("count"), at=spec.get("at"), severity=spec.get("severity"))


# --- validation ------------------------------------------------------------------------------
def check_spec(spec: Any) -> list[str]:
    """Every way `spec` breaks the schema of kb/DETECT.md, each as one sentence; [] when it is sound."""
    if isinstance(spec, dict) and "cases" in spec:
        return _cases_problems(spec)
    if not isinstance(spec, dict):
        return ["`detect` must be an object"]
    problems: list[str] = []
    for key in sorted(set(spec) - KEYS):
        problems.append(f"unknown key `{key}`")
    for key in ("code", "name", "call", "message", "examples"):
        if key not in spec:
            problems.append(f"missing `{key}`")
    if isinstance(spec.get("code"), str) and not CODE.fullmatch(spec["code"]) or "code" in spec and not isinstance(
            spec["code"], str):
        problems.append("`code` must look like LXF016 (2-5 capitals, 3 digits)")
    if "name" in spec and not (isinstance(spec["name"], str) and NAME.fullmatch(spec["name"])):
        problems.append("`name` must be kebab-case")
    for key in ("summary", "doc"):
        if key in spec and not isinstance(spec[key], str):
            problems.append(f"`{key}` must be a string")
    for key in ("triggers", "reveals"):
        if key in spec and not (isinstance(spec[key], list) and all(isinstance(w, str) and w for w in spec[key])):
            problems.append(f"`{key}` must be a list of words")
    call = spec.get("call")
    if "call" in spec:
        if not isinstance(call, dict) or len({"qualified", "method"} & set(call)) != 1:
            problems.append("`call` must have exactly one of `qualified` and `method`")
        elif "qualified" in call:
            if set(call) != {"qualified"} or not _strings(call["qualified"]):
                problems.append("`call.qualified` must be a list of qualified names, alone")
        elif not isinstance(call["method"], str) or set(call) - {"method", "receiver"} or call.get(
                "receiver", "fabric") not in OneOf(("fabric", "any")):
            problems.append("`call.method` must be a name; `call.receiver` is \"fabric\" or \"any\"")
    if "strategy" in spec and not (isinstance(spec["strategy"], list) and all(s in OneOf(STRATEGIES) for s in spec["strategy"])):
        problems.append(f"`strategy` must be a list of {', '.join(STRATEGIES)}")
    if "argument" in spec:
        problems += [f"`argument`: {p}" for p in _where_problems(spec["argument"])]
    for key in ("match", "unless"):
        if key in spec:
            problems += _predicate_list_problems(spec[key], f"`{key}`")
    if "at" in spec and spec["at"] not in OneOf(AT) and not (
            isinstance(spec["at"], dict) and set(spec["at"]) == {"keyword"} and isinstance(spec["at"]["keyword"], str)):
        problems.append(f"`at` must be one of {', '.join(AT)}, or {{\"keyword\": name}}")
    if spec.get("at") in OneOf(("value", "argument")) and "argument" not in spec:
        problems.append("`at` names the argument, but there is no `argument`")
    if "severity" in spec and spec["severity"] not in OneOf(SEVERITIES):
        problems.append(f"`severity` must be one of {', '.join(SEVERITIES)}")
    if "paths" in spec and spec["paths"] not in OneOf(PATHS):
        problems.append(f"`paths` must be one of {', '.join(PATHS)}")
    looked_up: set[str] = set()
    lookup = spec.get("lookup", {})
    if not isinstance(lookup, dict) or not all(
            isinstance(row, dict) and all(isinstance(k, str) and k.isidentifier() and isinstance(v, str)
                                          for k, v in row.items()) for row in lookup.values()):
        problems.append("`lookup` must map a constant (as text) to {\"name\": \"text\", ...}")
    else:
        looked_up = {n for row in lookup.values() for name in row for n in (name, f"{name}_repr")}
        built_in = looked_up & pack_facts().fix_fields
        if built_in:
            problems.append(f"`lookup` names a built-in placeholder: {', '.join(sorted(built_in))}")
    if "warning_unless" in spec:
        problems += _predicate_list_problems(spec["warning_unless"], "`warning_unless`")
    if "conditions" in spec and spec["conditions"] not in OneOf(("found", "certain")):
        problems.append("`conditions` must be \"found\" or \"certain\"")
    if "records" in spec:
        records = spec["records"]
        if not isinstance(records, list) or not all(
                isinstance(r, dict) and set(r) == {"id", "when"} and isinstance(r["id"], str) for r in records):
            problems.append("`records` must be a list of {\"id\": record id, \"when\": [...]}")
        else:
            for i, r in enumerate(records):
                problems += _predicate_list_problems(r["when"], f"`records[{i}].when`")
    if "message" in spec:
        problems += _message_problems(spec["message"], looked_up)
    if "some_paths" in spec:
        problems += [p.replace("`message", "`some_paths", 1) for p in _message_problems(spec["some_paths"], looked_up)]
    fixes = spec.get("fixes", [])
    if not isinstance(fixes, list):
        problems.append("`fixes` must be a list")
    else:
        for i, item in enumerate(fixes):
            problems += [f"`fixes[{i}]`: {p}" for p in _fix_problems(item, looked_up)]
    examples = spec.get("examples")
    if "examples" in spec:
        if not isinstance(examples, list):
            problems.append("`examples` must be a list")
        else:
            for i, example in enumerate(examples):
                problems += [f"`examples[{i}]`: {p}" for p in _example_problems(example)]
            kinds = {("good" in e) for e in examples if isinstance(e, dict)}
            if kinds != {True, False}:
                problems.append("`examples` needs at least one `bad` and one `good`")
    return problems


def _cases_problems(spec: dict[str, Any]) -> list[str]:
    """Each case checked as the section it makes with the rest; a problem every case has is the rest's."""
    cases = spec["cases"]
    if not (isinstance(cases, list) and cases and all(isinstance(case, dict) for case in cases)):
        return ["`cases` must be a non-empty list of objects"]
    base = {key: value for key, value in spec.items() if key != "cases"}
    found: list[list[str]] = []
    for case in cases:
        problems = [f"`{key}` belongs to the section, not a case" for key in sorted(set(case) & KEYS - CASE_KEYS)]
        found.append(problems + check_spec({**base, **case}))
    common = [p for p in found[0] if all(p in other for other in found[1:])]
    return common + [f"`cases[{i}]`: {p}" for i, problems in enumerate(found) for p in problems if p not in common]


class OneOf:
    """`x in OneOf(options)`: a string among the options; a list or an object (unhashable) is never one."""

    def __init__(self, options: Iterable[str]) -> None:
        self.options = options

    def __contains__(self, value: object) -> bool:
        return isinstance(value, str) and value in self.options


def _strings(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) and v for v in value)


def _where_problems(where: Any) -> list[str]:
    if not isinstance(where, dict) or not ({"keyword", "position"} & set(where)) or set(where) - {"keyword", "position"}:
        return ["must be {\"keyword\": name, \"position\": N} (either or both)"]
    problems = []
    if "keyword" in where and not isinstance(where["keyword"], str):
        problems.append("`keyword` must be a string")
    if "position" in where and not (type(where["position"]) is int and where["position"] >= 0):
        problems.append("`position` must be a whole number from 0")
    return problems


def _predicate_list_problems(items: Any, where: str) -> list[str]:
    if not isinstance(items, list):
        return [f"{where} must be a list of predicates"]
    problems = []
    for i, item in enumerate(items):
        problems += _predicate_problems(item, f"{where}[{i}]")
    return problems


def _predicate_problems(item: Any, where: str) -> list[str]:
    if not isinstance(item, dict) or not item:
        return [f"{where}: a predicate is an object with one key"]
    key, *rest = item
    declared = pack_facts().predicates
    known: dict[str, Any] = {**CALL_PREDICATES, **VALUE_PREDICATES, **{n: p.takes for n, p in declared.items()}}
    if key not in known:
        return [f"{where}: unknown predicate `{key}` (kb/DETECT.md lists them)"]
    extra = set(rest) - EXTRA_KEYS.get(key, set())
    if extra:
        return [f"{where}: `{key}` takes no `{'`, `'.join(sorted(extra))}`"]
    arg = item[key]
    if "position" in item and not (type(item["position"]) is int and item["position"] >= 0):
        return [f"{where}: `position` must be a whole number from 0"]
    for option in ("except", "only"):
        if option in item and not (isinstance(item[option], list) and all(isinstance(v, str) for v in item[option])):
            return [f"{where}: `{option}` takes a list of strings"]
    if not isinstance(arg, known[key]):
        return [f"{where}: `{key}` takes {_type_name(known[key])}"]
    if key in ("all_found", "all_values"):
        return _predicate_list_problems(arg, f"{where}.{key}")
    if key == "any":
        problems = []
        for j, group in enumerate(arg):
            problems += _predicate_list_problems(group, f"{where}.any[{j}]")
        return problems
    if key == "not":
        return _predicate_problems(arg, f"{where}.not")
    if key == "sibling":
        single = [] if isinstance(item.get("single", False), bool) else [f"{where}: `single` takes true or false"]
        return single + [f"{where}.sibling: {p}" for p in _where_problems(arg)] + _predicate_list_problems(
            item.get("is", []), f"{where}.is")
    if key == "positional" and not (type(arg) is int and arg >= 0):
        return [f"{where}: `positional` takes a whole number from 0"]
    facts = pack_facts().facts
    if key == "fact" and arg not in facts:
        return [f"{where}: unknown fact `{arg}` (known: {', '.join(facts)})"]
    problem = declared[key].problem(arg) if key in declared else None
    if problem:
        return [f"{where}: {problem}"]
    if key == "fabric" and not all(s in OneOf(STRATEGIES) for s in arg):
        return [f"{where}: `fabric` takes a list of {', '.join(STRATEGIES)}"]
    if key == "kind" or key == "kind_not" or key in ("lower_in", "lower_not_in", "qualified"):
        if not all(isinstance(v, str) for v in arg):
            return [f"{where}: `{key}` takes a list of strings"]
    if key in ("equals", "not_in") and not all(v is None or type(v) in (str, int, float, bool) for v in arg):
        return [f"{where}: `{key}` takes a list of constants"]
    return []


def _type_name(kind: Any) -> str:
    return {list: "a list", dict: "an object", str: "a string", bool: "true or false", int: "a whole number"}.get(
        kind, "true, false or null")


def _template_problems(template: Any, allowed: set[str] | frozenset[str], where: str) -> list[str]:
    if not isinstance(template, str):
        return [f"{where} must be a string"]
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as exc:
        return [f"{where}: {exc} (write `{{{{` and `}}}}` for braces)"]
    problems = []
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if name not in allowed or spec or conversion:
            problems.append(f"{where}: unknown placeholder `{{{name}}}`")
    return problems


def _message_problems(message: Any, looked_up: set[str]) -> list[str]:
    if isinstance(message, str):
        return _template_problems(message, pack_facts().message_fields | looked_up, "`message`")
    if not isinstance(message, list) or not message:
        return ["`message` must be a string or a list of parts"]
    problems = []
    for i, part in enumerate(message):
        where = f"`message[{i}]`"
        if not isinstance(part, dict) or "text" not in part or set(part) - {"text", "when"}:
            problems.append(f"{where} must be {{\"text\": ..., \"when\": [...]}}")
            continue
        problems += _template_problems(part["text"], pack_facts().message_fields | looked_up, where)
        problems += _predicate_list_problems(part.get("when", []), f"{where}.when")
    return problems


FIX_KEYS = {
    "replace_value": {"text", "string", "holder", "quote"}, "nearest": {"choices", "synonyms", "holder"}, "to_set": set(),
    "remove_argument": set(), "remove_sibling": {"keyword", "position", "next"},
    "replace_sibling": {"keyword", "text", "value"},
    "insert_keyword": {"keyword", "text"}, "replace_argument": {"text"},
    "remove_nested": {"in", "keyword"}, "rename_keyword": {"to"}, "rename_callee": {"to"},
    "replace_receiver": {"with"},
}


def _fix_problems(item: Any, looked_up: set[str]) -> list[str]:
    if not isinstance(item, dict) or item.get("kind") not in OneOf(FIX_KEYS):
        return [f"`kind` must be one of {', '.join(FIX_KEYS)}"]
    kind = item["kind"]
    problems = []
    extra = set(item) - FIX_KEYS[kind] - {"kind", "title", "safety", "preferred", "when"}
    if extra:
        problems.append(f"`{kind}` takes no `{'`, `'.join(sorted(extra))}`")
    if kind != "to_set":
        problems += _template_problems(item.get("title"), pack_facts().fix_fields | looked_up, "`title`")
    if item.get("safety", "safe") not in OneOf(SAFETIES):
        problems.append("`safety` must be \"safe\" or \"unsafe\"")
    if "preferred" in item and not isinstance(item["preferred"], bool):
        problems.append("`preferred` must be true or false")
    if kind == "replace_value" and len({"text", "string"} & set(item)) != 1:
        problems.append("`replace_value` takes one of `text` and `string`")
    if item.get("holder", "only_use") not in OneOf(("only_use", "any")):
        problems.append("`holder` must be \"only_use\" or \"any\"")
    if kind == "nearest" and not _strings(item.get("choices")):
        problems.append("`nearest` needs `choices`, a list of strings")
    if "position" in item and not (type(item["position"]) is int and item["position"] >= 0):
        problems.append("`position` must be a whole number from 0")
    for key in ("text", "string", "keyword", "to", "next", "in"):
        if key in item and not isinstance(item[key], str):
            problems.append(f"`{key}` must be a string")
    for key in ("text", "string"):
        if isinstance(item.get(key), str):
            allowed = pack_facts().message_fields | looked_up
            problems += _template_problems(item[key], allowed, f"`{key}`")
    if item.get("quote", "value") not in OneOf(("value", "statement")):
        problems.append("`quote` must be \"value\" or \"statement\"")
    if kind == "replace_argument" and "text" not in item:
        problems.append("`replace_argument` needs `text`")
    if kind == "remove_nested" and not ("in" in item and "keyword" in item):
        problems.append("`remove_nested` needs `in` and `keyword`")
    if kind in ("replace_sibling", "insert_keyword") and not ("keyword" in item and "text" in item):
        problems.append(f"`{kind}` needs `keyword` and `text`")
    if "value" in item and not isinstance(item["value"], bool):
        problems.append("`value` must be true or false")
    if kind in ("remove_sibling",) and "keyword" not in item or kind in ("rename_keyword", "rename_callee") and (
            "to" not in item):
        problems.append(f"`{kind}` needs `{'keyword' if kind == 'remove_sibling' else 'to'}`")
    if kind == "replace_receiver":
        problems += _template_problems(item.get("with"), pack_facts().fix_fields, "`with`")
    problems += _predicate_list_problems(item.get("when", []), "`when`")
    return problems


def _example_problems(example: Any) -> list[str]:
    if not isinstance(example, dict) or len({"bad", "good"} & set(example)) != 1:
        return ["an example has one of `bad` and `good`"]
    if "good" in example:
        extra = set(example) - {"good"}
        return [f"a `good` example takes no `{'`, `'.join(sorted(extra))}`"] if extra else []
    problems = []
    extra = set(example) - {"bad", "fixed", "fix", "message", "count", "at", "severity"}
    if extra:
        problems.append(f"unknown key(s) `{'`, `'.join(sorted(extra))}`")
    for key in ("count", "at", "severity"):
        if key not in example:
            problems.append(f"a `bad` example needs `{key}`")
    if "at" in example and not (isinstance(example["at"], str) and re.fullmatch(r"\d+:\d+-\d+:\d+", example["at"])):
        problems.append("`at` must be \"line:column-line:column\"")
    if "severity" in example and example["severity"] not in OneOf(SEVERITIES):
        problems.append(f"`severity` must be one of {', '.join(SEVERITIES)}")
    for key in ("bad", "fixed", "fix", "message"):
        if key in example and not isinstance(example[key], str):
            problems.append(f"`{key}` must be a string")
    return problems


# --- rules from records ----------------------------------------------------------------------
@dataclass(frozen=True)
class DetectProblem:
    """What is wrong with one record's `detect` section."""

    source: str  # "path:line" of the record
    record: str
    message: str

    def __str__(self) -> str:
        return f"{self.source}: record {self.record!r}: detect: {self.message}"


@dataclass(frozen=True)
class SideSection:
    """A `detect` for a shipped record written in a format that cannot hold one (the site's text export
    in a pack's `records/seeds`), kept in its `detect_sections/*.jsonl` as `{"record": id, "detect": {...}}`."""

    id: str
    source: str  # "path:line" of the section
    detect: Any

    def get(self, key: str, default: Any = None) -> Any:
        return self.detect if key == "detect" else default


def side_sections(records: Iterable[Any],
                  folders: Iterable[Path] = SIDE_SECTION_FOLDERS) -> tuple[list[SideSection], list[DetectProblem]]:
    """The side sections whose record is among `records`; a line that is not such an object, or that
    names a record these records do not hold, is a problem with its file and line."""
    ids = {record.id for record in records}
    sections: list[SideSection] = []
    problems: list[DetectProblem] = []
    for path in [p for folder in folders for p in sorted(folder.glob("*.jsonl"))]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                problems.append(DetectProblem(where, "-", f"invalid JSON: {exc.msg}"))
                continue
            if not (isinstance(item, dict) and set(item) == {"record", "detect"} and isinstance(item["record"], str)):
                problems.append(DetectProblem(where, "-", "a line is {\"record\": id, \"detect\": {...}}"))
            elif item["record"] not in ids:
                problems.append(DetectProblem(where, item["record"], "no such record"))
            else:
                sections.append(SideSection(item["record"], where, item["detect"]))
    return sections, problems


def rules_from_records(records: Iterable[Any], taken: Iterable[str] = ()) -> tuple[list[DetectRule], list[DetectProblem]]:
    """The rules of the records that carry `detect`; a section that breaks the schema, or takes a code
    already used, is reported and skipped."""
    rules: list[DetectRule] = []
    problems: list[DetectProblem] = []
    used = set(taken)
    for record in records:
        spec = record.get("detect")
        if spec is None:
            continue
        try:
            rule = DetectRule(spec, record.id, record.source)
        except DetectError as exc:
            problems.extend(DetectProblem(record.source, record.id, p) for p in exc.problems)
            continue
        except RecursionError:  # predicates nested thousands deep
            problems.append(DetectProblem(record.source, record.id, "nested too deep to read; skipped"))
            continue
        if rule.code in used:
            problems.append(DetectProblem(record.source, record.id, f"code {rule.code} is already used; skipped"))
            continue
        used.add(rule.code)
        rules.append(rule)
    return rules, problems


def shipped_rules(taken: Iterable[str]) -> list[DetectRule]:
    """The rules of the shipped records. A broken shipped section is a bug the test suite catches
    (`kb validate` on the shipped KB); here it is skipped like any other."""
    from ..kb.base import shipped_records

    records = shipped_records()[0]
    return rules_from_records([*records, *side_sections(records)[0]], taken)[0]


_lock = threading.Lock()
_by_paths: dict[tuple[str, ...], tuple[tuple[Any, ...], list[DetectRule], list[DetectProblem]]] = {}


def rules_from_paths(paths: Sequence[str], taken: Iterable[str]) -> tuple[list[DetectRule], list[DetectProblem]]:
    """The rules of the records under `paths` (the `kb.paths` setting), read again when a file under
    them changed (a few `stat` calls per check), so a new record detects with no restart."""
    if not paths:
        return [], []
    key = tuple(paths)
    try:
        stamp = _stamp(paths)
    except Exception as exc:  # a path the system cannot even name: the knowledge base reports it
        return [], [DetectProblem(", ".join(map(repr, paths))[:200], "-", f"kb.paths not read: {exc}")]
    with _lock:
        cached = _by_paths.get(key)
        if cached is not None and cached[0] == stamp:
            return cached[1], cached[2]
    from ..kb.load import load_paths

    try:
        records, _ = load_paths(paths)  # what does not load as a record is the knowledge base's to report
    except Exception as exc:  # never a reason to stop checking with the shipped rules
        records, failed = [], [DetectProblem(", ".join(map(repr, paths))[:200], "-", f"kb.paths not read: {exc}")]
    else:
        failed = []
    rules, problems = rules_from_records(records, taken)
    problems = failed + problems
    with _lock:
        if len(_by_paths) > 32:
            _by_paths.clear()
        _by_paths[key] = (stamp, rules, problems)
    return rules, problems


def _stamp(paths: Sequence[str]) -> tuple[Any, ...]:
    from ..kb.load import stamp

    return stamp(paths)  # cheap on every check, however big the folders (kb/load.py)


def example_problems(rule: Rule, others: Sequence[Rule]) -> list[str]:
    """What goes wrong when the rule's examples run with the other rules, as the test suite runs a
    Python rule's: a bad example flagged `count` times at `at` with `severity`, its fix giving `fixed`
    and leaving no finding behind; a good example left alone."""
    from collections import Counter

    from .engine import check_source
    from .fixes import apply_fix

    rules = [*(r for r in others if r.code != rule.code), rule]
    problems = []
    for i, example in enumerate(rule.examples):
        name = f"examples[{i}]"
        report = check_source(example.code, "example.py", rules=rules)
        if report.failures:
            problems.append(f"{name}: the rule failed: {report.failures[0].error}")
            continue
        own = [f for f in report.findings if f.code == rule.code]
        if isinstance(example, Valid):
            if own:
                problems.append(f"{name}: flagged good code: {own[0].message}")
            continue
        if not own:
            problems.append(f"{name}: bad code not flagged")
            continue
        finding = own[0]
        start, end = finding.span.start, finding.span.end
        at = f"{start.line + 1}:{start.column + 1}-{end.line + 1}:{end.column + 1}"
        if len(own) != example.count:
            problems.append(f"{name}: {len(own)} finding(s), the example says {example.count}")
        if at != example.at:
            problems.append(f"{name}: underlines {at}, the example says {example.at}")
        if finding.severity.value != example.severity:
            problems.append(f"{name}: severity {finding.severity.value}, the example says {example.severity}")
        if example.message and example.message not in finding.message:
            problems.append(f"{name}: the message does not contain {example.message!r}: {finding.message}")
        if example.fixed is None:
            continue
        chosen = next((f for f in finding.fixes if f.title == example.fix), None) if example.fix else finding.preferred_fix
        if chosen is None:
            problems.append(f"{name}: no fix" + (f" titled {example.fix!r}" if example.fix else ""))
            continue
        fixed = apply_fix(example.code, chosen.edits)
        if fixed != example.fixed:
            problems.append(f"{name}: the fix gives {fixed!r}, the example says {example.fixed!r}")
            continue
        after = Counter((f.code, f.message) for f in check_source(fixed, "example.py", rules=rules).findings
                        if f.code not in rule.reveals)
        before = Counter((f.code, f.message) for f in report.findings)
        before[(finding.code, finding.message)] -= 1
        if (finding.code, finding.message) in after:
            problems.append(f"{name}: the finding is still there after the fix")
        elif after - before:
            problems.append(f"{name}: the fix adds {sorted(after - before)}")
    return problems


def validate_records(records: Iterable[Any], others: Sequence[Rule],
                     shipped: bool = False) -> tuple[list[DetectRule], list[DetectProblem]]:
    """`kb validate`: the schema of every `detect`, then its examples run with `others`; with `shipped`,
    the side sections of the shipped records too (each naming a record that is there)."""
    records = list(records)
    sides, problems = side_sections(records) if shipped else ([], [])
    rules, schema = rules_from_records([*records, *sides], [r.code for r in others])
    problems += schema
    for rule in rules:
        problems += [DetectProblem(rule.source, rule.record, p) for p in example_problems(rule, others)]
    return rules, problems
