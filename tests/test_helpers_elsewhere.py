"""A helper in another module of the project that receives the Fabric, the model or the optimizer: each rule
that depends on order or on the strategy sees what the helper does where it is called. Real files on disk,
checked as `errata-lsp check` checks them; the findings are exact."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.project import WORKSPACE

HEAD = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
"""

DIST = """\
import torch


def init_distributed(fabric, seed=42):
    fabric.seed_everything(seed + fabric.global_rank)
    probe = torch.ones(1, device=fabric.device)
    return probe
"""


def tree(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def found(path: Path) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


def test_a_helper_of_another_module_reading_the_device_before_the_launch_is_flagged_at_its_call(tmp_path):
    train = HEAD + ("from dist import init_distributed\n\ndef train(fabric):\n    pass\n\n"
                    "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\n"
                    "init_distributed(fabric)\nfabric.launch(train)\n")
    tree(tmp_path, {"dist.py": DIST, "train.py": train})
    assert found(tmp_path / "train.py") == [(
        "LXF019", "error",
        "Accessing the XLA device before processes have spawned is not allowed: `fabric.device` runs in "
        "`init_distributed` (`dist.py`, line 6), called here before `fabric.launch(train)` (line 10), in the "
        "parent process, so XLAFSDPStrategy raises RuntimeError. Call `init_distributed` inside the launched function",
        9, 0)]


def test_a_helper_of_another_module_setting_up_after_the_launch_needs_the_device_too(tmp_path):
    helper = "def build(fab, model):\n    return fab.setup_module(model)\n"
    train = HEAD + ("import helpers\n\ndef train(fabric):\n    pass\n\n"
                    "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\n"
                    "fabric.launch(train)\nhelpers.build(fabric, None)\n")
    tree(tmp_path, {"helpers.py": helper, "train.py": train})
    assert [(code, line, column) for code, _, _, line, column in found(tmp_path / "train.py")] == [("LXF019", 10, 0)]
    assert "after `fabric.launch(train)` has returned" in found(tmp_path / "train.py")[0][2]
    # set up without moving the model, it needs no device there
    tree(tmp_path, {"helpers.py": helper.replace("(model)", "(model, move_to_device=False)")})
    assert found(tmp_path / "train.py") == []


def test_a_helper_of_another_module_called_in_the_launched_function_is_fine(tmp_path):
    train = HEAD + ("from dist import init_distributed\n\ndef train(fabric):\n    init_distributed(fabric)\n\n"
                    "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\nfabric.launch(train)\n")
    tree(tmp_path, {"dist.py": DIST, "train.py": train})
    assert found(tmp_path / "train.py") == []


ACCUMULATE = """\
def accumulate(fabric, model, batches):
    for i, batch in enumerate(batches):
        with fabric.no_backward_sync(model, enabled=i < len(batches) - 1):
            fabric.backward(model(batch).sum())
"""
MODEL = "from torch import nn\n\n\nclass Net(nn.Module):\n    pass\n"


def accumulating(passed: str, before: str = "") -> str:
    return HEAD + ("from model import Net\nfrom dist import accumulate\n\ndef train(fabric):\n    net = Net()\n"
                   f"    model = fabric.setup_module(net)\n{before}    accumulate(fabric, {passed}, [1, 2])\n\n"
                   "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n")


def test_a_raw_module_passed_to_a_helper_of_another_module_that_syncs_on_it_is_flagged_where_it_is_passed(tmp_path):
    tree(tmp_path, {"model.py": MODEL, "dist.py": ACCUMULATE, "train.py": accumulating("net")})
    assert found(tmp_path / "train.py") == [(
        "LXF004", "error",
        "`net` is not set up: `accumulate` (`dist.py`, line 3) passes it to `no_backward_sync`, and it holds the raw "
        "module `Net()` (line 7); pass the module returned by `fabric.setup(...)`, or Fabric raises TypeError",
        9, 23)]
    fixed = check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py")).findings[0].fixes[0]
    assert (fixed.title, [e.new_text for e in fixed.edits]) == ("Use `model`, the set-up module", ["model"])


def test_the_set_up_module_passed_to_the_helper_is_fine_and_a_raw_one_on_some_paths_is_a_warning(tmp_path):
    tree(tmp_path, {"model.py": MODEL, "dist.py": ACCUMULATE, "train.py": accumulating("model")})
    assert found(tmp_path / "train.py") == []
    tree(tmp_path, {"train.py": accumulating("chosen", "    chosen = model if fabric.is_global_zero else net\n")})
    assert [(code, severity, message.rsplit("; ", 1)[-1]) for code, severity, message, *_ in found(tmp_path / "train.py")] \
        == [("LXF004", "warning", "when not fabric.is_global_zero")]


BUILD = """\
import torch
from model import Net


def build(fabric, lr):
    model = Net()
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    return fabric.setup(model, optimizer)
"""


def building(strategy: str) -> str:
    return HEAD + ("from build import build\n\ndef main(fabric):\n    model, optimizer = build(fabric, 1e-3)\n\n"
                   f"Fabric(accelerator='tpu', strategy={strategy}).launch(main)\n")


def test_a_joint_setup_in_a_factory_of_another_module_is_flagged_there_for_the_xla_fabric_it_is_given(tmp_path):
    tree(tmp_path, {"model.py": MODEL, "build.py": BUILD, "train.py": building("XLAFSDPStrategy()")})
    findings = check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column) for f in findings] == [(
        "LXF012", "error",
        "The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s): `fabric.setup` in `build` "
        "(`build.py`, line 8) raises NotImplementedError with the XLAFSDP Fabric it is given. Call `setup_module`, "
        "create the optimizer from the set-up model's parameters, then call `setup_optimizers`", 6, 23)]
    place = findings[0].elsewhere
    assert place is not None and place.path == str(tmp_path / "build.py")
    assert (place.span.start.line, place.span.start.column, place.span.end.column) == (7, 11, 23)  # `fabric.setup`


def test_the_same_factory_given_another_strategy_s_fabric_is_fine(tmp_path):
    tree(tmp_path, {"model.py": MODEL, "build.py": BUILD, "train.py": building("'xla'")})
    assert found(tmp_path / "train.py") == []


FACTORY = """\
import torch
from model import Net


def build(lr):
    model = Net()
    decay = [p for n, p in model.named_parameters() if p.ndim >= 2]
    optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": 0.1}], lr=lr)
    return model, optimizer
"""


def test_an_optimizer_a_factory_of_another_module_builds_from_the_raw_model_is_flagged_there(tmp_path):
    train = HEAD + ("from factory import build\n\ndef train(fabric):\n    model, optimizer = build(1e-3)\n"
                    "    model = fabric.setup_module(model)\n    optimizer = fabric.setup_optimizers(optimizer)\n\n"
                    "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n")
    tree(tmp_path, {"model.py": MODEL, "factory.py": FACTORY, "train.py": train})
    findings = check_source(train, str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column) for f in findings] == [(
        "LXF013", "error",
        "`optimizer` is built from the raw model's parameters (`factory.py`, line 8) before "
        "`fabric.setup_module(model)`; XLAFSDP replaces them with sharded ones, so `setup_optimizers` raises "
        "ValueError: The optimizer does not seem to reference any XLAFSDP parameters. Create the optimizer after "
        "`setup_module`, from the set-up model", 8, 40)]
    place = findings[0].elsewhere
    assert place is not None and place.path == str(tmp_path / "factory.py") and place.span.start.line == 7


def test_an_optimizer_the_factory_builds_from_a_model_it_is_given_after_setup_is_fine(tmp_path):
    factory = FACTORY.replace("def build(lr):\n    model = Net()\n", "def build(model, lr):\n")
    factory = factory.replace("    return model, optimizer\n", "    return optimizer\n")
    train = HEAD + ("from model import Net\nfrom factory import build\n\ndef train(fabric):\n"
                    "    model = fabric.setup_module(Net())\n    optimizer = fabric.setup_optimizers(build(model, 1e-3))\n\n"
                    "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n")
    tree(tmp_path, {"model.py": MODEL, "factory.py": factory, "train.py": train})
    assert found(tmp_path / "train.py") == []


RUN = "def run(fabric, fn=None, *args):\n    if fn is None:\n        fabric.launch()\n        return None\n" \
      "    return fabric.launch(fn, *args)\n"


def running(call: str) -> str:
    return HEAD + (f"from runner import run\n\ndef train(fabric):\n    pass\n\n"
                   f"fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\n{call}\n")


def test_a_branch_of_another_module_s_function_this_call_takes_is_judged_for_it_and_flagged_at_the_call(tmp_path):
    tree(tmp_path, {"runner.py": RUN, "train.py": running("run(fabric)")})
    assert found(tmp_path / "train.py") == [(
        "LXF016", "error",
        "To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a function that "
        "contains the code to launch in processes: Fabric raises TypeError. Move the training code into "
        "`def train(fabric): ...` and call `fabric.launch(train)` (in `run`, `runner.py`, line 3, for this call)",
        9, 0)]
    tree(tmp_path, {"train.py": running("run(fabric, train)")})
    assert found(tmp_path / "train.py") == []
    assert found(tmp_path / "runner.py") == []  # the function on its own: what its callers pass is unknown there


def test_a_value_a_third_module_writes_is_placed_there(tmp_path):
    strategy = ("from lightning.fabric.strategies import XLAFSDPStrategy\n\n\ndef make(cfg):\n"
                "    kwargs = {'auto_wrap_policy': {int}}\n    if cfg.remat:\n"
                "        kwargs['activation_checkpointing_policy'] = cfg.layers\n    return XLAFSDPStrategy(**kwargs)\n")
    config = "class Config:\n    remat = {remat}\n    layers = [int]\n\n\nCFG = Config()\n"
    train = HEAD + "from config import CFG\nfrom strategy import make\n\nfabric = Fabric(strategy=make(CFG))\n"
    tree(tmp_path, {"strategy.py": strategy, "config.py": config.format(remat=True), "train.py": train})
    findings = check_source(train, str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column) for f in findings] == [(
        "LXF001", "error", "`activation_checkpointing_policy` must be a set, found [int] (from `Config.layers`, "
        "`config.py`, line 3) (in `make`, `strategy.py`, line 7, for this call)", 6, 25)]
    place = findings[0].elsewhere
    assert place is not None and place.path == str(tmp_path / "config.py") and place.span.start.line == 2
    tree(tmp_path, {"config.py": config.format(remat=False)})
    assert found(tmp_path / "train.py") == []


REDUCE = HEAD + """\
METRICS = {"loss": "mean", "grad_norm": "max"}


def reduce_metric(fabric, name, value):
    return fabric.all_reduce(value, reduce_op=METRICS[name])


def train(fabric):
    reduce_metric(fabric, "loss", 1.0)
    reduce_metric(fabric, "grad_norm", 2.0)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""


def test_a_site_this_module_s_calls_leave_unknown_together_is_judged_for_each_call():
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message.rsplit(" (", 1)[-1])
            for f in check_source(REDUCE, "train.py").findings] == [
        ("LXF027", "error", 12, 4, "in `reduce_metric`, line 7, for this call)")]
    assert check_source(REDUCE.replace('"max"', '"sum"'), "train.py").findings == []


TRAINER = """\
class Trainer:
    def __init__(self, fabric, model):
        self.model = fabric.setup_module(model)

    def fit(self, fabric):
        pass
"""


def test_a_class_of_another_module_that_sets_up_in_its_constructor_built_before_the_launch(tmp_path):
    train = HEAD + ("from trainer import Trainer\n\nfabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\n"
                    "trainer = Trainer(fabric, None)\nfabric.launch(trainer.fit)\n")
    tree(tmp_path, {"trainer.py": TRAINER, "train.py": train})
    assert found(tmp_path / "train.py") == [(
        "LXF019", "error",
        "To use Fabric with more than one device, you must call `.launch()`: `fabric.setup_module` runs in "
        "`Trainer.__init__` (`trainer.py`, line 3), called here before `fabric.launch(trainer.fit)` (line 7), in the "
        "parent process, so Fabric raises RuntimeError. Build `Trainer` inside the launched function", 6, 10)]
    tree(tmp_path, {"train.py": HEAD + "from trainer import Trainer\n\ndef run(fabric):\n    Trainer(fabric, None)\n\n"
                    "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(run)\n"})
    assert found(tmp_path / "train.py") == []


def test_a_helper_imported_relatively_from_the_package_is_read_too(tmp_path):
    main = HEAD + ("from .dist import init_distributed\n\ndef train(fabric):\n    pass\n\n"
                   "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\n"
                   "init_distributed(fabric)\nfabric.launch(train)\n")
    tree(tmp_path, {"app/__init__.py": "", "app/dist.py": DIST, "app/main.py": main})
    assert [(code, line, column) for code, _, _, line, column in found(tmp_path / "app" / "main.py")] == [
        ("LXF019", 9, 0)]


FACTORY_ONLY_IF = """\
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


def make_strategy(remat):
    kwargs = dict(auto_wrap_policy={Block})
    if remat:
        kwargs["activation_checkpointing_policy"] = [Block]
    return XLAFSDPStrategy(**kwargs)
"""


def entry(call: str) -> str:
    return ("from lightning.fabric import Fabric\nfrom dist import make_strategy\n\n"
            f"if __name__ == \"__main__\":\n    Fabric(accelerator='tpu', strategy={call}).launch(print)\n")


def test_a_helper_its_own_module_never_calls_is_checked_for_what_the_other_modules_pass(tmp_path):
    """dist.py checked on its own: its one caller, train.py's script block, passes remat=False, so the
    list policy is never given (the real run is fine); given True there, it is the error it raises."""
    tree(tmp_path, {"dist.py": FACTORY_ONLY_IF, "train.py": entry("make_strategy(remat=False)")})
    assert found(tmp_path / "dist.py") == []
    (tmp_path / "train.py").write_text(entry("make_strategy(True)"))
    assert found(tmp_path / "dist.py") == [(
        "LXF001", "error", "`activation_checkpointing_policy` must be a set, found [Block]", 12, 52)]
    # a list is wrong in itself: it stays where it is written, whoever's `True` picks it
    assert check_source(FACTORY_ONLY_IF, str(tmp_path / "dist.py")).findings[0].elsewhere is None


def test_a_helper_another_module_passes_around_is_not_decided_by_the_calls_it_shows(tmp_path):
    """`run(make_strategy)` may call it with anything: the test stays undecided, as with no caller at all."""
    alone = found(tree(tmp_path, {"dist.py": FACTORY_ONLY_IF}) / "dist.py")
    assert [f[0] for f in alone] == ["LXF001"]
    (tmp_path / "train.py").write_text(entry("make_strategy(False)") + "    run(make_strategy)\n")
    WORKSPACE.changed(str(tmp_path / "train.py"))  # as the file watcher says: a new file to look through
    assert found(tmp_path / "dist.py") == alone


def test_the_check_of_a_helper_reads_the_module_that_calls_it(tmp_path):
    """An edit of train.py changes dist.py's findings, so dist.py's check lists train.py among what it read
    (the editor checks it again, the command line's cache keys it on train.py too)."""
    tree(tmp_path, {"dist.py": FACTORY_ONLY_IF, "train.py": entry("make_strategy(remat=False)"),
                    "other.py": "x = 1\n"})
    report = check_source(FACTORY_ONLY_IF, str(tmp_path / "dist.py"))
    # train.py, and dist.py as train.py reads it; not other.py, which names neither
    assert sorted(Path(m).name for m in report.modules) == ["dist.py", "train.py"]


def _reduce_after(helper_calls: int) -> str:
    """REDUCE with `helper_calls` calls of a helper that calls nothing a rule looks at, before its own."""
    calls = "".join(f"    log_value({k})\n" for k in range(helper_calls))
    return REDUCE.replace("def train(fabric):\n", "def log_value(value):\n    print(value)\n\n\ndef train(fabric):\n"
                          + calls)


def test_a_helper_no_rule_reads_leaves_the_sites_of_the_next_helper_judged_for_each_call():
    assert [(f.code, f.span.start.line + 1, f.message.rsplit(" (", 1)[-1])
            for f in check_source(_reduce_after(20), "train.py").findings] == [
        ("LXF027", 36, "in `reduce_metric`, line 7, for this call)")]


def test_the_bound_of_helper_calls_counts_the_calls_of_helpers_no_rule_reads_too():
    # MAX_CALLED (32) calls a document makes are read for that call: 30 of `log_value`, then both of
    # `reduce_metric`; with 31, its second call (the one whose site the record flags) is past the bound
    assert [(f.code, f.span.start.line + 1) for f in check_source(_reduce_after(30), "train.py").findings] == [
        ("LXF027", 46)]
    assert check_source(_reduce_after(31), "train.py").findings == []
    assert check_source(_reduce_after(40), "train.py").findings == []


LOOP = """\
from engine.accumulate import micro_step


def fit(fabric, model, batches):
    for i, batch in enumerate(batches):
        micro_step(fabric, model, batch, i == len(batches) - 1)
"""
MICRO_STEP = """\
def micro_step(fabric, model, batch, last):
    with fabric.no_backward_sync(model, enabled=not last):
        fabric.backward(model(batch).sum())
"""


def fitting(passed: str) -> str:
    return HEAD + ("from model import Net\nfrom engine.loop import fit\n\ndef train(fabric):\n    net = Net()\n"
                   f"    model = fabric.setup_module(net)\n    fit(fabric, {passed}, [1, 2])\n\n"
                   "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n")


def test_a_raw_module_a_helper_passes_on_to_a_helper_of_a_third_module_that_syncs_on_it_is_flagged_where_passed(tmp_path):
    tree(tmp_path, {"model.py": MODEL, "engine/__init__.py": "", "engine/loop.py": LOOP,
                    "engine/accumulate.py": MICRO_STEP, "train.py": fitting("net")})
    assert found(tmp_path / "train.py") == [(
        "LXF004", "error",
        "`net` is not set up: `fit` (`accumulate.py`, line 2) passes it to `no_backward_sync`, and it holds the raw "
        "module `Net()` (line 7); pass the module returned by `fabric.setup(...)`, or Fabric raises TypeError",
        9, 16)]
    fixed = check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py")).findings[0].fixes[0]
    assert (fixed.title, [e.new_text for e in fixed.edits]) == ("Use `model`, the set-up module", ["model"])
    (tmp_path / "train.py").write_text(fitting("model"))  # the fix applied, checked again
    assert found(tmp_path / "train.py") == []


def test_a_helper_that_passes_on_only_the_model_not_its_fabric_parameter_is_not_followed(tmp_path):
    loop = LOOP.replace("micro_step(fabric, model,", "micro_step(other_fabric(), model,") + \
        "\n\ndef other_fabric():\n    return None\n"
    tree(tmp_path, {"model.py": MODEL, "engine/__init__.py": "", "engine/loop.py": loop,
                    "engine/accumulate.py": MICRO_STEP, "train.py": fitting("net")})
    assert found(tmp_path / "train.py") == []


CONFIGS = {"configs/__init__.py": "from .checkpointing import STATE_DICT_TYPE\n",
           "configs/checkpointing.py": "STATE_DICT_TYPE = 'full'\n"}
RESTORE = "def restore(fabric, path, model):\n    return fabric.load(path, {'model': model})\n"


def restoring(load: str, setup_first: bool = True) -> str:
    body = ("    model = fabric.setup_module(Net())\n" + load) if setup_first else \
        ("    model = Net()\n" + load + "    model = fabric.setup_module(model)\n")
    return HEAD + ("from model import Net\nfrom ckpt import restore\nfrom configs import STATE_DICT_TYPE\n\n"
                   f"def train(fabric):\n{body}\n"
                   "strategy = XLAFSDPStrategy(state_dict_type=STATE_DICT_TYPE)\n"
                   "Fabric(accelerator='tpu', strategy=strategy).launch(train)\n")


def test_a_full_checkpoint_type_imported_from_a_config_package_is_read_for_a_load_into_the_set_up_model(tmp_path):
    tree(tmp_path, {"model.py": MODEL, "ckpt.py": RESTORE, **CONFIGS,
                    "train.py": restoring("    fabric.load('full.ckpt', {'model': model})\n")})
    assert [(code, severity, line, column) for code, severity, _, line, column in found(tmp_path / "train.py")] \
        == [("LXF025", "error", 9, 39)]
    # the same name holding "sharded" in the config: a sharded load wants the set-up model
    tree(tmp_path, {"configs/checkpointing.py": "STATE_DICT_TYPE = 'sharded'\n"})
    assert found(tmp_path / "train.py") == []


def test_a_full_load_a_helper_of_another_module_does_into_the_set_up_model_is_flagged_where_it_is_passed(tmp_path):
    tree(tmp_path, {"model.py": MODEL, "ckpt.py": RESTORE, **CONFIGS,
                    "train.py": restoring("    restore(fabric, 'full.ckpt', model)\n")})
    assert found(tmp_path / "train.py") == [(
        "LXF025", "error",
        "Found a XLAFSDP model in the provided checkpoint state. Please provide the model without any XLAFSDP "
        "wrapper: `model` is the set-up model, and `restore` (`ckpt.py`, line 2) loads a full checkpoint "
        "(state_dict_type='full') into it, which loads into the raw one, so `fabric.load` raises ValueError. Load "
        "before `setup_module`, into the raw model, or save sharded checkpoints", 9, 33)]
    # the load moved before the set-up, as the message says: clean
    tree(tmp_path, {"train.py": restoring("    restore(fabric, 'full.ckpt', model)\n", setup_first=False)})
    assert found(tmp_path / "train.py") == []
    tree(tmp_path, {"configs/checkpointing.py": "STATE_DICT_TYPE = 'sharded'\n",
                    "train.py": restoring("    restore(fabric, 'full.ckpt', model)\n")})
    assert found(tmp_path / "train.py") == []


LM = """\
from torch import nn


class TinyLM(nn.Module):
    def forward(self, idx):
        return self.head(idx)

    def generate(self, idx):
        return self.head(idx)
"""
SAMPLE = ("import torch\n\n\ndef sample(fabric, model, prompt):\n"
          "    prompt = torch.tensor(prompt, device=fabric.device)\n    return model.generate(prompt)\n")


def sampling(strategy: str = "XLAFSDPStrategy()", marked: bool = False, direct: bool = False) -> str:
    mark = "    model.mark_forward_method('generate')\n" if marked else ""
    use = "    model.generate(None)\n" if direct else "    sample(fabric, model, [1])\n"
    return HEAD + ("from model import TinyLM\nfrom generate import sample\n\ndef train(fabric):\n"
                   f"    model = fabric.setup_module(TinyLM())\n{mark}{use}\n"
                   f"Fabric(accelerator='tpu', strategy={strategy}).launch(train)\n")


def test_a_helper_calling_a_method_of_a_model_another_module_set_up_is_flagged_and_fixed_where_it_is_set_up(tmp_path):
    from errata_lsp.analysis.fixes import apply_edits

    tree(tmp_path, {"model.py": LM, "generate.py": SAMPLE, "train.py": sampling()})
    findings = check_source(SAMPLE, str(tmp_path / "generate.py")).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in findings] == [(
        "LXF031", "error",
        "`model.generate` runs `TinyLM.generate` on the original module, not through the XLAFSDP wrapper, whose "
        "forward gathers each layer's full weights: its layers hold flat 1-D shards, so XLA fails with a shape "
        "RuntimeError (`Cannot infer shape for dot operation` at a linear layer, `weight->shape()...dimensions_size() "
        "== 2` at an embedding) before Lightning's own 'mark it as a forward method' check, which runs after the "
        "method returns. Call `model.mark_forward_method(\"generate\")` after the set-up (`train.py`, line 7)",
        6, 11, 25)]
    (fixed,) = findings[0].fixes
    assert fixed.path == str(tmp_path / "train.py")  # the mark goes where the model is set up
    text, _ = apply_edits((tmp_path / "train.py").read_text(), [fixed.edits])
    assert text == sampling().replace("(TinyLM())\n", "(TinyLM())\n    model.mark_forward_method(\"generate\")\n")
    (tmp_path / "train.py").write_text(text)
    assert found(tmp_path / "generate.py") == []  # re-checked: marked in train.py


def test_a_model_set_up_elsewhere_marked_there_or_under_another_strategy_is_fine_and_a_class_of_another_module_counts(
        tmp_path):
    tree(tmp_path, {"model.py": LM, "generate.py": SAMPLE, "train.py": sampling(marked=True)})
    assert found(tmp_path / "generate.py") == []
    tree(tmp_path, {"train.py": sampling("'ddp'")})
    assert found(tmp_path / "generate.py") == []
    # the class from model.py, its method called in the module that sets it up
    tree(tmp_path, {"train.py": sampling(direct=True)})
    assert [(code, severity, line, column) for code, severity, _, line, column in found(tmp_path / "train.py")] \
        == [("LXF031", "error", 8, 4)]


PATHS = "import tempfile\nfrom pathlib import Path\n\nROOT = Path(tempfile.mkdtemp())\nCHECKPOINTS = ROOT / 'checkpoints'\n"


def saving(path: str) -> str:
    return HEAD + ("from paths import CHECKPOINTS\n\ndef train(fabric):\n    model = fabric.setup_module(None)\n"
                   f"    fabric.save({path}, {{'model': model}})\n\n"
                   "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n")


def test_a_pathlib_folder_another_module_joins_with_a_slash_is_a_path_here_and_its_str_is_fine(tmp_path):
    tree(tmp_path, {"paths.py": PATHS, "train.py": saving("CHECKPOINTS / 'step-1'")})
    findings = check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in findings] == [(
        "LXF029", "error",
        "Under XLAFSDP, `fabric.save` broadcasts the path to every process and reads it back with `torch.load`, whose "
        "`weights_only` default (True from torch 2.6) refuses a `pathlib` path: _pickle.UnpicklingError: Weights only "
        "load failed ... GLOBAL pathlib.PosixPath was not an allowed global by default. Pass "
        "`str(CHECKPOINTS / 'step-1')`", 7, 16, 38)]
    from errata_lsp.analysis.fixes import apply_edits

    text, _ = apply_edits((tmp_path / "train.py").read_text(), [findings[0].fixes[0].edits])
    assert text == saving("str(CHECKPOINTS / 'step-1')")
    (tmp_path / "train.py").write_text(text)
    assert found(tmp_path / "train.py") == []
    # the folder a str there: no path here either
    tree(tmp_path, {"paths.py": PATHS.replace("ROOT / 'checkpoints'", "str(ROOT / 'checkpoints')"),
                    "train.py": saving("CHECKPOINTS + '/step-1'")})
    assert found(tmp_path / "train.py") == []


@pytest.mark.parametrize("reexport", [
    "from .dist import make_strategy\n",
    "from pkg.dist import make_strategy\n",
    "from pkg.dist import (\n    Block,\n    make_strategy,\n)\n",
    "from .dist import *\n",
])
def test_a_helper_its_package_re_exports_is_checked_for_what_the_package_s_importers_pass(tmp_path, reexport):
    """train.py imports the helper from the package (`from pkg import make_strategy`), as its `__init__`
    re-exports it: those callers decide it as a direct import's would."""
    files = {"pkg/__init__.py": reexport, "pkg/dist.py": FACTORY_ONLY_IF,
             "train.py": entry("make_strategy(remat=False)").replace("from dist import", "from pkg import")}
    tree(tmp_path, files)
    assert found(tmp_path / "pkg" / "dist.py") == []
    (tmp_path / "train.py").write_text(files["train.py"].replace("remat=False", "remat=True"))
    WORKSPACE.changed(str(tmp_path / "train.py"))
    assert found(tmp_path / "pkg" / "dist.py") == [(
        "LXF001", "error", "`activation_checkpointing_policy` must be a set, found [Block]", 12, 52)]


def test_a_re_export_through_two_packages_and_one_that_re_exports_another_name(tmp_path):
    """top/__init__ re-exports what top/sub/__init__ re-exports from top/sub/dist.py: the importers of
    either package are callers. Once top/__init__ re-exports only another name of the module, an
    importer of `top` is none (the helper is as undecided as with no caller); of `top.sub`, still one."""
    train = entry("make_strategy(remat=False)").replace("from dist import", "from top import")
    tree(tmp_path, {"top/__init__.py": "from .sub import make_strategy\n",
                    "top/sub/__init__.py": "from .dist import make_strategy\n", "top/sub/dist.py": FACTORY_ONLY_IF,
                    "train.py": train})
    assert found(tmp_path / "top" / "sub" / "dist.py") == []
    (tmp_path / "top" / "__init__.py").write_text("from .sub import Block\n")
    WORKSPACE.changed(str(tmp_path / "top" / "__init__.py"))
    undecided = ("LXF001", "warning", "`activation_checkpointing_policy` must be a set, found [Block]; when remat", 12, 52)
    assert found(tmp_path / "top" / "sub" / "dist.py") == [undecided]
    (tmp_path / "train.py").write_text(train.replace("from top import", "from top.sub import"))
    WORKSPACE.changed(str(tmp_path / "train.py"))
    assert found(tmp_path / "top" / "sub" / "dist.py") == []


LOADER = """\
def load_checkpoint(fabric, path, state=None):
    return fabric.load(path, state)
"""


def _resumes(call: str) -> str:
    return (HEAD + "from tinytrain import load_checkpoint\n\n\ndef main(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            f"    {call}\n\n\n"
            "if __name__ == \"__main__\":\n"
            "    Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(auto_wrap_policy={Net})).launch(main)\n")


def test_a_load_helper_whose_callers_leave_its_state_to_the_default_none_is_flagged_at_their_call(tmp_path):
    """`load_checkpoint(fabric, path)` leaves `state=None`, which `fabric.load` raises on under XLAFSDP:
    found at the helper's `fabric.load`, placed at the call that should pass the state. Given a state,
    it is fine. The package's `__init__` imports it by the absolute name, read from the package's folder."""
    tree(tmp_path, {"tinytrain/__init__.py": "from tinytrain.checkpoint import load_checkpoint\n",
                    "tinytrain/checkpoint.py": LOADER, "train.py": _resumes("load_checkpoint(fabric, 'ckpt')")})
    report = check_source(LOADER, str(tmp_path / "tinytrain" / "checkpoint.py"))
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message)
            for f in report.findings] == [(
        "LXF021", "error", 2, 29,
        "Got `XLAFSDPStrategy.load_checkpoint(..., state=None)` but a state with at least  a model instance to "
        "reload is required: `load_checkpoint(...)` (`train.py`, line 8) passes no `state`, and its default None "
        "reaches `fabric.load`, which raises ValueError under XLAFSDP. Pass the objects to restore: "
        "`load_checkpoint(..., state={'model': model, ...})`")]
    place = report.findings[0].elsewhere
    assert place is not None and Path(place.path) == tmp_path / "train.py"
    assert (place.span.start.line + 1, place.span.start.column, place.span.end.column) == (8, 4, 35)
    (tmp_path / "train.py").write_text(_resumes("load_checkpoint(fabric, 'ckpt', {'model': model})"))
    WORKSPACE.changed(str(tmp_path / "train.py"))
    assert found(tmp_path / "tinytrain" / "checkpoint.py") == []
    (tmp_path / "train.py").write_text(_resumes("load_checkpoint(fabric, 'ckpt', state=None)"))
    WORKSPACE.changed(str(tmp_path / "train.py"))
    findings = check_source(LOADER, str(tmp_path / "tinytrain" / "checkpoint.py")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in findings] == [("LXF021", "error", 2)]
    place = findings[0].elsewhere  # the None written at the call: where the fix belongs
    assert place is not None and Path(place.path) == tmp_path / "train.py"
    assert (place.span.start.line + 1, place.span.start.column, place.span.end.column) == (8, 42, 46)


SHARDING = """\
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


def wrap(module, *args, **kwargs):
    return module


class Sharded(XLAFSDPStrategy):
    @classmethod
    def from_config(cls, cfg):
        kwargs = {"auto_wrap_policy": {Block}}
        if cfg.get("remat"):
            kwargs["activation_checkpointing_policy"] = {Block}
        if cfg.get("wrapper"):
            kwargs["auto_wrapper_callable"] = wrap
        return cls(**kwargs)
"""


def test_a_classmethod_factory_of_another_module_is_decided_by_what_its_callers_pass(tmp_path):
    """`Sharded.from_config(cfg)` in train.py, `return cls(**kwargs)` in sharding.py: with both keys set the
    clash is an error on every path, with one of them the fine run gets nothing (undecided, it was a
    warning on both)."""
    train = HEAD + "from sharding import Sharded\n\nfabric = Fabric(accelerator='tpu', strategy=Sharded.from_config({cfg}))\n"
    tree(tmp_path, {"sharding.py": SHARDING, "train.py": train.format(cfg='{"remat": True, "wrapper": True}')})
    assert [f[:2] + f[3:] for f in found(tmp_path / "sharding.py")] == [("LXF002", "error", 20, 46)]
    # each value is fine alone: the dict that switches both on is the choice, placed where it is written
    place = check_source(SHARDING, str(tmp_path / "sharding.py")).findings[0].elsewhere
    assert place is not None and Path(place.path) == tmp_path / "train.py"
    assert (place.span.start.line + 1, place.span.start.column) == (5, 64)  # `{"remat": True, "wrapper": True}`
    (tmp_path / "train.py").write_text(train.format(cfg='{"remat": True}'))
    WORKSPACE.changed(str(tmp_path / "train.py"))
    assert found(tmp_path / "sharding.py") == []
    (tmp_path / "train.py").write_text(train.format(cfg="load()"))
    WORKSPACE.changed(str(tmp_path / "train.py"))
    assert [f[:2] for f in found(tmp_path / "sharding.py")] == [("LXF002", "warning")]


BASE_TRAINER = """\
from lightning.fabric import Fabric


class BaseTrainer:
    clip_val = None
    max_norm = 1.0

    def __init__(self, strategy, **fabric_kwargs):
        self.strategy = strategy
        self.fabric_kwargs = fabric_kwargs

    def run(self):
        fabric = Fabric(strategy=self.strategy, **self.fabric_kwargs)
        fabric.launch(self.worker)

    def worker(self, fabric):
        fabric.clip_gradients(None, None, clip_val=self.clip_val, max_norm=self.max_norm)
"""
FINETUNE = """\
from base import BaseTrainer


class FinetuneTrainer(BaseTrainer):
    clip_val = {clip}
    max_norm = {norm}

    def __init__(self, depth=4, **kwargs):
        super().__init__(**kwargs)
        self.depth = depth
"""


def test_a_base_s_self_is_the_subclass_a_third_module_builds(tmp_path):
    """base.py's methods run on the FinetuneTrainer that train.py builds from finetune.py: its class
    attributes win over the base's (`clip_val = 0.5` clips by value), and the strategy train.py passes
    reaches the base's `__init__` through `super().__init__(**kwargs)`."""
    train = ("from lightning.fabric.strategies import XLAFSDPStrategy\nfrom finetune import FinetuneTrainer\n\n"
             "FinetuneTrainer(depth=2, strategy={strategy}, accelerator='tpu').run()\n")
    tree(tmp_path, {"base.py": BASE_TRAINER, "finetune.py": FINETUNE.format(clip=0.5, norm=None),
                    "train.py": train.format(strategy="XLAFSDPStrategy()")})
    assert [f[:2] + f[3:] for f in found(tmp_path / "base.py")] == [("LXF014", "error", 17, 42)]
    # the call forwards both knobs: the subclass's `clip_val = 0.5` is the choice, and where it is reported
    place = check_source(BASE_TRAINER, str(tmp_path / "base.py")).findings[0].elsewhere
    assert place is not None and Path(place.path) == tmp_path / "finetune.py"
    assert (place.span.start.line + 1, place.span.start.column, place.span.end.column) == (5, 15, 18)
    (tmp_path / "finetune.py").write_text(FINETUNE.format(clip=None, norm=0.5))
    WORKSPACE.changed(str(tmp_path / "finetune.py"))
    assert found(tmp_path / "base.py") == []
    (tmp_path / "finetune.py").write_text(FINETUNE.format(clip=0.5, norm=None))
    (tmp_path / "train.py").write_text(train.format(strategy="'ddp'"))
    for name in ("finetune.py", "train.py"):
        WORKSPACE.changed(str(tmp_path / name))
    # another strategy clips by value fine; the TPU refuses DDP, `accelerator='tpu'` reaching `Fabric(...)` through
    # `super().__init__(**kwargs)` and the base's `**fabric_kwargs`
    assert [f[:2] + f[3:] for f in found(tmp_path / "base.py")] == [("LXF033", "error", 13, 33)]


def test_a_clip_keyword_spelled_alone_at_the_call_stays_there_whatever_module_holds_its_value(tmp_path):
    """`clip_val=CLIP` with `CLIP = 0.5` in config.py: the call chose to clip by value (its fix renames the
    keyword), so the finding stays at the call."""
    train = (HEAD + "from config import CLIP\n\n\ndef train(fabric):\n"
             "    fabric.clip_gradients(None, None, clip_val=CLIP)\n\n\n"
             "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n")
    tree(tmp_path, {"config.py": "CLIP = 0.5\n", "train.py": train})
    findings = check_source(train, str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in findings] == [("LXF014", "error", 7)]
    assert findings[0].elsewhere is None


SAVE_LOAD = HEAD + """import os


def save_state(fabric, path, state):
    fabric.save(path, {{"model": state["model"]{saved}}})


def resume_state(fabric, path, state):
    fabric.load(path, state)
    return state


def main(fabric, out_dir):
    model = fabric.setup_module(Net())
    state = {{"model": model, "step": 0}}
    state["step"] += 1
    {path}
    save_state(fabric, {at}, state)
    state = resume_state(fabric, {at}, state)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(main, "out")
"""


def test_a_save_and_a_load_helper_given_the_same_path_binding_are_paired():
    """`path = os.path.join(out_dir, "last")` handed to both helpers is one path: the load asks for 'step',
    which the save helper drops (LXF032, at the key). A path a helper computes anew at each call
    (`ckpt_path(...)`) is no pair, nor is one bound in a loop."""
    text = SAVE_LOAD.format(saved="", path='path = os.path.join(out_dir, "last")', at="path")
    findings = check_source(text, "train.py").findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in findings] == [
        ("LXF032", "error", 17, 29)]
    assert findings[0].message.startswith("`fabric.save(path, ...)` (line 7) writes 'model', not 'step'")
    fine = SAVE_LOAD.format(saved=', "step": state["step"]', path='path = os.path.join(out_dir, "last")', at="path")
    assert check_source(fine, "train.py").findings == []
    anew = SAVE_LOAD.format(saved="", path="", at='os.path.join(out_dir, "last")')
    assert check_source(anew, "train.py").findings == []
    looped = SAVE_LOAD.format(saved="", path='for _ in range(1):\n        path = os.path.join(out_dir, "last")', at="path")
    assert check_source(looped, "train.py").findings == []


def test_getattr_of_a_project_module_by_a_constant_name_is_its_function(tmp_path):
    """`command = getattr(tasks, "finetune")`, then `fabric.launch(command)`: the function of tasks.py, read
    as `tasks.finetune` is (LXF022 on its load, for this launch); another name of the module, nothing."""
    tasks = "def finetune(fabric):\n    fabric.load('ckpt', fabric.setup_module(Net()))\n\n\ndef evaluate(fabric):\n    pass\n"
    cli = ("import lightning as L\n\nimport tasks\n\ncommand = getattr(tasks, {name!r})\n"
           "fabric = L.Fabric(accelerator='tpu', strategy='xla_fsdp')\nfabric.launch(command)\n")
    tree(tmp_path, {"tasks.py": tasks, "cli.py": cli.format(name="finetune")})
    assert [f[:2] + f[3:] for f in found(tmp_path / "cli.py")] == [("LXF022", "error", 7, 0)]
    (tmp_path / "cli.py").write_text(cli.format(name="evaluate"))
    WORKSPACE.changed(str(tmp_path / "cli.py"))
    assert found(tmp_path / "cli.py") == []


HELPER_TASKS = ("def _build(fabric, lr):\n    model = fabric.setup_module(Net())\n    return model, lr\n\n\n"
                "def pretrain(fabric):\n    model, lr = _build(fabric, 0.1)\n\n\n"
                "def finetune(fabric):\n    pretrain(fabric)\n    model, lr = _build(fabric, lr=0.01)\n"
                "    fabric.load('ckpt', {state})\n")
XLA_FSDP = "accelerator='tpu', strategy='xla_fsdp'"
HELPER_CLI = ("import lightning as L\n\nimport tasks\n\n"
              "fabric = L.Fabric({strategy})\n{run}\n")


@pytest.mark.parametrize("run", ["fabric.launch(tasks.finetune)", "tasks.finetune(fabric)"])
def test_a_helper_the_function_passes_its_parameter_takes_what_this_call_gives(tmp_path, run):
    """`model, lr = _build(fabric, lr=0.01)` in a function of tasks.py read for cli.py's call: `_build`'s
    `fabric` is the one this call passes (cli.py's Fabric), not the merge of `_build`'s callers in tasks.py."""
    tree(tmp_path, {"tasks.py": HELPER_TASKS.format(state="model"),
                    "cli.py": HELPER_CLI.format(strategy=XLA_FSDP, run=run)})
    assert [f[:2] + f[3:] for f in found(tmp_path / "cli.py")] == [("LXF022", "error", 6, 0)]
    for tasks, strategy in [(HELPER_TASKS.format(state="{'model': model}"), XLA_FSDP),
                            (HELPER_TASKS.format(state="model"), "accelerator='cuda', strategy='fsdp'")]:  # not XLAFSDP
        tree(tmp_path, {"tasks.py": tasks, "cli.py": HELPER_CLI.format(strategy=strategy, run=run)})
        WORKSPACE.changed(str(tmp_path / "tasks.py"))
        WORKSPACE.changed(str(tmp_path / "cli.py"))
        assert found(tmp_path / "cli.py") == []


DEEP_TASKS = ("from restore import restore\n\n\n"
              "def _resume(fabric, model, path):\n    {resume}\n\n\n"
              "def pretrain(fabric):\n    model = fabric.setup_module(Net())\n    _resume(fabric, {{'model': model}}, 'ckpt')\n\n\n"
              "def finetune(fabric):\n    model = fabric.setup_module(Net())\n    _resume(fabric, {state}, 'ckpt')\n")
DEEP_RESTORE = "def restore(fabric, state, path):\n    fabric.load(path, state)\n"


@pytest.mark.parametrize("resume", ["fabric.load(path, model)", "restore(fabric, model, path)"])
def test_a_load_a_few_calls_below_the_launched_function_is_read_for_the_launch(tmp_path, resume):
    """`fabric.launch(tasks.finetune)` -> `_resume(fabric, model, path)` (-> `restore(...)` of a third module):
    the load runs with this launch's Fabric and the model finetune set up, two or three calls deep."""
    cli = HELPER_CLI.format(strategy=XLA_FSDP, run="fabric.launch(tasks.finetune)")
    tree(tmp_path, {"tasks.py": DEEP_TASKS.format(resume=resume, state="model"), "restore.py": DEEP_RESTORE, "cli.py": cli})
    where = "`_resume`, `tasks.py`, line 5" if resume.startswith("fabric") else "`restore`, `restore.py`, line 2"
    assert [(f[0], f[1], f[2].rsplit(" (in ", 1)[-1], *f[3:]) for f in found(tmp_path / "cli.py")] == [
        ("LXF022", "error", f"{where}, for this call)", 6, 0)]
    for tasks in [DEEP_TASKS.format(resume=resume, state="{'model': model}")]:  # the launched path loads a state
        tree(tmp_path, {"tasks.py": tasks})
        WORKSPACE.changed(str(tmp_path / "tasks.py"))
        assert found(tmp_path / "cli.py") == []


def test_calls_below_the_launched_function_are_followed_a_bounded_number_of_levels(tmp_path):
    chain = "".join(f"def level{i}(fabric, model):\n    level{i + 1}(fabric, model)\n\n\n" for i in range(1, 5))
    tasks = chain + "def level5(fabric, model):\n    fabric.load('ckpt', model)\n\n\n" \
        "def finetune(fabric):\n    level{first}(fabric, fabric.setup_module(Net()))\n"
    cli = HELPER_CLI.format(strategy=XLA_FSDP, run="fabric.launch(tasks.finetune)")
    tree(tmp_path, {"tasks.py": tasks.format(first=3), "cli.py": cli})  # finetune, level3, level4, level5: four deep
    assert [f[0] for f in found(tmp_path / "cli.py")] == ["LXF022"]
    tree(tmp_path, {"tasks.py": tasks.format(first=2)})  # five deep: past the bound, unknown
    WORKSPACE.changed(str(tmp_path / "tasks.py"))
    assert found(tmp_path / "cli.py") == []


# --- LXF012: a helper that forwards its own `*objs` to `fabric.setup` -------------------------------
SETUP_ALL = """\
def setup_all(fabric, *objs):
    out = fabric.setup(*objs)
    return out if isinstance(out, tuple) else (out,)
"""
NET = """\
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc(x)
"""


def setting_up(objects: str, strategy: str = "XLAFSDPStrategy()") -> str:
    return HEAD + ("import torch\nfrom model import Net\nfrom helpers import setup_all\n\ndef train(fabric):\n"
                   "    model = Net()\n    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)\n"
                   f"    out = setup_all(fabric, {objects})\n\n"
                   f"Fabric(accelerator='tpu', strategy={strategy}).launch(train)\n")


def test_a_helper_forwarding_its_star_objects_to_setup_is_flagged_at_the_call_that_gives_a_model_and_optimizer(
        tmp_path):
    # p184 (labelled: NotImplementedError at the helper's `fabric.setup(*objs)`)
    tree(tmp_path, {"model.py": NET, "helpers.py": SETUP_ALL, "train.py": setting_up("model, optimizer")})
    findings = check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in findings] == [(
        "LXF012", "error",
        "The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s): `setup_all` passes the 2 "
        "objects given here to `fabric.setup(*objs)` (`helpers.py`, line 2), which raises NotImplementedError with the "
        "XLAFSDP Fabric `fabric` is given. Pass the model alone, create the optimizer from the set-up model's "
        "parameters, then call `setup_optimizers`", 10, 10, 19)]
    assert findings[0].elsewhere is None  # the helper is right for a model alone: the call is what to change


def test_the_star_objects_helper_given_the_model_alone_or_another_strategy_is_fine(tmp_path):
    # p185 (labelled OK): the model alone; the XLA (DDP-style) strategy sets up both jointly
    tree(tmp_path, {"model.py": NET, "helpers.py": SETUP_ALL, "train.py": setting_up("model")})
    assert found(tmp_path / "train.py") == []
    (tmp_path / "train.py").write_text(setting_up("model, optimizer", "'xla'"))
    assert found(tmp_path / "train.py") == []


def test_the_star_objects_helper_rebinding_its_objects_is_not_counted(tmp_path):
    helper = "def setup_all(fabric, *objs):\n    objs = objs[:1]\n    return fabric.setup(*objs)\n"
    tree(tmp_path, {"model.py": NET, "helpers.py": helper, "train.py": setting_up("model, optimizer")})
    assert found(tmp_path / "train.py") == []


SAME_MODULE = HEAD + """\
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc(x)


def prepare(fabric, model, *optimizers):
    return fabric.setup(model, *optimizers)


def train(fabric):
    model = Net()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    model, optimizer = prepare(fabric, model, optimizer)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""


def test_a_helper_of_the_same_module_forwarding_its_star_optimizers_is_flagged_at_each_joint_call():
    # labelled: NotImplementedError with `prepare(fabric, model, optimizer)`, OK with `prepare(fabric, Net())`
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(SAME_MODULE, "train.py").findings] == [(
        "LXF012", "error",
        "The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s): `prepare` passes the 2 "
        "objects given here to `fabric.setup(model, *optimizers)` (line 17), which raises NotImplementedError with "
        "the XLAFSDP Fabric `fabric` is given. Pass the model alone, create the optimizer from the set-up model's "
        "parameters, then call `setup_optimizers`", 23, 23)]
    alone = SAME_MODULE.replace(
        "    model = Net()\n    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)\n"
        "    model, optimizer = prepare(fabric, model, optimizer)\n",
        "    model = prepare(fabric, Net())\n"
        "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))\n")
    assert "prepare(fabric, Net())" in alone
    assert [f.code for f in check_source(alone, "train.py").findings] == []


def syncing_on(module: str, before: str = "") -> str:
    return HEAD + ("from model import Net\n\n\ndef main(fabric):\n    net = Net()\n" + before
                   + f"    with fabric.no_backward_sync({module}, enabled=False):\n        pass\n\n\n"
                   "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(main)\n")


def test_a_module_of_a_class_another_module_defines_synced_on_raw_is_flagged(tmp_path):
    # no `fabric.setup(net)` in the scope: the class, imported from model.py, is read through the project
    tree(tmp_path, {"model.py": MODEL, "train.py": syncing_on("net")})
    assert found(tmp_path / "train.py") == [(
        "LXF004", "error",
        "`net` is not set up: it holds the raw module `Net()` (line 7); pass the module returned by "
        "`fabric.setup(...)`, or Fabric raises TypeError", 8, 33)]
    tree(tmp_path, {"train.py": syncing_on("model", "    model = fabric.setup_module(net)\n")})
    assert found(tmp_path / "train.py") == []
    tree(tmp_path, {"train.py": syncing_on("chosen", "    chosen = fabric.setup(net) if fabric.is_global_zero else net\n")})
    assert [(code, severity, message.rsplit("; ", 1)[-1]) for code, severity, message, *_ in found(tmp_path / "train.py")] \
        == [("LXF004", "warning", "when not fabric.is_global_zero")]
    tree(tmp_path, {"train.py": syncing_on("net").replace("from model import Net", "from helpers import Net")})
    assert found(tmp_path / "train.py") == []  # a module errata cannot read: unknown


HOOKED_LOOP = """\
import torch


class Loop:
    def __init__(self, fabric, model, steps=2):
        self.fabric = fabric
        self.model = model
        self.steps = steps

    def on_start(self):
        pass

    def run(self):
        self.on_start()
        for _ in range(self.steps):
            self.fabric.backward(self.model(torch.ones(2)).sum())
"""

HOOKED_TASKS = """\
import torch
from loop import Loop


class FinetuneLoop(Loop):
    def __init__(self, *args, resume_from, **kwargs):
        super().__init__(*args, **kwargs)
        self.resume_from = resume_from

    def on_start(self):
        self.fabric.load(self.resume_from, {state})


def finetune(fabric, ckpt):
    model = fabric.setup_module(torch.nn.Linear(2, 2))
    {loop}.run()
"""

LAUNCH = HEAD + "from tasks import finetune\n\nFabric(accelerator='tpu', strategy='xla_fsdp').launch(finetune, 'ckpt')\n"


def looping(tmp_path: Path, state: str, loop: str = "FinetuneLoop(fabric, model, resume_from=ckpt)") -> list[tuple]:
    tree(tmp_path, {"loop.py": HOOKED_LOOP, "tasks.py": HOOKED_TASKS.format(state=state, loop=loop), "train.py": LAUNCH})
    findings = check_source(LAUNCH, str(tmp_path / "train.py")).findings
    return [(f.code, f.severity.value, f.span.start.line + 1, f.elsewhere and (Path(f.elsewhere.path).name,
             f.elsewhere.span.start.line + 1, f.elsewhere.span.start.column)) for f in findings]


def test_a_hook_an_inherited_loop_method_runs_is_the_override_of_the_instance_s_class_read_for_its_construction(tmp_path):
    # `.run()` of a base of another module, then `self.on_start()` in it: the subclass's override, whose
    # `self.model` is the set-up module the construction passes through `super().__init__(*args, **kwargs)`;
    # placed on that load's target, where the fix wraps it (`{'model': self.model}`)
    assert looping(tmp_path, "self.model") == [("LXF022", "error", 5, ("tasks.py", 11, 43))]


def test_the_same_hook_loading_into_a_state_or_a_loop_that_does_not_override_it_is_fine(tmp_path):
    assert looping(tmp_path, "{'model': self.model}") == []
    assert looping(tmp_path, "self.model", loop="Loop(fabric, model)") == []  # the base's `on_start`: `pass`


# The set-up model reaching a helper's parameter from a nested scope, or a method's parameter other
# than `self`: each is the parameter whose callers' values are followed (LXF031 skips a receiver no
# parameter around it names, a method's `self`, and `*args`/`**kwargs`, without evaluating them).
IN_LAMBDA = ("import torch\n\n\ndef sample(fabric, model, prompt):\n"
             "    step = lambda p: model.generate(p)\n    return step(prompt)\n")
SHADOWED = ("import torch\n\n\ndef sample(fabric, model, prompt):\n"
            "    def step(p):\n        model = torch.nn.Linear(1, 1)\n        return model.generate(p)\n"
            "    return step(prompt)\n")


@pytest.mark.parametrize(("helper", "at"), [(IN_LAMBDA, [("LXF031", "error", 5, 21)]), (SHADOWED, [])])
def test_a_set_up_model_reaching_a_parameter_from_a_nested_scope_is_followed(tmp_path, helper, at):
    tree(tmp_path, {"model.py": LM, "generate.py": helper, "train.py": sampling()})
    assert [(code, severity, line, column) for code, severity, _, line, column in found(tmp_path / "generate.py")] == at


def test_a_set_up_model_passed_to_a_method_is_followed_past_its_self():
    text = ("import torch\nfrom lightning.fabric import Fabric\nclass Net(torch.nn.Module):\n"
            "    def forward(self, x):\n        return self.head(x)\n    def generate(self, x):\n        return self.head(x)\n"
            "class Sampler:\n    def run(self, model):\n        self.model = model\n"
            "        return model.generate(torch.randn(4, 8))\n"
            "def train(fabric):\n    model = fabric.setup_module(Net())\n    Sampler().run(model)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n")
    findings = check_source(text, "sampler.py").findings
    assert [(f.code, f.span.start.line + 1, f.span.start.column, f.span.end.column) for f in findings] \
        == [("LXF031", 11, 15, 29)]
    marked = text.replace("Net())\n", "Net())\n    model.mark_forward_method('generate')\n")
    assert check_source(marked, "sampler.py").findings == []


def test_a_set_up_model_passed_beside_packed_arguments_is_flagged_and_the_packed_ones_are_not():
    text = ("import torch\nfrom lightning.fabric import Fabric\nclass Net(torch.nn.Module):\n"
            "    def forward(self, x):\n        return self.head(x)\n    def generate(self, x):\n        return self.head(x)\n"
            "def generate_with(model, *rest, **options):\n    options.setdefault('top_k', 5)\n    rest.count(None)\n"
            "    return model.generate(torch.randn(4, 8))\n"
            "def train(fabric):\n    model = fabric.setup_module(Net())\n    generate_with(model, 1, top_k=3)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n")
    assert [(f.code, f.span.start.line + 1, f.span.start.column) for f in check_source(text, "gen.py").findings] \
        == [("LXF031", 11, 11)]


# A metric of another module synced through its methods (torchmetrics' shape): `worst.compute_synced(fabric)`
# on an instance the document builds runs `compute_synced` with `self` that instance and `fabric` the
# launched Fabric, and `self.sync(fabric, ...)` in it the method of the instance's class for that call.
SYNCED_METRIC = """\
class Metric:
    def __init__(self, reduce_fx):
        self.reduce_fx = reduce_fx

    def sync(self, fabric, value, op):
        return fabric.all_reduce(value, reduce_op=op)

    def compute_synced(self, fabric, value):
        return self.sync(fabric, value, self.reduce_fx)


class MaxMetric(Metric):
    def sync(self, fabric, value, op):
        return fabric.all_reduce(value, reduce_op="max")
"""

SYNCING = HEAD + """\
from metrics import {cls}


def train(fabric):
    worst = {cls}({op!r})
    fabric.print(worst.compute_synced(fabric, 1.0))


Fabric({fabric}).launch(train)
"""
ON_XLA = "accelerator='tpu', strategy=XLAFSDPStrategy()"


def syncing(tmp_path: Path, cls: str, op: str, fabric: str = ON_XLA) -> list[tuple]:
    train = SYNCING.format(cls=cls, op=op, fabric=fabric)
    tree(tmp_path, {"metrics.py": SYNCED_METRIC, "train.py": train})
    findings = check_source(train, str(tmp_path / "train.py")).findings
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.elsewhere and (
        Path(f.elsewhere.path).name, f.elsewhere.span.start.line + 1, f.elsewhere.span.start.column), f.message)
        for f in findings]


def test_a_method_called_with_arguments_on_a_project_instance_is_read_for_that_call(tmp_path):
    # the op the construction gives, passed on by `compute_synced` to `sync`'s parameter: flagged at the call
    assert syncing(tmp_path, "Metric", "max") == [(
        "LXF027", "error", 8, 17, None,
        "Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max; "
        "`all_reduce` raises ValueError. For a max, gather and reduce: `fabric.all_gather(x).max()` "
        "(in `sync`, `metrics.py`, line 6, for this call)")]


def test_the_override_of_the_instance_s_class_is_the_method_run_and_its_literal_is_placed_where_written(tmp_path):
    # `MaxMetric.sync` (C3: the subclass's override) writes "max" itself: reported in metrics.py
    assert [f[:5] for f in syncing(tmp_path, "MaxMetric", "sum")] == [
        ("LXF027", "error", 8, 17, ("metrics.py", 14, 50))]


@pytest.mark.parametrize(("cls", "op", "fabric"), [
    ("Metric", "sum", ON_XLA),  # an op XLA reduces by
    ("Metric", "mean", ON_XLA),
    ("MaxMetric", "sum", "accelerator='cuda', strategy='ddp'"),  # another strategy has max
    ("Metric", "max", "accelerator='cuda', strategy='ddp'"),
])
def test_a_method_called_with_an_op_xla_has_or_on_another_strategy_is_fine(tmp_path, cls, op, fabric):
    assert syncing(tmp_path, cls, op, fabric) == []


# An accelerate-shaped facade of another module: `accelerator.accumulate(model)` enters a `@contextmanager`
# method that syncs on `self.fabric`, the Fabric the construction gave (LXF004 at the argument passed).
FACADE = """\
from contextlib import contextmanager


class Accelerator:
    def __init__(self, fabric, steps=2):
        self.fabric = fabric
        self.steps = steps

    def prepare_model(self, model):
        return self.fabric.setup_module(model)

    @contextmanager
    def accumulate(self, model):
        with self.fabric.no_backward_sync(model, enabled=self.steps > 1):
            yield
"""

FACADE_TRAIN = HEAD + """\
import torch
from accel import Accelerator


def train(fabric):
    accelerator = Accelerator({given})
    model = torch.nn.Linear(2, 2)
    wrapped = accelerator.prepare_model(model)
    with accelerator.accumulate({passed}):
        fabric.backward(wrapped(torch.ones(2)).sum())


Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)
"""


def through_facade(tmp_path: Path, passed: str, given: str = "fabric") -> list[tuple]:
    tree(tmp_path, {"accel.py": FACADE, "train.py": FACADE_TRAIN.format(passed=passed, given=given)})
    return found(tmp_path / "train.py")


def test_a_method_syncing_on_the_fabric_its_instance_holds_is_flagged_at_the_raw_module_passed(tmp_path):
    assert through_facade(tmp_path, "model") == [(
        "LXF004", "error",
        "`model` is not set up: `accelerator.accumulate` (`accel.py`, line 14) passes it to `no_backward_sync`, "
        "and it holds the raw module `torch.nn.Linear(2, 2)` (line 9); pass the module returned by "
        "`fabric.setup(...)`, or Fabric raises TypeError", 11, 32)]


@pytest.mark.parametrize(("passed", "given"), [
    ("wrapped", "fabric"),  # the set-up module
    ("model", "None"),  # `self.fabric` is no Fabric: not Fabric's check
])
def test_the_facade_given_the_set_up_module_or_no_fabric_is_fine(tmp_path, passed, given):
    assert through_facade(tmp_path, passed, given) == []


SETTING_UP = """\
import torch
from model import Net


def build(fabric, lr=3e-4):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    return {returned}, optimizer
"""


def test_a_raw_module_a_factory_of_another_module_returns_is_flagged_where_it_is_synced_on(tmp_path):
    # the factory sets up `net` but returns it, not the set-up `model` (p362): Fabric raises TypeError
    train = HEAD + ("from factory import build\n\ndef train(fabric):\n    model, optimizer = build(fabric)\n"
                    "    with fabric.no_backward_sync(model, enabled=True):\n        pass\n\n"
                    "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n")
    tree(tmp_path, {"model.py": MODEL, "factory.py": SETTING_UP.format(returned="net"), "train.py": train})
    assert found(tmp_path / "train.py") == [(
        "LXF004", "error",
        "`model` is not set up: it holds the raw module `Net()` (`factory.py`, line 6); pass the module returned by "
        "`fabric.setup(...)`, or Fabric raises TypeError", 7, 33)]
    tree(tmp_path, {"factory.py": SETTING_UP.format(returned="model")})
    assert found(tmp_path / "train.py") == []


LOGGING = """\
from conf import flags


def reduced_loss(fabric, loss):
    if flags.LOG_WORST_REPLICA:
        return fabric.all_reduce(loss, reduce_op="max")
    return fabric.all_reduce(loss, reduce_op="mean")
"""


# a value the layer does not hold (`len(sys.argv) > 9`) leaves the test undecided: the call is judged as written; a
# builtin's conversion of a constant is that constant (`bool(0)`: False)
@pytest.mark.parametrize(("flag", "expected"), [("False", []), ("True", ["error"]), ("bool(0)", []),
                                                ("len(sys.argv) > 9", ["error"])])
def test_a_test_on_a_flag_of_an_imported_project_module_is_decided_by_its_value(tmp_path, flag, expected):
    # p368/p369: `LOG_WORST_REPLICA = False` in conf/flags.py never takes the max reduction
    train = HEAD + ("from logging_utils import reduced_loss\n\ndef train(fabric):\n    reduced_loss(fabric, 1.0)\n\n"
                    "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n")
    tree(tmp_path, {"conf/__init__.py": "", "conf/flags.py": f"import sys\nLOG_WORST_REPLICA = {flag}\n",
                    "logging_utils.py": LOGGING, "train.py": train})
    assert [severity for code, severity, *_ in found(tmp_path / "logging_utils.py")] == expected
