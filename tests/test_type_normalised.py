"""A value normalised before it is passed (`if isinstance(policy, list): policy = set(policy)`): the list from
before the `if` reaches past it only where the test is false, which no list is; so the strategy gets the set.
A test of a builtin class the value is not (`isinstance(policy, tuple)` of a list) leaves the list, and a
class name the file rebinds decides nothing. LXF001: a list given as `activation_checkpointing_policy` to
XLAFSDPStrategy raises TypeError (lightning 2.6.6)."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

HEAD = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


CFG = {"remat": [Block]}

'''
LIST = "`activation_checkpointing_policy` must be a set, found [Block] (from `{name}`, line 10)"


def found(body: str) -> list[tuple[str, str, int, str]]:
    return [(f.code, f.severity.name.lower(), f.span.start.line + 1, f.message)
            for f in check_source(HEAD + body, "/tmp/normalised.py").findings]


LOCAL = '''
def make(cfg):
    remat = cfg.get("remat")
    if {test}:
        remat = set(remat)
    return XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy=remat)


Fabric(accelerator="tpu", strategy=make(CFG))
'''


@pytest.mark.parametrize("test", ["isinstance(remat, list)", "isinstance(remat, (list, tuple))",
                                  "not isinstance(remat, set)"])
def test_a_list_made_a_set_under_a_type_test_is_the_set(test):
    assert found(LOCAL.format(test=test)) == []


def test_a_type_test_the_list_fails_leaves_the_list():
    assert found(LOCAL.format(test="isinstance(remat, tuple)")) == [
        ("LXF001", "warning", 17, LIST.format(name="remat") + "; when not isinstance(remat, tuple)")]


def test_a_rebound_class_name_decides_nothing():
    body = "list = tuple\n" + LOCAL.format(test="isinstance(remat, list)")
    assert found(body) == [
        ("LXF001", "warning", 18, LIST.format(name="remat") + "; when not isinstance(remat, list)")]


def test_a_helper_that_normalises_its_parameter():
    body = '''
def as_set(layers):
    if isinstance(layers, (list, tuple)):
        layers = set(layers)
    return layers


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block},
                                                   activation_checkpointing_policy=as_set(CFG["remat"])))
'''
    assert found(body) == []
