"""A registry filled far from the lines a rule reads: `WRAP_POLICIES[name](**kwargs)` beside the Fabric, the
`WRAP_POLICIES = {}` it reads, the decorator factory that stores into it and the classes that decorator
registers, none of which says a word a rule looks for. The chunks a check reads take them all in (a top-level
name bound to an empty container is read with what fills it), so the policy the registry holds is judged."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

POLICIES = {{}}


def register(name):
    def add(cls):
        POLICIES[name] = cls
        return cls

    return add


@register("size")
class SizePolicy:
    def __init__(self, min_params=1000):
        self.min_params = min_params

    def __call__(self, module, recurse, {third}):
        return recurse or {third} >= self.min_params


def train(fabric):
    pass


if __name__ == "__main__":
    policy = POLICIES["size"](min_params=10)
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=policy)).launch(train)
'''


@pytest.mark.parametrize("third,expected", [
    ("nonwrapped_numel", [("LXF037", "error", 30, 72)]),
    ("unwrapped_params", []),
])
def test_a_policy_class_a_decorator_registers_is_judged_by_its_call(third, expected):
    found = check_source(SCRIPT.format(third=third)).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in found] == expected


MARKED = '''\
import functools

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

FORWARD_METHODS = []


def forward_method(fn):
    {append}
    return fn


def no_grad(fn):
    {wraps}
    def wrapper(self, *args, **kwargs):
        with torch.no_grad():
            return fn(self, *args, **kwargs)

    return wrapper


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def forward(self, x):
        return self.fc(x)

    @forward_method
    @no_grad
    def generate(self, x):
        return self.fc(x)


def train(fabric):
    model = fabric.setup_module(Net())
    for name in FORWARD_METHODS:
        model.mark_forward_method(name)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


@pytest.mark.parametrize("append,wraps,expected", [
    ("FORWARD_METHODS.append(fn.__name__)", "", [("LXF036", "error", 42, 34)]),  # the name recorded is 'wrapper'
    ("FORWARD_METHODS.append(fn.__name__)", "@functools.wraps(fn)", []),
    ("if fn.__doc__ is None:\n        FORWARD_METHODS.append(fn.__name__)", "", []),  # a branch: the run's
], ids=["wrapper-name", "wraps-keeps-the-name", "appended-in-a-branch"])
def test_names_a_decorator_appends_to_a_list_are_each_marked(append, wraps, expected):
    found = check_source(MARKED.format(append=append, wraps=wraps)).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in found
            if f.code == "LXF036"] == expected
