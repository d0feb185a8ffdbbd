"""Error records: loading, validation, lookup. Names are imported on first use (see analysis)."""

from importlib import import_module
from typing import Any

_EXPORTS = {
    "SHIPPED": "base", "KnowledgeBase": "base", "card_markdown": "card", "summary_line": "card",
    "readable_message": "readable", "Corrections": "corrections",
    "LoadProblem": "load", "load_paths": "load", "Record": "record", "RecordError": "record", "validate": "record",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(f".{_EXPORTS[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
