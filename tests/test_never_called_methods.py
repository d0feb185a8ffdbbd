"""A method of a plain class of a project's module that nothing in the project calls never runs: its findings are
not reported (a debug helper `Tracker.worst_replica()` reducing with "max"). Called anywhere (another module spells
it, `getattr` by a computed name may pick it), or a method of a module nothing imports, it keeps them. A def of the same
name in another module calls nothing."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

METRICS = """\
class Tracker:
    def __init__(self, fabric, reduce="mean"):
        self.fabric = fabric
        self.reduce = reduce

    def update(self, value):
        return self.fabric.all_reduce(value, reduce_op=self.reduce)

    def worst_replica(self, value):
        return self.fabric.all_reduce(value, reduce_op="max")
"""

TRAIN = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from metrics import Tracker


def train(fabric):
    loss = Tracker(fabric)
    value = torch.ones(1, device=fabric.device)
    loss.update(value)
{extra}

Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""

MAX = ("Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max; "
       "`all_reduce` raises ValueError. For a max, gather and reduce: `self.fabric.all_gather(x).max()`")


def project(root: Path, extra: str = "", other: str | None = None) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (root / "metrics.py").write_text(METRICS)
    (root / "train.py").write_text(TRAIN.format(extra=extra))
    if other is not None:
        (root / "other.py").write_text(other)
    return root / "metrics.py"


def found(path: Path) -> list[tuple[str, str, str, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1)
            for f in check_source(path.read_text(), str(path)).findings]


def test_a_method_nothing_in_the_project_calls_is_not_judged(tmp_path):
    assert found(project(tmp_path)) == []


def test_a_method_another_module_calls_is(tmp_path):
    assert found(project(tmp_path, "    loss.worst_replica(value)")) == [("LXF027", "error", MAX, 10)]


def test_a_computed_getattr_in_a_joined_module_may_call_it(tmp_path):
    assert [f[:2] for f in found(project(tmp_path, "    kind = 'worst'\n    getattr(loss, kind + '_replica')(value)"))] == [
        ("LXF027", "error")]


def test_a_def_of_the_same_name_in_another_module_calls_nothing(tmp_path):
    other = "from metrics import Tracker\n\n\nclass Other:\n    def worst_replica(self, value):\n        return value\n"
    assert found(project(tmp_path, other=other)) == []


SELF_RUN = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n" + METRICS
            + "\n\ndef run(fabric):\n    Tracker(fabric).update(1.0)\n\n\n"
            "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(run)\n")


def test_a_module_nothing_imports_keeps_its_methods_findings(tmp_path):
    # its class used in the module itself, the module imported by nothing: its users may be elsewhere
    path = tmp_path / "metrics.py"
    path.write_text(SELF_RUN)
    assert [f[:2] for f in found(path)] == [("LXF027", "error")]


def test_the_same_module_imported_by_one_that_never_calls_the_method_is_not_judged_there(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "report.py").write_text("from metrics import Tracker\n\n\ndef report(t: Tracker):\n    return t\n")
    path = tmp_path / "metrics.py"
    path.write_text(SELF_RUN)
    assert found(path) == []
