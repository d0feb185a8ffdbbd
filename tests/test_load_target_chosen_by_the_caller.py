"""A load helper that picks its target by what the caller leaves out (`target = model if optimizer is None else
{"model": model, "optimizer": optimizer}`): called without an optimizer it loads into the bare set-up module,
which XLAFSDP refuses (LXF022). The finding is on the helper's `fabric.load`, where the fix wraps the target, not
where the caller set the module up. Real files on disk for the project; the findings are exact."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

HELPER = """\
def load_weights(fabric, path, model, optimizer=None):
    target = model if optimizer is None else {"model": model, "optimizer": optimizer}
    return fabric.load(path, target)
"""
TRAIN = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

{helper}


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(2, 2))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    load_weights(fabric, "ckpt/", {passed})


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""
BARE = ("Loading a single module or optimizer object from a checkpoint is not supported yet with the XLAFSDP "
        "strategy: `target` is the set-up module, so `fabric.load` raises NotImplementedError. Pass a state dict: "
        "`{'model': model, 'optimizer': optimizer}`")


def shown(text: str, path: str | None = None) -> list[tuple[str, str, str, int, int, str | None]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column,
             Path(f.elsewhere.path).name if f.elsewhere else None) for f in check_source(text, path).findings]


def test_a_caller_leaving_the_optimizer_out_loads_into_the_bare_module():
    assert shown(TRAIN.format(helper=HELPER, passed="model")) == [("LXF022", "error", BARE, 7, 29, None)]


def test_a_caller_giving_the_optimizer_loads_into_a_state():
    assert shown(TRAIN.format(helper=HELPER, passed="model, optimizer")) == []


def test_the_helper_of_another_module_is_flagged_at_its_load(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "checkpoint.py").write_text(HELPER)
    (tmp_path / "train.py").write_text(TRAIN.format(helper="from checkpoint import load_weights", passed="model"))
    helper = tmp_path / "checkpoint.py"
    assert shown(helper.read_text(), str(helper)) == [("LXF022", "error", BARE, 3, 29, None)]


TASKS = """\
import torch


def _build(fabric):
    return fabric.setup_module(torch.nn.Linear(2, 2))


def finetune(fabric, path="ckpt/"):
    model = _build(fabric)
    fabric.load(path, model)
"""
CLI = """\
import lightning as L

import tasks

L.Fabric(accelerator="tpu", strategy="xla_fsdp").launch(tasks.finetune)
"""


def test_a_launched_function_of_another_module_is_flagged_at_its_load_not_where_it_sets_up(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "tasks.py").write_text(TASKS)
    cli = tmp_path / "cli.py"
    cli.write_text(CLI)
    [finding] = check_source(cli.read_text(), str(cli)).findings
    assert (finding.code, finding.severity.value, Path(finding.elsewhere.path).name,
            finding.elsewhere.span.start.line + 1, finding.elsewhere.span.start.column) == (
        "LXF022", "error", "tasks.py", 10, 22)
