"""A loop over the items of a dict known whole (`for name, value in metrics.items()`, the dict a caller passes)
runs one turn per entry: what a table gives for the key (`REDUCE_OPS[name]`) holds on that entry's turn, and
a call every turn runs gets each turn's value once. So the table's `max` for `grad_norm` reaches
`fabric.all_reduce` on the run: an error. A turn the loop may skip (`continue`), or a table that gives every key
a supported op, says nothing. LXF027: `all_reduce(..., reduce_op="max")` under XLAFSDP raises ValueError
(lightning 2.6.6)."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

REDUCE_OPS = {{"loss": "mean", "tokens": "sum", "grad_norm": {grad_norm!r}}}


def log_metrics(fabric, metrics):
    for name, value in metrics.items():
{skip}        reduced = fabric.all_reduce(value, reduce_op=REDUCE_OPS[name])
        fabric.print(name, reduced)


def train(fabric):
    loss = torch.ones(())
    log_metrics(fabric, {{"loss": loss, "grad_norm": loss * 2}})


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''
MAX = ("Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max; "
       "`all_reduce` raises ValueError. For a max, gather and reduce: `fabric.all_gather(x).max()`")


def found(grad_norm: str, skip: str = "") -> list[tuple[str, str, int]]:
    return [(f.code, f.severity.name.lower(), f.span.start.line + 1)
            for f in check_source(SCRIPT.format(grad_norm=grad_norm, skip=skip), "/tmp/log_metrics.py").findings]


def test_the_turn_of_an_entry_the_table_gives_max_raises():
    [finding] = check_source(SCRIPT.format(grad_norm="max", skip=""), "/tmp/log_metrics.py").findings
    assert (finding.code, finding.severity.name.lower(), finding.span.start.line + 1) == ("LXF027", "error", 10)
    assert finding.message.startswith(MAX)


def test_a_table_of_supported_ops_says_nothing():
    assert found("mean") == []


@pytest.mark.parametrize("skip", ['        if name == "grad_norm":\n            continue\n',
                                  '        if value is None:\n            continue\n'])
def test_a_turn_the_loop_may_skip_is_no_error(skip):
    # (`paths: "single"`: a value of one turn of several is certain only where every turn reaches the call)
    assert found("max", skip) == []
