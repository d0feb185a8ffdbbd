"""The unwrapping idioms of checkpoint helpers read as the attribute they name: `getattr(model, "module", model)`
of the `_FabricModule` that `fabric.setup_module` returns is its `.module`, the raw module (Fabric gives it that
attribute, so the default is never taken), and `hasattr(model, "module")` of one is true. A state that holds the
raw module that way makes `fabric.save` raise under XLAFSDP (LXF023). A set-up module has no `_orig_mod` (Fabric
unwraps a compiled module before wrapping it): `getattr(model, "_orig_mod", model)` is the module itself. An
attribute the library does not tell of (`_forward_module` here) stays untold."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def unwrap(model):
{unwrap}


def train(fabric):
    model = fabric.setup_module(nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.save("ck", {{"model": unwrap(model), "optimizer": optimizer}})


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''
MESSAGE = ("Could not find a XLAFSDP model in the provided checkpoint state: `unwrap(model)` is the raw module, not "
           "the one `setup_module` returned, so `fabric.save` raises ValueError. Make sure you set up the model (and "
           "optimizers if any) through the strategy before saving the checkpoint")


def found(unwrap: str) -> list[tuple[str, str, int, int, str]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message)
            for f in check_source(SCRIPT.format(unwrap=unwrap), "train.py").findings]


@pytest.mark.parametrize("unwrap", [
    '    return getattr(model, "module", model)',
    '    if hasattr(model, "module"):\n        return model.module\n    return model',
    '    return model.module if hasattr(model, "module") else model',
    '    if not hasattr(model, "_original_module"):\n        return model\n    return model._original_module',
    # torch.compile's unwrapping first: a set-up module has no `_orig_mod` (setup_module unwrapped the compiled one)
    '    model = getattr(model, "_orig_mod", model)\n    return getattr(model, "module", model)',
    '    if hasattr(model, "_orig_mod"):\n        model = model._orig_mod\n    return getattr(model, "module", model)',
])
def test_the_set_up_module_s_own_attribute_is_the_raw_module(unwrap):
    line = 14 + unwrap.count("\n")  # the save's line, below the helper
    assert found(unwrap) == [("LXF023", "error", line, 32, MESSAGE)]


@pytest.mark.parametrize("unwrap", [
    '    return model',
    '    return getattr(model, "_forward_module", model)',
    '    if hasattr(model, "_orig_mod"):\n        return model._orig_mod\n    return model',
])
def test_the_set_up_module_itself_or_an_attribute_the_library_does_not_tell(unwrap):
    assert found(unwrap) == []
