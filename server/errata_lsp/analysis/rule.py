"""The shape of a rule: a code, the record it prevents, trigger words, examples and a check."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .context import Context
from .findings import Edit, Finding, Fix, Safety, Severity, Span


@dataclass(frozen=True)
class Invalid:
    """Code the rule must flag. `fixed` is the text after applying the fix titled `fix` (or the preferred one).

    `count`, `at` and `severity` pin what an editor shows: how many findings of the rule the code
    gets, where the first one is underlined ("line:column-line:column", 1-based, columns in
    characters, as `errata-lsp check` prints them) and its severity ("error", "warning", "information").
    """

    code: str
    fixed: str | None = None
    fix: str | None = None
    message: str | None = None  # a substring the message must contain
    count: int | None = None
    at: str | None = None
    severity: str | None = None


@dataclass(frozen=True)
class Valid:
    """Code that runs fine: the rule must stay silent."""

    code: str


class Rule:
    code: str = ""
    record: str = ""  # id of the knowledge-base record this rule prevents
    name: str = ""  # short kebab-case name
    summary: str = ""  # one line: what it catches
    severity: Severity = Severity.ERROR
    # Words of which one must appear in a statement for this rule to look at it.
    triggers: tuple[str, ...] = ()
    examples: tuple[Invalid | Valid, ...] = ()

    def check(self, ctx: Context) -> Iterable[Finding]:
        raise NotImplementedError

    def finding(
        self, ctx: Context, where: ast.AST | Span, message: str, fixes: Iterable[Fix] = (),
        severity: Severity | None = None, record: str | None = None,
    ) -> Finding:
        span = where if isinstance(where, Span) else ctx.doc.span(where)
        return Finding(self.code, record or self.record, span, message, severity or self.severity, tuple(fixes), self.name)


def short(text: str, limit: int = 60) -> str:
    """Source text for a message: on one line, cut with an ellipsis past `limit` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def fix(title: str, *edits: Edit, safety: Safety = Safety.SAFE, preferred: bool = False) -> Fix:
    return Fix(title, tuple(edits), safety, preferred)


def replace(ctx: Context, node: ast.AST, new_text: str) -> Edit:
    return Edit(ctx.doc.span(node), new_text)


def remove_argument(ctx: Context, items: list[ast.AST], target: ast.AST) -> Edit:
    """Delete one item of a comma-separated list (call arguments, dict entries) with its comma."""
    spans = [ctx.doc.span(item) for item in items]
    index = next(i for i, item in enumerate(items) if item is target)
    if index + 1 < len(items):
        return Edit(Span(spans[index].start, spans[index + 1].start), "")
    if index > 0:
        return Edit(Span(spans[index - 1].end, spans[index].end), "")
    return Edit(spans[index], "")


def call_items(call: ast.Call) -> list[ast.AST]:
    """Positional and keyword arguments in source order."""
    return sorted([*call.args, *call.keywords], key=lambda n: (n.lineno, n.col_offset))


def dict_items(node: ast.Dict) -> list[ast.AST]:
    """Dict entries as spans from key to value (a `**x` entry from its value)."""
    return [_Entry(k, v) for k, v in zip(node.keys, node.values)]


class _Entry(ast.AST):
    """A `key: value` pair as one node, for spans."""

    def __init__(self, key: ast.AST | None, value: ast.AST):
        super().__init__()
        start = key if key is not None else value
        self.key, self.value = key, value
        self.lineno, self.col_offset = start.lineno, start.col_offset
        if key is None:  # `**x`: the two stars stand before the value
            self.col_offset -= 2
        self.end_lineno, self.end_col_offset = value.end_lineno, value.end_col_offset


def iter_rules() -> Iterator[Rule]:
    from .rules import RULES

    yield from RULES
