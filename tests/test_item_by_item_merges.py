"""Configs merged from defaults and overrides by a helper of the project that copies and stores item by item
(`deep_merge(BASE, OVERRIDES)`, `AttrDict(BASE).merged(...)`, `merge_into(cfg, layer)` over layers): the helper is
run on the dicts the call gives, and what it returns is read as the dict it builds, each item as written where
it came from. A helper the run cannot follow for certain (an undecided test, a dict given to code it does not
read) leaves the config unknown: no finding, never a guess."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_edits
from errata_lsp.analysis.itemwise import builds_items

from .test_helpers_elsewhere import tree

MERGERS = {
    "recursive copy": '''\
import copy


def merged(base, override):
    out = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


def load(name):
    return merged(BASE, PRESETS[name])
''',
    "in place over layers": '''\
import copy


def merge_into(dst, src):
    for key, value in src.items():
        if isinstance(value, dict):
            merge_into(dst.setdefault(key, {}), value)
        else:
            dst[key] = value


def load(name):
    cfg = copy.deepcopy(BASE)
    for layer in (PRESETS[name],):
        merge_into(cfg, layer)
    return cfg
''',
    "method of a dict read by attribute": '''\
class AttrDict(dict):
    __getattr__ = dict.__getitem__

    def merge(self, *others):
        out = AttrDict(self)
        for other in others:
            for key, value in other.items():
                if key in out and isinstance(value, dict):
                    out[key] = AttrDict(out[key]).merge(value)
                else:
                    out[key] = value
        return out


def load(name):
    return AttrDict(BASE).merge(PRESETS[name])
''',
}

PRESETS = '''\
from model import Block

BASE = {{"fsdp": {{"auto_wrap_policy": {{Block}}, "activation_checkpointing_policy": {{Block}}}}, "steps": 3}}
PRESETS = {{
    "remat": {{"fsdp": {{"activation_checkpointing_policy": {remat}}}}},
}}
'''

TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import load
from model import Block


def train(fabric, cfg):
    fabric.setup_module(Block())


if __name__ == "__main__":
    cfg = load("remat")
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**cfg["fsdp"]))
    fabric.launch(train, cfg)
'''

MODEL = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n"


def project(root: Path, merger: str, remat: str) -> Path:
    configs = "from presets import BASE, PRESETS\n" + MERGERS[merger]
    return tree(root, {"model.py": MODEL, "presets.py": PRESETS.format(remat=remat), "configs.py": configs,
                       "train.py": TRAIN})


def found(path: Path) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


@pytest.mark.parametrize("merger", list(MERGERS))
def test_an_override_merged_by_a_helper_is_reported_where_it_is_written(tmp_path, merger):
    root = project(tmp_path, merger, "[Block]")
    train = root / "train.py"
    [finding] = check_source(train.read_text(), str(train)).findings
    # underlined where the config is spread, the fix's place the list of presets.py (line 5, column 58)
    assert (finding.code, finding.severity.value, finding.span.start.line + 1, finding.span.start.column) == \
        ("LXF001", "error", 14, 66)
    assert finding.elsewhere is not None and finding.elsewhere.path == str(root / "presets.py")
    assert (finding.elsewhere.span.start.line + 1, finding.elsewhere.span.start.column) == (5, 58)
    assert finding.message == ("`activation_checkpointing_policy` must be a set, found [Block] (from `presets.py`, "
                               "line 5)")


@pytest.mark.parametrize("merger", list(MERGERS))
def test_a_set_override_merged_by_the_same_helper_is_fine(tmp_path, merger):
    root = project(tmp_path, merger, "{Block}")
    assert found(root / "presets.py") == []
    assert found(root / "train.py") == []


SCRIPT = '''\
import copy

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


DEFAULTS = {{"auto_wrap_policy": {{Block}}, "activation_checkpointing_policy": {first}}}
MEMORY_SAVER = {{"activation_checkpointing_policy": {second}}}


def merged(*layers):
    out = {{}}
    for layer in layers:
        for key, value in layer.items():
            {store}
    return out


def train(fabric):
    fabric.setup_module(Block())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**merged(DEFAULTS, MEMORY_SAVER)))
    fabric.launch(train)
'''


def script(first: str = "{Block}", second: str = "[Block]", store: str = "out[key] = value") -> str:
    return SCRIPT.format(first=first, second=second, store=store)


def test_the_last_layer_wins_and_its_fix_is_applied_where_it_is_written():
    text = script()
    [finding] = check_source(text).findings
    assert (finding.code, finding.severity.value, finding.span.start.line + 1, finding.span.start.column) == \
        ("LXF001", "error", 13, 51)
    fixed, applied = apply_edits(text, [finding.fixes[0].edits])
    assert applied == [0]
    assert "MEMORY_SAVER = {\"activation_checkpointing_policy\": {Block}}" in fixed
    assert check_source(fixed).findings == []


def test_an_earlier_layer_overridden_by_a_later_one_is_not_reported():
    assert check_source(script(first="[Block]", second="{Block}")).findings == []


def test_a_store_kept_only_when_the_key_is_new_keeps_the_first_layer():
    # `setdefault`: the first layer's set stays, the list of the second is never stored
    assert check_source(script(store="out.setdefault(key, value)")).findings == []
    found = check_source(script(first="[Block]", second="{Block}", store="out.setdefault(key, value)")).findings
    assert [(f.code, f.span.start.line + 1, f.span.start.column) for f in found] == [("LXF001", 12, 76)]


@pytest.mark.parametrize("store", [
    "out[key] = value if random.random() > 0.5 else {Block}",  # a test the run cannot decide
    "out[key] = value\n            tweak(out)",  # the dict given to code the run does not read
    "out[key] = value\n            while False:\n                pass",  # a statement it does not run
])
def test_a_helper_the_run_cannot_follow_leaves_the_config_unknown(store):
    text = "import random\n\n\ndef tweak(d):\n    setattr(d, 'x', 1)\n\n\n" + script(store=store)
    assert [f.code for f in check_source(text).findings if f.severity.value == "error"] == []


@pytest.mark.parametrize(("source", "expected"), [
    ("def f(a, b):\n    out = dict(a)\n    for k in b:\n        out[k] = b[k]\n    return out\n", True),
    ("def f(a, b):\n    for layer in b:\n        a.update(layer)\n    return a\n", True),
    ("def f(a):\n    cfg = copy.deepcopy(a)\n    fill(cfg)\n    return cfg\n", True),
    ("def f(a):\n    cfg = load(a)\n    fill(cfg)\n    return cfg\n", False),  # not a dict it makes
    ("def f(a):\n    cfg = {k: dict(v) for k, v in a.items()}\n    cfg.setdefault('optim', {})\n    return cfg\n", True),
    ("def f(a):\n    total = 0\n    for x in a:\n        total += x\n    return total\n", False),
    ("def f(a):\n    for k in a:\n        yield {k: a[k]}\n", False),
])
def test_which_functions_are_run_item_by_item(source, expected):
    func = ast.parse(source).body[0]
    assert isinstance(func, ast.FunctionDef)
    assert builds_items(func) is expected


SECTIONS = '''\
class Section:
    """Nested dicts become nested sections, read by attribute."""

    def __init__(self, **entries):
        for key, value in entries.items():
            setattr(self, key, Section(**value) if isinstance(value, dict) else value)

    def update(self, other):
        for key, value in other.items():
            current = getattr(self, key, None)
            if isinstance(value, dict) and isinstance(current, Section):
                current.update(value)
            else:
                setattr(self, key, Section(**value) if isinstance(value, dict) else value)
        return self


class Config(Section):
    @classmethod
    def from_dict(cls, data, *overrides):
        cfg = cls(**data)
        for extra in overrides:
            cfg.update(extra)
        return cfg
'''

SECTIONS_TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from config import Config

DEFAULTS = {{"trainer": {{"accelerator": "tpu", "precision": "32-true"}}, "steps": 3}}
EXPERIMENT = {{"trainer": {{"precision": "{precision}"}}}}


class Block(nn.Module):
    pass


def train(fabric, cfg):
    fabric.setup_module(Block())


if __name__ == "__main__":
    cfg = Config.from_dict(DEFAULTS, EXPERIMENT)
    fabric = Fabric(accelerator=cfg.trainer.accelerator, precision=cfg.trainer.precision,
                    strategy=XLAFSDPStrategy(auto_wrap_policy={{Block}}))
    fabric.launch(train, cfg)
'''


def test_an_object_a_classmethod_builds_attribute_by_attribute_reads_its_overrides(tmp_path):
    root = tree(tmp_path, {"config.py": SECTIONS, "train.py": SECTIONS_TRAIN.format(precision="bf16-mixed")})
    # underlined where the attribute is given to the Fabric; the message names the override's line
    assert found(root / "train.py") == [("LXF007", "error", 21, 67)]
    [finding] = check_source((root / "train.py").read_text(), str(root / "train.py")).findings
    assert finding.message.endswith("with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` (from line 8)")
    tree(tmp_path, {"train.py": SECTIONS_TRAIN.format(precision="bf16-true")})
    assert found(root / "train.py") == []


def test_an_object_whose_class_sets_attributes_another_way_stays_unknown(tmp_path):
    hooked = SECTIONS.replace('class Section:\n', 'class Section:\n    def __setattr__(self, name, value):\n'
                              '        object.__setattr__(self, name, "32-true")\n\n', 1)
    root = tree(tmp_path, {"config.py": hooked, "train.py": SECTIONS_TRAIN.format(precision="bf16-mixed")})
    assert found(root / "train.py") == []


def test_a_comprehension_in_the_helper_is_run_turn_by_turn():
    # the base copied by a dict comprehension, then each override but its note stored: the list wins
    text = script().replace("""    out = {}
    for layer in layers:
        for key, value in layer.items():
            out[key] = value""", """    out = {key: value for key, value in layers[0].items()}
    for layer in layers[1:]:
        for key, value in layer.items():
            if key != "note":
                out[key] = value""", 1).replace(
        'MEMORY_SAVER = {"activation_checkpointing_policy": [Block]}',
        'MEMORY_SAVER = {"activation_checkpointing_policy": [Block], "note": "fits 2x longer sequences"}', 1)
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(text).findings] == \
        [("LXF001", "error", 13)]


DOTTED = '''\
import copy
import json

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

DEFAULTS = {{"trainer": {{"accelerator": "tpu", "devices": 8}}, "optim": {{"lr": 1e-3}}}}
DEBUG = ["optim.lr=0.01", "trainer.accelerator={accelerator}"]


def coerce(text):
    try:
        return json.loads(text)
    except ValueError:
        return text  # a bare word stays a string


def with_overrides(tree, assignments):
    tree = copy.deepcopy(tree)
    for assignment in assignments:
        path, _, raw = assignment.partition("=")
        section, key = path.strip().split(".")
        tree[section][key] = coerce(raw.strip())
    return tree


class Block(nn.Module):
    pass


def train(fabric):
    fabric.setup_module(Block())


if __name__ == "__main__":
    trainer = with_overrides(DEFAULTS, DEBUG)["trainer"]
    fabric = Fabric(accelerator=trainer["accelerator"], devices=trainer["devices"],
                    strategy=XLAFSDPStrategy(auto_wrap_policy={{Block}}))
    fabric.launch(train)
'''


def test_dotted_overrides_parsed_and_coerced_by_the_helper():
    # "cpu" is no JSON: `coerce` returns the bare word, and the Fabric gets accelerator="cpu" beside XLA FSDP
    found = check_source(DOTTED.format(accelerator="cpu")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in found] == \
        [("LXF010", "error", 38, 32)]
    assert check_source(DOTTED.format(accelerator="tpu")).findings == []


SETTINGS = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class RunConfig:
    def __init__(self, **values):
        self.__dict__.update(values)

    def with_overrides(self, **changes):
        merged = dict(self.__dict__)
        for key, value in changes.items():
            merged[key] = value
        return RunConfig(**merged)


BASE = RunConfig(accelerator="{base}", steps=3)
{after}
SMOKE = BASE.with_overrides({override})


class Block(nn.Module):
    pass


def train(fabric):
    fabric.setup_module(Block())


if __name__ == "__main__":
    fabric = Fabric(accelerator=SMOKE.accelerator, strategy=XLAFSDPStrategy(auto_wrap_policy={{Block}}))
    fabric.launch(train)
'''


def test_a_method_of_an_object_the_module_builds_is_run_on_what_its_construction_gave():
    found = check_source(SETTINGS.format(base="tpu", after="", override='accelerator="cpu"')).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in found] == [("LXF010", "error", 31)]
    assert check_source(SETTINGS.format(base="tpu", after="", override='accelerator="tpu"')).findings == []


def test_an_object_changed_after_it_is_built_is_not_run_from_its_construction():
    # built with "cpu", set to "tpu" afterwards: the copy `with_overrides` makes runs on the TPU; read from the
    # construction it would say "cpu"
    text = SETTINGS.format(base="cpu", after='BASE.accelerator = "tpu"', override="steps=2")
    assert [f for f in check_source(text).findings if f.severity.value == "error"] == []


COMPLETED = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


EXPERIMENT = {{"fsdp": {{"auto_wrap_policy": {{Block}}}}}}


def complete(experiment):
    cfg = {{section: dict(values) for section, values in experiment.items()}}
    fsdp = cfg.setdefault("fsdp", {{}})
    fsdp.setdefault("activation_checkpointing_policy", {default})
    return cfg


if __name__ == "__main__":
    cfg = complete(EXPERIMENT)
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**cfg["fsdp"]))
"""


def test_defaults_a_helper_fills_in_with_setdefault():
    found = check_source(COMPLETED.format(default="[Block]")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in found] == [("LXF001", "error", 22)]
    assert check_source(COMPLETED.format(default="{Block}")).findings == []


def test_an_override_string_past_the_bound_is_left_unknown():
    # a 20,000-character override is not split nor parsed: the accelerator it would set stays unknown
    huge = "cpu" + " " * 20_000
    text = DOTTED.format(accelerator=huge)
    report = check_source(text)
    assert report.findings == [] and not getattr(report, "failures", ())
    assert [f.code for f in check_source(DOTTED.format(accelerator="cpu" + " " * 10)).findings] == ["LXF010"]


VALUES_BEHIND_GETATTR = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

PRESET = {{"accelerator": "tpu", "steps": 3}}
LAYERS = {{"debug": {{"accelerator": "{accelerator}"}}, "short": {{"steps": 2}}}}


class RunConfig:
    FIELDS = ("accelerator", "steps")

    def __init__(self, **values):
        self._values = {{name: values[name] for name in self.FIELDS}}

    @classmethod
    def from_dict(cls, values):
        return cls(**values)

    def with_overrides(self, overrides):
        return type(self)(**{{**self._values, **overrides}})

    def __getattr__(self, name):
        try:
            return self.__dict__["_values"][name]
        except KeyError:
            raise AttributeError(name) from None


def load(*layers):
    cfg = RunConfig.from_dict(PRESET)
    for name in layers:
        cfg = cfg.with_overrides(LAYERS[name])
    return cfg


if __name__ == "__main__":
    cfg = load("debug", "short")
    Fabric(accelerator=cfg.accelerator, strategy=XLAFSDPStrategy())
'''


def test_fields_kept_behind_getattr_and_overridden_layer_by_layer():
    found = check_source(VALUES_BEHIND_GETATTR.format(accelerator="cpu")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in found] == [("LXF010", "error", 37)]
    assert check_source(VALUES_BEHIND_GETATTR.format(accelerator="tpu")).findings == []


@pytest.mark.parametrize("store", ["out.update(**{key: value})", "out.update(dict(out, **{key: value}))"])
def test_items_spread_into_update_or_dict_are_stored_each(store):
    # the later layer's list wins, as `out[key] = value` would store it; with the layers the other way round, the set
    assert [(f.code, f.span.start.line + 1) for f in check_source(script(store=store)).findings] == [("LXF001", 13)]
    assert check_source(script(first="[Block]", second="{Block}", store=store)).findings == []
