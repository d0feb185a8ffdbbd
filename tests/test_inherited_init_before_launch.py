"""LXF019 in the code a construction before the launch runs, through inheritance: a subclass without its own
`__init__` runs its base's; the base's `__init__` calls a hook the subclass overrides (`self.on_init()`); a property
a base defines (`self.device` returning `self.fabric.device`) read on the subclass's instance. The same hook run in
the launched function is fine."""

from __future__ import annotations

from errata_lsp.analysis import check_source

TRAINER = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Trainer:
    def __init__(self, fabric):
        self.fabric = fabric
{init}

    @property
    def device(self):
        return self.fabric.device

    def on_init(self):
        pass

    def run(self, fabric):
{run}


class Weighted(Trainer):
    def on_init(self):
        self.weights = torch.ones(2, device={device})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    trainer = Weighted(fabric)
    fabric.launch(trainer.run)
"""


def device_error(spelled: str, where: str) -> str:
    return (f"Accessing the XLA device before processes have spawned is not allowed: `{spelled}` runs in `{where}`, "
            "reached from `Weighted(fabric)` (line 29) before `fabric.launch(trainer.run)` (line 30), in the parent "
            "process, so XLAFSDPStrategy raises RuntimeError. Move it into the launched function")


def found(init: str, run: str, device: str) -> list[tuple[str, str, str, int, int]]:
    text = TRAINER.format(init=init, run=run, device=device)
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


def test_a_hook_the_base_s_init_calls_reads_the_device_before_the_launch():
    assert found("        self.on_init()", "        pass", "self.fabric.device") == [
        ("LXF019", "error", device_error("self.fabric.device", "Weighted.on_init"), 24, 44)]


def test_the_base_s_property_read_by_the_hook_is_where_the_device_is_read():
    assert found("        self.on_init()", "        pass", "self.device") == [
        ("LXF019", "error", device_error("self.fabric.device", "Trainer.device"), 13, 15)]


def test_the_hook_run_in_the_launched_function_is_fine():
    assert found("        pass", "        self.on_init()", "self.device") == []
