"""A settings object one module binds at its top level (`settings = Settings()`) and another module's function
tests (`if settings.clip_by == "value":`): the test is decided by what the object holds, with what the binding
module stores into it (`configure(**overrides)` setting each keyword its callers pass), so the code under a
branch no run takes is not flagged, and the one a run takes still is."""

from __future__ import annotations

from .test_helpers_elsewhere import found, tree

SETTINGS = '''\
class Settings:
    def __init__(self):
        self.grad_clip = 1.0
        self.clip_by = "norm"


settings = Settings()


def configure(**overrides):
    for key, value in overrides.items():
        setattr(settings, key, value)
    return settings
'''
LOOP = '''\
from settings import settings


def clip(fabric, model, optimizer):
    if settings.clip_by == "value":
        fabric.clip_gradients(model, optimizer, clip_val=settings.grad_clip)
    else:
        fabric.clip_gradients(model, optimizer, max_norm=settings.grad_clip)


def train(fabric):
    clip(fabric, None, None)
'''
TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from loop import train
from settings import configure

configure({overrides})
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(train)
'''
MESSAGE = ("XLA's FSDP strategy does not support to clip gradients by value: `clip_val` raises NotImplementedError. "
           "Clip by norm with `max_norm` instead")


def test_a_branch_the_settings_object_never_takes_is_not_flagged(tmp_path):
    tree(tmp_path, {"settings.py": SETTINGS, "loop.py": LOOP, "train.py": TRAIN.format(overrides="grad_clip=0.5")})
    assert found(tmp_path / "loop.py") == []
    assert found(tmp_path / "train.py") == []


def test_a_branch_a_configure_call_picks_is_flagged_where_the_call_runs(tmp_path):
    tree(tmp_path, {"settings.py": SETTINGS, "loop.py": LOOP,
                    "train.py": TRAIN.format(overrides='clip_by="value", grad_clip=0.5')})
    assert found(tmp_path / "loop.py") == [("LXF014", "error", MESSAGE, 6, 48)]
    assert found(tmp_path / "train.py") == [
        ("LXF014", "error", f"{MESSAGE} (in `clip`, `loop.py`, line 6, for this call)", 9, 0)]


def test_a_setattr_of_keys_the_file_cannot_read_leaves_the_test_and_the_value_undecided(tmp_path):
    # the keys come from a file: `clip_by` may be "value", and `grad_clip` may be anything, None included
    train = TRAIN.format(overrides="**dict(line.split('=') for line in open('run.cfg'))")
    tree(tmp_path, {"settings.py": SETTINGS, "loop.py": LOOP, "train.py": train})
    maybe = f"{MESSAGE}; here whenever `settings.grad_clip` is not None"
    assert found(tmp_path / "loop.py") == [("LXF014", "warning", maybe, 6, 48)]
    assert found(tmp_path / "train.py") == [("LXF014", "warning", f"{maybe} (in `clip`, `loop.py`, line 6, for this call)", 9, 0)]


def test_a_test_on_the_object_alone_is_still_the_walks(tmp_path):
    # `if settings:` reads the object itself, not one of its attributes: nothing is decided from it
    loop = LOOP.replace('if settings.clip_by == "value":', "if settings:")
    tree(tmp_path, {"settings.py": SETTINGS, "loop.py": loop, "train.py": TRAIN.format(overrides="grad_clip=0.5")})
    assert [f[:2] for f in found(tmp_path / "loop.py")] == [("LXF014", "error")]
