"""A rule as a page a person reads (`errata-lsp rule LXF001`) or a tool reads (`--format json`).

Everything on a page comes from the rule itself (its summary, its `doc` or its module's docstring, its own
flagged and accepted examples, the fixes it offers on them) and from the record it stands on.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from .analysis.findings import Safety
from .analysis.rule import Invalid, Valid
from .kb.corrections import corrected_link

if TYPE_CHECKING:
    from .analysis.rule import Rule
    from .kb.base import KnowledgeBase

SAFETY_NOTE = {
    Safety.SAFE: "safe: it changes nothing but what removes the error; `check --fix` applies it",
    Safety.UNSAFE: "unsafe: it makes a choice for you (review it); applied with `--fix --unsafe-fixes` or from the editor",
}


def rule_data(rule: Rule, kb: KnowledgeBase) -> dict[str, Any]:
    """The page's content as data: what `rule --format json` prints and the markdown is made of."""
    from .analysis.engine import check_source

    doc = (rule.doc or sys.modules[type(rule).__module__].__doc__ or "").strip()
    head, _, body = doc.partition("\n")
    flags = head.split(":", 1)[1].strip() if head.startswith(f"{rule.code}:") else head
    invalid = next((e for e in rule.examples if isinstance(e, Invalid) and e.fixed), None) or next(
        (e for e in rule.examples if isinstance(e, Invalid)), None)
    valid = next((e for e in rule.examples if isinstance(e, Valid)), None)
    fixes = []
    if invalid is not None:
        for finding in check_source(invalid.code, "example.py").findings:
            if finding.code == rule.code:
                fixes = [{"title": f.title, "safety": f.safety.value, "preferred": f.preferred} for f in finding.fixes]
                break
    record = kb.get(rule.record)
    return {
        "code": rule.code,
        "name": rule.name,
        "summary": rule.summary,
        "severity": rule.severity.value,
        "flags": flags,  # the docstring's first line: what the rule looks for
        "behaviour": _paragraphs(body),  # the rest: what Lightning really does, why it is caught here
        "example": {"bad": invalid.code if invalid else None,
                    "fixed": invalid.fixed if invalid else None,
                    "good": valid.code if valid else None},
        "fixes": fixes,
        "record": None if record is None else {
            "id": record.id,
            "error": f"{record.error_class}: {' '.join(record.error_message.split())}",
            "documentation": record.get("documentation"),
            "when": record.get("triggerScenarios"),
            "solutions": record.get("solutions") or [],
            "raised_at": (f"{record.get('filePath')}:{record.get('lineNumber')}"
                          if record.get("filePath") and record.get("lineNumber") else record.get("filePath")),
            "link": corrected_link(record),
        },
        "url": corrected_link(record) if record is not None else None,
    }


NOQA_BAD = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block})  # noqa: LXF001\n")
NOQA_FIXED = NOQA_BAD.replace("  # noqa: LXF001", "")


def noqa_page() -> dict[str, Any]:
    """LXF100's page: the engine's own check of `# noqa` comments (no Rule class, no record)."""
    from .analysis.engine import check_source
    from .analysis.suppressions import UNUSED_NOQA

    found = next(f for f in check_source(NOQA_BAD, "example.py").findings if f.code == UNUSED_NOQA)
    return {
        "code": UNUSED_NOQA,
        "name": "unused-noqa",
        "summary": "a `# noqa` code that silences nothing, or that no rule has",
        "severity": found.severity.value,
        "flags": "a code in a `# noqa: ...` comment with no finding of that code on its line, or an LXF code no rule has",
        "behaviour": ("A stale suppression hides nothing today and would hide a real finding tomorrow, when the "
                      "line changes; a mistyped code silences nothing at all. Other tools' codes (`E501`) in the "
                      "same comment are left alone, and a bare `# noqa` is not judged."),
        "example": {"bad": NOQA_BAD, "fixed": NOQA_FIXED, "good": None},
        "fixes": [{"title": f.title, "safety": f.safety.value, "preferred": f.preferred} for f in found.fixes],
        "record": None,
        "url": None,
    }


def rule_markdown(data: dict[str, Any]) -> str:
    parts = [f"# {data['code']} {data['name']}", f"{data['summary']} (default severity: {data['severity']})"]
    parts.append("## What it does\n\n" + f"Flags {data['flags'] or data['summary']}")
    record = data["record"]
    if record is not None:
        why = f"At run time Lightning raises:\n\n```\n{record['error']}\n```"
        if record["documentation"]:
            why += "\n\n" + record["documentation"]
        parts.append("## Why is this bad?\n\n" + why)
    behaviour = [t for t in (data["behaviour"], record and record["when"]) if t]
    if behaviour:
        parts.append("## The real behaviour\n\n" + "\n\n".join(behaviour))
    example = data["example"]
    if example["bad"]:
        parts.append("## Example\n\n```python\n" + example["bad"].rstrip("\n") + "\n```")
    good = example["fixed"] or example["good"]
    if good:
        parts.append("## Use instead\n\n```python\n" + good.rstrip("\n") + "\n```")
    if data["fixes"]:
        lines = [f"- {f['title']}: {SAFETY_NOTE[Safety(f['safety'])]}" for f in data["fixes"]]
        parts.append("## Fix and its safety\n\n" + "\n".join(lines))
    else:
        parts.append("## Fix and its safety\n\nNo automatic fix: the right change depends on your program.")
    if record is not None:
        lines = [f"- Record `{record['id']}`: {record['error']}"]
        if record["raised_at"]:
            lines.append(f"- Raised at `{record['raised_at']}`" + (f": {record['link']}" if record["link"] else ""))
        lines += [f"- Solution: {s}" for s in record["solutions"]]
        parts.append("## The record\n\n" + "\n".join(lines))
    return "\n\n".join(parts) + "\n"


def _paragraphs(text: str) -> str:
    """A docstring's paragraphs with their hard line breaks joined."""
    return "\n\n".join(" ".join(p.split()) for p in text.split("\n\n") if p.strip())
