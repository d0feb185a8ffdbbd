"""Which library API a position in the source names, for hovers that list what it can raise: the word
under the cursor, the nodes around it, and what each pack's `symbols.py` says they name."""

from __future__ import annotations

import ast
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from .context import Context
from .document import Document
from .engine import CONTEXT_WORDS
from .findings import Position
from .packs import TIPS, symbol_describers


def word_at(line: str, column: int) -> tuple[int, int] | None:
    """The identifier around `column` on `line`, as (start, end) columns."""
    start = end = min(column, len(line))
    while start > 0 and (line[start - 1].isalnum() or line[start - 1] == "_"):
        start -= 1
    while end < len(line) and (line[end].isalnum() or line[end] == "_"):
        end += 1
    return (start, end) if start < end else None


@dataclass
class _Parsed:
    """One text's context and its nodes by line, kept for the hovers that follow."""

    text: str
    ctx: Context
    by_line: dict[int, list[ast.AST]]


_recent: OrderedDict[tuple[int, str], _Parsed] = OrderedDict()  # hovers repeat on one version


def symbols_at(text: str, pos: Position, wanted: Callable[[str], bool] | None = None) -> list[str]:
    """API names the code at `pos` stands for, most specific first: `Fabric.setup`, `setup`;
    `XLAFSDPStrategy`; a keyword such as `activation_checkpointing_policy`. [] when no pack knows it.

    `wanted(word)` says whether anything is known about a word: when not, nothing is parsed."""
    doc = _document(text)
    if pos.line >= len(doc.lines):
        return []
    line = doc.lines[pos.line]
    around = word_at(line, pos.column)
    if around is None:
        return []
    word = line[around[0]:around[1]]
    if wanted is not None and not wanted(word):
        return []
    parsed = _parsed(doc, word)
    describers = symbol_describers()
    for node in parsed.by_line.get(pos.line + 1, ()):
        span = doc.span(node) if hasattr(node, "end_col_offset") else None
        if span is None or not span.contains(pos):
            continue
        for describer in describers:
            found = describer(parsed.ctx, node, word)
            if found:
                return found
    return []


def _document(text: str) -> Document:
    cached = _recent.get((id(text), ""))
    if cached is not None and cached.text is text:
        return cached.ctx.doc
    doc = Document(text)
    _remember((id(text), ""), _Parsed(text, Context(doc, [], TIPS), {}))
    return doc


def _parsed(doc: Document, word: str) -> _Parsed:
    key = (id(doc.text), word)
    cached = _recent.get(key)
    if cached is not None and cached.text is doc.text:
        _recent.move_to_end(key)
        return cached
    ctx = Context(doc, doc.chunks((word, *CONTEXT_WORDS)), TIPS)
    by_line: dict[int, list[ast.AST]] = {}
    for kind in (ast.keyword, ast.Attribute, ast.Name):  # the innermost kinds first
        for node in ctx.nodes(kind):
            for lineno in range(node.lineno, node.end_lineno + 1):  # type: ignore[attr-defined]
                by_line.setdefault(lineno, []).append(node)
    parsed = _Parsed(doc.text, ctx, by_line)
    _remember(key, parsed)
    return parsed


def _remember(key: tuple[int, str], parsed: _Parsed) -> None:
    _recent[key] = parsed
    while len(_recent) > 16:
        _recent.popitem(last=False)
