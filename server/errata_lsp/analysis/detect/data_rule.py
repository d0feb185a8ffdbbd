"""A record's `detect` section made into a rule the engine runs like the Python ones: which calls it
looks at, what it reports, and the fixes it offers (kb/DETECT.md). Nothing of a record is executed:
every predicate, placeholder and fix is one the vocabulary names."""

from __future__ import annotations

import ast
import dataclasses
import functools
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from ..binder import body_nodes, condition_expr, contradicts, walk
from ..context import Arg, Context, catches, place_in
from ..findings import Edit, Finding, Fix, Place, Position, Severity, Span
from ..flow import BUILT_AT, CALLED_AT, Flow, Receiver, enum_compares_as, enum_text
from ..policies import Verdict, described, to_set
from ..rule import (
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
from ..values import EveryTurn, Value, describe_when, either, every_turn
from .predicate import all_hold
from .predicates import Present
from .section import PATHS, SAFETIES, SEVERITIES, DetectError, FixSpec, Part, Section, read_section
from .site import UNKNOWN, XLA_FSDP, Site, argument, constant_of, fabric_of, spelled, strategy_paths, value_ctx
from .vocabulary import Vocabulary, pack_facts

MAX_OTHER_ENTRIES = 16  # entries of a registry read to tell a wrong pick from a wrong entry

QUOTES = ("'", '"')
MAX_CALLED = 32  # calls a document makes whose function's sites are judged for that call
MAX_CALL_LEVELS = 4  # calls deep from the call here, as the code before a launch is followed (LXF019)


class DetectRule(Rule):
    """A rule read from a record's `detect` section."""

    origin = "data"
    raised_by_call: str | None = None  # set in __init__; a case part takes its section's
    raised_by_use = False  # the object the call builds raises only when the program uses it

    def __init__(self, spec: Any, record: str, source: str = "", vocabulary: Vocabulary | None = None,
                 raises: str | None = None):
        """Read `spec` (raise DetectError, with every problem, when it breaks kb/DETECT.md). `raises`: the
        class the record's error is (its `errorClass`)."""
        vocabulary = vocabulary or pack_facts()
        section, problems = read_section(spec, vocabulary)
        if section is None:
            raise DetectError(problems)
        self._read(section, record, source, vocabulary)
        self.examples = tuple(_example(e) for e in section.spec["examples"])
        self.parts = tuple(DetectRule._of_case(case, record, source, vocabulary) for case in section.cases)
        # the class the matched call raises, when the section says the call is what raises it
        self.raised_by_call = raises if spec.get("raised_by") == "call" else None
        self.raised_by_use = spec.get("raised_by") == "use"
        for part in self.parts:
            part.raised_by_call, part.raised_by_use = self.raised_by_call, self.raised_by_use
        if self.parts and not section.spec.get("triggers"):
            self.triggers = tuple(dict.fromkeys(word for part in self.parts for word in part.triggers))

    @classmethod
    def _of_case(cls, section: Section, record: str, source: str, vocabulary: Vocabulary) -> DetectRule:
        rule = cls.__new__(cls)
        rule._read(section, record, source, vocabulary)
        rule.examples, rule.parts = (), ()
        return rule

    def _read(self, section: Section, record: str, source: str, vocabulary: Vocabulary) -> None:
        spec = section.spec
        self.section = section
        self.spec = spec
        self.vocabulary = vocabulary
        self.source = source
        self.code = spec["code"]
        self.record = record
        self.name = spec["name"]
        self.summary = spec.get("summary", "")
        self.doc = spec.get("doc", "")
        self.severity = SEVERITIES[spec.get("severity", "error")]
        self.reveals = tuple(spec.get("reveals", ()))
        self.triggers = tuple(spec.get("triggers") or _default_triggers(spec))
        self.paths = spec.get("paths", PATHS[0])
        self.at = spec.get("at", "value" if "argument" in spec else "call")
        # the pack placeholders its texts name, computed only for those
        self.fact_fields = tuple(name for name in vocabulary.fields if name in section.placeholders)
        call = spec.get("call", {})
        self.callees = frozenset([call["method"]] if "method" in call else
                                 [q.rsplit(".", 1)[-1] for q in call.get("qualified", ())])
        _WANTED.update(self.callees)
        self.uses_as_set = "as_set" in section.placeholders
        self.present_keywords = tuple(p.keyword for p in section.match if isinstance(p, Present))
        # the keywords its match weighs against the argument: read once, asked at every finding
        self.sibling_keywords = frozenset(_sibling_keywords(spec.get("match", ())))

    def __repr__(self) -> str:
        return f"DetectRule({self.code!r}, {self.source!r})"

    # -- which calls
    def _sites(self, ctx: Context, inside: ast.AST | None = None) -> Iterator[Site]:
        """The calls the rule looks at (`inside` a function only, when given)."""
        call, strategies, fabric = self.spec["call"], self.vocabulary.strategies, self.vocabulary.fabric
        if "qualified" in call:
            for name in call["qualified"]:
                for node in ctx.calls_to(name):
                    if inside is None or ctx.within(node, inside):
                        yield Site(ctx, node, None, strategies, fabric)
            return
        for node, receiver in ctx.method_calls(call["method"]):
            if inside is not None and not ctx.within(node, inside):
                continue
            if call.get("receiver", "fabric") == "fabric" and fabric.kind(ctx, receiver) is None:
                continue
            yield Site(ctx, node, receiver, strategies, fabric)

    def check(self, ctx: Context) -> Iterator[Finding]:
        if self.parts:  # each case is a rule of its own under this code and record
            for part in self.parts:
                yield from part.check(ctx)
            return
        for site in self._sites(ctx):
            finding = self._judged(site)
            if finding is not None:
                yield finding
        yield from self._in_functions_called(ctx)

    def _judged(self, site: Site) -> Finding | None:
        """The finding at one site, if its predicates hold and the program does not handle the raise."""
        finding = self._found(site)
        if finding is not None and self.raised_by_call is not None and site.ctx.handled(site.call, self.raised_by_call):
            return None  # the call's raise is caught by the `try` around it (or its callers'): the program goes on
        if self.raised_by_use:
            finding = self.when_used(site.ctx, site.call, finding)
        if finding is not None and finding.severity is Severity.ERROR:  # the call's reach, wherever the finding sits
            severity, message = self.reached_if_file(site.ctx, site.call, finding.severity, finding.message)
            finding = dataclasses.replace(finding, severity=severity, message=message)
        if finding is not None and finding.severity is Severity.ERROR:
            return self._in_fallback(site, finding)
        return finding

    def _in_fallback(self, site: Site, finding: Finding) -> Finding:
        """A site in an `except` handler runs only when its `try` body raises what the handler catches
        (`try: return fabric.all_gather(x).max() except NotImplementedError: return fabric.all_reduce(x,
        reduce_op="max")`): an error there only when this rule's own raise in the body is what the handler
        catches (a retry with another value); else a warning that names the condition. A `try` of imports
        alone is the file's import fallback, which the import layer decides."""
        held = site.ctx.fallback_of(site.call)
        if held is None:
            return finding
        node, handler = held
        if all(isinstance(s, (ast.Import, ast.ImportFrom)) for s in node.body):
            return finding
        raised = self.raised_by_call
        if raised is not None and catches(handler, raised) and any(
                self._found(other) is not None
                for other in self._sites(site.ctx) if any(site.ctx.within(other.call, s) for s in node.body)):
            return finding
        what = "an exception" if handler.type is None else f"`{short(site.ctx.doc.source(handler.type))}`"
        return dataclasses.replace(
            finding, severity=Severity.WARNING,
            message=f"{finding.message}; only if the `try` body above (line {node.lineno}) raises {what}")

    def _found(self, site: Site) -> Finding | None:
        """The finding at one site, if its predicates hold."""
        spec, section, ctx = self.spec, self.section, site.ctx
        match, unless = section.match, section.unless
        if "argument" not in spec:
            if all_hold(match, site, None) and not any(p.holds(site, None) for p in unless) and (
                    self._strategy_fits(site)):
                self._on_its_machine(site)
                return self._finding(site, None, [], site.strategy_when is None, [])
            return None
        written, arg, hidden = argument(site, spec["argument"])
        if written is None or hidden:
            return None
        site.written, site.arg = written, arg
        values = self._candidates(ctx, written, site.call)
        found = [v for v in values if all_hold(match, site, v) and not any(p.holds(site, v) for p in unless)]
        if not found or not self._strategy_fits(site):  # the strategy last: following the Fabric costs most
            return None
        held_there = self._on_its_machine(site)
        if held_there is not None:  # a value under a condition false on that machine never reaches the strategy
            dropped = [v for v in values if not held_there(v.when)]
            values = [v for v in values if held_there(v.when)]
            found = [v for v in found if held_there(v.when)]
            if not found:
                return None
            machine = self.vocabulary.machines[XLA_FSDP]
            if dropped and site.on_machine is None:  # `torch.cuda.device_count() or 1`: say why the 1
                # each probe the dropped values' conditions spell, by its last two names (`cuda.is_available`)
                answered = ", ".join(f"`{name}()` answers {answer!r}" for name, answer in machine.answers.items()
                                     if any(".".join(name.split(".")[-2:]) in c for v in dropped for c in v.when))
                site.on_machine = f"; {answered}: {machine.described}" if answered else None
        around = ctx.flow.branch_conditions(site.call)
        if around:  # a value under the negation of a test the call itself is under never reaches it
            values = [v for v in values if _compatible(v.when, around, ctx)]
            found = [v for v in found if _compatible(v.when, around, ctx)]
            if not found:
                return None
        if site.strategy_when is not None:  # only the values that may hold where the strategy is XLAFSDP
            found = [v for v in found if any(_compatible(v.when, path, ctx) for path in site.strategy_when)]
            if not found:
                return None
        if "strategy" in spec:  # (a value of another dict than the strategy's runs with no XLAFSDP)
            values = [v for v in values if _in_a_dict_with_the_strategy(site, arg, v)]
            found = [v for v in found if _in_a_dict_with_the_strategy(site, arg, v)]
            if not found:
                return None
        site.found = found
        certain = [v for v in found if all_hold(section.warning_unless, site, v)]
        run = Flow.plain_run(values)  # an environment variable left unset, an argument not given: the default
        passed_when = self._passed_when(site, arg)
        if passed_when is None:
            return None  # keys it needs together, each from another of the dicts a `**` may hold
        # every value of the plain run is a found one (an option's choices beside its default are other runs')
        every_path = len(certain) == len(found) and not passed_when and site.strategy_when is None and (
            self.paths != "every-error-some-warning" or bool(run) and all(any(v is f for f in found) for v in run))
        return self._finding(site, found, values, every_path, certain, passed_when)

    def _passed_when(self, site: Site, arg: Arg | None) -> list[tuple[str, ...]] | None:
        """The conditions under which the keywords the finding rests on are passed (the argument, and those
        `match` says are present), for those stored into a `**`-passed dict under an `if` left undecided, or
        held by some of the dicts a `**` may hold: the call may run without them. None when no one dict of a
        `**` holds them all: they are never passed together."""
        args = site.keywords[0]
        given = [a for a in (arg, *(args.get(keyword) for keyword in self.present_keywords)) if a is not None]
        out = [a.when for a in given if a.among is None and a.when]
        spreads: dict[int, list[Arg]] = {}
        for a in given:
            if a.among is not None:
                spreads.setdefault(id(a.via), []).append(a)
        for keys in spreads.values():
            common = [when for when in keys[0].among or () if all(when in (k.among or ()) for k in keys[1:])]
            if not common:
                return None
            out.append(either(common))
        return [when for when in out if when]

    def _in_functions_called(self, ctx: Context) -> Iterator[Finding]:
        """The sites inside a function called here, judged for this call's arguments: a function of another
        module (`run(fabric)`, whose `if fn is None: fabric.launch()` this call takes), or one of this
        module whose site says nothing for all its calls together (`reduce_metric(fabric, "grad_norm", x)`).
        Reported on the call here, unless the value is written in a third module (then there), and only
        what the function's own reading does not report already. Bounded: `MAX_CALLED` calls a document."""
        called = ctx.once("functions called", ctx.module, lambda: _functions_called(ctx))
        below = ctx.once("functions called below", ctx.module, lambda: _called_below(ctx, called))
        for call, caller, as_called, func, module, names, receiver in [(c[0], ctx, *c[1:]) for c in called] + below:
            if not self._may_have_sites(names):
                continue
            views = _views_at(caller, as_called, func, module, receiver)
            if views is None:  # past the bound of calling contexts of one function
                continue
            here, alone = views
            for site in self._sites(here, func):
                inner = self._judged(site)
                if inner is None:
                    continue
                before = self._judged(Site(alone, site.call, site.receiver, site.strategies))
                if before is not None and before.code == inner.code and (
                        receiver is None or before.severity == inner.severity or inner.severity == Severity.WARNING):
                    # the function's own reading says it (for every call); a method's, that enumerates each `self`
                    # it may run on (a warning), is less sure than this call's on its receiver (an error)
                    continue
                if self.raised_by_call is not None and ctx.handled(call, self.raised_by_call):
                    continue  # this call's raise is caught by the `try` around it (or its callers')
                yield self._called_here(ctx, call, func, module, inner, site.converted_here)

    def _may_have_sites(self, names: frozenset[str]) -> bool:
        """A function whose body calls these names calls what the rule looks at (`.launch`, `Fabric`)."""
        return not self.callees.isdisjoint(names)

    def _called_here(self, ctx: Context, call: ast.Call, func: ast.FunctionDef | ast.AsyncFunctionDef,
                     module: Flow, inner: Finding, converted_there: bool = False) -> Finding:
        where = f"{module.origin_name}, line" if module.origin is not None else "line"
        message = f"{inner.message} (in `{func.name}`, {where} {inner.span.start.line + 1}, for this call)"
        finding = self.finding(ctx, call.func, message, (), inner.severity, inner.record_id)
        elsewhere = inner.elsewhere
        if converted_there and module.origin is not None:  # the function's use is what has to change
            return dataclasses.replace(finding, elsewhere=Place(module.origin, inner.span))
        if elsewhere is not None and ctx.doc.path is not None and elsewhere.path == ctx.doc.path:
            elsewhere = None  # the value is this document's own: the call is the place
        return finding if elsewhere is None else dataclasses.replace(finding, elsewhere=elsewhere)

    def _strategy_fits(self, site: Site) -> bool:
        """The site's Fabric runs a strategy the section names: on every path, or (`site.strategy_when`) on the
        paths of an XLAFSDP strategy only, the others being known to run another (a finding there is a warning
        that names them)."""
        if "strategy" not in self.spec:
            return True
        kind = fabric_of(site)
        if kind in self.spec["strategy"]:
            return True
        if kind != UNKNOWN or self.spec["strategy"] != [XLA_FSDP]:
            return False
        paths = strategy_paths(site)
        if paths is None or any(k == UNKNOWN for k, _ in paths) or not any(k == XLA_FSDP for k, _ in paths):
            return False
        site.strategy_when = list(dict.fromkeys(when for k, when in paths if k == XLA_FSDP))
        return True

    def _on_its_machine(self, site: Site) -> Callable[[tuple[str, ...]], bool] | None:
        """When the Fabric builds XLAFSDP only on some paths, and each of those paths' conditions holds on every
        machine XLAFSDP runs on (the pack's `Machine`: `not torch.cuda.is_available()` on a TPU machine), it
        builds it on every run that has it: `site.strategy_when` becomes None, `site.on_machine` says why, and
        the answer tells whether a value's conditions may hold there. A Fabric that builds XLAFSDP on every path
        runs only on such a machine: a value under a condition false there (`except ImportError` of a `try` that
        imports torch_xla) never reaches it either. None when the machine does not decide."""
        machine = self.vocabulary.machines.get(XLA_FSDP)
        if machine is None:
            return None
        truth = functools.partial(site.ctx.flow.condition_truth, answers=machine.answers, imports=machine.imports)
        if site.strategy_when is None:  # XLAFSDP on every path (or no strategy asked): its machine, when it is one
            if "strategy" not in self.spec or fabric_of(site) != XLA_FSDP:
                return None
            return lambda when: not any(truth(condition) is False for condition in when)
        if not all(truth(condition) is True for when in site.strategy_when for condition in when):
            return None
        conditions = ", ".join(f"`{c}`" for c in dict.fromkeys(c for when in site.strategy_when for c in when))
        site.strategy_when, site.on_machine = None, f"; {conditions} on every run with it: {machine.described}"
        return lambda when: not any(truth(condition) is False for condition in when)

    def _candidates(self, ctx: Context, written: ast.expr, call: ast.Call) -> list[Value]:
        values = list(ctx.values(written))
        if self.paths != "single":
            return values
        node = ctx.value_of(written)  # the one value written in this document on every path, else itself
        run = Flow.plain_run(values)
        if len(run) == 1 and len(run) < len(values):  # `os.environ.get("ACC", "tpu")`: the default, unless set
            return list(run)
        if len(values) == 1 and (values[0].node is node or _computed_here(ctx, values[0])
                                 or _written_in_another(ctx, values[0]) and not values[0].when):
            return values  # (or the one value another module writes on every path: `settings.RUN.clip`)
        if len(values) > 1 and all(every_turn(v.when) for v in values) \
                and all(isinstance(turn, EveryTurn) and _runs_each_time(ctx, call, turn) for v in values for turn in v.when):
            # one value per turn of a loop over known items whose every turn runs the call: each is passed once
            return [dataclasses.replace(v, when=()) for v in values]
        return [Value("unknown", node, flow=ctx.flow)]

    # -- what it reports
    def _finding(self, site: Site, found: list[Value] | None, values: list[Value], every_path: bool,
                 certain: list[Value], passed_when: Sequence[tuple[str, ...]] = ()) -> Finding:
        ctx, spec = site.ctx, self.spec
        first = found[0] if found else None
        fields = _fields(site, first, self.vocabulary, spec.get("argument", {}).get("keyword", ""), spec.get("lookup", {}))
        fields.update((name, self.vocabulary.fields[name](site)) for name in self.fact_fields)
        if self.uses_as_set:
            fields["as_set"] = short(site.as_set)  # whole in the text a fix writes
        message = _message(self.section.message, site, first, fields)
        if first is not None and first.read_from is not None and first.read_from not in message:
            message += f" (read from {first.read_from})"  # the data file, not the line, is what to change
        severity = self.severity
        if not every_path:  # a warning that says when: the conditions of the found values, else `some_paths`
            passed = tuple(dict.fromkeys(c for when in passed_when for c in when))  # all of them, with each path's
            paths = certain if spec.get("conditions") == "certain" else found or ()
            whens = [(*v.when, *passed) for v in paths] or [passed]
            if site.strategy_when is not None:  # and the paths of the XLAFSDP strategy
                whens = [tuple(dict.fromkeys((*strategy, *when))) for strategy in site.strategy_when for when in whens
                         if _compatible(when, strategy, ctx)]
            condition = describe_when(whens)
            message += f"; {condition}" if condition else _message(self.section.some_paths, site,
                                                                    first, fields)
            severity = Severity.WARNING
        if site.on_machine is not None and every_path:
            message += site.on_machine
        fix_place = self._fix_at(site, first)
        if fix_place is not None:  # the other side of the clash, in another module: where the fix belongs
            message += _render(self.section.fix_at.note, fields.merged({"fix_at": fix_place[1]}))  # type: ignore[union-attr]
        at: ast.AST | None
        if isinstance(self.at, dict):  # another keyword argument of the call, underlined as `argument` is
            other = site.keywords[0].get(self.at["keyword"])
            at = None if other is None else other.node if isinstance(other.node, ast.keyword) else other.value
        elif self.at == "argument":
            at = site.arg.node if site.arg is not None and isinstance(site.arg.node, ast.keyword) else site.written
        else:
            at = {"value": site.written, "callee": site.call.func, "call": site.call}.get(self.at)
        fixes = [f for spec_fix in self.section.fixes for f in self._fix(spec_fix, site, first, found or [], values, fields)]
        record = next((r.id for r in self.section.records if all_hold(r.when, site, first)), None)
        finding = self.finding(ctx, at if at is not None else site.call, message, fixes, severity, record)
        place = _written_elsewhere(first)
        if place is not None and first is not None and self._another_entry_passes(site, first):
            place = None  # the pick is wrong, not the entry (another is sound): the call's key is to change
        if first is not None and first.kind == "unknown" and first.node is site.written and site.written is not None \
                and self.paths == "single":  # several values, folded into the expression: where they are written
            place = _all_written_in_another(ctx, site.written) or place
        if self.at == "argument" and site.arg is not None and any(site.arg.node is k for k in site.call.keywords) \
                and not self._forwards_alternatives(site):
            place = None  # the keyword the fix rewrites is written at the call, whatever module holds its value
        if place is not None and self._fix_removes_keyword_spelled_at(site):
            place = None  # the clash is that keyword's presence, spelled at the call: removing it there fixes it
        if place is not None and first is not None and first.flow is not None \
                and first.flow.picked_by_parameters(first.node):  # type: ignore[arg-type]  # (placed: it has a line)
            # a helper's value picked by what this call passes (`training=True`): the call's to change, unless
            # the keyword it clashes with is one the helper writes whatever the call passes
            place = self._key_always_written_elsewhere(site)
        if place is not None and self._converts_at_use() and self._converter() is None and site.written is not None:
            # the fix puts the argument into a display (`{'model': target}`): the use is what changes, in its module
            place = place_in(site.ctx.flow, site.written)
        if place is not None and self._converts_at_use() \
                and _needs_what_it_is_given(ctx, site.written, self._converter()):
            place, site.converted_here = None, True  # the helper's other uses need the value as it is given
        if place is not None and self._converts_at_use() and _returns_what_it_declares(ctx, site.written, self._converter()):
            place, site.converted_here = None, True  # `checkpoint_path(step) -> Path` gives what it says: this use converts
        if place is None and site.written is not None and any(self.sibling_keywords):
            place = self._decided_elsewhere(site)
        if isinstance(self.at, dict) and not any(k.arg == self.at["keyword"] for k in site.call.keywords):
            # the keyword it clashes with is no keyword of the call: a key another module's dict writes on every path
            # (a template's `"auto_wrapper_callable": None` spread into the call), where the fix removes it
            place = self._key_always_written_elsewhere(site) or place
        if fix_place is not None:
            place = fix_place[0]
            finding = dataclasses.replace(finding, fixes=_preferring_fixes_at(finding.fixes, place))
        return finding if place is None else dataclasses.replace(finding, elsewhere=place)

    def _another_entry_passes(self, site: Site, value: Value) -> bool:
        """`value` is an entry picked out of a registry by a computed key (`STRATEGIES[name]()` with `name`
        "ddp"), and another entry of it holds, or its factory returns, only values the rule does not match
        (the "xla_fsdp" builder): the entry is sound for its own key, the pick is what is wrong."""
        if value.picked is None:
            return False
        key, registry = value.picked
        if registry.flow is None or not isinstance(key.node, ast.Constant):
            return False
        entries, _ = registry.flow.entries(registry)
        others = [e for name, e in (entries or {}).items() if name != key.node.value][:MAX_OTHER_ENTRIES]
        for entry in others:
            held = [v for v in entry.values() if v.kind != "unknown"]
            if len(held) == 1 and held[0].kind == "function" and held[0].flow is not None \
                    and isinstance(held[0].node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                factory, flow = held[0].node, held[0].flow  # what the factory returns: what the pick would build
                held = [v for n in body_nodes(factory) if isinstance(n, ast.Return) and n.value is not None
                        for v in flow.values(n.value)]
            if held and not any(v.kind == "unknown" or v.kind == "function" or all_hold(self.section.match, site, v)
                                for v in held):
                return True
        return False

    def _nested_elsewhere(self, site: Site, holder_keyword: str, keyword: str) -> tuple[Context, ast.Call, ast.keyword] | None:
        """The one strategy call the call's `holder_keyword=` argument holds when another module of the project
        builds it, with that module and the call's `keyword=` argument; None when it is not one such call or
        not given `keyword=`."""
        holder = site.keywords[0].get(holder_keyword)
        if holder is None:
            return None
        calls = self.vocabulary.fabric.strategy_holders(site.ctx, holder.value)
        if not calls or len(calls) != 1 or calls[0][0] is site.ctx or calls[0][0].flow.origin is None:
            return None
        owner, call = calls[0]
        given = next((k for k in call.keywords if k.arg == keyword), None)
        return None if given is None else (owner, call, given)

    def _fix_at(self, site: Site, first: Value | None) -> tuple[Place, str] | None:
        """Where `fix_at` puts the fix when it is in another module than the call's (the strategy's
        `accelerator=` that `fsdp_strategy()` of sharding.py writes), with the keyword and its place as a
        message names them. None when `fix_at`'s `when` fails, the keyword is not one the project can place,
        or it is written in this module (the finding stays at its argument, with the fixes of both sides)."""
        spec = self.section.fix_at
        if spec is None or not all_hold(spec.when, site, first):
            return None
        nested = self._nested_elsewhere(site, spec.spec["in"], spec.spec["keyword"])
        if nested is None:
            return None
        owner, _, keyword = nested
        place = place_in(owner.flow, keyword)
        if place is None:
            return None
        place = dataclasses.replace(place, what=f"the `{keyword.arg}=` of the `{spec.spec['in']}=` argument is written here")
        text = f"`{short(owner.doc.source(keyword))}` ({os.path.basename(place.path)}, line {place.span.start.line + 1})"
        return place, text

    def _key_always_written_elsewhere(self, site: Site) -> Place | None:
        """The key of another module's dict that the finding is reported at (`at`, the keyword it clashes
        with), when that module writes it on every path with a value of its own, whatever the call passes
        (`auto_wrapper_callable=auto_wrapper_callable` left at its default `None`: Lightning checks the key is
        there): where the clash is written."""
        if not isinstance(self.at, dict):
            return None
        other = site.keywords[0].get(self.at["keyword"])
        entry = other.elsewhere if other is not None else None
        if entry is None and other is not None and not other.when and other.among is None:
            return _bound_by_partial_elsewhere(site, other)
        if entry is None or other is None or other.when or other.among is not None or entry.when:
            return None
        if entry.flow.picked_by_parameters(entry.node):
            return None
        values = entry.values()
        imported = isinstance(entry.value, ast.Name) and isinstance(
            getattr(entry.flow.ctx.reaching(entry.value), "stmt", None), (ast.Import, ast.ImportFrom))
        if not values or any(v.when or v.flow is None or v.flow.ctx.doc is not entry.flow.ctx.doc and not imported
                             for v in values):
            return None  # what the call passes it (not a name the module imports: `checkpointed_wrapper`), or not on every path
        return place_in(entry.flow, entry.node)

    def _converts_at_use(self) -> bool:
        """The rule's fix converts the argument where it is used (`str({argument})`), keeping what it holds."""
        return any(f.spec["kind"] == "replace_argument" and "{argument}" in f.spec["text"] for f in self.section.fixes)

    def _converter(self) -> str | None:
        """The name the rule's fix converts the argument with (`str` of `str({argument})`), if it is a call."""
        for f in self.section.fixes:
            found = re.fullmatch(r"([A-Za-z_][\w.]*)\(\{argument\}\)", f.spec.get("text") or "") \
                if f.spec["kind"] == "replace_argument" else None
            if found:
                return found.group(1)
        return None

    @staticmethod
    def _decided_elsewhere(site: Site) -> Place | None:
        """A combination (this keyword with another) stored under tests another module's values decide
        (`if cfg.get("custom_wrapper"):` for config.py's dict): each value is fine alone, the choice to pass
        both is that module's, and it is placed there."""
        for value in site.ctx.flow.deciding_values(site.written):  # type: ignore[arg-type]  # checked by the caller
            if value.foreign and value.flow is not None and value.node is not None and value.node in value.flow.ctx.parents:
                place = _written_elsewhere(value)
                if place is not None:
                    return place
        return None

    def _fix_removes_keyword_spelled_at(self, site: Site) -> bool:
        """The rule underlines another keyword (`at`), which the call spells (`auto_wrapper_callable=x`, not
        through `**kwargs`), and its preferred fix removes or replaces that keyword: the finding is the call's,
        wherever the argument's value is written."""
        if not isinstance(self.at, dict):
            return False
        keyword = self.at["keyword"]
        preferred = next((f.spec for f in self.section.fixes if f.spec.get("preferred")), None)
        return preferred is not None and preferred["kind"] in ("remove_sibling", "replace_sibling") \
            and preferred.get("keyword") == keyword and any(k.arg == keyword for k in site.call.keywords)

    def _forwards_alternatives(self, site: Site) -> bool:
        """The call also passes, from a name or an attribute, a keyword the match weighs against the argument
        (`clip_val=self.clip_val, max_norm=self.max_norm`): it forwards both knobs, so the choice is where
        their values are written, not the keyword it spells."""
        siblings = self.sibling_keywords
        return any(k.arg in siblings and isinstance(k.value, (ast.Name, ast.Attribute)) for k in site.call.keywords)

    def _fix(self, fix_spec: FixSpec, site: Site, first: Value | None, found: list[Value], values: list[Value],
             fields: _Fields) -> list[Fix]:
        if not all_hold(fix_spec.when, site, first):
            return []
        spec = fix_spec.spec
        ctx, kind = site.ctx, spec["kind"]
        safety, preferred = SAFETIES[spec.get("safety", "safe")], bool(spec.get("preferred", False))
        fields = fields.with_defaults(self.vocabulary.fix_fields)
        edits: list[Edit] = []
        if kind in ("replace_value", "nearest"):
            if first is None or not self._editable(spec, site, first):
                return []
            node: ast.AST = first.node  # type: ignore[assignment]  # an editable value is written somewhere
            if kind == "nearest":
                known, constant = constant_of(first)
                if first.kind == "enum" and not isinstance(enum_compares_as(first), str):
                    return []  # a plain Enum's member: its value is not what Lightning compares (a mixed one's is)
                choice = _nearest(constant, spec["choices"], spec.get("synonyms", {})) if known and isinstance(
                    constant, str) else None
                if choice is None:
                    return []
                new = _quoted(ctx, node, choice)
            elif "string" in spec:
                choice = _render(spec["string"], fields)
                if not choice:
                    return []  # a lookup without a row for this value
                new = _quoted(ctx, node, choice, spec.get("quote") == "statement" and _statement_quote(ctx, site.call))
            else:
                choice = new = _render(spec["text"], fields)
            fields.update(new=new, choice=choice, choice_repr=repr(choice))
            edits.append(replace(ctx, node, new))
        elif kind == "to_set":
            if site.arg is None:
                return []
            others = tuple(v for v in values if v not in found)
            made = to_set(ctx, site.arg, Verdict(tuple(found), others))
            if not made:
                return []
            # each way `to_set` makes it a set (at the literal, here or in the module that writes it; or
            # `set(...)` at the argument), the first with the spec's preference
            return [dataclasses.replace(f, safety=safety, preferred=preferred and i == 0) for i, f in enumerate(made)]
        elif kind == "remove_argument":
            edit = drop_argument(ctx, site.call, site.arg) if site.arg is not None else None
            if edit is None:
                return []
            edits.append(edit)
        elif kind in ("replace_sibling", "insert_keyword"):
            new = _render(spec["text"], fields.merged({"as_set": site.as_set}))
            if not new or "{as_set}" in spec["text"] and not site.as_set:
                return []
            fields["new"] = new
            if kind == "insert_keyword":  # `keyword=new` right after the argument, where it is spelled
                inserted = insert_keyword_after(ctx, site.arg, spec["keyword"], new) if site.arg is not None else []
                if not inserted:
                    return []
                edits.extend(inserted)
            else:  # another keyword argument (or with `value`, its value) becomes `new`
                other = site.keywords[0].get(spec["keyword"])
                replaced: ast.AST | None = None if other is None else other.value if spec.get("value") else other.node
                if other is None or replaced is None or replaced not in ctx.parents or other.via is not None and (
                        not spec.get("value")):
                    return []
                edits.append(replace(ctx, replaced, new))
        elif kind == "replace_argument":  # the argument as written at the call becomes `text`
            if site.written is None or site.written not in ctx.parents:
                return []
            fields["new"] = _render(spec["text"], fields)
            edits.append(replace(ctx, site.written, fields["new"]))
        elif kind == "remove_nested":  # `Fabric(strategy=S(accelerator=A()))` -> `Fabric(strategy=S())`
            holder = site.keywords[0].get(spec["in"])
            inner = holder.value if holder is not None else None
            nested = self._nested_elsewhere(site, spec["in"], spec["keyword"])
            if nested is not None:  # a strategy another module builds: removed there, in that module's positions
                owner, call, given = nested
                return [fix(_render(spec["title"], fields), remove_argument(owner, call_items(call), given),
                            safety=safety, preferred=preferred, path=owner.flow.origin)]
            if not isinstance(inner, ast.Call) or inner not in (self.vocabulary.fabric.strategy_calls(ctx, inner) or ()):
                return []
            keyword = next((k for k in inner.keywords if k.arg == spec["keyword"]), None)
            if keyword is None:
                return []
            edits.append(remove_argument(ctx, call_items(inner), keyword))
        elif kind == "remove_sibling":
            removal = _remove_sibling(site, spec)
            if removal is None:
                return []
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
                return []
            target = site.keywords[0].get(spec["to"])
            if target is not None:  # given twice once renamed: drop the one spelled, if it is spelled here
                if target.via is not None or not isinstance(target.node, ast.keyword):
                    return []
                edits.append(remove_argument(ctx, call_items(site.call), target.node))
        elif kind == "rename_callee":
            func = site.call.func
            if not isinstance(func, ast.Attribute):
                return []
            end = ctx.doc.span(func).end
            edits.append(Edit(Span(Position(end.line, end.column - len(func.attr)), end), spec["to"]))
        elif kind == "replace_receiver":
            if site.receiver is None:
                return []
            base = site.receiver.value if isinstance(site.receiver, ast.Attribute) else None
            fields["receiver_base"] = ctx.doc.source(base) if base is not None else ""
            if "{receiver_base}" in spec["with"] and base is None:
                return []
            edits.append(replace(ctx, site.receiver, _render(spec["with"], fields)))
        return [fix(_render(spec["title"], fields), *edits, safety=safety, preferred=preferred)]

    def _editable(self, spec: Mapping[str, Any], site: Site, value: Value) -> bool:
        """The value is written in this document and, unless `holder` is "any", changing it changes only
        this argument: it is written at the argument or held by a variable bound once and read only here."""
        ctx = site.ctx
        if value.foreign or value.node is None or value.written not in ctx.parents:
            return False
        if spec.get("holder", "only_use") == "any":
            return True
        return value.written is site.written or ctx.only_use(site.written)


def _preferring_fixes_at(fixes: Sequence[Fix], place: Place) -> tuple[Fix, ...]:
    """The fixes with the one that edits `place` (another module's) preferred, when there is one: the fix
    applied is where the finding belongs."""
    def edits_place(f: Fix) -> bool:
        return f.path == place.path and all(place.span.start <= e.span.start and e.span.end <= place.span.end or
                                            e.span.start <= place.span.start and place.span.end <= e.span.end
                                            for e in f.edits)
    there = next((f for f in fixes if edits_place(f)), None)
    if there is None:
        return tuple(fixes)
    return tuple(dataclasses.replace(f, preferred=f is there) for f in fixes)


def _bound_by_partial_elsewhere(site: Site, other: Arg) -> Place | None:
    """The keyword `other` when the one `functools.partial` of another module the call runs binds it
    (`Sharded = partial(Strategy, wrapper=...)` in configs/strategy.py, called here with
    what it clashes with): where the preset writes it on every run of the call."""
    held = site.ctx.values(site.call.func)
    if len(held) != 1 or held[0].kind != "partial" or held[0].when or not held[0].foreign \
            or held[0].flow is None or not isinstance(held[0].node, ast.Call):
        return None
    if other.via is not None or any(k.arg == other.name or k.arg is None for k in site.call.keywords):
        return None  # (spelled at the call, or maybe given by its `**`)
    bound = next((k for k in held[0].node.keywords if k.arg == other.name), None)
    return place_in(held[0].flow, bound) if bound is not None else None


def _remove_sibling(site: Site, spec: Mapping[str, Any]) -> list[Edit] | None:
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


def _fields(site: Site, value: Value | None, vocabulary: Vocabulary, keyword: str,
            lookup: dict[str, Any] | None = None) -> _Fields:
    ctx = site.ctx
    fields = dict.fromkeys(vocabulary.message_fields, "")
    for names in (lookup or {}).values():
        fields.update({name: "" for name in names} | {f"{name}_repr": "" for name in names})
    fields["keyword"] = keyword

    def argument() -> str:
        if site.written is not None and site.written in ctx.parents:
            return ctx.doc.source(site.written)
        return keyword  # written in another module (a `**` of its dict): named by the keyword it fills

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
    known, constant = constant_of(value)
    spelled_as = None
    if isinstance(value.node, ast.Attribute):  # `R.MAX` with `from torch.distributed import ReduceOp as R`
        spelled_as = value_ctx(site, value).resolve(value.node) or spelled(value.node)
    member_text = enum_text(value) if value.kind == "enum" else None
    if member_text is not None:  # a member of the project's Enum, as Python formats it (`Fmt.SHARDED`), not its value
        known, spelled_as = False, member_text  # (a `StrEnum`'s formats as its value: the constant)

    def text() -> str:
        return short(_text(value) or argument())

    later: dict[str, Callable[[], str]] = {**quote, "value": text, "described": text}
    if arg is not None:
        later["described"] = lambda: described(ctx, arg, value)
    for name in ("value", "described", "constant", "lower", "repr"):
        del fields[name]
    if known or spelled_as:
        fields["constant"] = str(constant) if known else ".".join(spelled_as.split(".")[-2:])  # type: ignore[union-attr]
        fields["lower"] = fields["constant"].lower()
        if member_text is not None and isinstance(value_of := enum_compares_as(value), str):
            fields["lower"] = value_of.lower()  # a `str`-mixed member's `.lower()` is its value's
    else:
        later["constant"] = text
        later["lower"] = lambda: text().lower()
    if known:
        fields["repr"] = repr(constant)
    elif member_text is not None:
        fields["repr"] = member_text
    else:
        later["repr"] = text
    fields["from"] = f" (from {value.where()})" if value.written is not site.written and value.where() else ""
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


def _message(parts: Sequence[Part], site: Site, value: Value | None, fields: dict[str, str]) -> str:
    return "".join(_render(part.text, fields) for part in parts if all_hold(part.when, site, value))


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


def _default_triggers(spec: Mapping[str, Any]) -> list[str]:
    call = spec.get("call", {})
    words = [call["method"]] if "method" in call else [q.rsplit(".", 1)[-1] for q in call.get("qualified", ())]
    keyword = spec.get("argument", {}).get("keyword")
    return words + ([keyword] if keyword else [])


_LEAVES = (ast.Return, ast.Raise, ast.Break, ast.Continue, ast.Yield, ast.YieldFrom)
_STRAIGHT = (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Return)


def _runs_each_time(ctx: Context, call: ast.Call, turn: EveryTurn) -> bool:
    """`call` runs on each turn of the loop `turn` belongs to: it runs each time the function it is in runs (no
    branch, `with` or `try` holds it, no part of an expression evaluated only sometimes, a conditional
    expression's branch, the right of `and`/`or`, a lambda, another comprehension, and nothing before it in its
    blocks may leave early: `return`, `raise`, `break`, `continue`; a loop around it has none in its body), and
    that function holds the loop, or the loop's read is an argument of a call of it by name (one call deep). The
    values a loop gives its turns then reach it on each turn, not only those a test on the way lets by."""
    loop, use = turn.loop, turn.use
    child: ast.AST = call
    parent = ctx.parents.get(call)
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
        if parent is loop and isinstance(loop, ast.expr):  # the comprehension whose turns these are
            child, parent = parent, ctx.parents.get(parent)
            continue
        if isinstance(parent, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) \
                or isinstance(parent, ast.IfExp) and child is not parent.test \
                or isinstance(parent, ast.BoolOp) and child is not parent.values[0]:
            return False
        if isinstance(parent, ast.stmt):
            if isinstance(parent, (ast.For, ast.AsyncFor)):
                if not any(child is s for s in parent.body) or any(isinstance(n, _LEAVES) for s in parent.body for n in ast.walk(s)):
                    return False
            elif not isinstance(parent, _STRAIGHT):
                return False
        if isinstance(child, ast.stmt) and not _nothing_leaves_before(parent, child):
            return False
        child, parent = parent, ctx.parents.get(parent)
    if parent is None or isinstance(child, ast.stmt) and not _nothing_leaves_before(parent, child):
        return False
    if ctx.parents.get(loop) is not None and ctx.within(loop, parent):
        return ctx.within(call, loop)  # (a value kept past the loop is the last turn's, not every turn's)
    # `sync_metric(fabric, name, value)` in the loop, `parent` that function: here, or in the module that holds the
    # loop, calling it by its name or as `module.sync_metric`
    parents = ctx.parents if ctx.parents.get(use) is not None else turn.home
    given_to = parents.get(use) if parents is not None else None
    if isinstance(given_to, ast.keyword):
        given_to = parents.get(given_to)
    called = given_to.func if isinstance(given_to, ast.Call) else None
    name = called.id if isinstance(called, ast.Name) else called.attr if isinstance(called, ast.Attribute) \
        and parents is not ctx.parents else None
    return isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and name == parent.name \
        and ctx.parents.get(parent) is ctx.module


def _nothing_leaves_before(block_owner: ast.AST, statement: ast.stmt) -> bool:
    """No statement before `statement` in the block `block_owner` holds it in may leave it early."""
    body = getattr(block_owner, "body", None)
    if not isinstance(body, list) or not any(statement is s for s in body):
        return False
    earlier = body[:next(i for i, s in enumerate(body) if s is statement)]
    return not any(isinstance(n, _LEAVES) for s in earlier
                   if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) for n in ast.walk(s))


def _names_called(func: ast.AST) -> frozenset[str]:
    """The last name of every callee in a function's body: `fabric.launch(...)` -> launch."""
    out = set()
    for node in walk(func):  # (the set's order does not matter: the walk without leaves)
        if isinstance(node, ast.Call):
            callee = node.func
            if isinstance(callee, ast.Attribute):
                out.add(callee.attr)
            elif isinstance(callee, ast.Name):
                out.add(callee.id)
    return frozenset(out)


# the call, the call as the function sees it (a partial's arguments first), the function, its module, the names it
# calls, and the object a method runs on (its `self`; None for a function)
_Called = tuple[ast.Call, ast.Call, ast.FunctionDef | ast.AsyncFunctionDef, Flow, frozenset[str], Receiver | None]


def _functions_called(ctx: Context, every: bool = False) -> list[_Called]:
    """The calls with arguments whose function a detect rule may read for that call (see `_called_function`),
    with the names that function's body calls: worked out once per check for every detect rule, the first
    `MAX_CALLED` in the document. A function of this module that calls no name any detect rule looks at
    (`_WANTED`) is left out unread (no scope walked to tell its calls live), unless `every`; when those
    left out may have filled the bound before a call a rule may read, the list is made again with `every`,
    as the bound cuts it. Then the methods called on instances of the project's classes (`_methods_called`)."""
    out: list[_Called] = []
    partials, callbacks = ctx.imports_partial, ctx.tips.callbacks
    left_out = 0
    for call in ctx.nodes(ast.Call):
        bound = ctx.flow.bound_call(call) if partials and isinstance(call.func, ast.Name) else \
            ctx.flow.called_back(call) if isinstance(call.func, ast.Attribute) and call.func.attr in callbacks else None
        if bound is None and (not call.args and not call.keywords or not isinstance(call.func, (ast.Name, ast.Attribute))):
            continue
        if not every and len(out) + left_out >= MAX_CALLED:
            if bound is not None or _may_be_read(ctx, call):  # the bound may cut before it
                return _functions_called(ctx, every=True)
            continue
        if bound is not None:
            as_called, func, module = bound
        else:
            callee = _called_function(ctx, call, every)
            if callee is None:
                continue
            if callee is _UNREAD:
                left_out += 1
                continue
            (func, module), as_called = callee, call
        out.append((call, as_called, func, module,
                    module.ctx.once("names called", func, functools.partial(_names_called, func)), None))
        if len(out) >= MAX_CALLED:
            break
    return out + _methods_called(ctx)


def _methods_called(ctx: Context) -> list[_Called]:
    """The methods this document calls on instances of the project's classes (`worst.compute_synced(fabric)`
    after `worst = MaxMetric()`), each to be read for its call: `self` the receiver, its other parameters
    what the call passes. Only receivers the file assigns such a construction are asked (a scan:
    `Context.may_run_project_method`); the first `MAX_CALLED`."""
    out: list[_Called] = []
    for call in ctx.nodes(ast.Call):
        if not ctx.may_run_project_method(call.func):
            continue
        run = _method_run(ctx, call)
        if run is None:
            continue
        func, module, receiver = run
        out.append((call, call, func, module,
                    module.ctx.once("names called", func, functools.partial(_names_called, func)), receiver))
        if len(out) >= MAX_CALLED:
            break
    return out


# the call here, the view of the module that writes the call below it, that call, its function, the function's
# module, the names the function calls, and the object a method runs on (its `self`; None for a function)
_Below = tuple[ast.Call, Context, ast.Call, ast.FunctionDef | ast.AsyncFunctionDef, Flow, frozenset[str], Receiver | None]


def _called_below(ctx: Context, called: list[_Called]) -> list[_Below]:
    """The functions the functions called here call in turn, each read for the call that reaches it
    (`fabric.launch(tasks.finetune)` -> `_restore(fabric, model, path)` in tasks.py, whose `fabric.load` this
    launch's Fabric runs): a call of another module's function or of a top-level def, written in the body,
    `MAX_CALL_LEVELS` calls deep from here, `MAX_CALLED` functions below a document, worked out once per check."""
    out: list[_Below] = []
    todo: list[tuple[ast.Call, Context, ast.Call, ast.FunctionDef | ast.AsyncFunctionDef, Flow, int, Receiver | None]] = [
        (call, ctx, as_called, func, module, 1, receiver) for call, as_called, func, module, _, receiver in called]
    seen = {(id(call), id(func)) for call, _, func, _, _, _ in called}
    while todo and len(out) < MAX_CALLED:
        top, caller, as_called, func, module, level, receiver = todo.pop(0)
        views = _views_at(caller, as_called, func, module, receiver) if level < MAX_CALL_LEVELS else None
        if views is None:
            continue
        here = views[0]
        # the calls a def's body makes, kept with its module's context: across checks for another module's
        for inner in module.ctx.once("calls in the body", func, functools.partial(_body_call_list, func)):
            target = _function_run(here, inner) if inner.args or inner.keywords else None
            bound = _method_run(here, inner) if target is None else None
            inner_receiver = bound[2] if bound is not None else None
            target = target or (bound[:2] if bound is not None else None)
            if target is None or (id(top), id(target[0])) in seen or len(out) >= MAX_CALLED:
                continue
            seen.add((id(top), id(target[0])))
            inner_func, inner_module = target
            names = inner_module.ctx.once("names called", inner_func, functools.partial(_names_called, inner_func))
            out.append((top, here, inner, inner_func, inner_module, names, inner_receiver))
            todo.append((top, here, inner, inner_func, inner_module, level + 1, inner_receiver))
    return out


def _body_calls(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.Call]:
    """The calls a def's body makes when it runs: those that pass arguments, and the method calls that pass none
    (`loop.run()`, `self.on_start()`)."""
    return (n for n in body_nodes(func)
            if isinstance(n, ast.Call) and (n.args or n.keywords or isinstance(n.func, ast.Attribute)))


def _body_call_list(func: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[ast.Call, ...]:
    return tuple(_body_calls(func))


def _method_run(here: Context, call: ast.Call) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, Flow, Receiver] | None:
    """`loop.run()`, `metric.compute_synced(fabric)` on an instance of a project class, `self.sync(fabric)` in a
    method run on one: the method the receiver's class resolves to, its module's flow and the receiver
    (`Context.method_run`); on every path."""
    return here.method_run(call)


def _function_run(here: Context, call: ast.Call) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, Flow] | None:
    """The function `call` runs on every path, read where it is written (`here`, a function's module read for
    one call): another module's (`called_elsewhere`), or a top-level def of that module."""
    elsewhere = here.called_elsewhere(call)
    if elsewhere is not None:
        return elsewhere
    if not isinstance(call.func, ast.Name) or call.func.id not in _top_level_defs(here) \
            and not _a_parameter(here, call.func):  # `clip(fabric, ...)` of `clip=clip_by_value`: what it holds here
        return None
    values = here.values(call.func)
    if len(values) != 1 or values[0].kind != "function" or values[0].when or values[0].extra is not None \
            or values[0].flow is None or not isinstance(values[0].node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    return values[0].node, values[0].flow.base


def _a_parameter(here: Context, name: ast.Name) -> bool:
    """`name` is a parameter of the def it is read in (a function the call is read for gives it its value)."""
    func = here.enclosing_function(name)
    return func is not None and any(a.arg == name.id for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs))


_UNREAD: Any = object()  # a call of a function no detect rule would read: `_functions_called` leaves it out
_WANTED: set[str] = set()  # the callee names some detect rule's sites call (`_may_have_sites`)


def _views_at(ctx: Context, call: ast.Call, func: ast.FunctionDef | ast.AsyncFunctionDef,
              module: Flow, receiver: Receiver | None = None) -> tuple[Context, Context] | None:
    """The function's module read for this call (a method's with `self` the receiver), and as it reads on
    its own (every detect rule asks the same call: worked out once per check); None past the bound of
    calling contexts of one function."""
    def made() -> tuple[Context, Context] | None:
        site_flow = ctx.flow.site(module, func, call) if receiver is None else \
            ctx.flow.bound_site(module, func, call, receiver)
        if site_flow is module:
            return None
        return module.ctx.at_call(site_flow), module.ctx  # the module's own reading: its own context

    return ctx.once("views at call", call, made)


def _called_function(ctx: Context, call: ast.Call, every: bool = True
                     ) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, Flow] | None:
    """The function `call` runs and the flow of its module: one of another module, or a top-level function of
    this one (not a method, not nested) that the module calls at more than one place; `_UNREAD` for such a
    function whose body calls no name in `_WANTED`, unless `every`."""
    elsewhere = ctx.called_elsewhere(call)
    if elsewhere is not None:
        return elsewhere
    defs = _local_defs(ctx, call)
    if not defs:
        return None
    if not every and not _read_by_a_rule(ctx, defs):
        return _UNREAD  # type: ignore[no-any-return]
    if len(ctx.calls_by_name(call.func.id)) < 2:  # type: ignore[attr-defined]
        return None  # called once: its own reading is already this call's
    func = ctx.local_function(call.func)
    if func is None or ctx.parents.get(func) is not ctx.module or ctx.within(call, func):
        return None
    return func, ctx.flow


def _may_be_read(ctx: Context, call: ast.Call) -> bool:
    """`_called_function` may give a function a detect rule reads for `call` (no scope walked to tell)."""
    return ctx.called_elsewhere(call) is not None or _read_by_a_rule(ctx, _local_defs(ctx, call))


def _local_defs(ctx: Context, call: ast.Call) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The top-level `def`s of the name `call` calls, when it is written called at two places or more."""
    defs = _top_level_defs(ctx).get(call.func.id, []) if isinstance(call.func, ast.Name) else []
    return defs if defs and len(ctx.calls_by_name(call.func.id, live=False)) >= 2 else []  # type: ignore[attr-defined]


def _read_by_a_rule(ctx: Context, defs: list[ast.FunctionDef | ast.AsyncFunctionDef]) -> bool:
    """A def's body calls a name some detect rule looks at, itself or through the top-level def a parameter it
    calls defaults to (`clip=clip_by_value`, then `clip(fabric, ...)`)."""
    def wanted(d: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        return not _WANTED.isdisjoint(ctx.once("names called", d, functools.partial(_names_called, d)))
    return any(wanted(d) or any(wanted(f) for f in _defaults_called(ctx, d)) for d in defs)


def _defaults_called(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The top-level defs of the module that the parameters `func` calls by name default to."""
    args = func.args
    positional = [*args.posonlyargs, *args.args]
    pairs = [*zip(positional[len(positional) - len(args.defaults):], args.defaults),
             *((a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None)]
    names = ctx.once("names called", func, functools.partial(_names_called, func))
    tops = _top_level_defs(ctx)
    return [f for a, d in pairs if a.arg in names and isinstance(d, ast.Name) for f in tops.get(d.id, ())]


def _top_level_defs(ctx: Context) -> dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]]:
    """The module's top-level `def`s by name (what `_called_function` can return), once per check."""
    def found() -> dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]]:
        out: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        defs: list[ast.FunctionDef | ast.AsyncFunctionDef] = [*ctx.nodes(ast.FunctionDef), *ctx.nodes(ast.AsyncFunctionDef)]
        for f in defs:
            if ctx.parents.get(f) is ctx.module:
                out.setdefault(f.name, []).append(f)
        return out

    return ctx.once("top-level defs", ctx.module, found)


def _example(spec: dict[str, Any]) -> Invalid | Valid:
    if "good" in spec:
        return Valid(spec["good"])
    return Invalid(spec["bad"], fixed=spec.get("fixed"), fix=spec.get("fix"), message=spec.get("message"),
                   count=spec.get("count"), at=spec.get("at"), severity=spec.get("severity"))


def _in_a_dict_with_the_strategy(site: Site, arg: Arg | None, value: Value) -> bool:
    """`value`, given through a `**` that holds one of several dicts (`Fabric(**self.fabric_kwargs)`, a dict per
    construction or call), comes from one of the dicts that also hold the strategy: a factory's `"devices": 1`
    without a strategy never meets another factory's strategy. The dicts are told apart by the condition
    each holds under (`when built at line 15`); a value under none of them is any dict's."""
    strategy = site.keywords[0].get("strategy")
    if arg is None or strategy is None or strategy.among is None or arg.via is not strategy.via:
        return True
    labels = {c for when in strategy.among for c in when}
    alternatives = [c for c in value.when if c.startswith((BUILT_AT, CALLED_AT))]
    return not alternatives or all(c in labels for c in alternatives)


def _compatible(when: tuple[str, ...], other: tuple[str, ...], ctx: Context) -> bool:
    """No condition of one is the negation of a condition of the other: a path may hold both. A condition on
    a library call is one test only when the packs say the call answers the same each time (`Tips.pure`)."""
    return not any(contradicts(a, b) and _asked_once(ctx, a) for a in when for b in other)


def _asked_once(ctx: Context, condition: str) -> bool:
    """Every library call the condition makes is one the packs list as pure: two tests on it agree."""
    for func in _callees_of(condition):
        qualified = ctx.resolve(func)
        if qualified is not None and qualified.split(".")[0] in ctx.tips.libraries and qualified not in ctx.tips.pure:
            return False
    return True


@functools.lru_cache(maxsize=1024)
def _callees_of(condition: str) -> tuple[ast.expr, ...]:
    """What the calls of a condition, as its text reads, call (a text no expression: none)."""
    tree = condition_expr(condition)
    return () if tree is None else tuple(n.func for n in ast.walk(tree) if isinstance(n, ast.Call))


def _sibling_keywords(spec: Any) -> Iterator[str]:
    """The keywords a match spec weighs against its argument (`sibling`, `absent`, `present`), however nested."""
    if isinstance(spec, dict):
        for key, inner in spec.items():
            if key == "sibling" and isinstance(inner, dict) and isinstance(inner.get("keyword"), str):
                yield inner["keyword"]
            elif key in ("absent", "present") and isinstance(inner, str):
                yield inner
            else:
                yield from _sibling_keywords(inner)
    elif isinstance(spec, list):
        for inner in spec:
            yield from _sibling_keywords(inner)


def _computed_here(ctx: Context, value: Value) -> bool:
    """A constant the layer computes from what this document writes, on every path (`ReduceOp.MAX.name`,
    `"MA" + "X"`): placed at the expression that makes it."""
    return not value.when and not value.foreign and isinstance(value.node, ast.Constant) \
        and getattr(value.node, "written", None) in ctx.parents


def _written_in_another(ctx: Context, value: Value) -> bool:
    """Written in another module than the one `ctx` reads: one the check reads for this document, or this
    document itself when `ctx` reads a function of another module for a call written here."""
    return value.foreign or value.flow is not None and value.flow.ctx.doc is not ctx.doc


def _needs_what_it_is_given(ctx: Context, written: ast.expr | None, converter: str | None = None) -> bool:
    """`written` is a parameter of the function it is used in, never bound again there, that the function
    takes as it is given: its other uses read an attribute of it (`checkpoint_file.parent.mkdir(...)`), or its
    annotation admits more than what the fix converts it to (`checkpoint_path: Path`, `str | Path`: a helper
    that says it takes paths). Converting it for this use is then the function's to do, not its callers'.
    (Given by several calls, the values are not one caller's and the finding stays in the function already.)
    A function with no such sign that only passes the value on leaves it to the one caller that builds it."""
    if not isinstance(written, ast.Name):
        return False
    func = ctx.enclosing_function(written)
    if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    params = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    param = next((p for p in params if p.arg == written.id), None)
    if param is None:
        return False

    def uses() -> tuple[bool, bool]:  # (bound again, an attribute read of it)
        rebound = attribute = False
        for node in ast.walk(func):
            if isinstance(node, ast.Name) and node.id == written.id and not isinstance(node.ctx, ast.Load):
                rebound = True
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == written.id:
                attribute = True
        return rebound, attribute

    rebound, attribute = ctx.once(f"uses of the parameter {written.id}", func, uses)
    if rebound:
        return False
    return attribute or _admits_more_than(param.annotation, converter)


def _returns_what_it_declares(ctx: Context, written: ast.expr | None, converter: str | None) -> bool:
    """`written` is a call of a function (of this module or another) whose return annotation admits more than
    what the fix converts to (`def checkpoint_path(step) -> Path`): it returns what it says it does, and the
    use that needs another type converts it, at the call."""
    if not isinstance(written, ast.Call):
        return False
    funcs = [v.node for v in ctx.values(written.func)]
    return bool(funcs) and all(isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                               and _admits_more_than(f.returns, converter) for f in funcs)


NOT_A_TYPE = frozenset({"None", "Optional", "Union", "typing"})  # the words of an annotation that name no type


def _admits_more_than(annotation: ast.expr | None, converter: str | None) -> bool:
    """The annotation names a type besides `converter` (`Path`, `str | Path`, `os.PathLike`): the function
    declares it takes what the fix converts from. False without an annotation, or with the converter alone
    (`str`, `Optional[str]`: a caller that passes anything else breaks the function's contract)."""
    if annotation is None or converter is None:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):  # `"Path"`
        try:
            annotation = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return False
    names = {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)} \
        | {n.attr for n in ast.walk(annotation) if isinstance(n, ast.Attribute)}
    return bool(names - NOT_A_TYPE - {converter, converter.rsplit(".", 1)[-1]})


def _all_written_in_another(ctx: Context, written: ast.expr) -> Place | None:
    """Where the first of several values is written when another module of the project writes them all, each
    for one class `self` may be (`clip_val = 0.5` and `clip_val = 0.1` of two clippers in kinds.py, read as
    `self.clip_val` in the base's method run on either): that module is where the fix belongs. (Values the
    calls pass are the function's to convert, where it uses them.)"""
    values = ctx.values(written)
    if len(values) < 2 or any(not v.foreign or getattr(v.node, "lineno", None) is None
                              or not any(c.startswith("self is a ") for c in v.when) for v in values) \
            or len({v.flow.origin for v in values if v.flow is not None}) != 1:
        return None
    return _written_elsewhere(values[0])


def _written_elsewhere(value: Value | None) -> Place | None:
    """Where a value read from another module of the project is written there (its own lines)."""
    if value is None or not value.foreign or value.flow is None or getattr(value.node, "lineno", None) is None:
        return None
    assert value.node is not None
    return place_in(value.flow, value.node)
