"""A checkpoint state that starts as the dict a helper returns, or a copy of one, and is then stored into
before `fabric.save` / `fabric.load` (`state = checkpoint_state(model, opt); state["ema"] = ema`): its
entries are the helper's display then the stores, as Python builds it. Labels: the real library raises
ValueError for two set-up models in one saved state, and KeyError for a sharded load asking a key the save
did not write; an `.update(k=v)` before the call adds its keys; stores it cannot order (in a branch, an update
of keys it cannot read) leave the state untold."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = """\
import torch
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

BASE = {"step": 0}


def checkpoint_state(model, optimizer, step):
    return {"model": model, "optimizer": optimizer, "step": step}


def run(fabric):
    model = fabric.setup_module(nn.Linear(4, 4))
    ema = fabric.setup_module(nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
"""
TAIL = "\n\nFabric(accelerator='tpu', devices=4, strategy=XLAFSDPStrategy()).launch(run)\n"


def shown(body: str) -> list[tuple[str, str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(HEAD + body + TAIL).findings]


SEVERAL = ("Found multiple XLAFSDP modules in the given state (`model`, `ema`). Saving checkpoints with FSDP is "
           "currently limited to a single model per checkpoint: `fabric.save` raises ValueError. Call `save` for "
           "each model separately with a different path")


def test_a_second_model_stored_into_a_helper_s_state_is_two_models():
    assert shown("    state = checkpoint_state(model, optimizer, 1)\n"
                 "    state[\"ema\"] = ema\n"
                 "    fabric.save(\"ckpt\", state)\n") == [("LXF024", "error", SEVERAL, 18, 19, 22)]


def test_a_second_model_stored_into_a_copy_is_two_models():
    assert shown("    state = dict(BASE)\n"
                 "    state[\"model\"] = model\n"
                 "    state[\"ema\"] = ema\n"
                 "    fabric.save(\"ckpt\", state)\n") == [("LXF024", "error", SEVERAL, 19, 19, 22)]


def test_other_keys_stored_into_a_helper_s_state_are_fine():
    assert shown("    state = checkpoint_state(model, optimizer, 1)\n"
                 "    state[\"step\"] = 5\n"
                 "    fabric.save(\"ckpt\", state)\n"
                 "    fabric.save(\"ema\", {\"model\": ema})\n") == []


def test_a_key_stored_into_a_helper_s_state_that_the_save_never_wrote_is_a_key_error_at_the_load():
    assert shown("    fabric.save(\"ckpt\", checkpoint_state(model, optimizer, 1))\n"
                 "    state = checkpoint_state(model, optimizer, 0)\n"
                 "    state[\"epoch\"] = 3\n"
                 "    fabric.load(\"ckpt\", state)\n") == [(
        "LXF032", "error",
        "`fabric.save(\"ckpt\", ...)` (line 17) writes 'model', 'optimizer', 'step', not 'epoch', so this sharded "
        "load raises KeyError: The requested state contains a key 'epoch' that does not exist in the loaded "
        "checkpoint. Save it too, or do not ask for it and keep its value from before the load", 19, 10, 17)]


def test_the_keys_a_copy_and_its_stores_hold_are_the_keys_saved():
    assert shown("    fabric.save(\"ckpt\", checkpoint_state(model, optimizer, 1))\n"
                 "    state = dict(BASE)\n"
                 "    state[\"model\"] = model\n"
                 "    state[\"optimizer\"] = optimizer\n"
                 "    fabric.load(\"ckpt\", state)\n") == []


def test_a_store_the_check_cannot_order_leaves_the_state_untold():
    # stored under a test, or merged by an `.update` the check cannot read: which keys the state holds at the
    # call is not told
    assert shown("    state = checkpoint_state(model, optimizer, 1)\n"
                 "    if torch.cuda.is_available():\n"
                 "        state[\"ema\"] = ema\n"
                 "    fabric.save(\"ckpt\", state)\n") == []
    assert shown("    state = checkpoint_state(model, optimizer, 1)\n"
                 "    state.update(**{name: ema for name in ('ema',)})\n"
                 "    fabric.save(\"ckpt\", state)\n") == []


def test_an_update_of_the_state_before_the_call_adds_its_keys():
    assert shown("    state = checkpoint_state(model, optimizer, 1)\n"
                 "    state.update(ema=ema)\n"
                 "    fabric.save(\"ckpt\", state)\n") == [("LXF024", "error", SEVERAL, 18, 21, 24)]
