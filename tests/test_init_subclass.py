"""A base's `__init_subclass__` runs for each class statement deriving from it, with the statement's keywords
(`class PeakLoss(Metric, reduce="max", name="peak_loss")`): what it stores into `cls.attr` is that class's
attribute (over the base's class attribute), and a registry it fills (`METRICS[name] = cls`) holds that class
under the key the statement gives."""

from __future__ import annotations

import ast
from pathlib import Path

from errata_lsp.analysis import check_source

from .test_flow import context
from .test_helpers_elsewhere import tree

BASE = '''\
import torch

METRICS = {}


class Metric:
    reduce_op = "mean"

    def __init_subclass__(cls, reduce="mean", name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.reduce_op = reduce
        METRICS[name or cls.__name__.lower()] = cls

    def compute(self, fabric):
        return fabric.all_reduce(torch.tensor(1.0), reduce_op=self.reduce_op)
'''
LOSS = '''\
from base import Metric


class ValLoss(Metric, name="val_loss"):
    pass


class PeakLoss(Metric, reduce="{reduce}", name="peak_loss"):
    pass
'''
TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from loss import PeakLoss


def train(fabric):
    metric = PeakLoss()
    metric.compute(fabric)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


def placed(path: Path) -> list[tuple[str, str, int, tuple[str, int] | None]]:
    return [(f.code, f.severity.value, f.span.start.line + 1,
             f.elsewhere and (Path(f.elsewhere.path).name, f.elsewhere.span.start.line + 1))
            for f in check_source(path.read_text(), str(path)).findings]


def held(path: Path, expr: str) -> list[tuple[str, object]]:
    text = path.read_text() + f"\nprobe({expr})\n"
    ctx = context(text, str(path))
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    return [(v.kind, getattr(v.node, "value", getattr(v.node, "name", None))) for v in ctx.values(call.args[0])]


def test_the_class_keyword_is_what_the_hook_stores_in_the_class(tmp_path):
    tree(tmp_path, {"base.py": BASE, "loss.py": LOSS.format(reduce="max"), "train.py": TRAIN})
    assert held(tmp_path / "loss.py", "PeakLoss.reduce_op") == [("str", "max")]
    assert held(tmp_path / "loss.py", "ValLoss.reduce_op") == [("str", "mean")]  # the hook's default
    assert placed(tmp_path / "train.py") == [("LXF027", "error", 9, ("loss.py", 8))]
    tree(tmp_path, {"loss.py": LOSS.format(reduce="sum")})
    assert placed(tmp_path / "train.py") == []


def test_the_registry_the_hook_fills_holds_each_class_under_its_key(tmp_path):
    tree(tmp_path, {"base.py": BASE, "loss.py": LOSS.format(reduce="max"), "train.py": TRAIN})
    reader = tmp_path / "pick.py"
    reader.write_text("import loss  # noqa: F401\nfrom base import METRICS\n")
    assert held(reader, 'METRICS["peak_loss"]') == [("class", "PeakLoss")]
    assert held(reader, 'METRICS["val_loss"]') == [("class", "ValLoss")]


GUARDED = BASE.replace('''    def __init_subclass__(cls, reduce="mean", name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.reduce_op = reduce
''', '''    def __init_subclass__(cls, reduce=None, name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if {test}:
            cls.reduce_op = reduce
''').replace("import torch\n", "import sys\n\nimport torch\n")


def test_a_store_under_a_test_the_keywords_decide_runs_as_they_decide(tmp_path):
    tree(tmp_path, {"base.py": GUARDED.replace("{test}", "reduce is not None"), "loss.py": LOSS.format(reduce="max"),
                    "train.py": TRAIN})
    assert held(tmp_path / "loss.py", "PeakLoss.reduce_op") == [("str", "max")]
    assert held(tmp_path / "loss.py", "ValLoss.reduce_op") == [("str", "mean")]  # no store: the base's attribute
    assert placed(tmp_path / "train.py") == [("LXF027", "error", 9, ("loss.py", 8))]
    tree(tmp_path, {"loss.py": LOSS.format(reduce="sum")})
    assert placed(tmp_path / "train.py") == []


def test_a_store_under_a_test_the_keywords_leave_open_keeps_the_base_s_value_possible(tmp_path):
    tree(tmp_path, {"base.py": GUARDED.replace("{test}", "reduce is not None and len(sys.argv) > 1"),
                    "loss.py": LOSS.format(reduce="sum"), "train.py": TRAIN})
    assert held(tmp_path / "loss.py", "PeakLoss.reduce_op") == [("str", "sum"), ("str", "mean")]
    assert held(tmp_path / "loss.py", "ValLoss.reduce_op") == [("str", "mean")]
    assert placed(tmp_path / "train.py") == []
