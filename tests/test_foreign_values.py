"""Values another module of the project writes, as the packs read them: `Context.held` gives the one value an
expression holds wherever it is written, with the module that writes it, so a plugin a helper of another module
builds, a list of plugins it returns, or a class of another module that derives from a Lightning class is read
with THAT module's imports; the finding is underlined here and placed where the value is written."""

from __future__ import annotations

import ast
import os
from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.values import Value

from .test_flow import context
from .test_helpers_elsewhere import tree


def found(path: Path) -> list[tuple]:
    """(code, severity, message, line, column, fix titles, where it is placed: file, line, column)."""
    out = []
    for f in check_source(path.read_text(), str(path)).findings:
        place = f.elsewhere
        out.append((f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column,
                    [fix.title for fix in f.fixes],
                    None if place is None else (os.path.relpath(place.path, path.parent), place.span.start.line + 1,
                                                place.span.start.column)))
    return out


# --- the mechanism ---------------------------------------------------------------------------------------
def test_held_gives_the_module_that_writes_a_value_and_places_it_there(tmp_path):
    helper = "from lightning.fabric.plugins import HalfPrecision as HP\n\n\ndef plugins():\n    return [HP()]\n"
    train = "from helper import plugins\n\nHP = None\nprobe(plugins())\nprobe(HP)\n"
    tree(tmp_path, {"helper.py": helper, "train.py": train})
    ctx = context(train, str(tmp_path / "train.py"))
    first, second = [c.args[0] for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"]
    held = ctx.held(first)
    assert held is not None and isinstance(held.node, ast.List) and held.value.kind == "list"
    assert not held.here and held.owner is not ctx and held.node not in ctx.parents
    assert held.place is not None and held.place.path == str(tmp_path / "helper.py")
    assert (held.place.span.start.line, held.place.span.start.column) == (4, 11)
    assert held.source() == "[HP()]"
    call = held.node.elts[0]
    # the name inside is the helper's: its import, not this document's `HP = None`
    assert held.owner.resolve(call.func) == "lightning.fabric.plugins.HalfPrecision"
    assert ctx.resolve(second) is None
    element = held.owner.held(call, unknown=True)
    assert element is not None and element.node is call and not element.here
    assert held.owner.held(call) is None  # an object of no kind the layer knows, unless asked for
    mine = ctx.held(second)
    assert mine is not None and mine.here and mine.owner is ctx and mine.place is None and mine.value.kind == "none"


def test_a_value_whose_node_is_in_neither_this_tree_nor_its_flow_s_is_not_placed():
    ctx = context("x = [1]\nprobe(x)\n")
    other = ast.parse("y = [2]\n").body[0].value  # a node of a tree neither module holds (a third module's)
    assert ctx.owner_of(Value("list", other, flow=ctx.flow)) is None
    assert ctx.owner_of(Value("list", None, flow=ctx.flow)) is None
    mine = next(n for n in ctx.nodes(ast.List))
    assert ctx.owner_of(Value("list", mine, flow=ctx.flow)) is ctx


def test_held_is_none_for_a_value_of_several_paths():
    ctx = context("import sys\nx = [1] if sys.argv else (2,)\nprobe(x)\n")
    call = next(c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe")
    assert ctx.held(call.args[0]) is None


# --- a plugin a helper of another module builds -----------------------------------------------------------
PRECISION = """\
from lightning.fabric.plugins import {cls}


def precision_plugin(args):
    if args.bf16:
        return {cls}("bf16-true")
    return {cls}("16-true")
"""

STRATEGY = """\
from dataclasses import dataclass

from lightning.fabric.strategies import XLAFSDPStrategy

from plugins import precision_plugin


@dataclass
class Args:
    bf16: bool = True


strategy = XLAFSDPStrategy(precision=precision_plugin(Args()))
"""


def test_a_precision_plugin_a_helper_of_another_module_returns_is_flagged_at_the_argument_and_placed_there(tmp_path):
    tree(tmp_path, {"plugins.py": PRECISION.format(cls="HalfPrecision"), "train.py": STRATEGY})
    assert found(tmp_path / "train.py") == [(
        "LXF008", "error",
        "The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found `HalfPrecision(\"bf16-true\")` "
        "(`plugins.py`, line 6): `XLAFSDPStrategy(...)` raises TypeError in its constructor. Prefer the string flag, "
        "`Fabric(precision='bf16-true')` ('32-true', '16-true' or 'bf16-true')",
        13, 37, [], ("plugins.py", 6, 15))]
    tree(tmp_path, {"plugins.py": PRECISION.format(cls="XLAPrecision")})
    assert found(tmp_path / "train.py") == []


def test_the_helper_s_names_are_read_with_its_own_imports(tmp_path):
    # the helper builds its own `HalfPrecision`, no Lightning class, while this document imports Lightning's
    own = "class HalfPrecision:\n    def __init__(self, precision):\n        self.precision = precision\n\n\n"
    helper = own + "def precision_plugin(args):\n    return HalfPrecision('bf16-true')\n"
    train = STRATEGY.replace("from plugins import", "from lightning.fabric.plugins import HalfPrecision\nfrom plugins import")
    tree(tmp_path, {"plugins.py": helper, "train.py": train})
    assert found(tmp_path / "train.py") == []
    # and the other way round: Lightning's class in the helper, a class of this document's own by that name
    helper = "from lightning.fabric.plugins import HalfPrecision\n\n\ndef precision_plugin(args):\n" \
             "    return HalfPrecision('bf16-true')\n"
    train = STRATEGY.replace("@dataclass\nclass Args", own + "@dataclass\nclass Args")
    tree(tmp_path, {"plugins.py": helper, "train.py": train})
    assert [(code, line, column, place) for code, _, _, line, column, _, place in found(tmp_path / "train.py")] == [
        ("LXF008", 18, 37, ("plugins.py", 5, 11))]


def test_a_same_file_helper_returning_the_plugin_is_flagged_at_its_call_without_a_fix(tmp_path):
    train = ("from lightning.fabric.plugins import HalfPrecision\n"
             "from lightning.fabric.strategies import XLAFSDPStrategy\n\n\n"
             "def plugin():\n    return HalfPrecision('bf16-true')\n\n\n"
             "strategy = XLAFSDPStrategy(precision=plugin())\n")
    tree(tmp_path, {"train.py": train})
    assert [(code, severity, line, column, fixes, place) for code, severity, _, line, column, fixes, place
            in found(tmp_path / "train.py")] == [("LXF008", "error", 9, 37, [], None)]
    tree(tmp_path, {"train.py": train.replace("HalfPrecision", "XLAPrecision")})
    assert found(tmp_path / "train.py") == []


def test_a_strategy_of_another_module_that_sets_its_own_precision_leaves_the_plugins_list_alone(tmp_path):
    # Fabric raises "precision set through both strategy class and plugins" first
    helper = ("from lightning.fabric.plugins import {cls}\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n\n"
              "def make_strategy():\n    return XLAFSDPStrategy({given})\n")
    train = ("from lightning.fabric import Fabric\nfrom lightning.fabric.plugins import HalfPrecision\n\n"
             "from strategies import make_strategy\n\n"
             "fabric = Fabric(strategy=make_strategy(), plugins=[HalfPrecision('bf16-true')])\n")
    tree(tmp_path, {"strategies.py": helper.format(cls="XLAPrecision", given="precision=XLAPrecision('bf16-true')"),
                    "train.py": train})
    assert found(tmp_path / "train.py") == [(  # LXF008 is silent: LXF043's raise comes first
        "LXF043", "error", "precision set through both strategy class and plugins, choose one: `Fabric(...)` raises "
        "ValueError because the strategy already has `XLAPrecision('bf16-true')` (`strategies.py`, line 6) and "
        "`plugins=` gives `HalfPrecision('bf16-true')`", 6, 42, ["Remove `precision=` from the strategy"], None)]
    tree(tmp_path, {"strategies.py": helper.format(cls="XLAPrecision", given="precision=None")})
    assert [(code, severity, line, column, place) for code, severity, _, line, column, _, place
            in found(tmp_path / "train.py")] == [("LXF008", "error", 6, 51, None)]


# --- a list of plugins, and a subclass, of other modules ------------------------------------------------
MANIFEST_IO = """\
import json

from lightning.fabric.plugins import {base}


class ManifestCheckpointIO({base}):
    def __init__(self, run_name):
        super().__init__()
        self.run_name = run_name
"""

BUILD = """\
from .manifest_io import ManifestCheckpointIO


def build_plugins(run_name):
    return [ManifestCheckpointIO(run_name=run_name)]
"""

TRAIN = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from ckpt.plugins import build_plugins

fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), plugins=build_plugins("run"))
"""


def test_a_plugins_list_another_module_builds_of_a_third_module_s_subclass_is_placed_at_the_subclass_base(tmp_path):
    tree(tmp_path, {"ckpt/__init__.py": "", "ckpt/manifest_io.py": MANIFEST_IO.format(base="TorchCheckpointIO"),
                    "ckpt/plugins.py": BUILD, "train.py": TRAIN})
    assert found(tmp_path / "train.py") == [(
        "LXF009", "error",
        "The XLA strategy can only work with the `XLACheckpointIO` plugin, found `ManifestCheckpointIO`, a "
        "`TorchCheckpointIO` subclass (`manifest_io.py`, line 6): `Fabric(...)` raises TypeError when it hands the "
        "plugin to the strategy. XLAFSDPStrategy uses `XLACheckpointIO` when given none; derive "
        "`ManifestCheckpointIO` from `XLACheckpointIO`",
        6, 71, [], ("ckpt/manifest_io.py", 6, 27))]
    tree(tmp_path, {"ckpt/manifest_io.py": MANIFEST_IO.format(base="XLACheckpointIO")})
    assert found(tmp_path / "train.py") == []


def test_a_plugin_list_another_module_builds_of_a_lightning_class_is_placed_at_its_call(tmp_path):
    build = "from lightning.fabric.plugins import {cls}\n\n\ndef build_plugins(run_name):\n    return [{cls}()]\n"
    tree(tmp_path, {"ckpt/__init__.py": "", "ckpt/plugins.py": build.format(cls="TorchCheckpointIO"), "train.py": TRAIN})
    assert [(code, severity, line, column, fixes, place) for code, severity, _, line, column, fixes, place
            in found(tmp_path / "train.py")] == [("LXF009", "error", 6, 71, [], ("ckpt/plugins.py", 5, 12))]
    assert "found `TorchCheckpointIO()` (`plugins.py`, line 5)" in found(tmp_path / "train.py")[0][2]
    tree(tmp_path, {"ckpt/plugins.py": build.format(cls="XLACheckpointIO")})
    assert found(tmp_path / "train.py") == []


def test_a_list_written_here_of_a_subclass_of_another_module_is_underlined_here_and_placed_at_its_base(tmp_path):
    train = TRAIN.replace("from ckpt.plugins import build_plugins", "import ckpt.manifest_io as io").replace(
        'build_plugins("run")', '[io.ManifestCheckpointIO("run")]')
    tree(tmp_path, {"ckpt/__init__.py": "", "ckpt/manifest_io.py": MANIFEST_IO.format(base="TorchCheckpointIO"),
                    "train.py": train})
    assert [(code, severity, line, column, fixes, place) for code, severity, _, line, column, fixes, place
            in found(tmp_path / "train.py")] == [("LXF009", "error", 6, 72, [], ("ckpt/manifest_io.py", 6, 27))]
    tree(tmp_path, {"ckpt/manifest_io.py": MANIFEST_IO.format(base="XLACheckpointIO")})
    assert found(tmp_path / "train.py") == []


def test_a_plugin_another_module_appends_on_some_paths_is_a_warning_placed_there(tmp_path):
    build = ("from lightning.fabric.plugins import {cls}\n\n\ndef build_plugins(args):\n    plugins = []\n"
             "    if args.bf16:\n        plugins.append({cls}('bf16-true'))\n    return plugins\n")
    train = ("from lightning.fabric import Fabric\n\nfrom plugins import build_plugins\n\n\n"
             "def main(args):\n    return Fabric(strategy='xla_fsdp', plugins=build_plugins(args))\n")
    tree(tmp_path, {"plugins.py": build.format(cls="HalfPrecision"), "train.py": train})
    [(code, severity, message, line, column, fixes, place)] = found(tmp_path / "train.py")
    assert (code, severity, line, column, fixes, place) == ("LXF008", "warning", 7, 47, [], ("plugins.py", 7, 23))
    assert message.endswith("; when args.bf16")
    tree(tmp_path, {"plugins.py": build.format(cls="XLAPrecision")})
    assert found(tmp_path / "train.py") == []


# --- the other pack facts that read one value: across modules too ----------------------------------------
MODEL = """\
from torch import nn
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel as FSDP


class Net(nn.Module):
    pass


def build():
    return {built}
"""

SYNC = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import build


def train(fabric):
    model = build()
    with fabric.strategy._backward_sync_control.no_backward_sync(model, True):
        pass


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""


def test_a_raw_module_a_helper_of_another_module_builds_is_read_there_for_the_internal_sync(tmp_path):
    tree(tmp_path, {"model.py": MODEL.format(built="Net()"), "train.py": SYNC})
    assert found(tmp_path / "train.py") == [(
        "LXF003", "error",
        "Blocking backward sync is only possible if the module passed to "
        "`_XLAFSDPBackwardSyncControl.no_backward_sync` is wrapped in `XlaFullyShardedDataParallel`. Got: the raw "
        "module's class. Use `fabric.no_backward_sync(model)`",
        9, 9, ["Use fabric.no_backward_sync"], None)]
    # the helper wraps it itself, with the name its own import gives the wrapper
    tree(tmp_path, {"model.py": MODEL.format(built="FSDP(Net())")})
    assert found(tmp_path / "train.py") == []


PRECISION_FLAG = """\
from lightning.fabric import Fabric

from strategies import make

fabric = Fabric(strategy=make(), precision="bf16-mixed")
"""

MAKE = """\
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy


def make():
    return XLAFSDPStrategy(precision={precision})
"""


def test_a_strategy_of_another_module_with_its_own_precision_plugin_takes_over_the_precision_flag(tmp_path):
    tree(tmp_path, {"strategies.py": MAKE.format(precision="XLAPrecision('bf16-true')"), "train.py": PRECISION_FLAG})
    assert found(tmp_path / "train.py") == []
    tree(tmp_path, {"strategies.py": MAKE.format(precision="None")})
    assert [(code, severity, line, column, fixes) for code, severity, _, line, column, fixes, _
            in found(tmp_path / "train.py")] == [("LXF007", "error", 5, 43, ['Use precision="bf16-true"'])]


def test_plugins_a_config_module_leaves_none_are_no_plugins(tmp_path):
    train = ("from lightning.fabric import Fabric\n\nimport config\n\n"
             "fabric = Fabric(strategy='xla_fsdp', precision='bf16-mixed', plugins=config.PLUGINS)\n")
    tree(tmp_path, {"config.py": "PLUGINS = None\n", "train.py": train})
    assert [(code, severity, line, column) for code, severity, _, line, column, _, _
            in found(tmp_path / "train.py")] == [("LXF007", "error", 5, 47)]
    tree(tmp_path, {"config.py": "from lightning.fabric.plugins import XLAPrecision\n\nPLUGINS = [XLAPrecision('bf16-true')]\n"})
    assert found(tmp_path / "train.py") == [(  # Fabric raises "Received both" first: LXF042, not LXF007
        "LXF042", "error", "Received both `precision='bf16-mixed'` and a precision plugin in `plugins=`, "
        "`XLAPrecision('bf16-true')` (`config.py`, line 3): `Fabric(...)` raises ValueError (choose one). Keep one: the "
        "plugin, or the flag alone", 5, 37, ["Remove `precision='bf16-mixed'` (the plugin sets it)"], None)]


RESUME = """\
from lightning.fabric import Fabric

from config import CKPT


def train(fabric):
    model = fabric.setup_module(Net())
    fabric.save(CKPT, {{"model": model{saved}}})
    fabric.load(CKPT, {{"model": model, "step": 0}})


Fabric(strategy="xla_fsdp").launch(train)
"""


def test_a_checkpoint_path_a_config_module_names_pairs_the_save_and_the_load(tmp_path):
    tree(tmp_path, {"config.py": "CKPT = 'checkpoints/last'\n", "train.py": RESUME.format(saved="")})
    assert found(tmp_path / "train.py") == [(
        "LXF032", "error",
        "`fabric.save(CKPT, ...)` (line 8) writes 'model', not 'step', so this sharded load raises KeyError: The "
        "requested state contains a key 'step' that does not exist in the loaded checkpoint. Save it too, or do not "
        "ask for it and keep its value from before the load",
        9, 39, ["Do not ask for 'step': the checkpoint has none"], None)]
    tree(tmp_path, {"train.py": RESUME.format(saved=', "step": 1')})
    assert found(tmp_path / "train.py") == []


STATE = """\
from lightning.fabric import Fabric

from model import Net


def train(fabric):
    model = {model}
    fabric.save("ckpt/", {{"model": model, "step": 10}})


Fabric(strategy="xla_fsdp").launch(train)
"""


def test_a_module_class_of_another_module_saved_raw_is_the_raw_module(tmp_path):
    tree(tmp_path, {"model.py": "from torch import nn\n\n\nclass Net(nn.Module):\n    pass\n",
                    "train.py": STATE.format(model="Net()")})
    assert found(tmp_path / "train.py") == [(
        "LXF023", "error",
        "Could not find a XLAFSDP model in the provided checkpoint state: `model` is the raw module, not the one "
        "`setup_module` returned, so `fabric.save` raises ValueError. Make sure you set up the model (and optimizers "
        "if any) through the strategy before saving the checkpoint",
        8, 35, [], None)]
    tree(tmp_path, {"train.py": STATE.format(model="fabric.setup_module(Net())")})
    assert found(tmp_path / "train.py") == []
    tree(tmp_path, {"model.py": "class Net:\n    pass\n", "train.py": STATE.format(model="Net()")})
    assert found(tmp_path / "train.py") == []  # no module: the file cannot tell what the state wants


def test_a_base_class_of_another_module_is_a_torch_module_through_that_module_s_imports(tmp_path):
    train = "from base import Base\n\nnn = None\n\n\nclass Net(Base):\n    pass\n\n\nprobe(Net())\n"
    kinds = []
    for folder, base in (("torch", "from torch import nn\n\n\nclass Base(nn.Module):\n    pass\n"),
                         ("plain", "class Base:\n    pass\n")):
        (tmp_path / folder).mkdir()
        tree(tmp_path / folder, {"base.py": base, "train.py": train})
        ctx = context(train, str(tmp_path / folder / "train.py"))
        call = next(c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe")
        kinds.append([v.kind for v in ctx.values(call.args[0])])
    assert kinds == [["module"], ["instance"]]


# --- a strategy another module builds: its arguments read there ------------------------------------------
FULL_LOAD = """\
from torch import nn
from lightning.fabric import Fabric

from strategies import make


def train(fabric):
    model = nn.Linear(2, 2)
    fabric.load("full.ckpt", {"model": model})


Fabric(strategy=make()).launch(train)
"""

MAKE_FULL = """\
from lightning.fabric.strategies import XLAFSDPStrategy


def make():
    return XLAFSDPStrategy(state_dict_type={kind!r})
"""


def test_the_state_dict_type_of_a_strategy_another_module_builds_is_read_there(tmp_path):
    # a full checkpoint loads into the raw module: fine (it was taken for the sharded default)
    (tmp_path / "full").mkdir()
    tree(tmp_path / "full", {"strategies.py": MAKE_FULL.format(kind="full"), "train.py": FULL_LOAD})
    assert found(tmp_path / "full" / "train.py") == []
    (tmp_path / "sharded").mkdir()
    tree(tmp_path / "sharded", {"strategies.py": MAKE_FULL.format(kind="sharded"), "train.py": FULL_LOAD})
    assert [(code, severity, line, column) for code, severity, _, line, column, _, _
            in found(tmp_path / "sharded" / "train.py")] == [("LXF023", "error", 9, 39)]


MAKE_ACCELERATOR = """\
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import XLAFSDPStrategy


def make():
    return XLAFSDPStrategy({given})
"""

FLAG = """\
from lightning.fabric import Fabric

from strategies import make

fabric = Fabric(accelerator="{flag}", strategy=make())
"""


def test_an_accelerator_a_strategy_of_another_module_carries_clashes_with_the_flag(tmp_path):
    cases = {"xla-tpu": ("accelerator=XLAAccelerator()", "tpu"), "xla-cpu": ("accelerator=XLAAccelerator()", "cpu"),
             "xla-auto": ("accelerator=XLAAccelerator()", "auto"), "none-tpu": ("accelerator=None", "tpu")}
    got = {}
    for name, (given, flag) in cases.items():
        (tmp_path / name).mkdir()
        tree(tmp_path / name, {"strategies.py": MAKE_ACCELERATOR.format(given=given), "train.py": FLAG.format(flag=flag)})
        got[name] = found(tmp_path / name / "train.py")
    assert got["xla-tpu"] == [(
        "LXF011", "error",
        "accelerator set through both strategy class and accelerator flag, choose one: `Fabric(...)` raises ValueError "
        "because the strategy already has `XLAAccelerator()` and the flag is `\"tpu\"` (only \"auto\" is allowed then); "
        "`\"tpu\"` picks the XLA accelerator already (XLAFSDPStrategy runs only there), so the side to drop is the "
        "strategy's `accelerator=XLAAccelerator()` (strategies.py, line 6)",
        5, 16, ["Remove `accelerator=\"tpu\"` from Fabric", "Remove `accelerator=` from the strategy"],
        ("strategies.py", 6, 27))]  # the fix belongs at the pin, the side to drop
    # the clash comes first: no "XLAFSDPStrategy runs on the XLA device, not on the CPU" for the flag
    assert [(code, line, column) for code, _, _, line, column, _, _ in got["xla-cpu"]] == [("LXF011", 5, 16)]
    assert got["xla-auto"] == got["none-tpu"] == []


# --- a helper that builds one plugin or another, on a test the run decides -------------------------------
BRANCHES = """\
from lightning.fabric.plugins import HalfPrecision, XLAPrecision


def precision_plugin(args):
    if args.bf16:
        return {first}("bf16-true")
    return {second}("16-true")
"""

OPTIONS = """\
import argparse

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from plugins import precision_plugin

parser = argparse.ArgumentParser()
parser.add_argument("--bf16", action="store_true")
args = parser.parse_args()
{use}
"""

STRATEGY_USE = "strategy = XLAFSDPStrategy(precision=precision_plugin(args))"
FABRIC_USE = "fabric = Fabric(strategy='xla_fsdp', plugins=[precision_plugin(args)])"


def _branches(tmp_path: Path, first: str, second: str, use: str) -> list[tuple]:
    folder = tmp_path / f"{first}-{second}-{len(use)}"
    folder.mkdir()
    tree(folder, {"plugins.py": BRANCHES.format(first=first, second=second), "train.py": OPTIONS.format(use=use)})
    return found(folder / "train.py")


def test_a_non_xla_plugin_on_every_path_of_the_helper_is_an_error_and_on_some_a_warning_naming_them(tmp_path):
    assert _branches(tmp_path, "HalfPrecision", "HalfPrecision", STRATEGY_USE) == [(
        "LXF008", "error",
        "The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found `HalfPrecision(\"bf16-true\")` "
        "(`plugins.py`, line 6): `XLAFSDPStrategy(...)` raises TypeError in its constructor. Prefer the string flag, "
        "`Fabric(precision='bf16-true')` ('32-true', '16-true' or 'bf16-true')",
        11, 37, [], ("plugins.py", 6, 15))]
    [(code, severity, message, line, column, fixes, place)] = _branches(tmp_path, "HalfPrecision", "XLAPrecision",
                                                                        STRATEGY_USE)
    assert (code, severity, line, column, fixes, place) == ("LXF008", "warning", 11, 37, [], ("plugins.py", 6, 15))
    assert message.endswith("; when args.bf16")
    [(code, severity, message, line, column, fixes, place)] = _branches(tmp_path, "XLAPrecision", "HalfPrecision",
                                                                        FABRIC_USE)
    assert (code, severity, line, column, place) == ("LXF008", "warning", 11, 46, ("plugins.py", 7, 11))
    assert "; when" not in message  # the return after the `if` is read with no condition of its own
    assert _branches(tmp_path, "XLAPrecision", "XLAPrecision", STRATEGY_USE) == []
    assert _branches(tmp_path, "XLAPrecision", "XLAPrecision", FABRIC_USE) == []


def test_a_plugin_or_none_given_to_the_strategy_is_a_warning_and_a_value_of_no_plugin_is_silent(tmp_path):
    head = ("import sys\n\nfrom lightning.fabric.plugins import TorchCheckpointIO\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n\n")
    tree(tmp_path, {"train.py": head + "s = XLAFSDPStrategy(checkpoint_io=TorchCheckpointIO() if sys.argv[1:] else None)\n"})
    [(code, severity, message, line, column, fixes, place)] = found(tmp_path / "train.py")
    assert (code, severity, line, column, fixes, place) == ("LXF009", "warning", 6, 34, [], None)
    assert message.endswith("; when sys.argv[1:]")
    tree(tmp_path, {"train.py": head + "s = XLAFSDPStrategy(checkpoint_io=TorchCheckpointIO() if sys.argv[1:] else make())\n"})
    assert found(tmp_path / "train.py") == []
