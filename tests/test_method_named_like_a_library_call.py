"""A trainer's own `load(self, state, path)` that guards `if state is None: state = {}` and then calls
`self.fabric.load(path, state)` (Lightning's build-your-own-trainer example): the library call written in the
method is the Fabric's `load`, not a call of the method, so the method's parameter is still decided by its
own calls, and another module that imports the trainer but never writes `.load` calls none. Real files on
disk for the project; the findings are exact, on code that must trigger and code that must not."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

TRAINER = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Trainer:
    def __init__(self):
        self.fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())

    def fit(self, model):
        self.fabric.launch(self._fit, model)

    def _fit(self, fabric, model):
        model = fabric.setup_module(model)
        self.load({state}, "ckpt/")

    def load(self, state, path):
        if state is None:
            state = {{}}
        return self.fabric.load(path, state)
"""
RUN = "\n\nTrainer().fit(torch.nn.Linear(2, 2))\n"
EMPTY = ("Got `XLAFSDPStrategy.load_checkpoint(..., state={})` but a state with at least  a model instance to "
         "reload is required: `fabric.load` raises ValueError under XLAFSDP. Pass the objects to restore: "
         "`self.fabric.load(path, {'model': model, ...})`")


def shown(text: str, path: str | None = None) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, path).findings]


def test_the_method_s_only_call_gives_a_state_so_the_empty_default_never_runs():
    assert shown(TRAINER.format(state='{"model": model}') + RUN) == []


def test_the_method_s_only_call_gives_none_so_the_state_is_empty():
    assert shown(TRAINER.format(state="None") + RUN) == [("LXF021", "error", EMPTY, 20, 38)]


def tree(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def test_a_module_importing_the_trainer_without_writing_load_calls_none_of_it(tmp_path):
    tree(tmp_path, {"trainer.py": TRAINER.format(state='{"model": model}'),
                    "train.py": "import torch\nfrom trainer import Trainer\n" + RUN})
    path = tmp_path / "trainer.py"
    assert shown(path.read_text(), str(path)) == []


def test_a_module_importing_the_trainer_and_calling_load_with_none_is_an_unknown_caller(tmp_path):
    # its `trainer.load(None, path)` may give the method None: the guard's branch is not decided by this file's call
    tree(tmp_path, {"trainer.py": TRAINER.format(state='{"model": model}'),
                    "train.py": "import torch\nfrom trainer import Trainer\n\n\ntrainer = Trainer()\n"
                                "trainer.load(None, 'ckpt/')\n"})
    path = tmp_path / "trainer.py"
    assert shown(path.read_text(), str(path)) == [("LXF021", "error", EMPTY, 20, 38)]
