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
  and parsed again; the findings are reused whole when no chunk the rules look at changed and
  the module-level facts they depend on (`fingerprint`) did not either.

The cycle collector is paused for the whole check: a check builds many objects and frees few.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import hashlib
import re
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..gcpause import paused_gc
from ..settings import Settings
from .context import Context
from .document import LINE_BREAK, Chunk, Document, ParsedChunk
from .findings import Edit, Finding, Position, Safety, Span
from .fixes import apply_edits
from .rule import Rule, iter_rules

# A file that mentions none of these cannot misuse the pack (XLAFSDP, and the Fabric calls every
# strategy checks): it is not parsed at all.
PACK_WORDS = ("XLAFSDP", "xla_fsdp", "fsdp", "no_backward_sync", "Fabric")
# Statements the shared analysis needs whatever the rules: imports, Fabric construction, launches.
# Chunks are picked by whole words used as code (a capitalised word also ends a longer name:
# `Strategy` picks `XLAFSDPStrategy(...)`), never by a word in a comment or a string.
CONTEXT_WORDS = ("lightning", "lightning_fabric", "Fabric", "launch", "Strategy")
NOQA = re.compile(r"#\s*noqa(?::[ \t]*(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?", re.I)


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


@dataclass
class CheckedDocument:
    """One version of an open document as the engine left it: pass it back with the next one."""

    report: Report
    document: Document | None  # None when the text was not scanned (too big, no pack word)
    settings: Settings | None = None
    rules: tuple[Rule, ...] = ()
    picked: tuple[tuple[int, str], ...] = ()  # (line, text) of every chunk the rules looked at
    fingerprint: str = ""


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
    if not any(word in text for word in PACK_WORDS):
        return CheckedDocument(Report(), None)  # one scan; the rule pack is not even loaded
    active = tuple(r for r in (rules if rules is not None else iter_rules()) if settings.enabled(r.code))
    if not active:
        return CheckedDocument(Report(), None)
    doc = _next_document(text, path, previous, changes)
    words = {w for rule in active for w in rule.triggers} | set(CONTEXT_WORDS)
    chunks = _with_what_they_read(doc, words)
    picked = tuple((c.first, c.text) for c in chunks)
    fingerprint = _fingerprint(chunks)
    if (previous is not None and previous.document is not None and previous.settings == settings
            and previous.rules == active and previous.picked == picked and previous.fingerprint == fingerprint
            and previous.document.path == path):
        report = previous.report  # no chunk the rules look at changed
        return CheckedDocument(report, doc, settings, active, picked, fingerprint)
    ctx = Context(doc, chunks)
    first_break = LINE_BREAK.search(text)
    eol = first_break.group(0) if first_break else "\n"  # fixes write the file's own line ending
    report = Report(parsed_lines=sum(c.last - c.first for c in chunks))
    for rule in active:
        try:
            found = list(rule.check(ctx))
        except Exception as exc:  # a broken rule must not take the others down
            report.failures.append(RuleFailure(
                rule.code, f"{type(exc).__name__}: {exc}", "".join(traceback.format_exception(exc))))
            continue
        for finding in found:
            if not _suppressed(doc, finding):
                severity = settings.severity_of(finding.code, finding.severity)
                if severity != finding.severity:
                    finding = Finding(finding.code, finding.record_id, finding.span, finding.message,
                                      severity, finding.fixes, finding.rule)
                if doc.bom:
                    finding = _after_bom(finding)
                if eol != "\n":
                    finding = _with_line_ending(finding, eol)
                report.findings.append(finding)
    report.findings.sort(key=lambda f: (f.span.start, f.code))
    return CheckedDocument(report, doc, settings, active, picked, fingerprint)


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


def _fingerprint(chunks: list[Chunk]) -> str:
    """A digest of the module-level facts findings depend on: imports, module bindings (Fabric
    and strategy values among them), launch targets, top-level definitions and their returns."""
    digest = hashlib.blake2b(digest_size=16)
    for chunk in chunks:
        if chunk.parsed is not None:
            digest.update(chunk.parsed.fact("module facts", lambda parsed: _module_facts(parsed, chunk)).encode())
    return digest.hexdigest()


def _module_facts(parsed: ParsedChunk, chunk: Chunk) -> str:
    """The source of a chunk's module-level statements, but for a definition only its signature
    and its `return` lines (a body's other lines change nothing another chunk can see)."""
    lines = chunk.text.split("\n")

    def text(first: int, last: int) -> str:  # 1-based lines [first, last]
        return "\n".join(lines[max(first - 1 - chunk.first, 0):last - chunk.first])

    parts = []
    for stmt in parsed.tree.body if parsed.tree is not None else ():
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            first = min([stmt.lineno] + [d.lineno for d in stmt.decorator_list])
            body = stmt.body[0].lineno if stmt.body else stmt.lineno
            parts.append(text(first, body - 1 if body > stmt.lineno else stmt.lineno))
            if not isinstance(stmt, ast.ClassDef):
                parts.extend(text(n.lineno, n.end_lineno or n.lineno) for n in ast.walk(stmt) if isinstance(n, ast.Return))
        else:
            parts.append(text(stmt.lineno, stmt.end_lineno or stmt.lineno))
    return "\n".join(parts)


def _with_what_they_read(doc: Document, words: set[str], rounds: int = 2) -> list:
    """The chunks that mention a trigger word, and those the value-flow layer may need to follow them:
    the chunks that mention a name they read (where it is bound) or a function or class they define
    (its call sites), `rounds` steps out."""
    chunks = doc.chunks(sorted(words))
    for _ in range(rounds):
        names = set()
        for chunk in chunks:
            if chunk.parsed is None:
                continue
            by_type, _ = chunk.parsed.index
            names.update(n.id for n in by_type.get(ast.Name, ()))
            for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
                names.update(n.name for n in by_type.get(kind, ()))
        more = {n for n in names if len(n) >= 3 and not hasattr(builtins, n)} - words
        if not more:
            break
        words = words | more
        grown = doc.chunks(sorted(words))
        if len(grown) == len(chunks):
            break
        chunks = grown
    return chunks


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
    if "#" not in line:
        return False
    for m in NOQA.finditer(line):
        codes = m["codes"]
        if codes is None or finding.code.upper() in re.split(r"[,\s]+", codes.upper()):
            return True
    return False


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
