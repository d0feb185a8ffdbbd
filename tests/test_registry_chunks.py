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
