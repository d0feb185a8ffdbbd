"""Hover: the card of the finding under the cursor, what a Lightning API there can raise, and on a code
inside a `# noqa` comment what that rule catches."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from lsprotocol import types

from ..analysis.findings import Position
from ..analysis.suppressions import noqa_code_help
from ..kb.card import summary_line
from . import notebook
from .session import Analysis, is_log

if TYPE_CHECKING:
    from .server import ErrataServer


async def hover(ls: ErrataServer, params: types.HoverParams) -> types.Hover | None:
    state = ls.session.states.get(params.text_document.uri) or await notebook.cell_state(ls, params.text_document.uri)
    if state is None:
        return None
    doc = state.doc.snapshot()
    pos = doc.from_client(params.position, ls.encoding)
    if not is_log(doc) and pos.line < len(doc.lines) and "noqa" in doc.lines[pos.line].lower():
        answer = _noqa_hover(doc.lines[pos.line], pos)
        if answer is not None:
            return answer
    analysis = await ls.analysis_of(state, doc)
    key = (params.position.line, params.position.character)
    if key not in analysis.hovers:
        found = await asyncio.get_running_loop().run_in_executor(None, hover_at, ls, analysis, params.position)
        if len(analysis.hovers) > 256:
            analysis.hovers.clear()
        analysis.hovers[key] = found
    return analysis.hovers[key]


def _noqa_hover(line: str, pos: Position) -> types.Hover | None:
    """On a code inside a `# noqa: ...` comment: what that rule catches."""
    text = noqa_code_help(line, pos.column)
    return types.Hover(contents=_markdown(text)) if text is not None else None


def _markdown(value: str) -> types.MarkupContent:
    return types.MarkupContent(kind=types.MarkupKind.Markdown, value=value)


def hover_at(ls: ErrataServer, analysis: Analysis, position: types.Position) -> types.Hover | None:
    """The card of a finding under the cursor, else what the symbol there can raise (in a worker thread)."""
    doc = analysis.doc
    pos = doc.from_client(position, ls.encoding)
    kb = ls.session.kb
    for finding, diagnostic in zip(analysis.findings, analysis.diagnostics):
        if finding.span.contains(pos):
            return types.Hover(contents=_markdown(ls.session.finding_card(doc, finding, kb)), range=diagnostic.range)
    found = ls.session.symbol_records(doc, pos, kb)
    if found is None:
        return None
    title, records = found
    lines = [f"**errata** · `{title}` can raise {len(records)} known error{'s' if len(records) > 1 else ''}:", ""]
    lines += [f"- {summary_line(r)}" for r in records]
    return types.Hover(contents=_markdown("\n".join(lines)))


def register(server: ErrataServer) -> None:
    server.feature(types.TEXT_DOCUMENT_HOVER)(hover)
