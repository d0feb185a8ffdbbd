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
  the rules look at has the same code as before, comments, trailing blanks, docstrings and the
  constants of local assignments nothing reads aside, and a line that does not parse yet while it
  stays so (typing in a comment, into such an assignment, inside a bracket not closed yet, or
  lines added or removed outside those chunks runs no rule), and what the rules read of the text
  beyond its trees reads the same (no line they read was edited; their questions about the whole
  text get the same answers). Otherwise every rule runs again, over trees and tables that are
  cached per chunk.

The cycle collector is paused for the whole check: a check builds many objects and frees few.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import dataclasses
import functools
import re
import traceback
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..gcpause import paused_gc
from ..settings import Settings, text_size
from .context import Context, LibraryVersions
from .document import IDENTIFIER, LINE_BREAK, Chunk, Document, ParsedChunk, answer
from .findings import Edit, Finding, Fix, Position, Safety, Severity, Span
from .fixes import apply_edits
from .packs import CONTEXT_WORDS, PACK_WORDS, TIPS  # every pack's words and value tips (packs/__init__.py)
from .project import WORKSPACE, Reading
from .rule import Rule
from .suppressions import NOQA, UNUSED_NOQA, file_directives, suppressed, unused_noqa

_LINE_NUMBERS = re.compile(r"\blines?\s+\d+(?:\s*(?:[-–,]|and|to)\s*\d+)*", re.I)  # "line 18", "lines 3-5"
TOO_DEEP = "an expression nested too deep for Python's parser; this statement is not checked, the others are"
Together = frozenset[tuple[frozenset[str], frozenset[str]]]  # pairs of word sets: a chunk picked uses one of each
# A name bound at the top level: `def name`, `class name`, `name = ...`, `name: T = ...`.
TOP_LEVEL_BINDING = re.compile(r"^(?:(?:async[ \t]+)?def|class)[ \t]+(\w+)|^(\w+)[ \t]*(?::[^=\n]*)?=(?!=)", re.M)
_BINDING_AFTER_BREAK = re.compile(r"\n(?:(?:(?:async[ \t]+)?def|class)[ \t]+(\w+)|(\w+)[ \t]*(?::[^=\n]*)?=(?!=))")
# A statement of the top level whose block is the module's code too (`try:` around an import probe, `if`, `with`)
# a top-level name bound to an empty container, which other code fills (`REGISTRY = {}` filled by a decorator)
_EMPTY_CONTAINER = re.compile(r"^(\w+)[ \t]*(?::[^=\n]*)?=[ \t]*(?:\{\}|\[\]|(?:dict|list|set)\(\)|(?:collections\.)?"
                              r"(?:defaultdict|OrderedDict)\([\w.]*\))[ \t]*(?:#.*)?$", re.M)
_TOP_LEVEL_BLOCK = re.compile(r"^(?:if|elif|else|try|except|finally|with|for|while|async[ \t]+(?:with|for))\b", re.M)
_TOP_LEVEL_LINE = re.compile(r"^(\S.*)?$", re.M)
_INDENTED_BINDING = re.compile(r"^[ \t]+(\w+)[ \t]*(?::[^=\n]*)?=(?!=)", re.M)
__all__ = ["CONTEXT_WORDS", "NOQA", "PACK_WORDS", "Report", "RuleFailure", "check_source", "check_document", "chosen_fix",
           "fix_all"]


@dataclass(frozen=True)
class RuleFailure:
    """A rule that raised: the other rules still ran."""

    rule: str
    error: str  # the exception, one line
    detail: str  # the traceback, for a log


@dataclass
class Report:
    """What a check found, which rules failed, and what it did not check."""

    findings: list[Finding] = field(default_factory=list)
    failures: list[RuleFailure] = field(default_factory=list)
    skipped: str | None = None  # why the document was not checked
    parsed_lines: int = 0
    notes: list[tuple[int, str]] = field(default_factory=list)  # (0-based line, what was not checked there)
    modules: tuple[str, ...] = ()  # the other modules of the project the check read (paths), and what they read


@dataclass
class CheckedDocument:
    """One version of an open document as the engine left it: pass it back with the next one."""

    report: Report
    document: Document | None  # None when the text was not scanned (too big, no pack word)
    key: tuple[Any, ...] = ()  # settings, rules, path, line ending, BOM, the modules read: what findings also depend on
    picked: tuple[Chunk, ...] = ()  # every chunk the rules looked at (its line and code compared)
    raw: tuple[Finding, ...] = ()  # the findings before noqa comments are applied
    made_by: tuple[int, ...] = ()  # for each of `raw`, the place in `key`'s rules of the rule that made it
    reused: bool = False  # the previous version's findings, no rule ran
    reads: Reads | None = None  # how the chunks were picked, for the next version


@dataclass(frozen=True)
class Reads:
    """The chunks the rules look at, and what picked them: the trigger words, the names followed
    from them (`Document.chunks(words, names)` picks them again) and every chunk's code."""

    chunks: list[Chunk]
    words: frozenset[str]
    names: frozenset[str]
    codes: tuple[Chunk, ...]  # every chunk of the document, whose role and code `_same_codes` compares
    bindings: frozenset[str] = frozenset()  # followed to where they are bound (`Document.chunks(..., binding)`)
    together: Together = frozenset()  # pairs of word sets of rules with `triggers_with`


def check_source(
    text: str, path: str | None = None, settings: Settings | None = None, rules: Sequence[Rule] | None = None,
) -> Report:
    return check_document(text, path, settings, rules=rules).report


def check_document(
    text: str, path: str | None = None, settings: Settings | None = None, previous: CheckedDocument | None = None,
    *, changes: Iterable[tuple[Span | None, str]] | None = None, rules: Sequence[Rule] | None = None,
    own_trees: bool = False,
) -> CheckedDocument:
    """`own_trees`: a document opened in an editor, whose versions follow: its trees stay out of the
    parse cache shared by `check_source` (lines typed above a tree renumber it; with the cache holding
    it too it would be parsed again and kept twice, ~7 MB more at 10k lines)."""
    with paused_gc():
        return _check(text, path, settings or Settings(), previous, changes, rules, own_trees)


def _check(
    text: str, path: str | None, settings: Settings, previous: CheckedDocument | None,
    changes: Iterable[tuple[Span | None, str]] | None, rules: Sequence[Rule] | None, own_trees: bool = False,
) -> CheckedDocument:
    size = text_size(text, settings.max_file_bytes)
    if size > settings.max_file_bytes:
        return CheckedDocument(Report(skipped=f"{size / 2**20:.1f} MiB is above the "
                                              f"{settings.max_file_bytes / 2**20:.0f} MiB limit; not checked"), None)
    if not mentions_rules(text, settings, rules):
        return CheckedDocument(Report(), None)  # one scan; the rule pack is not even loaded
    settings = settings.for_file(path)  # `per-file-ignores`
    exempt_file, exempt_codes = file_directives(text)  # `# errata: noqa` lines
    if exempt_file:
        return CheckedDocument(Report(), None)
    from .rules import iter_rules  # the rule pack loads only for a file that mentions a pack's words

    active = tuple(r for r in (rules if rules is not None else iter_rules(settings.kb_paths))
                   if settings.enabled(r.code) and r.code not in exempt_codes)
    if not active:
        return CheckedDocument(Report(), None)
    doc = _next_document(text, path, previous, changes, own_trees)
    words = {w for rule in active if not rule.triggers_with for w in rule.triggers} | set(CONTEXT_WORDS)
    together = frozenset((frozenset(r.triggers), frozenset(r.triggers_with)) for r in active if r.triggers_with)
    reads = (_with_what_they_read(doc, words, together, previous.reads, before=previous.document)
             if previous is not None else _with_what_they_read(doc, words, together))
    chunks = reads.chunks
    first_break = LINE_BREAK.search(text)
    eol = first_break.group(0) if first_break else "\n"  # fixes write the file's own line ending
    project = WORKSPACE.project_for(path, TIPS)
    read_before = previous.report.modules if previous is not None else ()
    # the modules read, and the files among them and this one whose imports found a module where they had
    # looked in vain (`Project.lookups`): a change notified there changes the key
    key = (settings, active, path, eol, doc.bom,
           (project.stamps(read_before), project.lookups((path, *read_before) if path else read_before)) if project is not None else ())
    picked = tuple(chunks)
    notes = [(line, TOO_DEEP) for c in chunks if c.parsed for line in c.parsed.too_deep]
    reused = _reused(previous, doc, key, picked)
    report = Report(parsed_lines=sum(c.last - c.first for c in chunks), notes=notes)
    made: list[tuple[Finding, int]] = []
    if reused is not None:
        made, again = reused
        failures = previous.report.failures  # type: ignore[union-attr]
        report.modules = previous.report.modules  # type: ignore[union-attr]
        if not again:
            report.failures = failures
            raw = tuple(f for f, _ in made)
            report.findings = _for_version(_kept(doc, raw, settings, active, failures, exempt_codes), settings)
            return CheckedDocument(report, doc, key, picked, raw, tuple(r for _, r in made), True, reads)
        report.failures = [f for f in failures if f.rule not in {active[r].code for r in again}]
    # every rule, or only those whose messages name a line the edit moved (the others' findings moved)
    running = range(len(active)) if reused is None else sorted(again)
    ctx = Context(doc, chunks, TIPS)
    ctx.project = project
    ctx.versions = versions = LibraryVersions(settings.environment)
    lines, doc.lines = doc.lines, _ReadLines(doc.lines, doc.read_lines)  # the lines the rules read, noted
    doc.spans = {}  # a span's lines are noted when it is first asked, during this run
    reading: contextlib.AbstractContextManager[Reading] = (
        project.check(path, versions) if project is not None else contextlib.nullcontext(Reading(set(), set())))
    with reading as read:
        try:
            checked = [(r, _run(active[r], ctx, report)) for r in running]
        finally:
            doc.lines, doc.spans = lines, None
            ctx.release()
    if project is not None:  # with a partial reuse, the rules that ran again read these too
        report.modules = tuple(sorted({*(report.modules if reused is not None else ()), *read.modules}))
        key = (*key[:-1], (tuple(read.stamps[p] if p in read.stamps else project.stamp(p) for p in report.modules),
                           project.lookups((path, *report.modules) if path else report.modules)))
        report.notes.extend(sorted(read.notes))
    for r, found in checked:
        for finding in found:
            severity = settings.severity_of(finding.code, finding.severity)
            if severity != finding.severity:
                finding = dataclasses.replace(finding, severity=severity)
            if doc.bom:
                finding = _after_bom(finding)
            if eol != "\n":
                finding = _with_line_ending(finding, eol)
            made.append((finding, r))
    # one order whichever rules ran: by place, then code, then the rule's place (a stable sort keeps
    # each rule's own order)
    made.sort(key=lambda pair: (pair[0].span.start, pair[0].code, pair[1]))
    raw = tuple(f for f, _ in made)
    report.findings = _for_version(_kept(doc, raw, settings, active, report.failures, exempt_codes), settings)
    return CheckedDocument(report, doc, key, picked, raw, tuple(r for _, r in made), reads=reads)


def _run(rule: Rule, ctx: Context, report: Report) -> list[Finding]:
    try:
        return list(rule.check(ctx))
    except Exception as exc:  # a broken rule must not take the others down
        report.failures.append(RuleFailure(
            rule.code, f"{type(exc).__name__}: {exc}", "".join(traceback.format_exception(exc))))
        return []


class _ReadLines(list[str]):
    """A document's lines that note in `read` (first, last) every line the rules look at."""

    def __init__(self, lines: list[str], read: set[tuple[int, int]]) -> None:
        super().__init__(lines)
        self.read = read

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            first, last, _ = index.indices(len(self))
            self.read.add((first, max(first, last - 1)))
        else:
            self.read.add((index % len(self) if index < 0 else index,) * 2)
        return super().__getitem__(index)


def mentions_rules(text: str, settings: Settings, rules: Sequence[Rule] | None = None) -> bool:
    """Whether a rule may have something to say of `text`: a word of a pack or of a `detect` rule is in
    it (a text with none is checked in one scan, no rule run)."""
    return any(word in text for word in PACK_WORDS) or _mentions_data_rules(text, settings.kb_paths, rules)


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
    dropped, and so is an error their torch does not raise (`kb/versions/torch.json`); where their
    release words the error otherwise, the message quotes their words.
    Without a detected environment (`settings.environment` None) or with an unknown version, the
    newest covered release is assumed, which is what the rules are written for."""
    environment = settings.environment
    if environment is None or not findings:
        return findings
    from ..kb.readable import readable_message
    from ..kb.versions import excluded_by, reworded, shipped

    # an error another library decides (torch's `torch.load` default) is not raised outside its range
    findings = [finding for finding in findings if excluded_by(finding.record_id, environment) is None]
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
            picked: tuple[Chunk, ...]) -> tuple[list[tuple[Finding, int]], set[int]] | None:
    """The previous version's findings, each with the place of the rule that made it, if they hold for
    this one, and the rules to run again: every chunk the rules look at has the same code (comments
    and trailing blanks aside) and, past the edit, the same code moved by the lines the edit added or
    removed. A finding with a span (its own or a fix's) on an edited line is not reused: the same
    code with other spacing puts its columns elsewhere. A rule whose message names a line at or past
    the edit, when lines were added or removed, runs again (its findings are left out here)."""
    if previous is None or previous.document is None or previous.key != key:
        return None
    made = list(zip(previous.raw, previous.made_by))
    if previous.document.serial == doc.serial and len(previous.picked) == len(picked) and all(
            old.first == new.first and _same_signature(old, new) for old, new in zip(previous.picked, picked)):
        return made, set()
    edit = doc.edit
    if edit is None or edit[0] != previous.document.serial or len(previous.picked) != len(picked):
        return None
    _, first, old_end, new_end = edit
    delta = new_end - old_end
    for old, new in zip(previous.picked, picked):
        old_line, line = old.first, new.first
        if line != (old_line + delta if old_line >= old_end else old_line):
            return None
        if not _same_signature(old, new) and not _same_shape(previous.document, old_line, doc, line):
            return None
    again = {r for f, r in made if delta and any(int(n) > first for m in _LINE_NUMBERS.finditer(f.message)
                                                   for n in re.findall(r"\d+", m.group()))}
    last = max(old_end - 1, first)
    out = []
    for finding, r in made:
        if r in again:
            continue
        spans = [finding.span, *(e.span for f in finding.fixes if f.path is None for e in f.edits)]
        if any(s.start.line <= last and s.end.line >= first for s in spans):
            return None  # a span on an edited line: its columns or its text may have changed
        out.append((_moved(finding, old_end, delta) if delta else finding, r))
    return (out, again) if _same_reads(previous.document, doc, first, last, old_end, delta) else None


def _same_signature(old: Chunk, new: Chunk) -> bool:
    """The two chunks have the same code (comments and trailing blanks aside): the same text has,
    so only a chunk whose text changed has its code worked out (at an open, none is)."""
    return old.text is new.text or old.text == new.text or old.code_signature() == new.code_signature()


def _same_codes(old: Sequence[Chunk], new: Sequence[Chunk]) -> bool:
    """Every chunk has the same role and code in both tables."""
    return len(old) == len(new) and all(
        a is b or a.role == b.role and _same_signature(a, b) for a, b in zip(old, new))


def _same_reads(before: Document, after: Document, first: int, last: int, old_end: int, delta: int) -> bool:
    """What the rules read of the previous version's text beyond its trees reads the same in this one:
    no text they sliced (a message quoting a call spelled over several lines, with a comment in
    it) lies on an edited line, and every question about the whole text (a quote or a name used
    anywhere, comments included) has the same answer. What they read is carried over, as the
    findings are."""
    if any(a <= last and b >= first for a, b in before.read_lines):
        return False
    if any(answer(after.text, question) != found for question, found in before.asked.items()):
        return False
    after.asked.update(before.asked)
    after.read_lines.update((a + delta, b + delta) if a >= old_end else (a, b) for a, b in before.read_lines)
    return True


def _same_shape(before: Document, old_line: int, after: Document, line: int) -> bool:
    """Whether two versions of a chunk differ only where no rule and no value can look: in a
    docstring or another string standing alone as a statement (typing in a docstring is typing in
    text), in the constants of a local assignment nothing reads (`_unread`), or in a line that does
    not parse yet."""
    old, new = before.chunk_at(old_line), after.chunk_at(line)
    if old is None or new is None or old.parsed is None or new.parsed is None or old.first != old_line:
        return False
    if _same_code(old, new):
        return True
    old_shape, new_shape = old.parsed.fact("shape", _shape), new.parsed.fact("shape", _shape)
    return old_shape is not None and old_shape == new_shape


def _same_code(old: Chunk, new: Chunk) -> bool:
    """The two versions' texts are the same once each string standing alone as a statement is
    written `""`: then so are their trees but for those strings and positions, so their shapes and
    names are the same. Much cheaper than their shapes (a walk of the statements, no expression):
    what typing in a docstring asks. False may still be the same shape."""
    if old.role == "class" or old.role != new.role:  # a head's class is filled with its methods
        return False
    if old.parsed is None or new.parsed is None:
        return False
    old_text = old.parsed.fact(("without strings alone", old.first, old.text), lambda p: _without_strings_alone(old, p))
    new_text = new.parsed.fact(("without strings alone", new.first, new.text), lambda p: _without_strings_alone(new, p))
    return old_text is not None and old_text == new_text


def _without_strings_alone(chunk: Chunk, parsed: ParsedChunk) -> str | None:
    """The chunk's text with each statement of its tree `parsed` that is a string alone written `""`
    (None when the tree was repaired or the lines are not cut by "\n" alone)."""
    if parsed.tree is None or parsed.repaired or "\r" in chunk.text:
        return None
    spans = []
    for stmt in parsed.index[0].get(ast.Expr, ()):  # every expression statement, nested ones too
        v = stmt.value  # type: ignore[attr-defined]
        if isinstance(v, ast.Constant) and isinstance(v.value, str):
            spans.append((v.lineno - 1 - chunk.first, v.col_offset, (v.end_lineno or v.lineno) - 1 - chunk.first,
                          v.end_col_offset))
    if not spans:
        return chunk.text
    lines = chunk.text.split("\n")
    raw = [line.encode("utf-8", errors="surrogatepass") for line in lines]  # columns count UTF-8 bytes
    for first, start, last, end in sorted(spans, reverse=True):
        if not 0 <= first <= last < len(raw) or end is None:
            return None
        raw[first:last + 1] = [raw[first][:start] + b'""' + raw[last][end:]]
    return "\n".join(line.decode("utf-8", errors="surrogatepass") for line in raw)


def _shape(parsed: ParsedChunk) -> str | None:
    """The chunk's tree without positions, without statements that are a string alone, and with the
    constants of its unread local assignments reduced to their type. A chunk that did not parse is
    the tree its repair made (lines that do not parse neutralised), with each node's lines counted
    from its first statement: while a line is being typed and does not parse yet (a bracket or a
    string still open), the tree stays the same, and so do the lines it leaves out."""
    if parsed.tree is None:
        return None
    if parsed.classdef is not None:  # a class head: the Context puts the methods in its class
        c = parsed.classdef
        nodes: list[Any] = [c.name, c.decorator_list, c.bases, c.keywords, parsed.own_body]
    else:
        nodes = parsed.tree.body
    base = None
    if parsed.repaired:
        first = next((n for n in ast.walk(parsed.tree) if isinstance(n, ast.stmt)), None)
        base = first.lineno if first is not None else 0
    out: list[str] = []
    _serialise(nodes, out, _read_names(parsed), False, False, base)
    return "".join(out)


# What may stand in an assignment whose constants no analysis sees: names, constants, operators and
# displays. A call, an attribute, a lambda or a comprehension is something the rules or the value-flow
# layer look at or walk (calls are call sites and candidates, attributes are candidates).
_INERT = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Name, ast.Constant, ast.BinOp, ast.UnaryOp, ast.BoolOp,
          ast.Compare, ast.IfExp, ast.Tuple, ast.List, ast.Set, ast.Dict, ast.JoinedStr, ast.FormattedValue,
          ast.Subscript, ast.Slice, ast.Starred, ast.expr_context, ast.operator, ast.unaryop, ast.boolop, ast.cmpop)
# Calls that read a function's locals by name, not by a name node.
_READS_LOCALS = frozenset({"locals", "vars", "eval", "exec", "dir"})


def _read_names(parsed: ParsedChunk) -> frozenset[str] | None:
    """Every name the chunk reads, deletes or declares `global`/`nonlocal`; None when it may read
    its locals another way (`locals()`, `eval`)."""
    by_type, _ = parsed.index
    read = {n.id for n in by_type.get(ast.Name, ()) if not isinstance(n.ctx, ast.Store)}  # type: ignore[attr-defined]
    if read & _READS_LOCALS:
        return None
    for kind in (ast.Global, ast.Nonlocal):
        for node in by_type.get(kind, ()):
            read.update(node.names)  # type: ignore[attr-defined]
    return frozenset(read)


def _unread(stmt: ast.stmt, read: frozenset[str]) -> bool:
    """A local assignment of names the chunk never reads, of a value made of names, constants and
    operators: no value query reaches it (a function's locals are seen only inside its own chunk),
    and no rule looks at it, so its constants may change without changing any finding."""
    if not isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        return False
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
    if not all(isinstance(t, ast.Name) and t.id not in read for t in targets):
        return False
    return all(isinstance(node, _INERT) for node in ast.walk(stmt))


def _serialise(node: object, out: list[str], read: frozenset[str] | None, in_function: bool, erase: bool,
               base: int | None = None) -> None:
    """`node` without positions, or with its lines counted from `base` if given; `in_function`: its
    statements are a function's (not a class's or the module's); `erase`: constants as their type
    only (what the rules ask of the whole text, a quote or a word anywhere, is asked again)."""
    if isinstance(node, ast.AST):
        if base is not None and hasattr(node, "lineno"):
            out.append(f"@{node.lineno - base}-{(node.end_lineno or node.lineno) - base}")  # type: ignore[attr-defined]
        if erase and isinstance(node, ast.Constant):
            out.append(f"Constant({type(node.value).__name__})")
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner = True
        elif isinstance(node, ast.ClassDef):
            inner = False
        else:
            inner = in_function
        out.append(type(node).__name__ + "(")
        for name in node._fields:
            _serialise(getattr(node, name, None), out, read, inner if name == "body" else in_function, erase, base)
            out.append(",")
        out.append(")")
    elif isinstance(node, list):
        out.append("[")
        for item in node:
            if not (isinstance(item, ast.Expr) and isinstance(item.value, ast.Constant)
                    and isinstance(item.value.value, str)):
                _serialise(item, out, read, in_function,
                           erase or in_function and read is not None and isinstance(item, ast.stmt)
                           and _unread(item, read), base)
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
                  if f.path is None else f for f in finding.fixes)  # another module's edits stay where they are
    return dataclasses.replace(finding, span=move(finding.span), fixes=fixes)


def _next_document(
    text: str, path: str | None, previous: CheckedDocument | None, changes: Iterable[tuple[Span | None, str]] | None,
    own_trees: bool = False,
) -> Document:
    before = previous.document if previous is not None else None
    if before is None:
        return Document(text, path, own_trees=own_trees)
    if before.path != path:  # the checked state of a file closed and opened again under another name
        before = before.renamed(path)
    if changes is not None:
        doc = before.apply(changes)
        if doc.text == text:
            return doc
    return before.edited(text)


def _with_what_they_read(doc: Document, words: set[str], together: Together = frozenset(),
                         previous: Reads | None = None, rounds: int = 2, before: Document | None = None) -> Reads:
    """The chunks that mention a trigger word (or a word of each set of a pair of `together`), and those
    the value-flow layer may need to follow them, `rounds` steps out: where a name they read may be
    bound at the top level, and the call sites of a function or class they define. Call sites are followed from the chunks with a trigger word
    and from call sites, not from a definition picked for a name: `make_loader(...)` needs
    `make_loader`'s body, not every other call of it (at 10k generated lines, 315 chunks instead of 650).
    The names of each chunk are cached with its tree; when no chunk's code changed since `previous`
    (typing in a comment), its names are taken as they were. So they are when the edit from `before`
    (the document of `previous`) changed one chunk and nothing that picks chunks or names (typing
    in a docstring): the other chunks are the same, and so is every answer they give."""
    key = frozenset(words)
    same_words = previous is not None and previous.words == key and previous.together == together
    edited = _one_chunk_edited(doc, before, previous) if previous is not None and same_words else None
    codes = tuple(doc.all_chunks)
    if previous is not None and same_words and (
            _same_codes((previous.codes[edited],), (codes[edited],)) if edited is not None  # the others: same text
            else _same_codes(previous.codes, codes)):
        return Reads(doc.chunks(words, previous.names, previous.bindings, together), key, previous.names, codes,
                     previous.bindings, together)
    if edited is not None and before is not None and previous is not None and _identifiers(key) \
            and all(_identifiers(a | b) for a, b in together):
        old, new = before.all_chunks[edited], doc.all_chunks[edited]
        # picked alike, and binding the same names at the top level
        if old.picked_alike(new) and (old.role == "member" or _bound_at_top(old.text) == _bound_at_top(new.text)):
            chunks = doc.chunks(words, previous.names, previous.bindings, together)
            if _named_alike(old, previous.chunks, new, chunks):
                return Reads(chunks, key, previous.names, codes, previous.bindings, together)
    chunks = doc.chunks(words, together=together)
    callers = {id(c) for c in chunks}  # chunks whose own functions' call sites count
    called: set[str] = set()
    read: set[str] = set()
    used: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())  # the names that picked `chunks`
    bound_at_top: set[str] = set()
    containers: set[str] = set()  # bound to an empty container at the top level: filled by code elsewhere
    for chunk in doc.all_chunks:  # a method's chunk binds nothing at the top level
        if chunk.role != "member":
            bound_at_top |= _bound_at_top(chunk.text)
            containers |= _empty_containers(chunk.text)
    for _ in range(rounds):
        sizes = (len(called), len(read))
        for chunk in chunks:
            if chunk.parsed is None:
                continue
            reads, defines, factories = chunk.parsed.fact("names", _names)
            read.update(reads & bound_at_top)
            # a registry read here (`WRAP_POLICIES[name]`): the chunks that fill it, as call sites are (the function
            # `register_policy` that stores into it, then the classes its decorator registers)
            called.update(reads & containers)
            if "__init_subclass__" in defines and chunk.head is not None and chunk.head.parsed is not None \
                    and chunk.head.parsed.classdef is not None:
                called.add(chunk.head.parsed.classdef.name)  # each class statement deriving from it calls the hook
            if id(chunk) in callers or not called.isdisjoint(chunk.words):
                callers.add(id(chunk))
                called.update(defines & bound_at_top)
                if chunk.role != "member" and reads & containers & called:
                    # it fills a registry read here: its applications, whatever its name's length (`@on("data")`)
                    called.update(_bound_at_top(chunk.text))
                called.update(factories)  # `Sharded.from_config(cfg)`: its callers decide its tests
                if chunk.role == "member":  # `acc.context(step)`: so do a plain method's (`Flow.parameters_passed`)
                    called.update(n for n in defines if not n.startswith("__"))
        if (len(called), len(read)) == sizes:
            break
        grown = doc.chunks(words, called, read, together)
        if len(grown) == len(chunks):
            break
        chunks, used = grown, (frozenset(called), frozenset(read))
    return Reads(chunks, key, used[0], codes, used[1], together)


def _one_chunk_edited(doc: Document, before: Document | None, previous: Reads) -> int | None:
    """The index of the one chunk whose text the edit from `before` changed, at the same place; None
    unless every other chunk is one of `before`'s, at the same lines or moved by the lines the edit
    added (the chunk table tells which it cut from the edited text)."""
    if before is None or doc.edit is None or doc.edit[0] != before.serial:
        return None
    old_chunks, new_chunks, cut = before.all_chunks, doc.all_chunks, doc.cut_chunks
    if cut is None or len(cut) != 1 or len(old_chunks) != len(new_chunks) or len(previous.codes) != len(new_chunks):
        return None
    _, first, old_end, new_end = doc.edit
    old, new = old_chunks[cut[0]], new_chunks[cut[0]]
    if old.role == new.role and new.first == old.first <= first and new_end <= new.last == old.last + new_end - old_end:
        return cut[0]
    return None


@functools.lru_cache(maxsize=16)
def _identifiers(words: frozenset[str]) -> bool:
    """Every trigger word is an identifier: whether a chunk mentions one is then a question about its
    code alone (another word is also looked for in its whole text, docstrings included)."""
    return all(IDENTIFIER.fullmatch(word) for word in words)


def _named_alike(old: Chunk, old_picked: list[Chunk], new: Chunk, new_picked: list[Chunk]) -> bool:
    """Both versions of the chunk are picked as themselves with the same names (not grown with
    their neighbour, not inside a class that does not parse), or neither is picked."""
    old_over = [c for c in old_picked if c.first < old.last and c.last > old.first]
    new_over = [c for c in new_picked if c.first < new.last and c.last > new.first]
    if not old_over and not new_over:
        return True
    if (old_over != [old] or new_over != [new] or old.parsed is None or new.parsed is None
            or old.parsed.tree is None or new.parsed.tree is None):  # a tree renumbered for a later version
        return False
    if _same_code(old, new):
        return True
    return bool(old.parsed.fact("names", _names) == new.parsed.fact("names", _names))


@functools.lru_cache(maxsize=8192)
def _empty_containers(text: str) -> frozenset[str]:
    """Names a chunk's text binds at the top level to an empty dict, list or set (`REGISTRY = {}`)."""
    return frozenset(_EMPTY_CONTAINER.findall(text)) if "=" in text else frozenset()


@functools.lru_cache(maxsize=8192)
def _bound_at_top(text: str) -> frozenset[str]:
    """Names a chunk's text binds at the top level; cached on the text, so a keystroke scans only the
    chunk it changed."""
    text = LINE_BREAK.sub("\n", text) if "\r" in text else text
    # `TOP_LEVEL_BINDING.findall`: the first line, then the same after each line break, which the regular
    # expression engine finds by the break (not a match tried at every character: ~2x faster)
    first = TOP_LEVEL_BINDING.match(text)
    found = [(first.group(1) or "", first.group(2) or "")] if first is not None else []
    names = frozenset(a or b for a, b in (*found, *_BINDING_AFTER_BREAK.findall(text)))
    if _TOP_LEVEL_BLOCK.search(text) is None:
        return names
    # `try:\n    PRECISION = "bf16-mixed"\nexcept ImportError: ...`: a binding in the block of a statement of the top
    # level (not of a def or class) binds the module's name too
    blocks, start, inside = [], 0, False
    for line in _TOP_LEVEL_LINE.finditer(text):
        head = line.group(1)
        if head is None or head.startswith("#"):
            continue
        if inside:
            blocks.append(text[start:line.start()])
        inside, start = _TOP_LEVEL_BLOCK.match(head) is not None, line.end()
    if inside:
        blocks.append(text[start:])
    return names | frozenset(name for block in blocks for name in _INDENTED_BINDING.findall(block))


def _names(parsed: ParsedChunk) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """Names a chunk uses (not builtins: `HP`, `C` too, a config's usual names), names of the functions and
    classes it defines, that may be bound or called elsewhere (not builtins, 3+ letters), and the names of
    its class and static methods (called as `Class.name(...)`, whose calls decide their tests)."""
    by_type, _ = parsed.index
    used = {n.id for n in by_type.get(ast.Name, ())}  # type: ignore[attr-defined]
    defined: set[str] = set()
    factories: set[str] = set()
    for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
        for node in by_type.get(kind, ()):
            defined.add(node.name)  # type: ignore[attr-defined]
            if kind is not ast.ClassDef and any(isinstance(d, ast.Name) and d.id in ("classmethod", "staticmethod")
                                                for d in node.decorator_list):  # type: ignore[attr-defined]
                factories.add(node.name)  # type: ignore[attr-defined]
    builtin = vars(builtins)  # the live namespace, as `hasattr` reads it, without an attribute lookup per name
    return (frozenset(n for n in used if n not in builtin) | frozenset(n for n in defined if len(n) >= 3 and n not in builtin),
            frozenset(n for n in defined if len(n) >= 3 and n not in builtin),
            frozenset(n for n in factories if not n.startswith("__")))


def _after_bom(finding: Finding) -> Finding:
    """A BOM is the first character of line 0: an edit at (0, 0) goes after it, not before, or the
    BOM ends up inside the file and Python no longer parses it."""
    def move(span: Span) -> Span:
        first = Position(0, 1)
        start = first if span.start == Position(0, 0) else span.start
        return Span(start, max(span.end, start))

    fixes = tuple(dataclasses.replace(f, edits=tuple(Edit(move(e.span), e.new_text) for e in f.edits))
                  if f.path is None else f for f in finding.fixes)  # another module's edits stay where they are
    return dataclasses.replace(finding, span=move(finding.span), fixes=fixes)


def _with_line_ending(finding: Finding, eol: str) -> Finding:
    """Rules write "\n" (and `Document.slice` joins lines with it): a CRLF or CR file gets its own."""
    fixes = tuple(dataclasses.replace(f, edits=tuple(Edit(e.span, LINE_BREAK.sub(eol, e.new_text)) for e in f.edits))
                  if f.path is None else f for f in finding.fixes)
    return dataclasses.replace(finding, fixes=fixes)


def _suppressed(doc: Document, finding: Finding) -> bool:
    line = doc.lines[finding.span.start.line] if finding.span.start.line < len(doc.lines) else ""
    return suppressed(line, finding.code)


def chosen_fix(finding: Finding, unsafe: bool = False) -> Fix | None:
    """The fix a fix-all applies for this finding: the preferred one of the allowed safety, else the first."""
    allowed = [f for f in finding.fixes if unsafe or f.safety is Safety.SAFE]
    return next((f for f in allowed if f.preferred), allowed[0] if allowed else None)


def fix_all(
    text: str, path: str | None = None, settings: Settings | None = None, unsafe: bool = False, max_passes: int = 8,
) -> tuple[str, list[Finding]]:
    """Apply every fix of the allowed safety until none is left; return the text and the fixes' findings."""
    applied: list[Finding] = []
    for _ in range(max_passes):
        findings = check_source(text, path, settings).findings
        chosen = []
        for finding in findings:
            fix = chosen_fix(finding, unsafe)
            if fix is not None and fix.path is None:  # a fix of another module is its caller's to write there
                chosen.append((finding, fix))
        if not chosen:
            break
        new_text, used = apply_edits(text, [fix.edits for _, fix in chosen])
        if new_text == text:
            break
        applied.extend(chosen[i][0] for i in used)
        text = new_text
    return text, applied
