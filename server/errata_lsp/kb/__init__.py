"""Error records: loading, validation, lookup."""

from .base import SHIPPED, KnowledgeBase
from .card import card_markdown, summary_line
from .load import LoadProblem, load_paths
from .record import Record, RecordError, validate

__all__ = [
    "SHIPPED", "KnowledgeBase", "LoadProblem", "Record", "RecordError",
    "card_markdown", "load_paths", "summary_line", "validate",
]
