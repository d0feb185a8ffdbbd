"""A callback whose instance a function of its own module builds for the Fabric (`Fabric(callbacks=
default_callbacks(cfg))` in train.py, `def default_callbacks(cfg): return [Checkpointer(...)]` in
callbacks.py): `fabric.call("on_train_epoch_end", model=net, ...)` in train.py runs the callback's method with
those arguments, though train.py never names the class. Checked from either module, the finding is placed
on the call that passes the raw module."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

CALLBACKS = '''\
class Checkpointer:
    def __init__(self, path="checkpoints/last"):
        self.path = path

    def on_train_epoch_end(self, fabric, model, optimizer):
        fabric.save(self.path, {"model": model, "optimizer": optimizer})


def default_callbacks(cfg):
    return [Checkpointer(cfg.get("path", "checkpoints/last"))]
'''
TRAIN = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from callbacks import default_callbacks


def main(fabric):
    net = nn.Linear(4, 4)
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))
    fabric.call("on_train_epoch_end", fabric=fabric, model={given}, optimizer=optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), callbacks=default_callbacks({{}}))
    fabric.launch(main)
'''


def found(tmp_path, given: str) -> list[tuple[str, str, str, int, int]]:
    """The findings of a check of callbacks.py, each with the file and place it is reported at."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "callbacks.py").write_text(CALLBACKS)
    (tmp_path / "train.py").write_text(TRAIN.format(given=given))
    out = []
    for f in check_source(CALLBACKS, str(tmp_path / "callbacks.py")).findings:
        where = f.elsewhere if f.elsewhere is not None else None
        span = where.span if where is not None else f.span
        out.append((f.code, f.severity.value, Path(where.path).name if where is not None else "callbacks.py",
                    span.start.line + 1, span.start.column))
    return out


def test_the_raw_module_given_to_a_hook_of_a_callback_built_elsewhere_is_flagged_where_it_is_passed(tmp_path):
    assert found(tmp_path, "net") == [("LXF023", "error", "train.py", 13, 59)]


def test_the_set_up_module_given_to_the_hook_is_fine(tmp_path):
    assert found(tmp_path, "model") == []


def test_no_module_dispatching_the_hook_leaves_the_callback_silent(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "callbacks.py").write_text(CALLBACKS)
    assert check_source(CALLBACKS, str(tmp_path / "callbacks.py")).findings == []
