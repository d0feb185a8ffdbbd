"""Library-style Python the value-flow layer reads through: attrs classes copied with `attrs.evolve` and read as a
dict by `attrs.asdict`, a `types.MappingProxyType` view, a dict filled by `update` on every turn of a loop over
known presets, a `**` of one of several dicts (a parameter each call gives its own), and a comprehension's
variable over a known display."""

from __future__ import annotations

from errata_lsp.analysis import check_source

from .test_flow import probe

ATTRS_CONFIG = """
import attrs

@attrs.define(frozen=True)
class RunConfig:
    accelerator: str = "cpu"
    precision: str = attrs.field(default="32-true", validator=None)

BASE = RunConfig()
"""


def test_attrs_evolve_is_a_copy_with_the_fields_it_names_changed():
    assert probe(ATTRS_CONFIG + """
TPU = attrs.evolve(BASE, precision="bf16-mixed")
probe(TPU.precision)
""") == [("str", 11, 35, ())]
    # a field it does not name keeps the original's value (here its default)
    assert probe(ATTRS_CONFIG + """
TPU = attrs.evolve(BASE, precision="bf16-mixed")
probe(TPU.accelerator)
""") == [("str", 6, 23, ())]
    # the older spelling of the package
    assert probe(ATTRS_CONFIG.replace("import attrs", "import attr, attrs") + """
TPU = attr.evolve(BASE, accelerator="tpu")
probe(TPU.accelerator)
""") == [("str", 11, 36, ())]


def test_attrs_asdict_is_the_instance_s_fields_as_a_dict():
    assert probe(ATTRS_CONFIG + """
kwargs = attrs.asdict(RunConfig(precision="bf16-true"), recurse=False)
probe(kwargs["precision"])
""") == [("str", 11, 42, ())]
    # an unknown library's `evolve` is no copy of anything
    assert [k for k, *_ in probe(ATTRS_CONFIG + """
import other
probe(other.evolve(BASE, precision="bf16-mixed").precision)
""")] == ["unknown"]


def test_a_mapping_proxy_holds_the_entries_of_the_dict_it_wraps():
    assert probe("""
from types import MappingProxyType
DEFAULTS = MappingProxyType({"reduce_op": "mean"})
merged = {**DEFAULTS, "group": None}
probe(merged["reduce_op"])
""") == [("str", 3, 42, ())]
    assert probe("""
import types
probe(types.MappingProxyType({"a": {1}})["a"])
""") == [("set", 3, 35, ())]


def test_an_update_on_every_turn_of_a_loop_over_known_presets_stores_each_preset_in_turn():
    source = """
BASE = {"auto_wrap_policy": {1}, "state_dict_type": "full"}
REMAT = {"activation_checkpointing_policy": (int,), "state_dict_type": "sharded"}

def make(*presets):
    options = {}
    for preset in presets:
        options.update(preset)
    return options

options = make(BASE, REMAT)
probe(options[KEY])
"""
    assert probe(source.replace("KEY", '"activation_checkpointing_policy"')) == [("tuple", 3, 44, ())]
    assert probe(source.replace("KEY", '"auto_wrap_policy"')) == [("set", 2, 28, ())]
    # the later preset's value wins, on every path
    assert probe(source.replace("KEY", '"state_dict_type"')) == [("str", 3, 71, ())]
    # read after the loop, the variable is not every preset in turn (nor read as the last one)
    assert [k for k, *_ in probe("""
BASE = {"a": 1}
REMAT = {"b": (int,)}
options = {}
for preset in (BASE, REMAT):
    pass
options.update(preset)
probe(options["b"])
""")] == ["unknown"]


def test_a_spread_of_one_of_several_dicts_gives_each_one_s_entry_under_its_condition():
    assert probe("""
DEFAULTS = {"reduce_op": "mean"}
METRICS = {"loss": {}, "grad_norm": {"reduce_op": "max"}}

def sync(name):
    options = {**DEFAULTS, **METRICS[name]}
    probe(options["reduce_op"])

sync("loss")
sync("grad_norm")
""") == [("str", 2, 25, ("when called at line 9",)), ("str", 3, 50, ("when called at line 10",))]


SYNC = """
from types import MappingProxyType
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

DEFAULTS = MappingProxyType({"reduce_op": "mean"})
METRICS = MappingProxyType({"loss": MappingProxyType({}), "grad_norm": MappingProxyType({"reduce_op": "OP"})})

def sync_metric(fabric, name, value):
    options = {**DEFAULTS, **METRICS[name]}
    return fabric.all_reduce(value, **options)

def train(fabric):
    sync_metric(fabric, "loss", 1.0)
    sync_metric(fabric, "grad_norm", 2.0)

fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(train)
"""


def test_a_spread_read_for_one_call_holds_what_that_call_gives():
    found = check_source(SYNC.replace("OP", "max"), "train.py").findings
    assert [(f.code, f.severity.value, f.span.start.line) for f in found] == [("LXF027", "error", 14)]
    assert found[0].message.endswith("(in `sync_metric`, line 11, for this call)")
    assert check_source(SYNC.replace("OP", "sum"), "train.py").findings == []


def test_a_comprehension_s_variable_holds_each_item_of_the_display_it_runs_over():
    assert probe("""
def g(x):
    return {name: probe(name) for name, value in (("loss", x), ("grad_norm", x))}
""") == [("str", 3, 51, ('when name is "loss"',)), ("str", 3, 64, ('when name is "grad_norm"',))]
    assert probe("""
def g():
    return [probe(layer) for layer in ([1], {2})]
""") == [("list", 3, 39, ("when layer is [1]",)), ("set", 3, 44, ("when layer is {2}",))]
    # over something else: no turns
    assert [when for *_, when in probe("""
def g(items):
    return [probe(n) for n in items]
""")] == [()]


RUNS = """
RUNS = {"pod": {"accelerator": "tpu", "fsdp": True, "devices": 8, "precision": "bf16-mixed"},
        "debug": {"accelerator": "cpu", "precision": "32-true"}}

def build(cfg):
    match cfg:
        case {"accelerator": "tpu", "fsdp": True, **rest}:
            probe(READ_TPU)
        case {"accelerator": "cpu" | "cuda" as accelerator, **rest}:
            probe(READ_CPU)
"""


def test_a_mapping_pattern_s_captures_hold_the_entries_it_matches_and_the_rest():
    def read(run: str, tpu: str | None = None, cpu: str | None = None) -> list:
        source = RUNS.replace("probe(READ_TPU)", f"probe({tpu})" if tpu else "pass")
        return probe(source.replace("probe(READ_CPU)", f"probe({cpu})" if cpu else "pass") + f"build({run})\n")

    assert read('dict(RUNS["pod"])', tpu='rest["precision"]') == [("str", 2, 79, ())]
    assert [k for k, *_ in read('dict(RUNS["pod"])', tpu='rest["accelerator"]')] == ["unknown"]  # (not in the rest)
    # the other case's pattern does not match the pod's "tpu": nothing it captures reaches its body
    assert [k for k, *_ in read('dict(RUNS["pod"])', cpu="accelerator")] == ["unknown"]
    assert read('RUNS["debug"]', cpu="accelerator") == [("str", 3, 33, ())]
    assert read('RUNS["debug"]', cpu='rest["precision"]') == [("str", 3, 53, ())]
    # a subject the case may or may not match: under the case's condition
    assert read('{"accelerator": "tpu", "fsdp": load(), "precision": "bf16-true"}', tpu='rest["precision"]') == [
        ("str", 11, 58, ('cfg matches {"accelerator": "tpu", "fsdp": True, **rest}',))]
    # one of two runs: the one the pattern matches, under its own condition
    assert read('RUNS["pod"] if fast else RUNS["debug"]', tpu='rest["precision"]') == [("str", 2, 79, ("fast",))]


def test_a_class_pattern_s_capture_holds_the_attribute_and_is_decided_on_an_attribute_of_a_parameter():
    source = """
from dataclasses import dataclass

@dataclass(frozen=True)
class ClipNorm:
    max_norm: float

@dataclass(frozen=True)
class ClipValue:
    value: float

@dataclass
class OptimConfig:
    clip: ClipNorm | ClipValue = DEFAULT

def clip(cfg):
    match cfg.clip:
        case ClipValue(value=value):
            probe(value)
        case ClipNorm(max_norm=max_norm):
            probe(max_norm)

clip(OptimConfig())
"""
    assert probe(source.replace("DEFAULT", "ClipValue(0.5)").replace("probe(max_norm)", "pass")) == [
        ("number", 14, 43, ())]
    # the ClipValue case is decided not to match a ClipNorm: its body does not run for this call
    assert probe(source.replace("DEFAULT", "ClipNorm(1.0)").replace("probe(value)", "pass")) == [
        ("number", 14, 42, ())]


MODES = """
import enum
import os
from enum import auto

class Mode(BASES):
    FAST = auto()
    SAFE = auto()

PRECISION = {Mode.FAST: "bf16-mixed", Mode.SAFE: "bf16-true"}

def main(mode: Mode = Mode.SAFE):
    probe(PRECISION[mode])
"""


def test_a_dict_keyed_by_enum_members_is_read_by_the_member():
    assert probe(MODES.replace("BASES", "enum.Enum") + "main(Mode.FAST)\n") == [("str", 10, 24, ())]
    assert probe(MODES.replace("BASES", "enum.Enum") + "main()\n") == [("str", 10, 49, ())]
    # the member an environment variable names, by default
    assert probe(MODES.replace("BASES", "enum.Enum") + 'main(Mode[os.environ.get("RUN_MODE", "fast").upper()])\n')[1:] \
        == [("str", 10, 24, ('"RUN_MODE" is not set in the environment',))]
    # a member of a `str` Enum equals its value: not read as a key of its own
    assert [k for k, *_ in probe(MODES.replace("BASES", "str, enum.Enum") + "main(Mode.FAST)\n")] == ["unknown"]


def test_a_store_keyed_by_a_loop_s_variable_is_read_turn_by_turn():
    source = """
import argparse

DEFAULTS = {"lr": 3e-4, "clip_val": CLIP, "max_norm": NORM}

def clip_kwargs(args):
    kwargs = {}
    for name in ("clip_val", "max_norm"):
        value = getattr(args, name)
        if value is not None:
            kwargs[name] = value
    return kwargs

probe(clip_kwargs(argparse.Namespace(**DEFAULTS))[KEY])
"""
    by_value = source.replace("CLIP", "0.5").replace("NORM", "None")
    assert probe(by_value.replace("KEY", '"clip_val"')) == [("number", 4, 36, ())]
    # the turn whose value is None stores nothing: the key is missing on every path
    assert [k for k, *_ in probe(by_value.replace("KEY", '"max_norm"'))] == ["unknown"]
    # a turn the test cannot decide stores what it may hold
    assert [k for k, *_ in probe(source.replace("CLIP", "load()").replace("NORM", "1.0").replace("KEY", '"clip_val"'))] \
        == ["unknown"]
    # `getattr` of a namespace by a name a loop gives, as the attribute
    assert probe("""
import argparse
args = argparse.Namespace(lr=0.1, clip_val=0.5)
for name in ("lr", "clip_val"):
    probe(getattr(args, name))
""") == [("number", 3, 29, ('when name is "lr"',)), ("number", 3, 43, ('when name is "clip_val"',))]
