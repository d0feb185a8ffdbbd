"""Source text -> findings. Knows nothing of LSP.

The names below are imported on first use, so that a process that needs only a small part (the
language server before its first document) does not pay for the engine and the rule pack.
"""

from importlib import import_module
from typing import Any

_EXPORTS = {
    "PACK_WORDS": "engine", "Report": "engine", "check_source": "engine", "chosen_fix": "engine",
    "fix_all": "engine",
    "Edit": "findings", "Finding": "findings", "Fix": "findings", "Position": "findings",
    "Safety": "findings", "Severity": "findings", "Span": "findings",
    "apply_edits": "fixes", "apply_fix": "fixes",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(f".{_EXPORTS[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
