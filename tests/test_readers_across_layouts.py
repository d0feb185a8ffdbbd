"""The callers of a package module's function are looked for across the project: train.py at the project
root runs `fabric.launch(fit)` with `fit` from `trainkit.loop`, whether trainkit is a namespace package
under src/ (no `__init__.py`), a regular package under src/, or a package at the root. Checking loop.py,
the Fabric train.py launches decides its findings. Real files on disk; the findings are exact."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.project import Project

LOOP = """\
import torch

from trainkit.model import Net


def fit(fabric):
    net = Net()
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(optimizer)
    fabric.backward(model(torch.randn(2, 4)).sum())
    optimizer.step()
"""

# the optimizer built from the set-up model: runs fine
LOOP_FIXED = LOOP.replace(
    "    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)\n    model = fabric.setup_module(net)\n",
    "    model = fabric.setup_module(net)\n    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)\n")

MODEL = "from torch import nn\n\n\nclass Net(nn.Linear):\n    def __init__(self):\n        super().__init__(4, 4)\n"

TRAIN = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from trainkit.loop import fit

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(fit)
"""

EARLY = ("`optimizer` is built from `net`'s parameters before `fabric.setup_module(net)` (line 8); XLAFSDP "
         "replaces them with sharded ones, so `setup_optimizers` raises ValueError: The optimizer does not seem "
         "to reference any XLAFSDP parameters. Create the optimizer after `setup_module`, from the set-up model")

# where trainkit is (from the project root) and whether it has an `__init__.py`
LAYOUTS = {
    "namespace package under src": ("src/trainkit", False),
    "regular package under src": ("src/trainkit", True),
    "regular package at the root": ("trainkit", True),
    "namespace package at the root": ("trainkit", False),
}


def project(root: Path, package: str, regular: bool, loop: str) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'trainkit'\n")
    folder = root / package
    folder.mkdir(parents=True)
    if regular:
        (folder / "__init__.py").write_text("")
    (folder / "model.py").write_text(MODEL)
    (folder / "loop.py").write_text(loop)
    (root / "train.py").write_text(TRAIN)
    return folder / "loop.py"


def found(path: Path) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_fabric_a_root_script_launches_decides_the_package_module_s_findings(tmp_path, layout):
    loop = project(tmp_path, *LAYOUTS[layout], LOOP)
    assert found(loop) == [("LXF013", "error", EARLY, 10, 40)]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_optimizer_built_after_setup_is_fine_in_every_layout(tmp_path, layout):
    loop = project(tmp_path, *LAYOUTS[layout], LOOP_FIXED)
    assert found(loop) == []


def test_without_the_root_script_the_package_module_is_not_flagged(tmp_path):
    loop = project(tmp_path, "src/trainkit", False, LOOP)
    (tmp_path / "train.py").unlink()
    assert found(loop) == []


def test_the_package_s_own_folder_is_listed_first_and_each_file_once(tmp_path):
    loop = project(tmp_path, "src/trainkit", False, LOOP)
    (tmp_path / "src" / "helpers.py").write_text("")
    (tmp_path / "aaa.py").write_text("")  # sorts before everything: still after the package's files
    folders = Project(str(tmp_path), {})._reader_folders(str(loop))
    assert folders == (str(tmp_path / "src" / "trainkit"), str(tmp_path / "src"), str(tmp_path))
    listed = [path for path, _ in Project(str(tmp_path), {})._project_texts(folders)]
    assert listed == [str(loop), str(loop.parent / "model.py"), str(tmp_path / "src" / "helpers.py"),
                      str(tmp_path / "aaa.py"), str(tmp_path / "train.py")]


def test_scripts_importing_another_module_of_the_same_name_do_not_use_up_the_bound(tmp_path):
    """Nine example folders each have their own loop.py and a script running `from loop import fit`: none
    imports trainkit's, so none counts toward the modules read (past 8 the callers would be unknown)."""
    loop = project(tmp_path, "src/trainkit", False, LOOP)
    for n in range(9):
        example = tmp_path / "examples" / f"e{n}"
        example.mkdir(parents=True)
        (example / "loop.py").write_text("def fit(fabric):\n    pass\n")
        (example / "run.py").write_text("from lightning.fabric import Fabric\n\nfrom loop import fit\n\n"
                                        "Fabric(accelerator=\"cpu\").launch(fit)\n")
    assert found(loop) == [("LXF013", "error", EARLY, 10, 40)]


def test_a_listing_is_kept_only_for_the_folders_it_was_made_for(tmp_path):
    """One project model lists the files for one module's readers, then for another module's: the second listing
    is the one a fresh model makes for its folders (a listing kept for other folders would start with trainkit's)."""
    loop = project(tmp_path, "src/trainkit", False, LOOP)
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "__init__.py").write_text("")
    (tools / "cli.py").write_text("")
    model = Project(str(tmp_path), {})
    first = [path for path, _ in model._project_texts(model._reader_folders(str(loop)))]
    second = [path for path, _ in model._project_texts(model._reader_folders(str(tools / "cli.py")))]
    fresh = Project(str(tmp_path), {})
    assert first[:2] == [str(loop), str(loop.parent / "model.py")]
    assert second == [path for path, _ in fresh._project_texts(fresh._reader_folders(str(tools / "cli.py")))]
    assert second[0] != first[0]
