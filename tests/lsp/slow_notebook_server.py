"""The real server, whose check and fix-all of a notebook take two seconds more (a big notebook, a
slow machine). Used only by tests: a request on a notebook's cell must not hold the others."""

import time

from errata_lsp.analysis import engine
from errata_lsp.lsp import server as lsp_server

SLOW_S = 2.0


def slowed(function):
    def wrapper(text, path=None, *args, **kwargs):
        if str(path).endswith(".ipynb"):
            time.sleep(SLOW_S)
        return function(text, path, *args, **kwargs)
    return wrapper


engine.check_source = slowed(engine.check_source)
engine.fix_all = slowed(engine.fix_all)

raise SystemExit(lsp_server.serve())
