"""A bare function chosen as the save filter in a config module (`SAVE_FILTER = head_only` in
`tuner/configs/base.py`, given as `fabric.save(..., filter=base.SAVE_FILTER)` in a helper that another module
calls with the state): LXF044 is placed where the filter is chosen, the fix maps the state's model key there,
and the key is read from the module that writes the state. Real files on disk; the findings are exact."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_fix

BASE = """\
def head_only(name, value):
    return "head" in name


{binding}
"""
CHECKPOINT = """\
from configs import base


def save_head(fabric, path, state):
    fabric.save(path, state, filter=base.SAVE_FILTER)
"""
TRAIN = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from checkpoint import save_head


def run(fabric):
    model = fabric.setup_module(torch.nn.Linear(2, 2))
    save_head(fabric, "out/", {"model": model, "step": 1})


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
"""
MESSAGE = ("Filter should be a dictionary, given `base.SAVE_FILTER` (the function `head_only`): `fabric.save` raises "
           "TypeError. Map the state key to the function: `filter={'model': base.SAVE_FILTER}`")


def tree(root: Path, binding: str) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (root / "configs").mkdir()
    (root / "configs" / "__init__.py").write_text("")
    (root / "configs" / "base.py").write_text(BASE.format(binding=binding))
    (root / "checkpoint.py").write_text(CHECKPOINT)
    (root / "train.py").write_text(TRAIN)
    return root / "checkpoint.py"


def test_a_filter_chosen_in_a_config_module_is_flagged_and_fixed_there(tmp_path):
    path = tree(tmp_path, "SAVE_FILTER = head_only")
    [finding] = check_source(path.read_text(), str(path)).findings
    assert (finding.code, finding.severity.value, finding.message) == ("LXF044", "error", MESSAGE)
    assert finding.elsewhere is not None and Path(finding.elsewhere.path) == tmp_path / "configs" / "base.py"
    assert (finding.elsewhere.span.start.line, finding.elsewhere.span.start.column,
            finding.elsewhere.span.end.column) == (4, 14, 23)
    [fix] = finding.fixes
    assert fix.title == "Apply the filter to 'model' in `base.py`: `{'model': ...}`"
    assert Path(fix.path) == tmp_path / "configs" / "base.py"
    base = tmp_path / "configs" / "base.py"
    base.write_text(apply_fix(base.read_text(), fix.edits))
    assert base.read_text().endswith("SAVE_FILTER = {'model': head_only}\n")
    assert check_source(path.read_text(), str(path)).findings == []


def test_a_filter_bound_under_a_condition_stays_at_the_save(tmp_path):
    path = tree(tmp_path, "import os\nif os.environ.get('HEAD'):\n    SAVE_FILTER = head_only\nelse:\n"
                          "    SAVE_FILTER = head_only")
    [finding] = check_source(path.read_text(), str(path)).findings
    assert (finding.code, finding.severity.value, finding.message, finding.elsewhere) == ("LXF044", "error", MESSAGE,
                                                                                          None)
    assert (finding.span.start.line, finding.span.start.column) == (4, 36)
    assert [f.title for f in finding.fixes] == ["Apply the filter to 'model': `filter={'model': ...}`"]


def test_a_dict_filter_in_the_config_module_is_fine(tmp_path):
    path = tree(tmp_path, "SAVE_FILTER = {'model': head_only}")
    assert check_source(path.read_text(), str(path)).findings == []
