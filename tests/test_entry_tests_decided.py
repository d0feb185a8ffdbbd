"""A conditional expression in a dict comprehension's value (or a loop turn's store) whose test reads the entry's
key and value (`set(v) if k in SET_KEYS and isinstance(v, list) else v`) is decided for each entry by what that
entry holds: a list the comprehension makes a set is silent, a tuple it keeps is an error (not a warning on
some paths for both)."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = '''\
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    pass


SET_KEYS = ("auto_wrap_policy", "activation_checkpointing_policy")
RAW = {{"auto_wrap_policy": [Block], "activation_checkpointing_policy": {remat}, "state_dict_type": "sharded"}}


def strategy_kwargs(raw):
    return {{{comprehension}}}


def train(fabric):
    pass


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**strategy_kwargs(RAW))).launch(train)
'''
LISTS_ONLY = "k: set(v) if k in SET_KEYS and isinstance(v, list) else v for k, v in raw.items()"


def found(remat: str, comprehension: str = LISTS_ONLY) -> list[tuple[str, str, str]]:
    source = HEAD.format(remat=remat, comprehension=comprehension)
    return [(f.code, f.severity.value, f.message) for f in check_source(source, None).findings]


def test_the_entry_the_test_keeps_is_an_error_and_the_converted_one_silent():
    assert found("(Block,)") == [(
        "LXF001", "error", "`activation_checkpointing_policy` must be a set, found (Block,) (from line 11)")]


def test_every_entry_converted_is_silent():
    assert found("[Block]") == []
    assert found("(Block,)", LISTS_ONLY.replace("isinstance(v, list)", "isinstance(v, (list, tuple))")) == []
    assert found("(Block,)", "k: v if k not in SET_KEYS or isinstance(v, set) else set(v) for k, v in raw.items()") == []


def test_a_test_the_entry_cannot_decide_stays_open():
    # `callable(v)`: not decided by the layer; both branches stay, each under its condition: warnings that say it
    open_test = "k: v if callable(v) else set(v) if k in SET_KEYS else v for k, v in raw.items()"
    assert [(code, severity, message.rsplit(";", 1)[-1]) for code, severity, message in found("(Block,)", open_test)] \
        == [("LXF001", "warning", " when callable(v)"), ("LXF028", "warning", " when callable(v)")]
