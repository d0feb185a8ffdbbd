"""LXF045: under XLAFSDP `fabric.save` pickles every state value but the model and the optimizers as it is. Labels:
the real library (lightning 2.6.6 + torch_xla) raises `_pickle.PicklingError: Can't pickle <class
'lightning.fabric.wrappers.FabricAdamW'>` for a scheduler built on what `setup_optimizers` returned (StepLR,
CosineAnnealingLR, LambdaLR, OneCycleLR); a scheduler built on the raw optimizer, and `scheduler.state_dict()`,
save fine (corpus s720-s723)."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
"""
TAIL = "\n\nFabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n"


def shown(body: str) -> list[tuple[str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(HEAD + body + TAIL).findings]


def test_a_state_the_loop_stores_into_keeps_its_displayed_scheduler():
    body = ("    state = {'model': model, 'optimizer': optimizer, 'scheduler': scheduler, 'step': 0}\n"
            "    for step in range(2):\n"
            "        state['step'] = step\n"
            "    fabric.save('ckpt', state)\n")
    assert shown(body) == [("LXF045", "error", 10, 66, 75)]
    message = check_source(HEAD + body + TAIL).findings[0].message
    assert message.startswith("`scheduler` is a learning-rate scheduler (line 9) built on `optimizer`, the optimizer "
                              "`setup_optimizers` returned")
    assert "Can't pickle <class 'lightning.fabric.wrappers.FabricAdamW'>" in message


def test_a_scheduler_key_stored_again_or_a_state_updated_is_left_alone():
    replaced = ("    state = {'model': model, 'optimizer': optimizer, 'scheduler': scheduler}\n"
                "    state['scheduler'] = scheduler.state_dict()\n"
                "    for step in range(2):\n"
                "        state['step'] = step\n"
                "    fabric.save('ckpt', state)\n")
    updated = ("    state = {'model': model, 'optimizer': optimizer, 'scheduler': scheduler}\n"
               "    state.update(scheduler=scheduler.state_dict())\n"
               "    fabric.save('ckpt', state)\n")
    assert shown(replaced) == []
    assert shown(updated) == []


def test_the_class_fabric_makes_is_named_after_the_optimizer():
    body = ("    sgd = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))\n"
            "    cycle = torch.optim.lr_scheduler.OneCycleLR(optimizer=sgd, max_lr=0.1, total_steps=2)\n"
            "    fabric.save('ckpt', {'model': model, 'optimizer': sgd, 'cycle': cycle})\n")
    findings = check_source(HEAD + body + TAIL).findings
    assert [(f.code, f.span.start.line + 1) for f in findings] == [("LXF045", 12)]
    assert "<class 'lightning.fabric.wrappers.FabricSGD'>" in findings[0].message


def test_a_helper_of_the_scheduler_module_is_no_scheduler():
    body = ("    chained = torch.optim.lr_scheduler.ChainedScheduler([scheduler])\n"
            "    fabric.save('ckpt', {'model': model, 'optimizer': optimizer, 'chained': chained.state_dict()})\n")
    assert shown(body) == []


def test_a_scheduler_a_helper_of_another_module_builds_on_the_optimizer_it_sets_up(tmp_path):
    (tmp_path / "optim.py").write_text(
        "import torch\n\n\n"
        "def build(fabric, model):\n"
        "    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))\n"
        "    return optimizer, torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)\n")
    source = ("import torch\n"
              "from lightning.fabric import Fabric\n"
              "from optim import build\n\n\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(torch.nn.Linear(8, 8))\n"
              "    optimizer, scheduler = build(fabric, model)\n"
              "    fabric.save('a', {'model': model, 'optimizer': optimizer, 'scheduler': scheduler})\n"
              "    fabric.save('b', {'model': model, 'optimizer': optimizer, 'scheduler': scheduler.state_dict()})\n\n\n"
              "Fabric(accelerator='tpu', strategy='xla_fsdp').launch(train)\n")
    (tmp_path / "train.py").write_text(source)
    findings = check_source(source, str(tmp_path / "train.py")).findings
    assert [(f.code, f.span.start.line + 1) for f in findings] == [("LXF045", 9)]
    assert findings[0].message.startswith("`scheduler` is a learning-rate scheduler (`optim.py`, line 6) built on "
                                          "`optimizer`, the optimizer `setup_optimizers` returned")
    assert "<class 'lightning.fabric.wrappers.FabricSGD'>" in findings[0].message


def test_a_state_built_by_dict_keywords_is_read_as_its_display():
    body = "    fabric.save('ckpt', dict(model=model, optimizer=optimizer, lr_scheduler=scheduler))\n"
    assert shown(body) == [("LXF045", "error", 10, 76, 85)]
    unwrapped = ("    raw = torch.nn.Linear(8, 8)\n"
                 "    fabric.save('ckpt', dict(model=raw, step=1))\n")
    assert [f[:3] for f in shown(unwrapped)] == [("LXF023", "error", 11)]


def test_a_scheduler_an_update_before_the_save_adds_is_in_the_state():
    keywords = ("    state = {'model': model, 'optimizer': optimizer}\n"
                "    state.update(step=1, scheduler=scheduler)\n"
                "    fabric.save('ckpt', state)\n")
    display = keywords.replace("state.update(step=1, scheduler=scheduler)", "state.update({'scheduler': scheduler})")
    assert shown(keywords) == [("LXF045", "error", 11, 35, 44)]
    assert shown(display) == [("LXF045", "error", 11, 31, 40)]
    # an update after the save, or of what the file cannot read, adds nothing the save sees
    assert shown(keywords.replace("    state.update(step=1, scheduler=scheduler)\n    fabric.save('ckpt', state)\n",
                                  "    fabric.save('ckpt', state)\n    state.update(scheduler=scheduler)\n")) == []
    assert shown(keywords.replace("state.update(step=1, scheduler=scheduler)", "state.update(**extra)")) == []
