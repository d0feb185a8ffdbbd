"""A base class of a small training library (`core/trainer.py`'s `Trainer`) that only the modules importing
it build, as a subclass of another module (`LanguageModelTask(fabric)` in train.py): `self` of the base holds
what those constructions leave (the launched Fabric, the raw module the subclass's hook returns), and the
checkpoint state a hook override returns is read in the override's module and reported there."""

from __future__ import annotations

from .test_flow import kinds
from .test_foreign_placement import placed
from .test_helpers_elsewhere import tree

TRAINER = '''\
import torch


class Trainer:
    def __init__(self, fabric):
        self.fabric = fabric
        self.network = self.configure_model()
        self.model = None
        self.step = 0

    def configure_model(self):
        raise NotImplementedError

    def checkpoint_state(self):
        return {"model": self.model, "step": self.step}

    def fit(self):
        self.model = self.fabric.setup_module(self.network)
        self.step += 1
        self.fabric.save("ckpt", STATE)
'''

TASK = '''\
from torch import nn

from trainer import Trainer


class Task(Trainer):
    def configure_model(self):
        return nn.Linear(2, 2)
OVERRIDE'''

TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from task import Task


def main(fabric):
    Task(fabric).fit()


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
'''

OVERRIDE = '''
    def checkpoint_state(self):
        return {"model": self.network, "step": self.step}
'''


def _project(tmp_path, state: str, override: str = ""):
    return tree(tmp_path, {"trainer.py": TRAINER.replace("STATE", state), "task.py": TASK.replace("OVERRIDE", override),
                           "train.py": TRAIN})


def test_the_raw_module_a_subclass_hook_gives_the_base_is_flagged_in_the_base(tmp_path):
    root = _project(tmp_path, '{"model": self.network}')
    assert placed(root / "trainer.py") == [("LXF023", "error", 20, 43, None)]


def test_the_set_up_model_of_the_base_is_silent(tmp_path):
    assert placed(_project(tmp_path, '{"model": self.model}') / "trainer.py") == []
    assert placed(_project(tmp_path, "self.checkpoint_state()") / "trainer.py") == []


def test_the_state_an_override_returns_is_flagged_where_the_override_writes_it(tmp_path):
    root = _project(tmp_path, "self.checkpoint_state()", OVERRIDE)
    assert placed(root / "trainer.py") == [("LXF023", "error", 20, 33, ("task.py", 11, 25, "self.network"))]


def test_a_stub_that_raises_returns_nothing_known():
    assert kinds("""
    def configure_model():
        raise NotImplementedError
    probe(configure_model())
    """) == ["unknown"]


def test_an_override_returning_the_set_up_model_is_silent(tmp_path):
    root = _project(tmp_path, "self.checkpoint_state()", OVERRIDE.replace("self.network", "self.model"))
    assert placed(root / "trainer.py") == []


# --- an attribute a base's other method stores through `self.fabric` (`self.opt = self.fabric.setup_optimizers(...)`):
# read in the override's module, it is what the base module reads with the subclasses' constructions
ENGINE = '''\
import torch


class Engine:
    def __init__(self, fabric, steps=1):
        self.fabric = fabric
        self.steps = steps
        self.net = self.build()
        self.wrapped = None
        self.opt = None

    def build(self):
        raise NotImplementedError

    def snapshot(self):
        return {"net": self.wrapped}

    def prepare(self):
        self.wrapped = self.fabric.setup_module(self.net)
        self.opt = self.fabric.setup_optimizers(torch.optim.SGD(self.wrapped.parameters(), lr=0.1))

    def run(self):
        self.prepare()
        for _ in range(self.steps):
            self.fabric.save("snap", self.snapshot())
'''

CLASSIFIER = '''\
from torch import nn

from engine import Engine


class Classifier(Engine):
    def build(self):
        return nn.Sequential(nn.Linear(4, 4), nn.ReLU())

    def snapshot(self):
        return {"net": NET, "opt": self.opt, "steps": self.steps}
'''

RUN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from classifier import Classifier


def work(fabric):
    Classifier(fabric, steps=2).run()


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(work)
'''


def _engine(tmp_path, net: str):
    return tree(tmp_path, {"engine.py": ENGINE, "classifier.py": CLASSIFIER.replace("NET", net), "run.py": RUN})


def test_an_optimizer_a_base_method_sets_up_leaves_the_overrides_raw_module_flagged(tmp_path):
    root = _engine(tmp_path, "self.net")
    assert placed(root / "engine.py") == [("LXF023", "error", 25, 37, ("classifier.py", 11, 23, "self.net"))]


def test_an_optimizer_a_base_method_sets_up_beside_the_set_up_module_is_silent(tmp_path):
    assert placed(_engine(tmp_path, "self.wrapped") / "engine.py") == []
