"""A record as a card a person reads: markdown for hovers and the terminal."""

from __future__ import annotations

from .record import Record


def card_markdown(record: Record, heading_level: int = 3) -> str:
    h = "#" * heading_level
    parts = [f"{h} {record.error_class}: {_one_line(record.error_message)}"]
    if record.get("documentation"):
        parts.append(f"**What it means.** {record.get('documentation')}")
    when = " ".join(s for s in (record.get("triggerScenarios"), record.get("commonSituations")) if s)
    if when:
        parts.append(f"**When it happens.** {when}")
    solutions = record.get("solutions", [])
    if solutions:
        parts.append("**Solutions.**\n" + "\n".join(f"{i}. {s}" for i, s in enumerate(solutions, 1)))
    if record.get("exampleFix"):
        parts.append("**Example fix.**\n```python\n" + record.get("exampleFix").strip("\n") + "\n```")
    source = _source_line(record)
    if source:
        parts.append(source)
    return "\n\n".join(parts)


def summary_line(record: Record) -> str:
    """One line: the error and the first way to avoid it."""
    first = (record.get("solutions") or [""])[0]
    text = f"**{record.error_class}**: {_one_line(record.error_message, 110)}"
    return f"{text} — {first}" if first else text


def _source_line(record: Record) -> str:
    where = record.get("filePath")
    if not where:
        return ""
    if record.get("lineNumber"):
        where = f"{where}:{record.get('lineNumber')}"
    link = record.link
    return f"Raised at [{where}]({link})" if link else f"Raised at `{where}`"


def _one_line(text: str, limit: int = 240) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
