"""A registering decorator (`@entry_point("smoke")` filling a table and returning the function as it was given)
leaves the function's signature as written: a launched entry that takes no Fabric is reported, whether it is
launched by name or read back from the table; a decorator the file cannot read still silences the rule."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_fix

ENTRIES = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

ENTRY_POINTS = {{}}


def entry_point(name):
    def register(fn):
        ENTRY_POINTS[name] = fn
        return fn
    return register


@{decorator}
def smoke_main({params}):
    pass


FABRIC = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
FABRIC.launch({launched})
'''


def found(text: str) -> list:
    return check_source(text, "train.py").findings


@pytest.mark.parametrize("launched", ['ENTRY_POINTS["smoke"]', "smoke_main"])
def test_a_registered_entry_without_a_fabric_parameter_is_reported_and_fixed(launched):
    text = ENTRIES.format(decorator='entry_point("smoke")', params="", launched=launched)
    findings = found(text)
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in findings] == [
        ("LXF018", "error", 20, 14)]
    assert findings[0].message.startswith(f"`Fabric.launch(function={launched})` needs to take at least one argument: "
                                          "the launcher passes the Fabric object to `smoke_main`")
    fixed = apply_fix(text, findings[0].fixes[0].edits)
    assert "def smoke_main(fabric):" in fixed
    assert found(fixed) == []


@pytest.mark.parametrize("launched", ['ENTRY_POINTS["smoke"]', "smoke_main"])
def test_a_registered_entry_taking_the_fabric_is_fine(launched):
    assert found(ENTRIES.format(decorator='entry_point("smoke")', params="fabric", launched=launched)) == []


def test_a_decorator_the_file_cannot_read_may_change_the_signature():
    text = ENTRIES.format(decorator="with_fabric", params="", launched="smoke_main").replace(
        "from lightning.fabric import Fabric\n", "from lightning.fabric import Fabric\nfrom helpers import with_fabric\n")
    assert found(text) == []


HANDLERS = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import DataLoader, TensorDataset

HANDLERS = {{}}


def on(event):
    def register(fn):
        HANDLERS[event] = fn
        return fn
    return register


@on("data")
def windows(fabric):
    data = TensorDataset(torch.randn(8, 4), torch.randint(0, 2, (8,)))
    return {returned}


def run(fabric):
    loader = fabric.setup_dataloaders(HANDLERS["data"](fabric))


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
'''


@pytest.mark.parametrize(("returned", "expected"), [
    ("data", [("LXF040", "error", 23, 38)]),  # a dataset, read back from the table a two-letter decorator fills
    ("DataLoader(data, batch_size=4)", []),
])
def test_a_table_a_short_named_decorator_fills_is_read(returned, expected):
    found = check_source(HANDLERS.format(returned=returned), "train.py").findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in found] == expected
