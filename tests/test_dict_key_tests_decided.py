"""A test in a helper on a name bound to one key of a dict parameter (`mode = cfg.get("clip_mode", "norm")`,
`mode = cfg["clip_mode"]`) is decided by the dicts every caller passes: the entry the key holds, or the `.get`'s
default when a dict is known whole without it. A clip by value under a test the callers' dicts make False is never
reached (silent); one they make True is an error; callers that disagree, or a dict the layer cannot read whole,
leave the call reached. A dict of the module's top level read in a function (`CFG.get(...)`) is read the same way,
with the stores the module makes into it."""

from __future__ import annotations

from errata_lsp.analysis import check_source

SOURCE = '''\
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

CFG = {cfg}


def clip(fabric, model, optimizer, cfg):
    mode = {read}
    if mode == "value":
        return fabric.clip_gradients(model, optimizer, clip_val=1.0)
    return fabric.clip_gradients(model, optimizer, max_norm=1.0)


def train(fabric, cfg):
    model = fabric.setup_module(nn.Linear(2, 2))
    clip(fabric, model, None, cfg)
    {more}


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train, CFG)
'''
VALUE = ("LXF014", "error", "XLA's FSDP strategy does not support to clip gradients by value: `clip_val` raises "
         "NotImplementedError. Clip by norm with `max_norm` instead")


def found(cfg: str, read: str, more: str = "") -> list[tuple[str, str, str]]:
    source = SOURCE.format(cfg=cfg, read=read, more=more)
    return [(f.code, f.severity.value, f.message) for f in check_source(source, None).findings]


def test_a_get_default_the_dict_leaves_decides_the_test():
    assert found('{"grad_clip": 1.0}', 'cfg.get("clip_mode", "norm")') == []
    assert found('{"grad_clip": 1.0}', 'cfg.get("clip_mode", "value")') == [VALUE]
    assert found('{"grad_clip": 1.0}', 'cfg.get("clip_mode")') == []  # None is not "value"


def test_the_key_the_dict_holds_decides_the_test():
    assert found('{"clip_mode": "norm"}', 'cfg["clip_mode"]') == []
    assert found('{"clip_mode": "norm"}', 'cfg.get("clip_mode", "value")') == []
    assert found('{"clip_mode": "value"}', 'cfg.get("clip_mode", "norm")') == [VALUE]
    assert found('{"clip_mode": "value"}', 'cfg["clip_mode"]') == [VALUE]


def test_callers_that_disagree_or_a_dict_not_read_whole_leave_the_call_reached():
    assert found('{"clip_mode": "norm"}', 'cfg["clip_mode"]', 'clip(fabric, model, None, {"clip_mode": "value"})') \
        == [VALUE]
    assert found('dict(load(), grad_clip=1.0)', 'cfg.get("clip_mode", "norm")') == [VALUE]


MODULE_DICT = '''\
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

CFG = {cfg}
{more}

def train(fabric):
    model = fabric.setup_module(nn.Linear(2, 2))
    mode = CFG.get("clip_mode", "norm")
    if mode == "value":
        fabric.clip_gradients(model, None, clip_val=1.0)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


def found_in_module_dict(cfg: str, more: str = "") -> list[tuple[str, str, int]]:
    source = MODULE_DICT.format(cfg=cfg, more=more)
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(source, None).findings]


def test_a_key_of_a_module_dict_decides_the_test_with_the_stores_the_module_makes():
    assert found_in_module_dict('{"grad_clip": 1.0}') == []
    assert found_in_module_dict('{"clip_mode": "value"}') == [("LXF014", "error", 12)]
    assert found_in_module_dict('{"grad_clip": 1.0}', 'CFG.update(clip_mode="value")') == [("LXF014", "error", 12)]
    assert found_in_module_dict('{"grad_clip": 1.0}', 'CFG["clip_mode"] = "value"') == [("LXF014", "error", 12)]
    assert found_in_module_dict('load()') == [("LXF014", "error", 12)]
