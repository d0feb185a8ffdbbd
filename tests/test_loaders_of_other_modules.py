"""LXF040 across modules: what a data module of the project builds and the training script gives
`fabric.setup_dataloaders`. A `Dataset` subclass defined there, or a batcher class of the project that derives from
no library class, is no DataLoader (the real library raises TypeError for both, labelled p1174, p1270). A batcher
the data module builds in place of a DataLoader is reported where it is built; a dataset where it is given, to be
wrapped there. A class of the project derived from `DataLoader`, or from a library class errata does not know, gets
nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .test_helpers_elsewhere import tree

DATA = '''\
import torch
from torch.utils.data import DataLoader, Dataset
from somewhere import Batcher


class Squares(Dataset):
    def __len__(self):
        return 8

    def __getitem__(self, i):
        return torch.full((4,), float(i * i))


class Buckets:
    def __init__(self, dataset, size):
        self.dataset, self.size = dataset, size

    def __iter__(self):
        return iter([self.dataset[i] for i in range(self.size)])


class Loader(DataLoader):
    pass


class Library(Batcher):
    pass


def make_loader(size):
    return MADE
'''

TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from data import make_loader


def train(fabric):
    loader = fabric.setup_dataloaders(make_loader(4))


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


def checked(tmp_path: Path, made: str) -> list[tuple[str, str, str, int, int]]:
    root = tree(tmp_path, {"data.py": DATA.replace("MADE", made), "train.py": TRAIN})
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "--format", "json", str(root)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    return [(f["code"], f["severity"], Path(f["path"]).name, f["line"], f["column"]) for f in json.loads(done.stdout)]


def test_a_batcher_class_of_the_data_module_is_reported_where_it_is_built(tmp_path):
    assert checked(tmp_path, "Buckets(Squares(), size)") == [("LXF040", "error", "data.py", 31, 12)]


def test_a_dataset_of_the_data_module_is_reported_where_it_is_given(tmp_path):
    # a dataset is right where it is made: wrapping it in a DataLoader is the caller's change
    assert checked(tmp_path, "Squares()") == [("LXF040", "error", "train.py", 8, 39)]


@pytest.mark.parametrize("made", ["Loader(Squares(), batch_size=size)", "Library(Squares())",
                                  "DataLoader(Squares(), batch_size=size)"])
def test_a_dataloader_subclass_or_an_unknown_library_base_has_no_finding(tmp_path, made):
    assert checked(tmp_path, made) == []
