"""A non-XLA plugin picked by an option's default is what
`python train.py` gives the Fabric, whatever else the option's `choices` allow: the plain run raises, so the
finding is an error (LXF009 here; LXF008 reads its conditions the same way). Picked only by a choice the
command line may give, it stays a warning naming that choice."""

from __future__ import annotations

from errata_lsp.analysis import check_source

SCRIPT = '''\
import argparse

from lightning.fabric import Fabric
from lightning.fabric.plugins import TorchCheckpointIO, XLACheckpointIO
from lightning.fabric.strategies import XLAFSDPStrategy

CHECKPOINT_IO = {{"torch": TorchCheckpointIO, "xla": XLACheckpointIO}}


def train(fabric):
    pass


parser = argparse.ArgumentParser()
parser.add_argument("--checkpoint-io", default={default}, choices=["torch", "xla"])
args = parser.parse_args()
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), plugins=[CHECKPOINT_IO[{picked}]()])
fabric.launch(train)
'''
HEAD = ("The XLA strategy can only work with the `XLACheckpointIO` plugin, found `CHECKPOINT_IO[{picked}]()`: "
        "`Fabric(...)` raises TypeError when it hands the plugin to the strategy. XLAFSDPStrategy uses "
        "`XLACheckpointIO` when given none; when ")


def found(default: str, picked: str = "args.checkpoint_io") -> list[tuple[str, str, int, str]]:
    text = SCRIPT.format(default=default, picked=picked)
    return [(f.code, f.severity.value, f.span.start.line + 1, f.message) for f in check_source(text, "train.py").findings]


def test_the_default_picks_the_torch_plugin():
    message = HEAD.format(picked="args.checkpoint_io") + 'by default or with --checkpoint-io "torch"'
    assert found('"torch"') == [("LXF009", "error", 17, message)]


def test_only_a_choice_picks_it():
    message = HEAD.format(picked="args.checkpoint_io") + 'with --checkpoint-io "torch"'
    assert found('"xla"') == [("LXF009", "warning", 17, message)]


def test_the_xla_plugin_by_default_and_by_every_choice():
    assert found('"xla"', '"xla"') == []
