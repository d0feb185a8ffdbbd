"""A set-up model handed to a helper that marks its forward methods (`register_forward_methods(model,
settings)`, in this module or another): a method the helper may mark is not reported as called outside the
wrapper (LXF031); one it marks by name, another name, still is. The findings are exact."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

SCRIPT = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Completer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(4, 4)

    def forward(self, x):
        return self.head(x)

    def complete(self, x):
        return self.head(x).argmax(-1)

    def generate(self, x):
        return self.complete(x)


{helper}


def run(fabric):
    model = fabric.setup_module(Completer())
    register(model, {settings})
    return model.complete(torch.zeros(1, 4))


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
"""
BY_SETTINGS = """\
def register(module, settings):
    for name in settings.get("forward_methods", ()):
        module.mark_forward_method(name)"""
BY_NAME = """\
def register(module, settings):
    module.mark_forward_method("generate")"""


def shown(text: str, path: str | None = None) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, path).findings]


def test_a_helper_marking_names_the_file_cannot_read_may_mark_the_method():
    assert shown(SCRIPT.replace("{helper}", BY_SETTINGS).replace("{settings}", "load_settings()")) == []


def test_a_helper_marking_another_name_leaves_the_method_unmarked():
    assert shown(SCRIPT.replace("{helper}", BY_NAME).replace("{settings}", "{}")) == [("LXF031", "error", 28, 11)]


def test_a_helper_of_another_module_marking_names_it_is_given(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "hooks.py").write_text(BY_SETTINGS + "\n")
    train = tmp_path / "train.py"
    train.write_text(SCRIPT.replace("{helper}", "from hooks import register").replace("{settings}", "SETTINGS")
                     + "SETTINGS = {'forward_methods': load()}\n")
    assert shown(train.read_text(), str(train)) == []
