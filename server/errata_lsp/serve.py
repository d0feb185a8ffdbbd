"""`errata-lsp [--stdio | --tcp HOST:PORT]`: serve LSP."""

from __future__ import annotations

import gc
from types import ModuleType


def main(argv: list[str]) -> int:
    tcp = None
    if argv not in ([], ["--stdio"]):  # what an editor starts needs no parser (argparse, gettext: a few ms)
        import argparse

        parser = argparse.ArgumentParser(prog="errata-lsp", description="Serve LSP.")
        parser.add_argument("--stdio", action="store_true", help="serve on stdin/stdout (the default)")
        parser.add_argument("--tcp", metavar="HOST:PORT", help="serve on a TCP socket, for debugging")
        tcp = parser.parse_args(argv).tcp
    return load_server().serve(tcp=tcp)


def load_server() -> ModuleType:
    """The server module, loaded as a server process loads it. The protocol's types and pygls come
    first: they are most of the process's objects and live as long as it, so they are moved out of
    the cycle collector's sight before errata's own modules load (else a full collection during the
    load walks them all again, ~15 ms; their import leaves ~200 unreachable objects behind)."""
    import lsprotocol.types  # noqa: F401
    import pygls.lsp.server  # noqa: F401

    gc.freeze()
    from .lsp import server

    return server
