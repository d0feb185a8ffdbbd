"""A settings module's dict changed by the entry script before it calls the function of a third module that reads
it: `settings.STRATEGY_KW.update(auto_wrapper_callable=...)`, then `make_fabric()` spreading `**settings.STRATEGY_KW`
into the strategy. The finding lands where the caller stores the clashing key."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .test_helpers_elsewhere import tree

SETTINGS = '''\
import torch

STRATEGY_KW = {
    "auto_wrap_policy": {torch.nn.Linear},
    "activation_checkpointing_policy": {torch.nn.Linear},
}
'''

FABRIC_SETUP = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import settings


def make_fabric():
    return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**settings.STRATEGY_KW))
'''

TRAIN = '''\
import settings
from fabric_setup import make_fabric


def wrap(module, *args, **kwargs):
    return module


def train(fabric):
    pass


def main():
{before}
    make_fabric().launch(train)
{after}

if __name__ == "__main__":
    main()
'''


def checked(root: Path) -> list[tuple[str, str, str, int, int]]:
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "--format", "json", str(root)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    return [(f["code"], f["severity"], Path(f["path"]).resolve().relative_to(root.resolve()).as_posix(), f["line"],
             f["column"]) for f in json.loads(done.stdout)]


def project(tmp_path: Path, before: str, after: str = "", more: dict[str, str] | None = None) -> Path:
    return tree(tmp_path, {"settings.py": SETTINGS, "fabric_setup.py": FABRIC_SETUP,
                           "train.py": TRAIN.format(before=before, after=after), **(more or {})})


STORES = {
    "update": ("    settings.STRATEGY_KW.update(auto_wrapper_callable=wrap)", 33),
    "item": ('    settings.STRATEGY_KW["auto_wrapper_callable"] = wrap', 5),
    "setdefault": ('    settings.STRATEGY_KW.setdefault("auto_wrapper_callable", wrap)', 5),
}


@pytest.mark.parametrize("store", sorted(STORES))
def test_a_key_the_caller_stores_before_the_call_clashes_where_it_is_stored(tmp_path, store):
    line, column = STORES[store]
    # LXF002 in train.py (line 14), at the stored `auto_wrapper_callable`
    assert checked(project(tmp_path, line)) == [("LXF002", "error", "train.py", 14, column)]


@pytest.mark.parametrize(("before", "after"), [
    # the policy taken out first: no clash
    ('    settings.STRATEGY_KW.pop("activation_checkpointing_policy")\n'
     "    settings.STRATEGY_KW.update(auto_wrapper_callable=wrap)", ""),
    ('    del settings.STRATEGY_KW["activation_checkpointing_policy"]\n'
     '    settings.STRATEGY_KW["auto_wrapper_callable"] = wrap', ""),
    # stored after the Fabric is built
    ("    pass", "    settings.STRATEGY_KW.update(auto_wrapper_callable=wrap)\n"),
])
def test_no_clash_when_the_dict_the_call_sees_has_no_wrapper(tmp_path, before, after):
    assert checked(project(tmp_path, before, after)) == []


def test_a_store_the_flow_cannot_order_is_not_read(tmp_path):
    # under a test nothing decides, and a second caller that stores nothing: the layer says nothing either way
    undecided = "    if len(__import__('sys').argv) > 2:\n        settings.STRATEGY_KW.update(auto_wrapper_callable=wrap)"
    assert checked(project(tmp_path, undecided)) == []
    other = "from fabric_setup import make_fabric\n\nmake_fabric()\n"
    (tmp_path / "two").mkdir()
    assert checked(project(tmp_path / "two", STORES["update"][0], more={"smoke.py": other})) == []
