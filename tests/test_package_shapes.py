"""How training projects lay out their packages: a registry in a package's `__init__` filled through
`from . import register` by its submodules, a preset module imported by `import_module` relative to the
package's own `__name__`, attrs configs whose defaults are factories, and a checkpoint path a function returns."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

BLOCK = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n"


def project(root: Path, files: dict[str, str]) -> None:
    root.mkdir(parents=True, exist_ok=True)
    tree(root, files)


def found(path: Path) -> list[tuple]:
    """Each finding of the checked file: code, severity, line, and where the value it is about is written."""
    return [(f.code, f.severity.value, f.span.start.line + 1,
             f.elsewhere and (str(Path(f.elsewhere.path).relative_to(path.parent)), f.elsewhere.span.start.line + 1))
            for f in check_source(path.read_text(), str(path)).findings]


# --- a registry of a package's `__init__`, filled by `from . import register` in its submodules -------------
BACKENDS = '''\
_BACKENDS = {}


def register(name):
    def decorator(fn):
        _BACKENDS[name] = fn
        return fn

    return decorator


def fabric_kwargs(name):
    return _BACKENDS[name]()


from . import tpu  # noqa: E402,F401
'''
TPU = '''\
from lightning.fabric.strategies import XLAFSDPStrategy

from {imported} import register


@register("tpu")
def tpu_backend():
    return {{"accelerator": "tpu", "precision": "{precision}", "strategy": XLAFSDPStrategy()}}
'''
BACKEND_TRAIN = '''\
import argparse

from lightning.fabric import Fabric

import backends


def train(fabric):
    pass


parser = argparse.ArgumentParser()
parser.add_argument("--backend", default="tpu")
args = parser.parse_args()
fabric = Fabric(**backends.fabric_kwargs(args.backend))
fabric.launch(train)
'''


def backends(root: Path, imported: str = ".", precision: str = "bf16-mixed") -> Path:
    project(root, {"backends/__init__.py": BACKENDS, "backends/tpu.py": TPU.format(imported=imported, precision=precision),
                "train.py": BACKEND_TRAIN})
    return root / "train.py"


def test_a_registration_through_from_dot_import_is_read_as_the_package_s_name_spelt(tmp_path):
    assert found(backends(tmp_path / "dots")) == [("LXF007", "error", 15, ("backends/tpu.py", 8))]
    assert found(backends(tmp_path / "named", imported="backends")) == found(backends(tmp_path / "dots"))


def test_the_registered_backend_that_runs_is_silent(tmp_path):
    assert found(backends(tmp_path, precision="bf16-true")) == []


# --- `import_module` of a preset module, relative to the package's `__name__` -----------------------------
CONFIGS = '''\
import importlib
import os

PRESET = os.environ.get("PRESET", "pod")
preset = importlib.import_module({call})
'''
POD = BLOCK + "\n\nWRAP = {{Block}}\nREMAT = {remat}\n"
CONFIG_TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import preset


def train(fabric):
    pass


strategy = XLAFSDPStrategy(auto_wrap_policy=preset.WRAP, activation_checkpointing_policy=preset.REMAT)
Fabric(accelerator="tpu", strategy=strategy).launch(train)
'''


def configs(root: Path, call: str, remat: str = "[Block]", init: str = "configs/__init__.py") -> Path:
    project(root, {init: CONFIGS.format(call=call), "configs/pod.py": POD.format(remat=remat),
                "train.py": CONFIG_TRAIN})
    return root / "train.py"


def test_a_preset_module_named_from_the_package_s_own_name_is_read(tmp_path):
    expected = [("LXF001", "error", 11, ("configs/pod.py", 9))]
    assert found(configs(tmp_path / "fstring", 'f"{__name__}.{PRESET}"')) == expected
    assert found(configs(tmp_path / "package", '"." + PRESET, __name__')) == expected
    assert found(configs(tmp_path / "keyword", 'f".{PRESET}", package=__package__')) == expected


def test_the_preset_that_runs_is_silent(tmp_path):
    assert found(configs(tmp_path, 'f"{__name__}.{PRESET}"', remat="{Block}")) == []


def test_a_relative_name_without_a_known_package_stays_unknown(tmp_path):
    assert found(configs(tmp_path / "nopackage", 'f".{PRESET}"')) == []
    assert found(configs(tmp_path / "unknown", 'f".{PRESET}", os.environ["PKG"]')) == []
    assert found(configs(tmp_path / "toohigh", '"..." + PRESET, __name__')) == []


# --- attrs configs whose defaults are factories ---------------------------------------------------------
OPTIM = '''\
from typing import Optional

import attrs


@attrs.define
class OptimConfig:
    clip_val: Optional[float] = {clip}
    max_norm: Optional[float] = {norm}
'''
RUN = '''\
import attr
import attrs

from optim import OptimConfig


@{decorator}
class RunConfig:
    steps: int = 2
    optim: OptimConfig = {default}
'''
ATTRS_TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from run import RunConfig


def train(fabric, cfg):
    fabric.clip_gradients(None, None, clip_val=cfg.optim.clip_val, max_norm=cfg.optim.max_norm)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train, RunConfig())
'''


def attrs_project(root: Path, default: str, decorator: str = "attrs.define", by_value: bool = True) -> Path:
    clip, norm = ("1.0", "None") if by_value else ("None", "1.0")
    project(root, {"optim.py": OPTIM.format(clip=clip, norm=norm), "run.py": RUN.format(decorator=decorator, default=default),
                "train.py": ATTRS_TRAIN})
    return root / "train.py"


def test_an_attrs_factory_default_is_what_the_factory_builds(tmp_path):
    expected = [("LXF014", "error", 8, ("optim.py", 8))]
    assert found(attrs_project(tmp_path / "field", "attrs.field(factory=OptimConfig)")) == expected
    assert found(attrs_project(tmp_path / "factory", "attrs.Factory(OptimConfig)")) == expected
    assert found(attrs_project(tmp_path / "default", "attr.ib(default=attr.Factory(OptimConfig))",
                               decorator="attr.s(auto_attribs=True)")) == expected
    assert found(attrs_project(tmp_path / "ib", "attr.ib(factory=OptimConfig)", decorator="attr.s(auto_attribs=True)")) \
        == expected


def test_the_attrs_config_that_clips_by_norm_is_silent(tmp_path):
    assert found(attrs_project(tmp_path, "attrs.field(factory=OptimConfig)", by_value=False)) == []


# --- a checkpoint path a function returns --------------------------------------------------------------------
PATHS = '''\
from pathlib import Path

OUT_DIR = Path("runs")


def checkpoint_path(step){returns}:
    return OUT_DIR / f"step-{{step}}"
'''
SAVE_TRAIN = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from paths import checkpoint_path


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(2, 2))
    fabric.save({path}, {{"model": model}})


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


def saving(root: Path, path: str = "checkpoint_path(1)", returns: str = " -> Path") -> Path:
    project(root, {"paths.py": PATHS.format(returns=returns), "train.py": SAVE_TRAIN.format(path=path)})
    return root / "train.py"


def test_a_path_a_function_returns_is_a_path_and_its_use_converts_it(tmp_path):
    # it says it returns a Path: the call that needs a str is where the fix belongs
    assert found(saving(tmp_path / "annotated")) == [("LXF029", "error", 10, None)]
    # it says nothing: the path is made in paths.py
    assert found(saving(tmp_path / "plain", returns="")) == [("LXF029", "error", 10, ("paths.py", 7))]


def test_a_returned_path_made_a_str_is_silent(tmp_path):
    assert found(saving(tmp_path / "str", path="str(checkpoint_path(1))")) == []
    assert found(saving(tmp_path / "os", path='__import__("os").path.join("runs", "x")')) == []


# --- `from . import x` names its own package only -----------------------------------------------------------
SCRIPT = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def train(fabric):
    pass


if __name__ == "__main__":
    Fabric(accelerator="tpu", precision="bf16-mixed", strategy=XLAFSDPStrategy()).launch(train)
'''


def test_a_from_dot_import_beside_a_word_of_the_script_s_name_does_not_import_the_script(tmp_path):
    # tests/test_cli.py imports a top-level `run` and its own package's helpers: it names neither tests/case/ nor
    # a package above it, so tests/case/run.py is no module it imports and its `__main__` block is the project's
    # run (an error, not a smoke test's warning)
    project(tmp_path, {"tests/__init__.py": "", "tests/helpers.py": "",
                       "tests/test_cli.py": "from run import main\n\nfrom . import helpers\n",
                       "tests/case/run.py": SCRIPT})
    assert found(tmp_path / "tests/case/run.py") == [("LXF007", "error", 10, None)]
