"""Helpers of the checked file itself that take what the rule follows in another shape: an optimizer
factory picked from a registry and given the model's parameters, a save helper given the models as
keywords. The findings are exact, their fixes applied and checked again."""

from __future__ import annotations

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_fix

HEAD = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def adamw(params, cfg):
    return torch.optim.AdamW(params, lr=cfg["lr"])


def sgd(params, cfg):
    return torch.optim.SGD(params, lr=cfg["lr"])


OPTIMIZERS = {"adamw": adamw, "sgd": sgd}
CONFIG = {"optimizer": "adamw", "lr": 3e-4}


def train(fabric):
"""
TAIL = "\n\nFabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n"
RAW = ("    net = Net()\n"
       "    optimizer = OPTIMIZERS[CONFIG[\"optimizer\"]](net.parameters(), CONFIG)\n"
       "    model = fabric.setup_module(net)\n"
       "    optimizer = fabric.setup_optimizers(optimizer)")


def shown(text: str) -> list[tuple[str, str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(text).findings]


def test_an_optimizer_a_registry_s_factory_builds_from_the_raw_model_s_parameters_is_flagged_and_moved():
    text = HEAD + RAW + TAIL
    assert shown(text) == [(
        "LXF013", "error",
        "`optimizer` is built from `net`'s parameters before `fabric.setup_module(net)` (line 20); XLAFSDP replaces "
        "them with sharded ones, so `setup_optimizers` raises ValueError: The optimizer does not seem to reference "
        "any XLAFSDP parameters. Create the optimizer after `setup_module`, from the set-up model", 22, 40, 49)]
    (finding,) = check_source(text).findings
    fixed = apply_fix(text, finding.fixes[0].edits)
    assert fixed == HEAD + ("    net = Net()\n    model = fabric.setup_module(net)\n"
                            "    optimizer = OPTIMIZERS[CONFIG[\"optimizer\"]](model.parameters(), CONFIG)\n"
                            "    optimizer = fabric.setup_optimizers(optimizer)") + TAIL
    assert shown(fixed) == []


def test_the_registry_s_factory_given_the_set_up_model_s_parameters_or_another_strategy_is_fine():
    assert shown(HEAD + ("    model = fabric.setup_module(Net())\n"
                         "    optimizer = OPTIMIZERS[CONFIG[\"optimizer\"]](model.parameters(), CONFIG)\n"
                         "    optimizer = fabric.setup_optimizers(optimizer)") + TAIL) == []
    # under the XLA strategy the optimizer is set up with the model, which its own rule says; not LXF013
    assert [code for code, *_ in shown(HEAD + RAW + TAIL.replace("XLAFSDPStrategy()", "'xla'"))] == ["XLA003"]


SAVE_ALL = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def save_all(fabric, path, step, **models):
    fabric.save(path, {**models, "step": step})


def train(fabric):
    teacher = fabric.setup_module(Net(depth=4))
    student = fabric.setup_module(Net(depth=2))
    save_all(fabric, "distill", 1, teacher=teacher, student=student)


Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)
"""


def test_two_set_up_models_a_save_helper_gets_as_keywords_and_merges_with_a_double_star_are_flagged():
    assert shown(SAVE_ALL) == [(
        "LXF024", "error",
        "Found multiple XLAFSDP modules in the given state (`teacher`, `student`). Saving checkpoints with FSDP is "
        "currently limited to a single model per checkpoint: `fabric.save` (line 6) raises ValueError. Call `save` "
        "for each model separately with a different path", 12, 60, 67)]


def test_one_model_a_save_through_the_helper_or_a_double_star_dict_the_file_cannot_tell_is_fine():
    assert shown(SAVE_ALL.replace(", student=student)", ")")) == []
    # one checkpoint per model, as the message says
    assert shown(SAVE_ALL.replace('    fabric.save(path, {**models, "step": step})\n',
                                  '    for key, model in models.items():\n'
                                  '        fabric.save(f"{path}-{key}", {"model": model, "step": step})\n')) == []
    # a helper nobody calls: what `**models` holds is unknown, so nothing is said
    assert shown(SAVE_ALL.replace('    save_all(fabric, "distill", 1, teacher=teacher, student=student)\n', "")) == []
