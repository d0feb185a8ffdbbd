"""LXF039 at the call that gives a helper which sets up its parameter (`prepare(fabric, model)` doing
`model = fabric.setup_module(model)`) the model an earlier call of it returned, set up already: reported at that
argument, once; not when the helper only sets up a model it finds raw, and left to the helper's own line when no
call gives it a raw model."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from lightning.fabric.wrappers import is_wrapped


def prepare(fabric, model, resume_from=None):
{set_up}
    if resume_from is not None:
        fabric.load(resume_from, {{"model": model}})
    return model


def main(fabric):
    model = prepare(fabric, {first})
    model = prepare(fabric, model, resume_from="ckpt")


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
'''

ALWAYS = "    model = fabric.setup_module(model)"
GUARDED = "    if not is_wrapped(model):\n        model = fabric.setup_module(model)"


def found(set_up: str, first: str) -> list[tuple[str, str, int, int]]:
    text = SCRIPT.format(set_up=set_up, first=first)
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in check_source(text).findings]


def test_the_set_up_model_given_back_to_the_helper_is_reported_at_the_call():
    assert found(ALWAYS, "torch.nn.Linear(2, 2)") == [("LXF039", "error", 16, 28)]
    [finding] = check_source(SCRIPT.format(set_up=ALWAYS, first="torch.nn.Linear(2, 2)")).findings
    assert "`prepare` sets up what it is given (`fabric.setup_module(model)`, line 8)" in finding.message


def test_a_helper_that_sets_up_only_a_raw_model_is_fine():
    assert found(GUARDED, "torch.nn.Linear(2, 2)") == []


@pytest.mark.parametrize("first", ["fabric.setup_module(torch.nn.Linear(2, 2))"])
def test_a_helper_never_given_a_raw_model_is_reported_once_at_its_own_set_up(first):
    assert [(code, line) for code, _, line, _ in found(ALWAYS, first)] == [("LXF039", 8)]
