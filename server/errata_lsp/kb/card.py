"""A record as a card a person reads: markdown for hovers and the terminal.

Cards show errata's corrections (`corrections.py`) in place of what a record gets wrong, and say where
the record's own text was wrong; messages read as a user sees them (`readable.py`)."""

from __future__ import annotations

from . import corrections as _corrections
from .readable import readable_message
from .record import Record


def card_markdown(record: Record, heading_level: int = 3,
                  corrections: _corrections.Corrections | None = None) -> str:
    table = corrections if corrections is not None else _shipped()
    correction = table.get(record.id) if table else None
    shown = table.apply(record) if table else record
    h = "#" * heading_level
    parts = [f"{h} {record.error_class}: {_one_line(readable_message(record.error_message))}"]
    if correction is not None:
        lines = [f"**Corrected.** Checked against {table.version}, this record is wrong in "
                 f"{_count(len(correction.claims), 'place')}; the card shows the corrected text."]
        lines += [f"- The record says {c.says}; in {table.version}, {c.actual} ({c.evidence()})"
                  for c in correction.claims]
        parts.append("\n".join(lines))
    if shown.get("documentation"):
        parts.append(f"**What it means.** {shown.get('documentation')}")
    when = " ".join(s for s in (shown.get("triggerScenarios"), shown.get("commonSituations")) if s)
    if when:
        parts.append(f"**When it happens.** {when}")
    solutions = shown.get("solutions", [])
    if solutions:
        parts.append("**Solutions.**\n" + "\n".join(f"{i}. {s}" for i, s in enumerate(solutions, 1)))
    if shown.get("exampleFix"):
        parts.append("**Example fix.**\n```python\n" + shown.get("exampleFix").strip("\n") + "\n```")
    source = _source_line(shown)
    if source:
        parts.append(source)
    return "\n\n".join(parts)


def summary_line(record: Record, corrections: _corrections.Corrections | None = None) -> str:
    """One line: the error and the first way to avoid it (corrected, when errata corrects the record)."""
    table = corrections if corrections is not None else _shipped()
    shown = table.apply(record) if table else record
    first = (shown.get("solutions") or [""])[0]
    text = f"**{record.error_class}**: {_one_line(readable_message(record.error_message), 110)}"
    return f"{text} — {first}" if first else text


def _shipped() -> _corrections.Corrections | None:
    try:
        return _corrections.shipped()
    except _corrections.CorrectionError:
        return None  # `kb validate` reports it; a card without corrections beats no card


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


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
