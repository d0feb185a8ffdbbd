"""The real server, counting how often it resolves settings and runs fix-all, and answering the
counts to the command `errata.test.counts`. Used only by tests: work that must happen once per
text must not happen once per finding or once per request."""

from collections import Counter

from errata_lsp.analysis import engine
from errata_lsp.lsp import server as lsp_server
from errata_lsp.lsp import session

counts: Counter[str] = Counter()


def counted(name, function):
    def wrapper(*args, **kwargs):
        counts[name] += 1
        return function(*args, **kwargs)
    return wrapper


engine.fix_all = counted("fix_all", engine.fix_all)
session.settings_for = counted("settings_for", session.settings_for)


@lsp_server.server.command("errata.test.counts")
def report_counts(ls, *args):
    return dict(counts)


raise SystemExit(lsp_server.serve())
