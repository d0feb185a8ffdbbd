"""LXF039: Fabric refuses a model or an optimizer that is already set up (`_validate_setup_module`,
`_validate_setup_optimizers`, `_validate_setup`). Labels: the real library (lightning 2.6.6 + torch_xla)
raises `ValueError: A model should be passed only once to the `setup_module` method.` for a set-up model set
up again, in one function or by a Trainer's `fit` after its `__init__`, and `An optimizer should be passed
only once to the `setup_optimizers` method.` for an optimizer; a Trainer's `setup()` that stores the set-up
model into the attribute it reads is the first set-up, not a second."""

from __future__ import annotations

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_fix

HEAD = """\
import torch
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


"""
TAIL = "\n\nFabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n"


def shown(body: str) -> list[tuple[str, str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(HEAD + body + TAIL).findings]


MODEL = ("A model should be passed only once to the `setup_module` method: `{given}` is already the set-up model "
         "`{made}` returned at line {line}, so Fabric raises ValueError. Set it up once and keep using what that "
         "call returned")


def test_a_model_set_up_again_in_the_same_function_is_an_error_and_the_fix_removes_the_second():
    text = HEAD + ("def train(fabric):\n"
                   "    model = fabric.setup_module(nn.Linear(4, 4))\n"
                   "    model = fabric.setup_module(model)\n"
                   "    fabric.backward(model(torch.randn(2, 4, device=fabric.device)).sum())\n") + TAIL
    findings = check_source(text).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in findings] == [(
        "LXF039", "error", MODEL.format(given="model", made="fabric.setup_module(nn.Linear(4, 4))", line=8), 9, 32, 37)]
    fixed = apply_fix(text, findings[0].fixes[0].edits)
    assert "    model = fabric.setup_module(model)\n" not in fixed
    assert check_source(fixed).findings == []


TRAINER = """\
class Trainer:
    def __init__(self, fabric, model):
        self.fabric = fabric
        self.model = fabric.setup_module(model)
        self.optimizer = fabric.setup_optimizers(torch.optim.SGD(self.model.parameters(), lr=0.1))

    def fit(self, steps=2):
FIT
        for _ in range(steps):
            self.fabric.backward(self.model(torch.randn(2, 4, device=self.fabric.device)).sum())
            self.optimizer.step()


def train(fabric):
    Trainer(fabric, nn.Linear(4, 4)).fit()
"""


def test_a_trainer_that_sets_up_in_init_and_again_in_fit_is_an_error():
    assert shown(TRAINER.replace("FIT", "        self.model = self.fabric.setup_module(self.model)")) == [(
        "LXF039", "error", MODEL.format(given="self.model", made="fabric.setup_module(model)", line=10), 14, 46, 56)]


def test_an_optimizer_set_up_again_is_an_error():
    assert shown(TRAINER.replace("FIT", "        self.optimizer = self.fabric.setup_optimizers(self.optimizer)")) == [(
        "LXF039", "error",
        "An optimizer should be passed only once to the `setup_optimizers` method: `self.optimizer` is already the "
        "set-up optimizer `fabric.setup_optimizers(torch.optim.SGD…` returned at line 11, so Fabric raises "
        "ValueError. Set it up once and keep using what that call returned", 14, 54, 68)]


def test_a_model_from_setup_given_to_setup_module_is_set_up_twice():
    found = shown("def train(fabric):\n"
                  "    model = fabric.setup(nn.Linear(4, 4))\n"
                  "    model = fabric.setup_module(model)\n")
    assert [(code, severity, line) for code, severity, _, line, _, _ in found] == [("LXF039", "error", 9)]


def test_the_first_set_up_stored_into_the_attribute_it_reads_is_fine():
    assert shown("""\
class Trainer:
    def __init__(self, fabric, model):
        self.fabric, self.model, self.optimizer = fabric, model, None

    def setup(self):
        self.model = self.fabric.setup_module(self.model)
        self.optimizer = self.fabric.setup_optimizers(torch.optim.SGD(self.model.parameters(), lr=0.1))

    def fit(self):
        self.setup()
        self.fabric.backward(self.model(torch.randn(2, 4, device=self.fabric.device)).sum())


def train(fabric):
    Trainer(fabric, nn.Linear(4, 4)).fit()
""") == []


def test_two_models_each_set_up_once_are_fine():
    assert shown("def train(fabric):\n"
                 "    student = fabric.setup_module(nn.Linear(4, 4))\n"
                 "    teacher = fabric.setup_module(nn.Linear(4, 4))\n"
                 "    optimizer = fabric.setup_optimizers(torch.optim.SGD(student.parameters(), lr=0.1))\n") == []


def test_a_model_set_up_on_one_path_only_is_a_warning_that_names_it():
    assert shown("def train(fabric):\n"
                 "    model = nn.Linear(4, 4)\n"
                 "    if fabric.is_global_zero:\n"
                 "        model = fabric.setup_module(model)\n"
                 "    model = fabric.setup_module(model)\n") == [(
        "LXF039", "warning",
        MODEL.format(given="model", made="fabric.setup_module(model)", line=10) + "; when fabric.is_global_zero",
        11, 32, 37)]


def test_an_attribute_set_up_in_another_method_than_init_is_not_ordered_and_not_flagged():
    # `prepare` and `fit` may run in either order (or one of them only): the layer cannot tell which set-up is first
    assert shown(TRAINER.replace("        self.model = fabric.setup_module(model)\n",
                                 "        self.model = model\n\n    def prepare(self):\n"
                                 "        self.model = self.fabric.setup_module(self.model)\n")
                 .replace("FIT", "        student = self.fabric.setup_module(self.model)")) == []


def test_a_set_up_later_in_the_same_method_does_not_reach_an_earlier_read():
    assert shown("""\
class Distiller:
    def __init__(self, fabric, student):
        self.fabric, self.model = fabric, student

    def fit(self):
        student = self.fabric.setup_module(self.model)
        self.model = self.fabric.setup_module(nn.Linear(4, 4))
        return student


def train(fabric):
    Distiller(fabric, nn.Linear(4, 4)).fit()
""") == []


def test_an_optimizer_a_factory_already_set_up_is_set_up_twice():
    assert shown("def make_optimizer(fabric, model):\n"
                 "    return fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))\n"
                 "\n"
                 "\n"
                 "def train(fabric):\n"
                 "    model = fabric.setup_module(nn.Linear(4, 4))\n"
                 "    optimizer = fabric.setup_optimizers(make_optimizer(fabric, model))\n") == [(
        "LXF039", "error",
        "An optimizer should be passed only once to the `setup_optimizers` method: `make_optimizer(fabric, model)` "
        "is already the set-up optimizer `fabric.setup_optimizers(torch.optim.SGD…` returned at line 8, so Fabric "
        "raises ValueError. Set it up once and keep using what that call returned", 13, 40, 69)]


def test_a_dataloader_set_up_again_is_an_error_and_the_fix_removes_the_second():
    text = HEAD + ("from torch.utils.data import DataLoader, TensorDataset\n\n\n"
                   "def train(fabric):\n"
                   "    model = fabric.setup_module(nn.Linear(4, 4))\n"
                   "    loader = DataLoader(TensorDataset(torch.randn(8, 4)), batch_size=2)\n"
                   "    loader = fabric.setup_dataloaders(loader)\n"
                   "    loader = fabric.setup_dataloaders(loader)\n"
                   "    for (x,) in loader:\n"
                   "        fabric.backward(model(x).sum())\n") + TAIL
    findings = check_source(text).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in findings] == [(
        "LXF039", "error",
        "A dataloader should be passed only once to the `setup_dataloaders` method: `loader` is already the set-up "
        "dataloader `fabric.setup_dataloaders(loader)` returned at line 13, so Fabric raises ValueError. Set it up "
        "once and keep using what that call returned", 14, 38, 44)]
    fixed = apply_fix(text, findings[0].fixes[0].edits)
    assert fixed.count("fabric.setup_dataloaders(loader)") == 1
    assert check_source(fixed).findings == []


def test_two_loaders_set_up_together_each_once_are_fine():
    assert shown("from torch.utils.data import DataLoader, TensorDataset\n\n\n"
                 "def train(fabric):\n"
                 "    data = TensorDataset(torch.randn(8, 4))\n"
                 "    train_loader, val_loader = fabric.setup_dataloaders(DataLoader(data), DataLoader(data))\n"
                 "    for (x,) in train_loader:\n"
                 "        pass\n") == []


def test_loaders_a_helper_already_set_up_spread_into_setup_dataloaders_are_set_up_twice():
    found = shown("from torch.utils.data import DataLoader, TensorDataset\n\n\n"
                  "def make_loaders(fabric):\n"
                  "    data = TensorDataset(torch.randn(8, 4))\n"
                  "    return fabric.setup_dataloaders(DataLoader(data), DataLoader(data))\n"
                  "\n"
                  "\n"
                  "def train(fabric):\n"
                  "    train_loader, val_loader = fabric.setup_dataloaders(*make_loaders(fabric))\n")
    assert [(code, severity, line, start, end) for code, severity, _, line, start, end in found] == [
        ("LXF039", "error", 16, 56, 77)]
    assert found[0][2].startswith("A dataloader should be passed only once to the `setup_dataloaders` method: "
                                  "`*make_loaders(fabric)` is already the set-up dataloader")


def test_a_helper_that_hands_back_what_it_is_given_is_read_for_the_call():
    # the helper's returns for all its calls together hold the set-up model one call passes: that call is read, and
    # a set-up module has no `_orig_mod` (Fabric unwrapped any compiled one): the helper hands it back, set up again
    found = shown("def unwrap_if_compiled(module):\n"
                  "    return getattr(module, '_orig_mod', module) if hasattr(module, '_orig_mod') else module\n"
                  "\n"
                  "\n"
                  "def train(fabric):\n"
                  "    raw = unwrap_if_compiled(nn.Linear(4, 4))\n"
                  "    model = fabric.setup_module(raw)\n"
                  "    model = fabric.setup_module(unwrap_if_compiled(model))\n")
    assert [(code, severity, line) for code, severity, _, line, _, _ in found] == [("LXF039", "error", 14)]


def test_a_second_set_up_sharing_its_line_with_another_statement_gets_no_removal():
    # deleting the line would delete `steps = 2` with it
    findings = check_source(HEAD + "def train(fabric):\n"
                                   "    model = fabric.setup_module(nn.Linear(4, 4))\n"
                                   "    model = fabric.setup_module(model); steps = 2\n"
                                   "    return steps\n" + TAIL).findings
    assert [(f.code, f.severity.value, f.fixes) for f in findings] == [("LXF039", "error", ())]
