"""LXF040: `fabric.setup_dataloaders` takes DataLoaders only. Labels: the real library (lightning 2.6.6 +
torch_xla) raises `TypeError: Only PyTorch DataLoader are currently supported in `setup_dataloaders`.` for a
dataset (a library one, a class of the file derived from `Dataset`), torch_xla's `MpDeviceLoader` and a list of
batches; a DataLoader, a class of the file derived from it, run."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = """\
import torch
import torch_xla.distributed.parallel_loader as pl
from torch import nn
from torch.utils.data import DataLoader, Dataset, TensorDataset
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Squares(Dataset):
    def __len__(self):
        return 8

    def __getitem__(self, i):
        return torch.full((4,), float(i * i))


class Shuffled(Squares):
    pass


"""
TAIL = "\n\nFabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n"
ONLY = "Only PyTorch DataLoader are currently supported in `setup_dataloaders`: "


def shown(body: str) -> list[tuple[str, str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(HEAD + body + TAIL).findings]


def test_a_dataset_of_the_file_is_not_a_dataloader():
    assert shown("def train(fabric):\n"
                 "    loader = fabric.setup_dataloaders(Shuffled())\n") == [(
        "LXF040", "error",
        ONLY + "`Shuffled()` is a dataset (`Shuffled`, a `Dataset`), not a `torch.utils.data.DataLoader`, so Fabric "
        "raises TypeError. Wrap the dataset: `DataLoader(dataset, batch_size=...)`", 22, 38, 48)]


def test_torch_xla_s_device_loader_is_not_a_dataloader():
    assert shown("def train(fabric):\n"
                 "    raw = DataLoader(Squares(), batch_size=2)\n"
                 "    loader = fabric.setup_dataloaders(pl.MpDeviceLoader(raw, fabric.device))\n") == [(
        "LXF040", "error",
        ONLY + "`pl.MpDeviceLoader(raw, fabric.device)` is torch_xla's device loader (`MpDeviceLoader`), not a "
        "`torch.utils.data.DataLoader`, so Fabric raises TypeError. Pass the `DataLoader` it wraps: Fabric's XLA "
        "strategy moves the batches to the device itself", 23, 38, 75)]


def test_a_list_of_batches_and_a_library_dataset_on_one_path_are_named_with_their_condition():
    found = shown("def train(fabric):\n"
                  "    batches = [torch.randn(2, 4) for _ in range(3)]\n"
                  "    data = TensorDataset(torch.randn(8, 4)) if fabric.is_global_zero else DataLoader(Squares())\n"
                  "    a = fabric.setup_dataloaders(batches)\n"
                  "    b = fabric.setup_dataloaders(data)\n")
    assert [(code, severity, line) for code, severity, _, line, _, _ in found] == [
        ("LXF040", "error", 24), ("LXF040", "warning", 25)]
    assert found[0][2].startswith(ONLY + "`batches` is a list, not a `torch.utils.data.DataLoader`")
    assert found[1][2].endswith("; when fabric.is_global_zero")


def test_dataloaders_and_a_subclass_of_one_are_fine():
    assert shown("class Loader(DataLoader):\n"
                 "    pass\n"
                 "\n"
                 "\n"
                 "def train(fabric):\n"
                 "    train_loader, val_loader = fabric.setup_dataloaders(DataLoader(Squares(), batch_size=2),\n"
                 "                                                        Loader(Squares()))\n") == []
