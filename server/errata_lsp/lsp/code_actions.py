"""Code actions: each finding's quick fixes and its `# noqa`, and `source.fixAll.errata` (every safe fix)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from lsprotocol import types

from ..analysis.findings import Safety
from . import convert, notebook
from .session import is_log

if TYPE_CHECKING:
    from .server import ErrataServer


async def code_action(ls: ErrataServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    if params.text_document.uri in ls.session.notebooks.owner:
        return await notebook.code_actions(ls, params)
    state = ls.session.states.get(params.text_document.uri)
    if state is None:
        return []
    doc = state.doc.snapshot()  # the text the request's range is about
    only = params.context.only

    def wanted(kind: str) -> bool:
        return not only or any(kind == k or kind.startswith(f"{k}.") for k in only)

    actions: list[types.CodeAction] = []
    analysis = await ls.analysis_of(state, doc)
    if wanted(types.CodeActionKind.QuickFix) and not is_log(doc):
        start = doc.from_client(params.range.start, ls.encoding)
        end = doc.from_client(params.range.end, ls.encoding)
        findings = analysis.findings
        for index in convert.asked_for(analysis.diagnostics, params.context.diagnostics,
                                       lambda i: not (findings[i].span.end < start or end < findings[i].span.start)):
            finding, diagnostic = findings[index], analysis.diagnostics[index]
            for fix in finding.fixes:
                target = doc if fix.path is None else ls.session.module_to_fix(fix)
                if target is None:
                    continue
                actions.append(types.CodeAction(
                    title=fix.title if fix.safety is Safety.SAFE else f"{fix.title} (unsafe)",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic],
                    is_preferred=fix.preferred or None,
                    edit=convert.workspace_edit(target, convert.text_edits(fix, target, ls.encoding), ls.versioned_edits),
                ))
            noqa = convert.noqa_edit(doc, finding, ls.encoding)
            if noqa is not None:
                actions.append(types.CodeAction(
                    title=f"Disable {finding.code} for this line",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic],
                    edit=convert.workspace_edit(doc, [noqa], ls.versioned_edits),
                ))
    if wanted(convert.FIX_ALL) and not is_log(doc) and any(
        f.safety is Safety.SAFE for finding in analysis.findings for f in finding.fixes
    ):
        if analysis.fixed is None:  # once per text and settings: editors ask on every cursor move
            analysis.fixed = await asyncio.get_running_loop().run_in_executor(None, ls.session.fix_all, analysis.doc)
        fixed, count = analysis.fixed
        if count and fixed != doc.text:
            actions.append(types.CodeAction(
                title=f"errata: fix all ({count} safe fix{'es' if count > 1 else ''})",
                kind=convert.FIX_ALL,
                edit=convert.workspace_edit(doc, [convert.whole_text_edit(doc, fixed, ls.encoding)], ls.versioned_edits),
            ))
    return actions



def register(server: ErrataServer) -> None:
    server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll, convert.FIX_ALL],
            resolve_provider=False,
        ),
    )(code_action)
