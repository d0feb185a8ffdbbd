"""LXF011 on an accelerator object the strategy reads from a name (`accelerator = XLAAccelerator()` then
`XLAFSDPStrategy(accelerator=accelerator)`), as it is on one written in the call: `Fabric(accelerator="tpu",
strategy=...)` then raises, and the message names the object as it is written."""

from __future__ import annotations

from errata_lsp.analysis import check_source

SCRIPT = '''\
from lightning.fabric import Fabric
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import XLAFSDPStrategy


def train(fabric):
    pass


def main():
    accelerator = {accelerator}
    strategy = XLAFSDPStrategy(accelerator=accelerator)
    Fabric(accelerator="tpu", strategy=strategy).launch(train)


main()
'''


def test_an_accelerator_object_bound_to_a_name_clashes_with_the_flag():
    [finding] = check_source(SCRIPT.format(accelerator="XLAAccelerator()")).findings
    assert (finding.code, finding.severity.value, finding.span.start.line + 1, finding.span.start.column) == \
        ("LXF011", "error", 13, 11)
    assert 'the strategy already has `XLAAccelerator()` and the flag is `"tpu"`' in finding.message


def test_a_name_bound_to_none_is_no_accelerator():
    assert check_source(SCRIPT.format(accelerator="None")).findings == []
