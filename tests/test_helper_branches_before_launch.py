"""Tests in a helper's body decided as the run takes them: a device use in a helper called before the launch
(LXF019) is not reported in a branch its walk decides against, and is a warning naming the test when the test
is not decided; a module's dict read by keys (`CF["setup"]["joint"]`, and through a cached `get_config()` that
only returns it) decides an `if` as a comparison of it does. The findings are exact."""

from __future__ import annotations

from errata_lsp.analysis import check_source

BEFORE_LAUNCH = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

STAGE = {"on": False}


def setup(fabric, flag):
    data = torch.zeros(2)
    if {test}:
        data = fabric.to_device(data)
    return data


def train(fabric):
    pass


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    setup(fabric, flag=input())
    fabric.launch(train)
"""
DEVICE = ("Accessing the XLA device before processes have spawned is not allowed: `fabric.to_device` runs in `setup`, "
          "called at line 21 before `fabric.launch(train)` (line 22), in the parent process, so XLAFSDPStrategy "
          "raises RuntimeError. Move it into the launched function")


def before_launch(test: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(BEFORE_LAUNCH.replace("{test}", test)).findings]


def test_a_use_in_every_run_of_the_helper_is_an_error():
    assert before_launch("True") == [("LXF019", "error", DEVICE, 11, 15)]


def test_a_use_in_a_branch_never_taken_is_not_reported():
    assert before_launch("False") == []
    assert before_launch('STAGE["on"]') == []


def test_a_use_under_a_test_the_file_cannot_decide_is_a_warning_naming_it():
    assert before_launch("flag == 'yes'") == [("LXF019", "warning", DEVICE + "; when flag == 'yes'", 11, 15)]


def test_a_use_in_the_else_of_an_undecided_test_names_its_negation():
    text = BEFORE_LAUNCH.replace("{test}", "flag").replace(
        "        data = fabric.to_device(data)", "        pass\n    else:\n        data = fabric.to_device(data)")
    assert [(f.code, f.severity.value, f.message) for f in check_source(text).findings] == [
        ("LXF019", "warning", DEVICE.replace("line 21", "line 23").replace("line 22", "line 24") + "; when not flag")]


JOINT = """\
import functools

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

CF = {"setup": {"joint": JOINT}}


@functools.lru_cache(maxsize=None)
def get_config():
    return CF


def prepare(fabric, model, opt):
    if {test}:
        return fabric.setup(model, opt)
    return fabric.setup_module(model), None


def train(fabric):
    prepare(fabric, None, None)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""


def joint(test: str, value: str) -> list[tuple[str, str, int]]:
    text = JOINT.replace("{test}", test).replace("JOINT}}", value + "}}")
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(text).findings]


def test_a_module_dict_s_false_entry_decides_the_test():
    assert joint('CF["setup"]["joint"]', "False") == []
    assert joint('CF["setup"]["joint"]', "True") == [("LXF012", "error", 16)]


def test_a_cached_function_returning_the_module_dict_decides_the_test():
    assert joint('get_config()["setup"]["joint"]', "False") == []
    assert joint('not get_config()["setup"]["joint"]', "False") == [("LXF012", "error", 16)]
