"""`x is not None` of an object a library class builds is decided: `[config.CHECKPOINT_IO] if config.CHECKPOINT_IO is
not None else []`, the module attribute set by a backend module train.py imports for its side effect."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .test_helpers_elsewhere import tree

CONFIG = '''\
CHECKPOINT_IO = None  # set by the storage backend train.py imports
'''

STORAGE = '''\
from lightning.fabric.plugins import {plugin}

import config

config.CHECKPOINT_IO = {plugin}()
'''

FACTORY = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config


def build_fabric():
    plugins = [config.CHECKPOINT_IO] if config.CHECKPOINT_IO {test} None else []
    return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), plugins=plugins)
'''

TRAIN = '''\
{imported}from factory import build_fabric


def train(fabric):
    pass


if __name__ == "__main__":
    build_fabric().launch(train)
'''


def checked(root: Path) -> list[tuple[str, str, str, int, int]]:
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "--format", "json", str(root)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    return [(f["code"], f["severity"], Path(f["path"]).resolve().relative_to(root.resolve()).as_posix(), f["line"],
             f["column"]) for f in json.loads(done.stdout)]


def project(tmp_path: Path, plugin: str, test: str = "is not", imported: bool = True) -> Path:
    return tree(tmp_path, {"config.py": CONFIG, "storage.py": STORAGE.format(plugin=plugin),
                           "factory.py": FACTORY.format(test=test),
                           "train.py": TRAIN.format(imported="import storage  # noqa: F401\n" if imported else "")})


def test_a_library_object_set_by_a_side_effect_import_is_not_none(tmp_path):
    # LXF009 at `TorchCheckpointIO()` (line 5, column 24), where storage.py sets the module attribute
    assert checked(project(tmp_path, "TorchCheckpointIO")) == [("LXF009", "error", "storage.py", 5, 24)]


@pytest.mark.parametrize(("plugin", "test", "imported"), [
    ("XLACheckpointIO", "is not", True),  # the plugin the strategy takes
    ("TorchCheckpointIO", "is", True),  # `[x] if x is None else []`: the object is never the list's
    ("TorchCheckpointIO", "is not", False),  # the backend never imported: the attribute stays None
])
def test_no_finding_where_the_plugin_never_reaches_the_fabric(tmp_path, plugin, test, imported):
    assert checked(project(tmp_path, plugin, test, imported)) == []
