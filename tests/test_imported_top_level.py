"""LXF019 on the top level of the project modules a launching module imports before its launch: that code
runs in the parent process at the import, so a device read or a set-up there on the launched Fabric (the one
`launcher.py` builds at its top level and every module imports) raises. Real files on disk, checked as
`errata-lsp check` checks them; the findings are exact."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from errata_lsp.analysis import check_source

LAUNCHER = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

FABRIC = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
"""

DATA = """\
import torch

from launcher import FABRIC

DEVICE = FABRIC.device


def batch():
    return torch.zeros(2, device=DEVICE)
"""

TRAIN = """\
from data import batch
from launcher import FABRIC


def main(fabric):
    batch()


if __name__ == "__main__":
    FABRIC.launch(main)
"""

DEVICE_MESSAGE = (
    "Accessing the XLA device before processes have spawned is not allowed: `FABRIC.device` runs at the top level "
    "of `data.py` (line 5){by}, which `{stmt}` (line 1) runs before `FABRIC.launch(main)` (line 10), in the parent "
    "process, so XLAFSDPStrategy raises RuntimeError. Read it inside the launched function, from the Fabric it receives")


def tree(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def found(path: Path) -> list[tuple[str, str, str, int, int, str | None, int | None, int | None]]:
    """(code, severity, message, line, column) here, and where it is placed: (file, line, column) there."""
    out = []
    for f in check_source(path.read_text(), str(path)).findings:
        place = f.elsewhere
        out.append((f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column,
                    os.path.basename(place.path) if place else None, place.span.start.line + 1 if place else None,
                    place.span.start.column if place else None))
    return out


def test_a_device_read_at_the_top_level_of_an_imported_module_is_placed_there_and_reported_at_the_launch(tmp_path):
    tree(tmp_path, {"launcher.py": LAUNCHER, "data.py": DATA, "train.py": TRAIN})
    assert found(tmp_path / "train.py") == [(
        "LXF019", "error", DEVICE_MESSAGE.format(by="", stmt="from data import batch"), 10, 4, "data.py", 5, 9)]
    assert found(tmp_path / "data.py") == []  # no launch there: what it imports it for is train.py's
    # train.py unchanged: its findings are not kept once data.py reads the device where it is needed
    tree(tmp_path, {"data.py": DATA.replace("DEVICE = FABRIC.device", "DEVICE = None")})
    assert found(tmp_path / "train.py") == []


def test_the_cli_reports_it_in_the_module_whose_top_level_reads_the_device(tmp_path):
    tree(tmp_path, {"launcher.py": LAUNCHER, "data.py": DATA, "train.py": TRAIN})
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--format", "json", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    findings = json.loads(done.stdout)
    assert [(Path(f["path"]).name, f["line"], f["column"], f["code"], f["severity"]) for f in findings] == [
        ("data.py", 5, 10, "LXF019", "error")]
    assert findings[0]["message"] == (DEVICE_MESSAGE.format(by="", stmt="from data import batch")
                                      + f" (used in {tmp_path / 'train.py'}, line 10)")


def test_through_an_import_statement_and_through_a_module_that_imports_it(tmp_path):
    tree(tmp_path, {"launcher.py": LAUNCHER, "data.py": DATA,
                    "train.py": TRAIN.replace("from data import batch", "import data")})
    assert found(tmp_path / "train.py") == [(
        "LXF019", "error", DEVICE_MESSAGE.format(by="", stmt="import data"), 10, 4, "data.py", 5, 9)]
    tree(tmp_path, {"helpers.py": "from data import batch\n",
                    "train.py": TRAIN.replace("from data import batch", "from helpers import batch")})
    assert found(tmp_path / "train.py") == [(
        "LXF019", "error", DEVICE_MESSAGE.format(by=", imported by `helpers.py`", stmt="from helpers import batch"),
        10, 4, "data.py", 5, 9)]


def test_a_set_up_at_the_top_level_of_an_imported_module_raises_the_launch_error(tmp_path):
    data = DATA.replace("DEVICE = FABRIC.device", "DEVICE = None\nMODEL = FABRIC.setup_module(torch.nn.Linear(2, 2))")
    tree(tmp_path, {"launcher.py": LAUNCHER, "data.py": data, "train.py": TRAIN})
    [(code, severity, message, line, column, there, there_line, there_column)] = found(tmp_path / "train.py")
    assert (code, severity, line, column, there, there_line, there_column) == (
        "LXF019", "error", 10, 4, "data.py", 6, 8)
    assert message.startswith("To use Fabric with more than one device, you must call `.launch()`: "
                              "`FABRIC.setup_module` runs at the top level of `data.py` (line 6)")


def test_reads_that_do_not_run_at_the_import_are_fine(tmp_path):
    data = DATA.replace("DEVICE = FABRIC.device\n", (
        "DEVICE = None\n\n\ndef device():\n    return FABRIC.device\n\n\nLAZY = lambda: FABRIC.device\n"
        "if __name__ == '__main__':\n    print(FABRIC.device)\n"))
    tree(tmp_path, {"launcher.py": LAUNCHER, "data.py": data, "train.py": TRAIN})
    assert found(tmp_path / "train.py") == []


def test_the_device_taken_in_the_launched_function_is_fine(tmp_path):
    data = "import torch\n\n\ndef batch(device):\n    return torch.zeros(2, device=device)\n"
    tree(tmp_path, {"launcher.py": LAUNCHER, "data.py": data,
                    "train.py": TRAIN.replace("batch()", "batch(fabric.device)")})
    assert found(tmp_path / "train.py") == []


def test_a_module_imported_after_the_launch_or_inside_the_launched_function_is_fine(tmp_path):
    after = TRAIN.replace("from data import batch\n", "") + "from data import batch\n"
    tree(tmp_path, {"launcher.py": LAUNCHER, "data.py": DATA, "train.py": after})
    assert found(tmp_path / "train.py") == []
    inside = TRAIN.replace("from data import batch\n", "").replace("    batch()", "    from data import batch\n    batch()")
    tree(tmp_path, {"train.py": inside})
    assert found(tmp_path / "train.py") == []


def test_another_fabric_built_and_read_in_the_imported_module_is_left_as_one_file_leaves_it(tmp_path):
    data = ("from lightning.fabric import Fabric\n\nLOCAL = Fabric(accelerator='cpu', devices=1)\n"
            "DEVICE = LOCAL.device\n\n\ndef batch():\n    return DEVICE\n")
    tree(tmp_path, {"launcher.py": LAUNCHER, "data.py": data, "train.py": TRAIN})
    assert found(tmp_path / "train.py") == []
    # an XLA Fabric of its own: not the launched one (as in one file, a Fabric that is never launched is left alone)
    tree(tmp_path, {"data.py": data.replace("accelerator='cpu', devices=1", "strategy='xla_fsdp'")})
    assert found(tmp_path / "train.py") == []
    assert found(tmp_path / "data.py") == []


def test_imports_are_followed_a_bounded_number_of_modules_deep(tmp_path):
    tree(tmp_path, {"launcher.py": LAUNCHER, "data.py": DATA, "a.py": "from data import batch\n",
                    "b.py": "from a import batch\n", "c.py": "from b import batch\n"})
    tree(tmp_path, {"train.py": TRAIN.replace("from data import batch", "from b import batch")})  # b -> a -> data
    assert [f[5] for f in found(tmp_path / "train.py")] == ["data.py"]
    tree(tmp_path, {"train.py": TRAIN.replace("from data import batch", "from c import batch")})  # four deep
    assert found(tmp_path / "train.py") == []
