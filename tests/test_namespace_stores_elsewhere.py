"""A `types.SimpleNamespace` a function builds and binds to a name (`state = SimpleNamespace(model=net, ...)`),
then passes to a helper of another module that reads its attributes (`fabric.save(path, {"model": state.model})`
in checkpointing.py): the helper's read sees what the function stores into the namespace on that name
(`state.model = fabric.setup_module(state.model)`), as a read in the function's own module does. Without the
store, the attribute is the raw module the namespace was built with (LXF023, labelled by running both)."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_foreign_placement import MODEL
from .test_helpers_elsewhere import tree

CHECKPOINTING = '''\
def save_checkpoint(fabric, state, path="checkpoints/last"):
    fabric.save(path, {"model": state.model, "optimizer": state.optimizer, "step": state.step})
'''

TRAIN = '''\
from types import SimpleNamespace

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from checkpointing import save_checkpoint
from model import Block


def train(fabric):
    state = SimpleNamespace(model=Block(), optimizer=None, step=0)
    {setup}
    state.optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    state.step += 1
    save_checkpoint(fabric, state)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={{Block}}))
    fabric.launch(train)
'''


def _helper_findings(tmp_path: Path, setup: str) -> list[tuple[str, str, int]]:
    tree(tmp_path, {"model.py": MODEL + "\n    def forward(self, x):\n        return x\n",
                    "checkpointing.py": CHECKPOINTING, "train.py": TRAIN.format(setup=setup)})
    helper = tmp_path / "checkpointing.py"
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(helper.read_text(), str(helper)).findings]


def test_a_namespace_whose_model_is_set_up_on_its_name_is_saved_fine_by_a_helper_of_another_module(tmp_path):
    assert _helper_findings(tmp_path, "model = state.model = fabric.setup_module(state.model)") == []


def test_the_store_may_be_its_own_statement(tmp_path):
    assert _helper_findings(tmp_path, "state.model = fabric.setup_module(state.model)\n    model = state.model") == []


def test_a_namespace_that_keeps_the_raw_model_is_still_flagged_in_the_helper(tmp_path):
    assert _helper_findings(tmp_path, "model = fabric.setup_module(state.model)") == [("LXF023", "error", 2)]


# --- the namespace built by a function of another module from its parameters (`init_state(net)`) ----------
STATE = '''\
from types import SimpleNamespace


def init_state(model, optimizer=None):
    return SimpleNamespace(model=model, optimizer=optimizer, step=0)
'''

TRAIN_INIT = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from checkpointing import save_checkpoint
from model import Block
from state import init_state


def train(fabric):
    state = init_state(Block())
    {setup}
    state.optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    {save}


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={{Block}}))
    fabric.launch(train)
'''

INLINE_SAVE = 'fabric.save("checkpoints/last", {"model": state.model, "optimizer": state.optimizer})'


def _init_findings(tmp_path: Path, setup: str, save: str, checked: str) -> list[tuple[str, str, int]]:
    tree(tmp_path, {"model.py": MODEL + "\n    def forward(self, x):\n        return x\n", "state.py": STATE,
                    "checkpointing.py": CHECKPOINTING, "train.py": TRAIN_INIT.format(setup=setup, save=save)})
    path = tmp_path / checked
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(path.read_text(), str(path)).findings]


def test_a_namespace_a_function_of_another_module_fills_holds_the_raw_model_its_call_passes(tmp_path):
    assert _init_findings(tmp_path, "model = fabric.setup_module(state.model)", INLINE_SAVE, "train.py") == [
        ("LXF023", "error", 14)]


def test_the_set_up_model_stored_on_the_name_bound_to_the_call_is_saved_fine(tmp_path):
    setup = "model = state.model = fabric.setup_module(state.model)"
    assert _init_findings(tmp_path, setup, INLINE_SAVE, "train.py") == []


def test_the_set_up_model_stored_on_that_name_is_saved_fine_by_a_helper_of_a_third_module(tmp_path):
    setup = "model = state.model = fabric.setup_module(state.model)"
    assert _init_findings(tmp_path, setup, "save_checkpoint(fabric, state)", "checkpointing.py") == []


def test_the_raw_model_saved_by_the_helper_of_a_third_module_is_flagged_there(tmp_path):
    setup = "model = fabric.setup_module(state.model)"
    assert _init_findings(tmp_path, setup, "save_checkpoint(fabric, state)", "checkpointing.py") == [
        ("LXF023", "error", 2)]


def test_the_raw_model_the_helper_saves_is_placed_where_the_caller_built_it_into_the_namespace(tmp_path):
    _init_findings(tmp_path, "model = fabric.setup_module(state.model)", "save_checkpoint(fabric, state)", "train.py")
    helper = tmp_path / "checkpointing.py"
    (finding,) = check_source(helper.read_text(), str(helper)).findings
    assert finding.elsewhere is not None and Path(finding.elsewhere.path).name == "train.py"
    assert finding.elsewhere.span.start.line + 1 == 11  # `state = init_state(Block())`
    assert "`state.model` holds `Block()` (line 11 of `train.py`), the raw module" in finding.message
