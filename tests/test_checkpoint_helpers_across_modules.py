"""Checkpoint helpers of another module, given the Fabric, the path and the objects by the training script:
the keys a helper picks with a comprehension over its parameter (`{k: objects[k] for k in keys}`) are that
call's, the path the script binds once and hands to the save helper and to the load helper is one path, and the
Fabric the script builds decides the helper's `state_dict_type`. A set-up model handed to a helper that loads a
full checkpoint into it is reported once, where the script passes it."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

HELPERS = '''\
SAVED = ("model", "optimizer")
RESUMED = ("model", "optimizer", "{asked}")


def _pick(objects, keys):
    return {{key: objects[key] for key in keys}}


def save(fabric, path, objects):
    fabric.save(path, _pick(objects, SAVED))


def resume(fabric, path, objects):
    state = _pick(objects, RESUMED)
    fabric.load(path, state)
    return state
'''

TRAIN = '''\
import os

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import checkpointing


def train(fabric, out_dir):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    objects = {{"model": model, "optimizer": optimizer, "epoch": 0}}
    path = os.path.join(out_dir, "last")
    checkpointing.save(fabric, path, objects)
    checkpointing.resume(fabric, {resumed_from}, objects)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy({state_dict_type}))
    fabric.launch(train, "checkpoints")
'''


def found(path: Path) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


def project(tmp_path: Path, asked: str = "epoch", resumed_from: str = "path", state_dict_type: str = "") -> Path:
    tree(tmp_path, {"checkpointing.py": HELPERS.format(asked=asked),
                    "train.py": TRAIN.format(resumed_from=resumed_from, state_dict_type=state_dict_type)})
    return tmp_path / "checkpointing.py"


def test_a_key_the_helpers_resume_asks_for_but_their_save_never_wrote(tmp_path):
    helpers = project(tmp_path)
    assert found(helpers) == [("LXF032", "error", 15, 22)]
    [finding] = check_source(helpers.read_text(), str(helpers)).findings
    assert finding.message.startswith("`fabric.save(path, ...)` (line 10) writes 'model', 'optimizer', not 'epoch', "
                                      "so this sharded load raises KeyError")


def test_the_keys_saved_are_the_keys_resumed(tmp_path):
    assert found(project(tmp_path, asked="optimizer")) == []


def test_another_path_for_the_resume_may_hold_another_checkpoint(tmp_path):
    assert found(project(tmp_path, resumed_from='os.path.join(out_dir, "best")')) == []


def test_a_full_checkpoint_is_no_sharded_load_but_loads_into_the_set_up_model(tmp_path):
    # the Fabric the script builds decides: a full load never reads the missing key, it refuses the set-up model
    assert found(project(tmp_path, state_dict_type='state_dict_type="full"')) == [("LXF025", "error", 15, 22)]


CKPT = '''\
def restore(fabric, path, model):
    remainder = fabric.load(path, {"model": model})
    return remainder.get("step", 0)
'''

FULL = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from ckpt import restore


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    restore(fabric, "pretrained.ckpt", model)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="full")).launch(train)
'''


def test_a_set_up_model_a_helper_loads_a_full_checkpoint_into_is_reported_once_where_it_is_passed(tmp_path):
    tree(tmp_path, {"ckpt.py": CKPT, "train.py": FULL})
    assert found(tmp_path / "train.py") == [("LXF025", "error", 10, 39)]
    assert found(tmp_path / "ckpt.py") == []


FROM_FILE = '''\
import json
from pathlib import Path

with open(Path(__file__).parent / "keys.json") as f:
    KEYS = json.load(f)


def _pick(objects, keys):
    return {key: objects[key] for key in keys}


def save(fabric, path, objects):
    fabric.save(path, _pick(objects, KEYS["saved"]))


def resume(fabric, path, objects):
    state = _pick(objects, KEYS["resumed"])
    fabric.load(path, state)
    return state
'''


def test_the_keys_a_data_file_lists_are_all_the_keys_a_comprehension_over_them_makes(tmp_path):
    # (a list a program loads from a file holds the file's items: nothing in the file adds one)
    tree(tmp_path, {"checkpointing.py": FROM_FILE, "train.py": TRAIN.format(resumed_from="path", state_dict_type=""),
                    "keys.json": '{"saved": ["model", "optimizer"], "resumed": ["model", "optimizer", "epoch"]}'})
    assert found(tmp_path / "checkpointing.py") == [("LXF032", "error", 18, 22)]
    (tmp_path / "keys.json").write_text('{"saved": ["model", "optimizer", "epoch"], "resumed": ["model", "epoch"]}')
    assert found(tmp_path / "checkpointing.py") == []


def listed(tmp_path: Path, changed_by_train: str = "") -> Path:
    """The helpers' keys as module lists, which the script may change (`checkpointing.SAVED.append(...)`)."""
    helpers = HELPERS.replace('("model", "optimizer")', '["model", "optimizer"]').replace(
        '("model", "optimizer", "{asked}")', '["model", "optimizer", "{asked}"]')
    train = TRAIN.replace("import checkpointing\n", "import checkpointing\n" + changed_by_train)
    tree(tmp_path, {"checkpointing.py": helpers.format(asked="epoch"),
                    "train.py": train.format(resumed_from="path", state_dict_type="")})
    return tmp_path / "checkpointing.py"


def test_a_module_list_no_other_module_changes_holds_its_items(tmp_path):
    assert found(listed(tmp_path)) == [("LXF032", "error", 15, 22)]


def test_a_module_list_another_module_grows_may_hold_more(tmp_path):
    assert found(listed(tmp_path, "checkpointing.SAVED.append('epoch')\n")) == []
    assert found(listed(tmp_path, "checkpointing.SAVED += ['epoch']\n")) == []


MADE = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def make_state(model, optimizer=None, **extra):
    state = {{"model": model, **extra}}
    if optimizer is not None:
        state["optimizer"] = optimizer
    return state


def train(fabric, path):
    model = fabric.setup_module(torch.nn.Linear(2, 2))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.save(path, make_state(model, optimizer, step=1))


def evaluate(fabric, path):
    model = {model}
    fabric.load(path, make_state(model), strict=False)


def main(fabric):
    train(fabric, "ckpt")
    evaluate(fabric, "ckpt")


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
'''


def test_a_state_a_helper_makes_for_the_call_is_read_for_it():
    # the helper's display spreads `**extra` and adds the optimizer under a test its two calls decide apart: the
    # load's dict holds the model alone
    found = check_source(MADE.format(model="torch.nn.Linear(2, 2)")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in found] == \
        [("LXF023", "error", 7, 22)]
    assert check_source(MADE.format(model="fabric.setup_module(torch.nn.Linear(2, 2))")).findings == []
