"""Two readings real training code needs. An attribute tested against None just before its use
(`if args.clip_grad_norm is not None: fabric.clip_gradients(..., max_norm=args.clip_grad_norm)`, torchvision's
reference scripts) holds no None there, whatever its default. A method of the module that runs no layer
(`on_train_epoch_end` averaging the losses a dict keeps, through another plain method) is no LXF031 call. The
findings are exact, on code that must trigger and code that must not."""

from __future__ import annotations

from errata_lsp.analysis import check_source

CLIP = """\
import argparse
import sys

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def step(fabric, model, optimizer, args):
    if {guard}:
        fabric.clip_gradients(model, optimizer, max_norm=args.clip)


def train(fabric, args):
    model = fabric.setup_module(None)
    step(fabric, model, None, args)


parser = argparse.ArgumentParser()
parser.add_argument("--clip", type=float, default=None)
parser.add_argument("--other", type=float, default=None)
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train, parser.parse_args(sys.argv[1:]))
"""
NEITHER = ("You have to specify either `clip_val` or `max_norm` to do gradient clipping: neither is set, so Fabric "
           "raises ValueError")


def clipped(guard: str) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(CLIP.replace("{guard}", guard)).findings]


def test_a_guard_that_the_attribute_is_not_none_keeps_its_none_default_out():
    assert clipped("args.clip is not None") == []
    assert clipped("args.clip") == []
    assert clipped("args.other and args.clip is not None") == []


def test_a_guard_on_another_attribute_keeps_the_none_default():
    found = check_source(CLIP.replace("{guard}", "args.other is not None")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in found] == [("LXF015", "error", 10)]
    assert found[0].message.startswith(NEITHER)


def test_the_branch_where_the_attribute_is_none_keeps_it():
    assert [code for code, *_ in clipped("args.clip is None")] == ["LXF015"]


EARLY = """\
import argparse
import sys

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def step(fabric, model, optimizer, args):
    if args.clip is None:
        {exit}
    fabric.clip_gradients(model, optimizer, max_norm=args.clip)


def train(fabric, args):
    step(fabric, fabric.setup_module(None), None, args)


parser = argparse.ArgumentParser()
parser.add_argument("--clip", type=float, default=None)
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train, parser.parse_args(sys.argv[1:]))
"""


def test_a_return_when_the_attribute_is_none_keeps_its_none_default_out_below():
    assert check_source(EARLY.replace("{exit}", "return")).findings == []
    assert check_source(EARLY.replace("{exit}", "raise SystemExit('no clipping')")).findings == []


def test_a_branch_when_the_attribute_is_none_that_goes_on_keeps_it():
    found = check_source(EARLY.replace("{exit}", "print('no clipping')")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in found] == [("LXF015", "error", 11)]


AGENT = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Agent(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(2, 2)
        self.reset_metrics()

    def forward(self, x):
        return self.head(x)

    def on_epoch_end(self):
        metrics = {name: sum(values) for name, values in self._losses.items() if values}
        self.reset_metrics()
        return metrics

    def reset_metrics(self):
        self._losses = {"policy": [], "value": []}

    def probe(self, x):
        return self.{probe}(x)


def train(fabric):
    agent = fabric.setup_module(Agent())
    agent.{called}


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""


def agent(called: str, probe: str = "head") -> list[tuple[str, str, int]]:
    text = AGENT.replace("{called}", called).replace("{probe}", probe)
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(text).findings]


def test_a_method_that_runs_no_layer_through_another_plain_method_is_fine():
    assert agent("on_epoch_end()") == []


def test_a_method_that_runs_a_layer_through_another_plain_method_is_flagged():
    assert agent("probe(torch.zeros(2))") == [("LXF031", "error", 29)]
    assert agent("probe(torch.zeros(2))", probe="forward") == [("LXF031", "error", 29)]
