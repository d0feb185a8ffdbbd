"""A class built through `functools.partial` (`make = partial(Learner, lr=...)`, then `make(fabric, net)`,
wherever `make` is passed): each call is a construction, with the partial's arguments first, so
`__init__`'s parameters and what it stores hold what the call and the partial give."""

from __future__ import annotations

from errata_lsp.analysis import check_source
from tests.test_flow import probe

LEARNER = """\
import functools
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Learner:
    def __init__(self, fabric, net, lr=1e-3):
        self.fabric = fabric
        self.net = net
        self.wrapped = fabric.setup_module(net)
        probe(lr)

    def step(self, x):
        with self.fabric.no_backward_sync(self.{synced}, enabled=True):
            self.fabric.backward(self.wrapped(x).sum())


def train(fabric, make_learner):
    learner = make_learner(fabric, torch.nn.Linear(4, 4))
    learner.step(torch.randn(2, 4))


if __name__ == "__main__":
    make = functools.partial(Learner, lr=0.5)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train, make)
"""


def test_a_partial_of_a_class_passed_to_the_launched_function_builds_it_there():
    """The raw module the partial's call passes is what `self.net` holds: syncing on it is LXF004."""
    findings = check_source(LEARNER.format(synced="net"), "train.py").findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message) for f in findings] == [(
        "LXF004", "error", 15, 42, "`self.net` is not set up: it holds the raw module `torch.nn.Linear(4, 4)` "
        "(line 20); pass the module returned by `fabric.setup(...)`, or Fabric raises TypeError")]
    assert check_source(LEARNER.format(synced="wrapped"), "train.py").findings == []


def test_the_partial_s_keyword_reaches_init():
    """`lr` is the partial's 0.5, not the signature's default."""
    assert probe(LEARNER.format(synced="wrapped"), "train.py") == [("number", 25, 41, ())]


def test_a_partial_of_another_class_is_no_construction_of_this_one():
    text = LEARNER.format(synced="net").replace("functools.partial(Learner, lr=0.5)", "functools.partial(dict, lr=0.5)")
    assert [f.code for f in check_source(text, "train.py").findings] == []
