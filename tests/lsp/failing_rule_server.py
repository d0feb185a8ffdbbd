"""The real server with one extra rule that always raises, to show a broken rule is reported and
the other rules' findings still arrive. Used only by tests."""

from errata_lsp.analysis import rules
from errata_lsp.analysis.findings import Severity
from errata_lsp.analysis.rule import Rule
from errata_lsp.lsp.server import serve


class Broken(Rule):
    code = "LXF999"
    record = "7c98b3e7e2bf13da"
    name = "broken"
    severity = Severity.ERROR
    triggers = ("XLAFSDPStrategy",)

    def check(self, ctx):
        raise ZeroDivisionError("a rule bug")


rules.RULES = (*rules.RULES, Broken())
raise SystemExit(serve())
