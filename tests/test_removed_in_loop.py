"""Keys removed by a loop over a fixed sequence of them (`for key in CUDA_ONLY: kwargs.pop(key, None)`, or
`del kwargs[key]`) are each removed: a section shared with CUDA FSDP, stripped of its CUDA-only settings before
XLAFSDPStrategy gets it, runs fine. A key the loop does not name stays, and so does a key of a sequence the
file cannot read whole. LXF038: `use_orig_params` reaches torch_xla's FSDP, which raises TypeError at set-up
(lightning 2.6.6)."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

HEAD = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


FSDP = {{"auto_wrap_policy": {{Block}}, "use_orig_params": True, "state_dict_type": "sharded"}}
CUDA_ONLY = {cuda_only}


def xla_kwargs(cfg):
    kwargs = cfg.copy()
    for key in {loop}:
        {removal}
    return kwargs


def train(fabric):
    fabric.setup_module(nn.Linear(2, 2))


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**xla_kwargs(FSDP))).launch(train)
'''
ORIG_PARAMS = (
    "`use_orig_params` is a parameter neither of XLAFSDPStrategy nor of torch_xla's XlaFullyShardedDataParallel: the "
    "strategy keeps it and passes it to `XlaFullyShardedDataParallel(module, ...)` when the model is set up "
    "(`fabric.setup`, in the launched function), which raises `TypeError: XlaFullyShardedDataParallel.__init__() got "
    "an unexpected keyword argument 'use_orig_params'`; `use_orig_params` is a setting of torch's CUDA FSDP: "
    "torch_xla's FSDP has no such setting; remove it")


def found(**parts: str) -> list[tuple[str, str, int, int, str]]:
    return [(f.code, f.severity.name.lower(), f.span.start.line + 1, f.span.start.column + 1, f.message)
            for f in check_source(HEAD.format(**parts), "/tmp/shared_section.py").findings]


@pytest.mark.parametrize("cuda_only, loop, removal", [
    ('("use_orig_params", "sync_module_states")', "CUDA_ONLY", "kwargs.pop(key, None)"),
    ('["sync_module_states", "use_orig_params"]', "CUDA_ONLY", "del kwargs[key]"),
    ("None", '("use_orig_params",)', "kwargs.pop(key)"),
])
def test_each_key_of_the_loop_is_removed(cuda_only, loop, removal):
    assert found(cuda_only=cuda_only, loop=loop, removal=removal) == []


@pytest.mark.parametrize("cuda_only, loop", [
    ('("sync_module_states",)', "CUDA_ONLY"),  # the loop does not name it
    ('("use_orig_params",) + EXTRA', "CUDA_ONLY"),  # a sequence the file cannot read whole
])
def test_a_key_the_loop_does_not_remove_stays(cuda_only, loop):
    assert found(cuda_only=cuda_only, loop=loop, removal="kwargs.pop(key, None)") == [
        ("LXF038", "error", 10, 38, ORIG_PARAMS)]
