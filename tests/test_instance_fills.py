"""A dict an attribute holds (`self._reductions = {}`) that a method fills under the key it is given
(`add_state(name, ..., dist_reduce_fx)`): each instance holds the fills its own construction makes, read
per call (torchmetrics' `Metric.add_state`, each subclass's `__init__` registering its states)."""

from __future__ import annotations

import ast

from .test_flow import context
from .test_foreign_placement import placed
from .test_helpers_elsewhere import tree

BASE = '''\
class Metric:
    def __init__(self):
        self._reductions = {}

    def add_state(self, name, default, dist_reduce_fx=None):
        setattr(self, name, default)
        self._reductions[name] = dist_reduce_fx

    def sync(self, fabric):
        for name, reduce_fx in self._reductions.items():
            value = getattr(self, name)
            if reduce_fx is None:
                value = fabric.all_gather(value)
            else:
                value = fabric.all_reduce(value, reduce_op=reduce_fx)
            setattr(self, name, value)
'''

AGGREGATION = '''\
import torch

from base import Metric


class MaxMetric(Metric):
    def __init__(self):
        super().__init__()
        self.add_state("max_value", torch.tensor(0.0), dist_reduce_fx="max")


class MeanMetric(Metric):
    def __init__(self):
        super().__init__()
        self.add_state("total", torch.tensor(0.0), dist_reduce_fx="sum")
        self.add_state("count", torch.tensor(0.0), dist_reduce_fx="sum")
'''

TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from aggregation import MaxMetric, MeanMetric


def train(fabric):
    metric = METRIC()
    metric.sync(fabric)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


def _project(tmp_path, metric: str, aggregation: str = AGGREGATION):
    return tree(tmp_path, {"base.py": BASE, "aggregation.py": aggregation, "train.py": TRAIN.replace("METRIC", metric)})


def test_the_reduce_op_a_subclass_registers_is_read_for_its_instance(tmp_path):
    root = _project(tmp_path, "MaxMetric")
    assert placed(root / "train.py") == [("LXF027", "error", 9, 4, ("aggregation.py", 9, 70, '"max"'))]


def test_another_subclass_s_registrations_are_never_merged_into_an_instance(tmp_path):
    assert placed(_project(tmp_path, "MeanMetric") / "train.py") == []


def test_a_state_registered_by_another_method_leaves_the_instance_unknown(tmp_path):
    # `reset` may run on the instance, with a reduce op the construction does not show
    aggregation = AGGREGATION.replace("class MeanMetric", "    def reset(self, op):\n        self.add_state('extra', 0, op)\n\n\nclass MeanMetric")
    assert placed(_project(tmp_path, "MaxMetric", aggregation) / "train.py") == []


def test_a_state_registered_before_super_init_is_unknown(tmp_path):
    aggregation = AGGREGATION.replace(
        '        super().__init__()\n        self.add_state("max_value", torch.tensor(0.0), dist_reduce_fx="max")',
        '        self.add_state("max_value", torch.tensor(0.0), dist_reduce_fx="max")\n        super().__init__()')
    assert placed(_project(tmp_path, "MaxMetric", aggregation) / "train.py") == []


ONE_MODULE = BASE + "\n\n" + AGGREGATION.replace("from base import Metric\n", "") + '''
max_metric, mean_metric = MaxMetric(), MeanMetric()
probe(max_metric._reductions)
probe(mean_metric._reductions)
'''


def _entries(source: str) -> list[dict[str, list[str]] | None]:
    ctx = context(source)
    out = []
    for call in [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"]:
        (held,) = ctx.values(call.args[0])
        found, complete = ctx.flow.entries(held)
        out.append(None if found is None or not complete else
                   {key: [ctx.doc.source(x.node) for x in entry.values()] for key, entry in found.items()})
    return out


def test_each_instance_holds_the_entries_its_own_construction_fills():
    assert _entries(ONE_MODULE) == [{"max_value": ['"max"']}, {"total": ['"sum"'], "count": ['"sum"']}]


def test_a_fill_under_a_test_leaves_the_entries_unknown():
    source = ONE_MODULE.replace('        self.add_state("max_value", torch.tensor(0.0), dist_reduce_fx="max")',
                                '        if torch.cuda.is_available():\n'
                                '            self.add_state("max_value", torch.tensor(0.0), dist_reduce_fx="max")')
    assert _entries(source)[0] is None
