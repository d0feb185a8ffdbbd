"""The `if __name__ == "__main__":` block of a module another module of the project imports (a library
module's smoke test) runs only when that module is run itself, not in the project's run: a misuse there is a
warning that says so. A script nothing imports keeps its errors, and so does the rest of the module."""

from __future__ import annotations

from pathlib import Path

from .test_helpers_elsewhere import found, tree

SHARDING = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


def pod_strategy():
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block]))
'''
POLICY = "`activation_checkpointing_policy` must be a set, found [Block]"
AT = (12, SHARDING.splitlines()[11].index("[Block]"))
TRAIN = "from sharding import pod_strategy\n\nstrategy = pod_strategy()\n"


def test_a_smoke_test_of_a_module_the_project_imports_is_a_warning(tmp_path: Path) -> None:
    tree(tmp_path, {"model.py": "class Block:\n    pass\n", "sharding.py": SHARDING, "train.py": TRAIN})
    assert found(tmp_path / "sharding.py") == [
        ("LXF001", "warning", POLICY + "; only when `sharding.py` is run as a script (other modules of the project "
         "import it)", *AT)]


def test_the_main_block_of_a_script_nothing_imports_keeps_its_error(tmp_path: Path) -> None:
    tree(tmp_path, {"model.py": "class Block:\n    pass\n", "sharding.py": SHARDING, "train.py": "print('no import')\n"})
    assert found(tmp_path / "sharding.py") == [("LXF001", "error", POLICY, *AT)]


def test_the_rest_of_an_imported_module_keeps_its_errors(tmp_path: Path) -> None:
    text = SHARDING.replace("activation_checkpointing_policy={Block})\n\n\nif", "activation_checkpointing_policy=[Block])\n\n\nif")
    tree(tmp_path, {"model.py": "class Block:\n    pass\n", "sharding.py": text, "train.py": TRAIN})
    assert [(code, severity, line) for code, severity, _, line, _ in found(tmp_path / "sharding.py")] == [
        ("LXF001", "error", 8), ("LXF001", "warning", 12)]


def test_an_importer_in_another_project_s_folder_does_not_count(tmp_path: Path) -> None:
    # one project, two folders: b/train.py's `sharding` is not a/sharding.py (b's folder comes first on its path)
    tree(tmp_path, {"a/model.py": "class Block:\n    pass\n", "a/sharding.py": SHARDING, "b/train.py": TRAIN})
    assert [(code, severity) for code, severity, *_ in found(tmp_path / "a" / "sharding.py")] == [("LXF001", "error")]
