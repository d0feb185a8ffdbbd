"""Parse the site's text export of one record (title line, "Error message", "What it means", ...)."""

from __future__ import annotations

import re
from typing import Any

from .record import pattern_from_template

# Section headings as they appear, alone on a line, in the export.
HEADINGS = (
    "Error message", "What it means", "Source", "Solutions", "Example fix",
    "When it happens", "Understand the failure class", "Related errors",
)
_HEADING_LINE = re.compile("^(" + "|".join(re.escape(h) for h in HEADINGS) + ")$", re.M)
_HEADER = re.compile(r"^(?P<repo>[\w.-]+/[\w.-]+) · (?P<severity>\w+) · (?P<cls>[\w.]+)\s*$")
_THROWN_AT = re.compile(r"^Thrown at (?P<path>\S+):(?P<line>\d+)\s*$", re.M)
_VIEW = re.compile(r"^View on GitHub \(pinned to (?P<sha>[0-9a-f]+)\)\s*$", re.M)
_API_ID = re.compile(r"Data as JSON: /api/errors/(?P<id>[0-9a-zA-Z]+)")
_ANALYSIS = re.compile(r"analysis of (?P<repo>[\w.-]+/[\w.-]+)@(?P<sha>[0-9a-f]+) \((?P<date>[\d-]+)\)")
_NUMBERED = re.compile(r"^\s*\d+\.\s+", re.M)


def looks_like_text_export(text: str) -> bool:
    return "Data as JSON: /api/errors/" in text and "\nError message\n" in _unix(text)


def _unix(text: str) -> str:
    """A page saved on Windows (CRLF) or an old Mac (CR) reads like one saved on Unix."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


class ExportError(ValueError):
    pass


def parse_text_export(text: str) -> dict[str, Any]:
    """One record dict in the dataset's schema from one exported page."""
    text = _unix(text)
    lines = text.split("\n")
    header = _HEADER.match(lines[0].strip())
    if not header:
        raise ExportError("the first line must read `owner/repo · severity · ErrorClass`")
    ident = _API_ID.search(text)
    if not ident:
        raise ExportError("no `Data as JSON: /api/errors/<id>` line, so the record has no id")
    sections = _sections(text)
    if "Error message" not in sections:
        raise ExportError("no `Error message` section")

    message = sections["Error message"].strip()
    record: dict[str, Any] = {
        "id": ident["id"],
        "repo": header["repo"],
        "errorMessage": message,
        "messagePattern": pattern_from_template(message),
        "errorType": "exception",
        "errorClass": header["cls"],
        "severity": header["severity"],
        "documentation": sections.get("What it means", "").strip() or None,
        "schemaVersion": 2,
    }
    record.update(_source(sections.get("Source", ""), header["repo"]))
    record.update(_when(sections.get("When it happens", "")))
    record.update(_example(sections.get("Example fix", "")))
    solutions = [s.strip() for s in _NUMBERED.split(sections.get("Solutions", "")) if s.strip()]
    record["solutions"] = solutions
    background = sections.get("Understand the failure class", "").strip()
    if background:
        record["background"] = background
    related = [r.strip("• ").strip() for r in sections.get("Related errors", "").splitlines() if r.strip()]
    related = [r for r in related if not _ANALYSIS.search(r) and not r.startswith("AI-assisted")]
    if related:
        record["relatedErrors"] = related
    analysis = _ANALYSIS.search(text)
    if analysis:
        record["analyzedSha"] = analysis["sha"]
        record["analyzedAt"] = analysis["date"]
    if record.get("filePath") and record.get("analyzedSha") and record.get("lineNumber"):
        record["githubUrl"] = (
            f"https://github.com/{record['repo']}/blob/{record['analyzedSha']}/"
            f"{record['filePath']}#L{record['lineNumber']}"
        )
    return record


def _sections(text: str) -> dict[str, str]:
    marks = list(_HEADING_LINE.finditer(text))
    out: dict[str, str] = {}
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        out.setdefault(mark[1], text[mark.end():end])
    if "Related errors" in out:  # the footer follows the last section
        out["Related errors"] = out["Related errors"].split("AI-assisted", 1)[0]
    return out


def _source(section: str, repo: str) -> dict[str, Any]:
    thrown = _THROWN_AT.search(section)
    if not thrown:
        return {}
    code_start = thrown.end()
    view = _VIEW.search(section)
    code = section[code_start:view.start() if view else len(section)].strip("\n")
    return {"filePath": thrown["path"], "lineNumber": int(thrown["line"]), "sourceCode": code + "\n"}


def _when(section: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for para in _paragraphs(section):
        if para.startswith("Trigger:"):
            out["triggerScenarios"] = para[len("Trigger:"):].strip()
        elif para.startswith("Common situations:"):
            out["commonSituations"] = para[len("Common situations:"):].strip()
    return out


def _example(section: str) -> dict[str, Any]:
    """The export prints the example fix, then the validation code, then the type guard, as paragraphs."""
    paras = _paragraphs(section)
    after = next((i for i, p in enumerate(paras) if p.lstrip().startswith("# after")), None)
    if after is None:
        return {"exampleFix": "\n\n".join(paras)} if paras else {}
    out: dict[str, Any] = {"exampleFix": "\n\n".join(paras[: after + 1])}
    rest = paras[after + 1:]
    guards = [p for p in rest if p.lstrip().startswith("def ")]
    checks = [p for p in rest if p not in guards]
    if checks:
        out["validationCode"] = "\n\n".join(checks)
    if guards:
        out["typeGuard"] = "\n\n".join(guards)
    return out


def _paragraphs(section: str) -> list[str]:
    return [p.strip("\n") for p in re.split(r"\n\s*\n", section) if p.strip()]
