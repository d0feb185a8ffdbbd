"""A method kept only in a dict of bound methods that is picked by keys known to be others never runs
(`{"fit": self.fit, "debug": self.debug}[mode]()` with `mode = "fit"`): what it would raise is not
reported. Picked by its own key, or by a key the file cannot tell, it is. Each script was run against
lightning 2.6.6 (the silent ones run, the twins raise TypeError at `launch()`); positions are 1-based."""

from __future__ import annotations

from errata_lsp.analysis import check_source

AT_ONCE = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Runner:
    def __init__(self):
        self.fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())

    def fit(self):
        self.fabric.launch(self.train)

    def train(self, fabric):
        pass

    def debug(self):
        self.fabric.launch()

    def run(self, mode):
        return {"fit": self.fit, "debug": self.debug}[mode]()


mode = "fit"
Runner().run(mode)
'''

PICKED_AT_ONCE = '''        return {"fit": self.fit, "debug": self.debug}[mode]()'''
THROUGH_A_LOCAL = AT_ONCE.replace(PICKED_AT_ONCE, '''        modes = {"fit": self.fit, "debug": self.debug}
        picked = modes[mode]
        picked()''').replace('mode = "fit"\nRunner().run(mode)', 'Runner().run("fit")')


def findings(source: str) -> list[tuple[str, str, str]]:
    result = check_source(source, "train.py")
    assert not result.failures, result.failures[0].detail
    return [(f.code, f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}") for f in result.findings]


def test_a_method_picked_by_no_key_is_not_reported() -> None:
    assert findings(AT_ONCE) == []
    assert findings(THROUGH_A_LOCAL) == []


def test_a_method_its_own_key_picks_is_reported() -> None:
    assert findings(AT_ONCE.replace('mode = "fit"', 'mode = "debug"')) == [("LXF016", "error", "16:9")]


def test_a_key_the_file_cannot_tell_keeps_the_finding() -> None:
    source = THROUGH_A_LOCAL.replace('Runner().run("fit")',
                                     'import sys\nRunner().run(sys.argv[1] if len(sys.argv) > 1 else "debug")')
    assert findings(source) == [("LXF016", "error", "16:9")]


def test_a_method_also_called_directly_is_reported() -> None:
    source = AT_ONCE.replace("        pass\n", "        pass\n\n    def both(self):\n        self.debug()\n", 1)
    assert findings(source.replace("Runner().run(mode)", "Runner().both()")) == [("LXF016", "error", "19:9")]
