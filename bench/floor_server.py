#!/usr/bin/env python3
"""The framework's floor: the least a pygls 2 server can do for the benchmark's requests.

- incremental text sync (pygls applies the edits to its Document);
- on didOpen/didChange: one diagnostic per line containing "XLAFSDPStrategy(", published
  with the document version;
- hover: a fixed string; codeAction: [].

Nothing else. Any real pygls server pays at least this much.

    python bench/floor_server.py [--stdio]
"""
from __future__ import annotations

import sys

from lsprotocol import types as t
from pygls.lsp.server import LanguageServer

NEEDLE = "XLAFSDPStrategy("

server = LanguageServer("errata-bench-floor", "0.1", text_document_sync_kind=t.TextDocumentSyncKind.Incremental)


def _utf16_len(s: str) -> int:
    if s.isascii():
        return len(s)
    return len(s.encode("utf-16-le")) // 2


def _publish(ls: LanguageServer, uri: str) -> None:
    doc = ls.workspace.get_text_document(uri)
    diags = []
    for i, line in enumerate(doc.source.splitlines()):
        col = line.find(NEEDLE)
        if col >= 0:
            c = _utf16_len(line[:col])
            diags.append(
                t.Diagnostic(
                    range=t.Range(t.Position(i, c), t.Position(i, c + len(NEEDLE) - 1)),
                    message="XLAFSDPStrategy call",
                    severity=t.DiagnosticSeverity.Warning,
                    source="floor",
                )
            )
    ls.text_document_publish_diagnostics(
        t.PublishDiagnosticsParams(uri=uri, version=doc.version, diagnostics=diags)
    )


@server.feature(t.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: LanguageServer, params: t.DidOpenTextDocumentParams) -> None:
    _publish(ls, params.text_document.uri)


@server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: LanguageServer, params: t.DidChangeTextDocumentParams) -> None:
    _publish(ls, params.text_document.uri)


@server.feature(t.TEXT_DOCUMENT_HOVER)
def hover(ls: LanguageServer, params: t.HoverParams) -> t.Hover:
    return t.Hover(contents=t.MarkupContent(kind=t.MarkupKind.Markdown, value="floor hover"))


@server.feature(t.TEXT_DOCUMENT_CODE_ACTION)
def code_action(ls: LanguageServer, params: t.CodeActionParams) -> list:
    return []


def main() -> None:
    # `--stdio` is accepted (and is the only transport) so every client can start it.
    server.start_io()


if __name__ == "__main__":
    sys.exit(main())
