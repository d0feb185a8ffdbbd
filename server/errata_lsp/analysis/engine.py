"""Source text in, findings out: scan, parse what matters, run the rules, drop what is suppressed.

Two ways in:

- `check_source(text, path, settings)`: one text, nothing kept between calls (the command line).
- `check_document(text, path, settings, previous, changes=None)`: one version of an open document.
  `previous` is what the call for the document's previous version returned (None when it was
  opened); `changes`, if given, are the edits that made `text` from the previous text, as
  (`Span` in (line, code-point column) of the text each applies to, new text) in order, a None
  span for a whole-text replacement (LSP `contentChanges`, converted from UTF-16 columns).
  Without them the changed lines are found by comparing lines. It returns a `CheckedDocument`:
  `.report` (as from `check_source`) and `.document`; keep it for the next version and drop it
  when the document closes (that frees its trees). Only the chunks the edit touched are scanned
  and parsed again, and the previous findings are reused (moved with the lines) when every chunk
  the rules look at has the same code as before, comments and trailing blanks aside: typing in a
  comment, or lines added or removed outside those chunks, runs no rule. Otherwise every rule runs
  again, over trees and tables that are cached per chunk.

The cycle collector is paused for the whole check: a check builds many objects and frees few.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import functools
import re
import traceback
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..gcpause import paused_gc
from ..settings import Settings
from .context import Context
from .document import LINE_BREAK, Chunk, Document, ParsedChunk
from .findings import Edit, Finding, Position, Safety, Severity, Span
from .fixes import apply_edits
from .packs import CONTEXT_WORDS, PACK_WORDS  # every pack's words (packs/__init__.py)
from .rule import Rule, iter_rules
from .suppressions import NOQA, UNUSED_NOQA, file_directives, suppressed, unused_noqa

_LINE_NUMBERS = re.compile(r"\blines?\s+\d+(?:\s*(?:[-–,]|and|to)\s*\d+)*", re.I)  # "line 18", "lines 3-5"
TOO_DEEP = "an expression nested too deep for Python's parser; this statement is not checked, the others are"
# A name bound at the top level: `def name`, `class name`, `name = ...`, `name: T = ...`.
TOP_LEVEL_BINDING = re.compile(r"^(?:(?:async[ \t]+)?def|class)[ \t]+(\w+)|^(\w+)[ \t]*(?::[^=\n]*)?=(?!=)", re.M)
__all__ = ["CONTEXT_WORDS", "NOQA", "PACK_WORDS", "Report", "RuleFailure", "check_source", "check_document", "fix_all"]


@dataclass(frozen=True)
class RuleFailure:
    rule: str
    error: str  # the exception, one line
    detail: str  # the traceback, for a log


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)
    failures: list[RuleFailure] = field(default_factory=list)
    skipped: str | None = None  # why the document was not checked
    parsed_lines: int = 0
    notes: list[tuple[int, str]] = field(default_factory=list)  # (0-based line, what was not checked there)


@dataclass
class CheckedDocument:
    """One version of an open document as the engine left it: pass it back with the next one."""

    report: Report
    document: Document | None  # None when the text was not scanned (too big, no pack word)
    key: tuple[Any, ...] = ()  # settings, rules, path, line ending, BOM: what findings also depend on
    picked: tuple[tuple[int, str], ...] = ()  # (line, code) of every chunk the rules looked at
    raw: tuple[Finding, ...] = ()  # the findings before noqa comments are applied
    reused: bool = False  # the previous version's findings, no rule ran
    reads: Reads | None = None  # how the chunks were picked, for the next version


@dataclass(frozen=True)
class Reads:
    """The chunks the rules look at, and what picked them: the trigger words, the names followed
    from them (`Document.chunks(words, names)` picks them again) and every chunk's code."""

    chunks: list[Chunk]
    words: frozenset[str]
    names: frozenset[str]
    codes: tuple[tuple[str, str], ...]


def check_source(
    text: str, path: str | None = None, settings: Settings | None = None, rules: Sequence[Rule] | None = None,
) -> Report:
    return check_document(text, path, settings, rules=rules).report


def check_document(
    text: str, path: str | None = None, settings: Settings | None = None, previous: CheckedDocument | None = None,
    *, changes: Iterable[tuple[Span | None, str]] | None = None, rules: Sequence[Rule] | None = None,
) -> CheckedDocument:
    with paused_gc():
        return _check(text, path, settings or Settings(), previous, changes, rules)


def _check(
    text: str, path: str | None, settings: Settings, previous: CheckedDocument | None,
    changes: Iterable[tuple[Span | None, str]] | None, rules: Sequence[Rule] | None,
) -> CheckedDocument:
    size = len(text.encode("utf-8", errors="surrogatepass")) if len(text) * 4 > settings.max_file_bytes else len(text)
    if size > settings.max_file_bytes:
        return CheckedDocument(Report(skipped=f"{size / 2**20:.1f} MiB is above the "
                                              f"{settings.max_file_bytes / 2**20:.0f} MiB limit; not checked"), None)
    if not any(word in text for word in PACK_WORDS) and not _mentions_data_rules(text, settings.kb_paths, rules):
        return CheckedDocument(Report(), None)  # one scan; the rule pack is not even loaded
    settings = settings.for_file(path)  # `per-file-ignores`
    exempt_file, exempt_codes = file_directives(text)  # `# errata: noqa` lines
    if exempt_file:
        return CheckedDocument(Report(), None)
    active = tuple(r for r in (rules if rules is not None else iter_rules(settings.kb_paths))
                   if settings.enabled(r.code) and r.code not in exempt_codes)
    if not active:
        return CheckedDocument(Report(), None)
    doc = _next_document(text, path, previous, changes)
    words = {w for rule in active for w in rule.triggers} | set(CONTEXT_WORDS)
    reads = _with_what_they_read(doc, words, previous.reads if previous is not None else None)
    chunks = reads.chunks
    first_break = LINE_BREAK.search(text)
    eol = first_break.group(0) if first_break else "\n"  # fixes write the file's own line ending
    key = (settings, active, path, eol, doc.bom)
    picked = tuple((c.first, c.code_signature()) for c in chunks)
    notes = [(line, TOO_DEEP) for c in chunks if c.parsed for line in c.parsed.too_deep]
    reused = _reused(previous, doc, key, picked)
    if reused is not None:
        failures = previous.report.failures  # type: ignore[union-attr]
        report = Report(_for_version(_kept(doc, reused, settings, active, failures, exempt_codes), settings), failures,
                        parsed_lines=sum(c.last - c.first for c in chunks), notes=notes)
        return CheckedDocument(report, doc, key, picked, tuple(reused), True, reads)
    ctx = Context(doc, chunks)
    report = Report(parsed_lines=sum(c.last - c.first for c in chunks), notes=notes)
    raw: list[Finding] = []
    for rule in active:
        try:
            found = list(rule.check(ctx))
        except Exception as exc:  # a broken rule must not take the others down
            report.failures.append(RuleFailure(
                rule.code, f"{type(exc).__name__}: {exc}", "".join(traceback.format_exception(exc))))
            continue
        for finding in found:
            severity = settings.severity_of(finding.code, finding.severity)
            if severity != finding.severity:
                finding = Finding(finding.code, finding.record_id, finding.span, finding.message,
                                  severity, finding.fixes, finding.rule)
            if doc.bom:
                finding = _after_bom(finding)
            if eol != "\n":
                finding = _with_line_ending(finding, eol)
            raw.append(finding)
    raw.sort(key=lambda f: (f.span.start, f.code))
    report.findings = _for_version(_kept(doc, raw, settings, active, report.failures, exempt_codes), settings)
    return CheckedDocument(report, doc, key, picked, tuple(raw), reads=reads)


def _mentions_data_rules(text: str, kb_paths: tuple[str, ...], rules: Sequence[Rule] | None) -> bool:
    """A word of a `detect` rule of the `kb.paths` records (or of the rules given) is in the text: their
    pack may be another than the one PACK_WORDS names."""
    if rules is not None:
        data: Sequence[Rule] = [r for r in rules if r.origin == "data"]
    elif kb_paths:
        from .detect import rules_from_paths
        from .rules import BY_CODE

        data = rules_from_paths(kb_paths, BY_CODE)[0]
    else:
        return False
    return any(word in text for rule in data for word in rule.triggers)


def _kept(doc: Document, raw: Sequence[Finding], settings: Settings, active: Sequence[Rule],
          failures: Sequence[RuleFailure], exempt_codes: Collection[str]) -> list[Finding]:
    """The findings no `# noqa` silences, and a finding for each `# noqa` code that silences nothing."""
    kept, used_noqa = [], set()
    for finding in raw:
        if _suppressed(doc, finding):
            used_noqa.add((finding.span.start.line, finding.code))
        else:
            kept.append(finding)
    if settings.enabled(UNUSED_NOQA) and UNUSED_NOQA not in exempt_codes and any(c.says("noqa") for c in doc.all_chunks):
        from .rules import BY_CODE

        ran = {r.code for r in active} - {f.rule for f in failures}
        severity = settings.severity_of(UNUSED_NOQA, Severity.WARNING)
        kept += [dataclasses.replace(f, severity=severity)
                 for f in unused_noqa(doc.lines, used_noqa, ran, {*BY_CODE, *(r.code for r in active), UNUSED_NOQA})
                 if not _suppressed(doc, f)]  # a noqa for LXF100 keeps its line's other codes
        kept.sort(key=lambda f: (f.span.start, f.code))
    return kept


def _for_version(findings: list[Finding], settings: Settings) -> list[Finding]:
    """The findings the user's Lightning really raises: a check their release does not perform is
    dropped, and where their release words the error otherwise, the message quotes their words.
    Without a detected environment (`settings.environment` None) or with an unknown version, the
    newest covered release is assumed, which is what the rules are written for."""
    environment = settings.environment
    if environment is None or not findings:
        return findings
    from ..kb.readable import readable_message
    from ..kb.versions import reworded, shipped

    table = shipped()
    lightning = environment.lightning
    placed = table.place(lightning.version) if table is not None else None
    if table is None or placed is None or placed.release == table.newest:
        return findings
    out = []
    for finding in findings:
        if not table.applies(finding.record_id, lightning.version):
            continue
        if table.message_differs(finding.record_id, placed.release):
            theirs = table.site(finding.record_id, placed.release).message  # type: ignore[union-attr]
            newest = table.site(finding.record_id, table.newest).message  # type: ignore[union-attr, arg-type]
            message = reworded(finding.message, newest, theirs) or (
                f"{finding.message} (lightning {lightning.version} raises: "
                f"\"{' '.join(readable_message(theirs).split())}\")")
            finding = dataclasses.replace(finding, message=message)
        out.append(finding)
    return out


def _reused(previous: CheckedDocument | None, doc: Document, key: tuple[Any, ...],
            picked: tuple[tuple[int, str], ...]) -> list[Finding] | None:
    """The previous version's findings, if they hold for this one: every chunk the rules look at has
    the same code (comments and trailing blanks aside) and, past the edit, the same code moved by
    the lines the edit added or removed. A finding that spans an edited line is not reused."""
    if previous is None or previous.document is None or previous.key != key:
        return None
    if previous.picked == picked and previous.document.serial == doc.serial:
        return list(previous.raw)
    edit = doc.edit
    if edit is None or edit[0] != previous.document.serial or len(previous.picked) != len(picked):
        return None
    _, first, old_end, new_end = edit
    delta = new_end - old_end
    for (old_line, old_code), (line, code) in zip(previous.picked, picked):
        if line != (old_line + delta if old_line >= old_end else old_line):
            return None
        if old_code != code and not _same_shape(previous.document, old_line, doc, line):
            return None
    if delta and any(int(n) > first for f in previous.raw for m in _LINE_NUMBERS.finditer(f.message)
                     for n in re.findall(r"\d+", m.group())):
        return None  # a message names a line the edit moved
    out = []
    for finding in previous.raw:
        spans = [finding.span, *(e.span for f in finding.fixes for e in f.edits)]
        if any(s.start.line < s.end.line and s.start.line <= max(old_end - 1, first) and s.end.line >= first
               for s in spans):
            return None  # a span over several lines that holds an edited one: its text may have changed
        if any(first <= s.start.line < old_end or first <= s.end.line < old_end for s in spans) and delta:
            return None
        out.append(_moved(finding, old_end, delta) if delta else finding)
    return out


def _same_shape(before: Document, old_line: int, after: Document, line: int) -> bool:
    """Whether two versions of a chunk differ only where no rule looks: in a docstring or another
    string standing alone as a statement (typing in a docstring is typing in text)."""
    old, new = before.chunk_at(old_line), after.chunk_at(line)
    if old is None or new is None or old.parsed is None or new.parsed is None or old.first != old_line:
        return False
    old_shape, new_shape = old.parsed.fact("shape", _shape), new.parsed.fact("shape", _shape)
    return old_shape is not None and old_shape == new_shape


def _shape(parsed: ParsedChunk) -> str | None:
    """The chunk's tree without positions and without statements that are a string alone."""
    if parsed.tree is None or parsed.repaired:
        return None
    if parsed.classdef is not None:  # a class head: the Context puts the methods in its class
        c = parsed.classdef
        nodes: list[Any] = [c.name, c.decorator_list, c.bases, c.keywords, parsed.own_body]
    else:
        nodes = parsed.tree.body
    out: list[str] = []
    _serialise(nodes, out)
    return "".join(out)


def _serialise(node: object, out: list[str]) -> None:
    if isinstance(node, ast.AST):
        out.append(type(node).__name__ + "(")
        for name in node._fields:
            _serialise(getattr(node, name, None), out)
            out.append(",")
        out.append(")")
    elif isinstance(node, list):
        out.append("[")
        for item in node:
            if not (isinstance(item, ast.Expr) and isinstance(item.value, ast.Constant)
                    and isinstance(item.value.value, str)):
                _serialise(item, out)
        out.append("]")
    else:
        out.append(repr(node))


def _moved(finding: Finding, since: int, delta: int) -> Finding:
    """The finding with every position on line `since` or below moved `delta` lines."""
    def move(span: Span) -> Span:
        start, end = span.start, span.end
        if start.line >= since:
            start = Position(start.line + delta, start.column)
        if end.line >= since:
            end = Position(end.line + delta, end.column)
        return Span(start, end)

    fixes = tuple(dataclasses.replace(f, edits=tuple(Edit(move(e.span), e.new_text) for e in f.edits))
                  for f in finding.fixes)
    return dataclasses.replace(finding, span=move(finding.span), fixes=fixes)


def _next_document(
    text: str, path: str | None, previous: CheckedDocument | None, changes: Iterable[tuple[Span | None, str]] | None,
) -> Document:
    before = previous.document if previous is not None else None
    if before is None or before.path != path:
        return Document(text, path)
    if changes is not None:
        doc = before.apply(changes)
        if doc.text == text:
            return doc
    return before.edited(text)


def _with_what_they_read(doc: Document, words: set[str], previous: Reads | None = None, rounds: int = 2) -> Reads:
    """The chunks that mention a trigger word, and those the value-flow layer may need to follow them:
    the chunks that mention a name they read (where it is bound) or a function or class they define
    (its call sites), `rounds` steps out. The names of each chunk are cached with its tree; when no
    chunk's code changed since `previous` (typing in a comment), its names are taken as they were."""
    codes = tuple((c.role, c.code_signature()) for c in doc.all_chunks)
    key = frozenset(words)
    if previous is not None and previous.words == key and previous.codes == codes:
        return Reads(doc.chunks(words, previous.names), key, previous.names, codes)
    chunks = doc.chunks(words)
    names: set[str] = set()
    used: frozenset[str] = frozenset()  # the names that picked `chunks`
    bound_at_top: set[str] = set()
    for chunk in doc.all_chunks:  # a method's chunk binds nothing at the top level
        if chunk.role != "member":
            bound_at_top |= _bound_at_top(chunk.text)
    for _ in range(rounds):
        before = len(names)
        for chunk in chunks:
            if chunk.parsed is not None:
                names.update(chunk.parsed.fact("names", _names) & bound_at_top)
        if len(names) == before:
            break
        grown = doc.chunks(words, names)
        if len(grown) == len(chunks):
            break
        chunks, used = grown, frozenset(names)
    return Reads(chunks, key, used, codes)


@functools.lru_cache(maxsize=8192)
def _bound_at_top(text: str) -> frozenset[str]:
    """Names a chunk's text binds at the top level; cached on the text, so a keystroke scans only the
    chunk it changed."""
    return frozenset(a or b for a, b in TOP_LEVEL_BINDING.findall(LINE_BREAK.sub("\n", text)))


def _names(parsed: ParsedChunk) -> frozenset[str]:
    """Names a chunk reads or defines that may be bound or called elsewhere (not builtins, 3+ letters)."""
    by_type, _ = parsed.index
    found = {n.id for n in by_type.get(ast.Name, ())}  # type: ignore[attr-defined]
    for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
        found.update(n.name for n in by_type.get(kind, ()))  # type: ignore[attr-defined]
    return frozenset(n for n in found if len(n) >= 3 and not hasattr(builtins, n))


def _after_bom(finding: Finding) -> Finding:
    """A BOM is the first character of line 0: an edit at (0, 0) goes after it, not before, or the
    BOM ends up inside the file and Python no longer parses it."""
    def move(span: Span) -> Span:
        first = Position(0, 1)
        start = first if span.start == Position(0, 0) else span.start
        return Span(start, max(span.end, start))

    fixes = tuple(dataclasses.replace(f, edits=tuple(Edit(move(e.span), e.new_text) for e in f.edits))
                  for f in finding.fixes)
    return dataclasses.replace(finding, span=move(finding.span), fixes=fixes)


def _with_line_ending(finding: Finding, eol: str) -> Finding:
    """Rules write "\n" (and `Document.slice` joins lines with it): a CRLF or CR file gets its own."""
    fixes = tuple(dataclasses.replace(f, edits=tuple(Edit(e.span, LINE_BREAK.sub(eol, e.new_text)) for e in f.edits))
                  for f in finding.fixes)
    return dataclasses.replace(finding, fixes=fixes)


def _suppressed(doc: Document, finding: Finding) -> bool:
    line = doc.lines[finding.span.start.line] if finding.span.start.line < len(doc.lines) else ""
    return suppressed(line, finding.code)


def fix_all(
    text: str, path: str | None = None, settings: Settings | None = None, unsafe: bool = False, max_passes: int = 8,
) -> tuple[str, list[Finding]]:
    """Apply every fix of the allowed safety until none is left; return the text and the fixes' findings."""
    applied: list[Finding] = []
    for _ in range(max_passes):
        findings = check_source(text, path, settings).findings
        chosen = []
        for finding in findings:
            fix = next((f for f in finding.fixes if f.preferred and (unsafe or f.safety is Safety.SAFE)), None) or next(
                (f for f in finding.fixes if unsafe or f.safety is Safety.SAFE), None)
            if fix is not None:
                chosen.append((finding, fix))
        if not chosen:
            break
        new_text, used = apply_edits(text, [fix.edits for _, fix in chosen])
        if new_text == text:
            break
        applied.extend(chosen[i][0] for i in used)
        text = new_text
    return text, applied
