"""Ways to run the real server and command line with something changed around them, without a
test hook in the product: a `python -c` prelude that patches, then `errata_lsp.cli.main()`."""

from __future__ import annotations

import sys

# Every way out to the network that Python code takes: record the attempt, then refuse it.
BLOCK_NETWORK = r'''
import json, os, socket, sys
_LOG = os.environ["ERRATA_TEST_NETWORK_LOG"]

def _refuse(what):
    def refused(*args, **kwargs):
        with open(_LOG, "a", encoding="utf-8") as handle:
            handle.write(json.dumps({"call": what, "args": repr(args)[:300]}) + "\n")
        raise OSError(f"network access blocked by the test ({what})")
    return refused

for _name in ("connect", "connect_ex", "sendto", "sendmsg"):
    setattr(socket.socket, _name, _refuse(f"socket.{_name}"))
for _name in ("create_connection", "getaddrinfo", "gethostbyname", "gethostbyname_ex", "gethostbyaddr"):
    setattr(socket, _name, _refuse(_name))
'''

# A rule that raises, in place of a real one's check (the code is given in ERRATA_TEST_BREAK_RULE).
BREAK_RULE = r'''
import os
from errata_lsp.analysis.rules import BY_CODE
_code = os.environ["ERRATA_TEST_BREAK_RULE"]

def _broken(ctx):
    raise RuntimeError(f"{_code} broken on purpose by the test")

BY_CODE[_code].check = _broken
'''

RUN_MAIN = "\nimport sys\nfrom errata_lsp.cli import main\nsys.exit(main(sys.argv[1:]))\n"


def wrapped(*preludes: str, args: tuple[str, ...] = ()) -> list[str]:
    """argv that runs the preludes, then errata-lsp with `args` (none: serve LSP on stdio)."""
    return [sys.executable, "-c", "".join(preludes) + RUN_MAIN, *args]
