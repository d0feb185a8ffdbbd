"""`errata-lsp [--stdio | --tcp HOST:PORT]`: serve LSP."""

from __future__ import annotations

import argparse


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="errata-lsp", description="Serve LSP.")
    parser.add_argument("--stdio", action="store_true", help="serve on stdin/stdout (the default)")
    parser.add_argument("--tcp", metavar="HOST:PORT", help="serve on a TCP socket, for debugging")
    args = parser.parse_args(argv)
    from .lsp.server import serve

    return serve(tcp=args.tcp)
