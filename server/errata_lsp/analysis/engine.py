"""Source text in, findings out: scan, parse what matters, run the rules, drop what is suppressed."""

from __future__ import annotations

import ast
import dataclasses
import re
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..gcpause import paused_gc
from ..settings import Settings
from .context import Context
from .document import LINE_BREAK, Document
from .findings import Edit, Finding, Position, Safety, Severity, Span
from .fixes import apply_edits
from .rule import Rule, iter_rules
from .suppressions import NOQA, UNUSED_NOQA, file_directives, suppressed, unused_noqa

# A file that mentions none of these cannot misuse the pack (XLAFSDP, and the Fabric calls every
# strategy checks): it is not parsed at all.
PACK_WORDS = ("XLAFSDP", "xla_fsdp", "fsdp", "no_backward_sync", "Fabric")
# Statements the shared analysis needs whatever the rules: imports, Fabric construction, launches.
CONTEXT_WORDS = ("lightning", "Fabric(", "launch(", "Strategy(")
TOO_DEEP = "an expression nested too deep for Python's parser; this statement is not checked, the others are"
__all__ = ["NOQA", "Report", "RuleFailure", "check_source", "fix_all"]


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


def check_source(
    text: str, path: str | None = None, settings: Settings | None = None, rules: Sequence[Rule] | None = None,
) -> Report:
    settings = (settings or Settings()).for_file(path)
    size = len(text.encode("utf-8", errors="surrogatepass")) if len(text) * 4 > settings.max_file_bytes else len(text)
    if size > settings.max_file_bytes:
        return Report(skipped=f"{size / 2**20:.1f} MiB is above the {settings.max_file_bytes / 2**20:.0f} MiB limit; not checked")
    if not any(word in text for word in PACK_WORDS):
        return Report()  # one scan; the rule pack is not even loaded
    exempt_file, exempt_codes = file_directives(text)  # `# errata: noqa` lines
    if exempt_file:
        return Report()
    active = [r for r in (rules if rules is not None else iter_rules())
              if settings.enabled(r.code) and r.code not in exempt_codes]
    if not active:
        return Report()
    doc = Document(text, path)
    words = {w for rule in active for w in rule.triggers} | set(CONTEXT_WORDS)
    with paused_gc():
        chunks = _with_what_they_read(doc, words)
        ctx = Context(doc, chunks)
    first_break = LINE_BREAK.search(text)
    eol = first_break.group(0) if first_break else "\n"  # fixes write the file's own line ending
    report = Report(parsed_lines=sum(c.last - c.first for c in chunks), notes=[
        (line, TOO_DEEP) for c in chunks if c.parsed for line in c.parsed.too_deep])
    used_noqa: set[tuple[int, str]] = set()
    for rule in active:
        try:
            found = list(rule.check(ctx))
        except Exception as exc:  # a broken rule must not take the others down
            report.failures.append(RuleFailure(
                rule.code, f"{type(exc).__name__}: {exc}", "".join(traceback.format_exception(exc))))
            continue
        for finding in found:
            if _suppressed(doc, finding):
                used_noqa.add((finding.span.start.line, finding.code))
            else:
                severity = settings.severity_of(finding.code, finding.severity)
                if severity != finding.severity:
                    finding = Finding(finding.code, finding.record_id, finding.span, finding.message,
                                      severity, finding.fixes, finding.rule)
                if doc.bom:
                    finding = _after_bom(finding)
                if eol != "\n":
                    finding = _with_line_ending(finding, eol)
                report.findings.append(finding)
    if settings.enabled(UNUSED_NOQA) and UNUSED_NOQA not in exempt_codes and "noqa" in text.lower():
        from .rules import BY_CODE

        ran = {r.code for r in active} - {f.rule for f in report.failures}
        severity = settings.severity_of(UNUSED_NOQA, Severity.WARNING)
        report.findings += [dataclasses.replace(f, severity=severity)
                            for f in unused_noqa(doc.lines, used_noqa, ran, {*BY_CODE, UNUSED_NOQA})
                            if not _suppressed(doc, f)]  # `# noqa: LXF100` keeps its line's other codes
    report.findings.sort(key=lambda f: (f.span.start, f.code))
    return report


# A name bound at the top level: `def name`, `class name`, `name = ...`, `name: T = ...`.
TOP_LEVEL_BINDING = re.compile(r"^(?:(?:async[ \t]+)?def|class)[ \t]+(\w+)|^(\w+)[ \t]*(?::[^=\n]*)?=(?!=)", re.M)


def _with_what_they_read(doc: Document, words: set[str], rounds: int = 3) -> list:
    """The chunks that mention a trigger word, and those the value-flow layer may need to follow them:
    where a module-level name they read is bound, and where a function or class they define is called
    (its parameters' values), `rounds` steps out."""
    chunks = doc.chunks(sorted(words))
    bound_at_top = {a or b for a, b in TOP_LEVEL_BINDING.findall(doc.code)}
    for _ in range(rounds):
        wanted = set()
        for chunk in chunks:
            if chunk.parsed is None:
                continue
            by_type, _ = chunk.parsed.index
            wanted.update(n.id for n in by_type.get(ast.Name, ()) if n.id in bound_at_top)
            for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
                wanted.update(f"{n.name}(" for n in by_type.get(kind, ()))
        wanted -= words
        if not wanted:
            break
        words = words | wanted
        taken = {line for c in chunks for line in range(c.first, c.last)}
        more = [c for c in doc.chunks(sorted(wanted)) if c.first not in taken]
        if not more:
            break
        chunks = sorted([*chunks, *more], key=lambda c: c.first)
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
