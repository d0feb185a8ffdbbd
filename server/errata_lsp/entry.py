"""The `errata-lsp` command. Serving LSP needs none of the command line's imports (the engine, the
rule pack, the knowledge base): they load after the handshake, so an editor gets its `initialize`
answer as fast as from a bare pygls server."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("--stdio", "--tcp", "serve") or argv[0].startswith("--tcp="):
        from .serve import main as serve_main

        return serve_main(argv[1:] if argv and argv[0] == "serve" else argv)
    from .cli import main as cli_main

    return cli_main(argv)
