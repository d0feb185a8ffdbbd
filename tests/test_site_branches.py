"""A value picked under a test reaches a call only if the call runs on that branch too: one policy picked for
two backends (`POLICY = {Block} if ON_TPU else [Block]`) and handed to the strategy built under `if ON_TPU:`
is the set there, whatever the other branch picks; and when the call's own branch is the one whose value is
wrong, every run that reaches the call raises: an error, not a warning "when ON_TPU". The tests stay the
user's switches (an environment variable, a helper's parameter): nothing decides them. LXF001: a list given
as `activation_checkpointing_policy` to XLAFSDPStrategy raises TypeError (lightning 2.6.6)."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

HEAD = '''import argparse
import os

from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy, XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass

'''
LIST = "`activation_checkpointing_policy` must be a set, found [Block] (from `{name}`, line {line})"


def found(body: str) -> list[tuple[str, str, int, str]]:
    return [(f.code, f.severity.name.lower(), f.span.start.line + 1, f.message)
            for f in check_source(HEAD + body, "/tmp/two_backends.py").findings]


MODULE_LEVEL = '''ON_TPU = os.environ.get("PJRT_DEVICE") == "TPU"
POLICY = {picked}
if ON_TPU:
    strategy = XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy=POLICY)
'''


@pytest.mark.parametrize("picked, expected", [
    ("{Block} if ON_TPU else [Block]", []),
    ("[Block] if not ON_TPU else {Block}", []),
    ("[Block] if ON_TPU else {Block}", [("LXF001", "error", 15, LIST.format(name="POLICY", line=13))]),
    ("[Block] if ON_TPU else None", [("LXF001", "error", 15, LIST.format(name="POLICY", line=13))]),
])
def test_a_value_picked_for_the_other_branch_never_reaches_the_call(picked, expected):
    assert found(MODULE_LEVEL.format(picked=picked)) == expected


def test_without_the_branch_the_value_stays_a_warning_that_names_its_test():
    body = MODULE_LEVEL.format(picked="[Block] if ON_TPU else {Block}").replace("if ON_TPU:\n    ", "")
    assert found(body) == [("LXF001", "warning", 14, LIST.format(name="POLICY", line=13) + "; when ON_TPU")]


def test_in_a_helper_whose_parameter_picks_both():
    body = '''
def build(tpu):
    policy = {picked}
    if tpu:
        return XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy=policy)
    return "ddp"


build(os.environ.get("BACKEND") == "tpu")
'''
    assert found(body.format(picked="{Block} if tpu else [Block]")) == []
    assert found(body.format(picked="[Block] if tpu else None")) == [
        ("LXF001", "error", 16, LIST.format(name="policy", line=14))]


def test_each_backend_gets_the_value_of_its_branch():
    # the XLA branch gets the set; the CUDA branch the list, which FSDPStrategy hands to torch as it is (FSDP012)
    body = '''
def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tpu", action="store_true")
    args = parser.parse_args()
    policy = {Block} if args.tpu else [Block]
    if args.tpu:
        strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy)
    else:
        strategy = FSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy)
    Fabric(strategy=strategy).launch(print)


main()
'''
    assert found(body) == [(
        "FSDP012", "error", 21,
        "FSDPStrategy turns only a set into a checkpointing policy and hands [Block] to torch as it is; torch "
        "raises ValueError when the model is set up: make it a set of layer classes (from `policy`, line 17)")]
