"""Findings as the reports CI systems read: SARIF 2.1.0, GitHub workflow commands, GitLab Code
Quality, and errata's own text and JSON. Positions arrive as the engine gives them (0-based line,
code-point column); each format converts them once, here.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from . import __version__
from .analysis.findings import Edit, Finding, Safety, Severity, Span

if TYPE_CHECKING:
    from .analysis.rule import Rule
    from .kb.base import KnowledgeBase

FORMATS = ("text", "json", "sarif", "github", "gitlab")
INFORMATION_URI = "https://github.com/errata-lsp/errata"  # the project's page, as the VS Code extension names it
SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFORMATION: "note"}
GITHUB_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFORMATION: "notice"}
GITLAB_SEVERITY = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFORMATION: "info"}
OTHER_SUMMARIES = {"LXF100": "a `# noqa` code that silences nothing, or that no rule has"}  # codes no Rule class owns


@dataclass(frozen=True)
class Entry:
    """One finding where it was found.

    For a notebook, `cell` is the cell's 1-based position among all cells and the finding's spans
    are inside that cell; `file_span` is where the same text lies in the notebook file itself, for
    the formats that annotate the file (SARIF, GitHub, GitLab).
    """

    path: Path
    finding: Finding
    cell: int | None = None
    file_span: Span | None = None
    versions: dict[str, Any] | None = None  # the library versions assumed for the file, and their sources
    # a notebook's: for each fix, the 1-based cell of each edit (a fix may edit another cell), and
    # the fix as edits of the file's text, escaped as JSON (None where an edit crosses a line)
    edit_cells: tuple[tuple[int, ...], ...] = ()
    file_edits: tuple[tuple[tuple[Span, str], ...] | None, ...] = ()

    @property
    def where(self) -> Span:
        return self.file_span or self.finding.span

    @property
    def fixable(self) -> bool:
        return any(f.safety is Safety.SAFE for f in self.finding.fixes)


def display_path(path: Path) -> str:
    """Relative to the working directory when under it (as CI systems want), always with slashes."""
    if path.is_absolute():
        try:
            path = path.relative_to(Path.cwd())
        except ValueError:
            pass
    return path.as_posix()


def shown_path(path: Path) -> str:
    """`display_path` as text any report can hold: the bytes of a name that is not UTF-8 as \\xNN."""
    return display_path(path).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def artifact_uri(path: Path) -> str:
    """`display_path` as a relative URI reference (RFC 3986): every byte of the name that is not
    unreserved percent-encoded (`x#y.py` -> `x%23y.py`, a name that is not UTF-8 byte for byte)."""
    return quote(os.fsencode(display_path(path)), safe="/")


# --- text and errata's JSON ----------------------------------------------------------------------
def text_line(entry: Entry) -> str:
    pos = entry.finding.span.start
    cell = f"cell {entry.cell}:" if entry.cell is not None else ""
    shown = str(entry.path).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")  # a non-UTF-8 name
    return f"{shown}:{cell}{pos.line + 1}:{pos.column + 1}: {entry.finding.code} {entry.finding.message}"


def json_entry(entry: Entry) -> dict[str, Any]:
    def where(span: Span) -> dict[str, int]:
        return {"line": span.start.line + 1, "column": span.start.column + 1,
                "end_line": span.end.line + 1, "end_column": span.end.column + 1}

    finding = entry.finding
    cell = {"cell": entry.cell} if entry.cell is not None else {}
    return {
        "path": str(entry.path), **cell, **where(finding.span), "code": finding.code, "record": finding.record_id,
        "message": finding.message, "severity": finding.severity.value,
        "fixes": [
            {"title": f.title, "safety": f.safety.value, "preferred": f.preferred,
             "edits": [{**({"cell": entry.edit_cells[i][j]} if entry.edit_cells else {}), **where(e.span),
                        "new_text": e.new_text} for j, e in enumerate(f.edits)]}
            for i, f in enumerate(finding.fixes)
        ],
        **({"versions": entry.versions} if entry.versions is not None else {}),
    }


def statistics(entries: Iterable[Entry], rules: dict[str, Rule]) -> list[dict[str, Any]]:
    """Counts per code, most frequent first: code, count, how many have a safe fix, the rule's summary."""
    entries = list(entries)
    counts = Counter(e.finding.code for e in entries)
    fixable = Counter(e.finding.code for e in entries if e.fixable)
    return [
        {"code": code, "count": count, "fixable": fixable[code],
         "summary": rules[code].summary if code in rules else OTHER_SUMMARIES.get(code, "")}
        for code, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


def statistics_text(rows: Sequence[dict[str, Any]]) -> str:
    """Aligned columns, as Ruff prints them: count, code, `[*]` when some have a safe fix (`[ ]` when none), summary."""
    width = max((len(str(r["count"])) for r in rows), default=1)
    code_width = max((len(r["code"]) for r in rows), default=1)
    return "".join(
        f"{r['count']:>{width}}  {r['code']:<{code_width}}  {'[*]' if r['fixable'] else '[ ]'} {r['summary']}\n" for r in rows)


# --- GitHub workflow commands --------------------------------------------------------------------
def github(entries: Iterable[Entry]) -> str:
    """`::error file=...,line=...::message` lines, escaped as the Actions toolkit escapes them."""
    out = []
    for entry in entries:
        finding, span = entry.finding, entry.where
        props = {
            "file": shown_path(entry.path), "line": span.start.line + 1, "endLine": span.end.line + 1,
            "col": span.start.column + 1, "endColumn": span.end.column + 1,
            "title": f"errata {finding.code}",
        }
        if span.start.line != span.end.line:  # columns only mean something on one line
            del props["col"], props["endColumn"]
        fields = ",".join(f"{k}={_escape_property(str(v))}" for k, v in props.items())
        message = finding.message if entry.cell is None else f"cell {entry.cell}, line {finding.span.start.line + 1}: {finding.message}"
        out.append(f"::{GITHUB_COMMAND[finding.severity]} {fields}::{_escape_data(message)}\n")
    return "".join(out)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


# --- GitLab Code Quality -------------------------------------------------------------------------
def gitlab(entries: Iterable[Entry]) -> str:
    """A Code Quality report: a JSON array of issues (Code Climate's format, as GitLab reads it)."""
    issues = []
    seen: Counter[str] = Counter()
    for entry in entries:
        finding, span = entry.finding, entry.where
        path = shown_path(entry.path)
        description = f"{finding.code} {finding.message}"
        if entry.cell is not None:
            description = f"{finding.code} cell {entry.cell}, line {finding.span.start.line + 1}: {finding.message}"
        # Stable while lines move: the same finding in the same file keeps its fingerprint.
        key = f"{path}\0{finding.code}\0{finding.message}\0{entry.cell}"
        seen[key] += 1
        fingerprint = hashlib.sha256(f"{key}\0{seen[key]}".encode("utf-8", "surrogatepass")).hexdigest()[:32]
        issues.append({
            "type": "issue",
            "check_name": finding.code,
            "description": description,
            "categories": ["Bug Risk"],
            "severity": GITLAB_SEVERITY[finding.severity],
            "fingerprint": fingerprint,
            "location": {
                "path": path,
                "positions": {
                    "begin": {"line": span.start.line + 1, "column": span.start.column + 1},
                    "end": {"line": span.end.line + 1, "column": span.end.column + 1},
                },
            },
        })
    return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"


# --- SARIF 2.1.0 ---------------------------------------------------------------------------------
def sarif(entries: Iterable[Entry], rules: Sequence[Rule], kb: KnowledgeBase | None, all_rules: bool = False) -> str:
    """One run: the rules the results name (every rule with `all_rules`), each with its record's
    help; every result with its region and its fixes."""
    entries = list(entries)
    if not all_rules:  # each rule's help is a whole card: a log of two findings stays a few KB
        hit = {entry.finding.code for entry in entries}
        rules = [rule for rule in rules if rule.code in hit]
    index = {rule.code: i for i, rule in enumerate(rules)}
    descriptors = [_rule_descriptor(rule, kb) for rule in rules]
    results = []
    for entry in entries:
        finding = entry.finding
        if finding.code not in index:  # a code no rule owns (a log match): describe it on the fly
            index[finding.code] = len(descriptors)
            descriptors.append({"id": finding.code,
                                "shortDescription": {"text": _plain(OTHER_SUMMARIES.get(finding.code, finding.message))}})
        uri = artifact_uri(entry.path)
        location: dict[str, Any] = {"physicalLocation": {
            "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"}, "region": _region(entry.where)}}
        result: dict[str, Any] = {
            "ruleId": finding.code,
            "ruleIndex": index[finding.code],
            "level": SARIF_LEVEL[finding.severity],
            "message": {"text": finding.message},
            "locations": [location],
        }
        if entry.cell is None:
            fixes = [_sarif_fix(fix, uri) for fix in finding.fixes]
        else:  # a notebook's edits are inside a cell's JSON string: as edits of the file's text
            fixes = [_sarif_fix(dataclasses.replace(fix, edits=tuple(Edit(span, text) for span, text in edits)), uri)
                     for fix, edits in zip(finding.fixes, entry.file_edits) if edits is not None]
        if fixes:
            result["fixes"] = fixes
        if entry.cell is not None:
            result["message"]["text"] = f"cell {entry.cell}, line {finding.span.start.line + 1}: {finding.message}"
        result["properties"] = {"record": finding.record_id, **({"cell": entry.cell} if entry.cell is not None else {})}
        results.append(result)
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "errata", "version": __version__, "semanticVersion": __version__,
                "informationUri": INFORMATION_URI, "rules": descriptors,
            }},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().as_uri() + "/"}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def _region(span: Span) -> dict[str, int]:
    return {"startLine": span.start.line + 1, "startColumn": span.start.column + 1,
            "endLine": span.end.line + 1, "endColumn": span.end.column + 1}


def _sarif_fix(fix, uri: str) -> dict[str, Any]:
    safety = "" if fix.safety is Safety.SAFE else " (unsafe: review it)"
    return {
        "description": {"text": fix.title + safety},
        "artifactChanges": [{
            "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"},
            "replacements": [{"deletedRegion": _region(e.span), "insertedContent": {"text": e.new_text}}
                             for e in fix.edits],
        }],
    }


def _rule_descriptor(rule: Rule, kb: KnowledgeBase | None) -> dict[str, Any]:
    from .kb import card_markdown
    from .kb.corrections import corrected_link

    record = kb.get(rule.record) if kb is not None else None
    descriptor: dict[str, Any] = {
        "id": rule.code,
        "name": _pascal(rule.name) if rule.name else rule.code,
        "shortDescription": {"text": _plain(rule.summary)},
        "defaultConfiguration": {"level": SARIF_LEVEL[rule.severity]},
        "properties": {"tags": ["correctness", "lightning", "xla"], "record": rule.record},
    }
    if record is not None:
        error = f"{record.error_class}: {' '.join(record.error_message.split())}"
        descriptor["fullDescription"] = {"text": f"Prevents {error}"}
        markdown = f"**{rule.code}** {rule.summary}\n\n" + card_markdown(record)
        written = f"**{rule.code}** {rule.summary}\n\n" + card_markdown(record, escape=False)  # no Markdown escapes
        descriptor["help"] = {"text": _plain(written), "markdown": markdown}
        link = corrected_link(record)
        if link:
            descriptor["helpUri"] = link
    else:
        descriptor["help"] = {"text": _plain(rule.summary)}
    return descriptor


def _pascal(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace("_", "-").split("-"))


def _plain(markdown: str) -> str:
    """Markdown a plain-text reader can still follow: no backticks or bold markers."""
    return markdown.replace("**", "").replace("`", "")
