"""Source text -> findings. Knows nothing of LSP."""

from .engine import PACK_WORDS, Report, check_source, fix_all
from .findings import Edit, Finding, Fix, Position, Safety, Severity, Span
from .fixes import apply_edits, apply_fix

__all__ = [
    "PACK_WORDS", "Edit", "Finding", "Fix", "Position", "Report", "Safety", "Severity", "Span",
    "apply_edits", "apply_fix", "check_source", "fix_all",
]
