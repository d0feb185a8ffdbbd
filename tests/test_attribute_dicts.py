"""Configs read by attribute through a `dict` subclass (`CFG.hardware.accelerator` of `CFG = Config({...})`), as
research code writes them: the item the construction gives is what the attribute holds, nested dicts too when the
class wraps them again. A class whose attributes are not its items, or a config changed after it is built, stays
unknown: no finding."""

from __future__ import annotations

import ast

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.attrdicts import PLAIN, WRAPS, attributes_from_items, converter, item_reading

CLASSES = {
    "getattr is dict's getitem": ("class Config(dict):\n    __getattr__ = dict.__getitem__\n"
                                  "    __setattr__ = dict.__setitem__\n", PLAIN),
    "getattr is dict's get": "class Config(dict):\n    __getattr__ = dict.get\n",
    "returns its item": "class Config(dict):\n    def __getattr__(self, name):\n        return self[name]\n",
    "returns its get": "class Config(dict):\n    def __getattr__(self, key):\n        return self.get(key, None)\n",
    "dict's getitem on self": ("class Config(dict):\n    def __getattr__(self, name):\n"
                               "        return dict.__getitem__(self, name)\n"),
    "own dict": ("class Config(dict):\n    def __init__(self, *args, **kwargs):\n"
                 "        super().__init__(*args, **kwargs)\n        self.__dict__ = self\n"),
    "wraps a dict item read": ("class Config(dict):\n    def __getattr__(self, name):\n        try:\n"
                               "            value = self[name]\n        except KeyError as err:\n"
                               "            raise AttributeError(name) from err\n"
                               "        return Config(value) if isinstance(value, dict) else value\n", WRAPS),
    "wraps with type(self)": ("class Config(dict):\n    def __getattr__(self, name):\n        value = self[name]\n"
                              "        if isinstance(value, dict):\n            return type(self)(value)\n"
                              "        return value\n", WRAPS),
    "wraps items as it is built": ("class Config(dict):\n    def __init__(self, *args, **kwargs):\n"
                                   "        super().__init__(*args, **kwargs)\n"
                                   "        for key, value in self.items():\n            if isinstance(value, dict):\n"
                                   "                self[key] = Config(value)\n"
                                   "    __getattr__ = dict.__getitem__\n", WRAPS),
    "wraps a dict item again in place": ("class Config(dict):\n    def __getattr__(self, key):\n"
                                         "        value = self[key]\n        if type(value) is dict:\n"
                                         "            value = self[key] = Config(value)\n        return value\n", WRAPS),
    "another base": ("from collections import UserDict\nclass Config(UserDict):\n    def __getattr__(self, name):\n"
                     "        return self[name]\n", None),
    "no hook": ("class Config(dict):\n    pass\n", None),
    "computes the attribute": ("class Config(dict):\n    def __getattr__(self, name):\n"
                               "        return self.lookup(name)\n", None),
    "returns another item": ("class Config(dict):\n    def __getattr__(self, name):\n"
                             "        return self['defaults']\n", None),
    "a local bound twice": ("class Config(dict):\n    def __getattr__(self, name):\n        value = self[name]\n"
                            "        value = str(value)\n        return value\n", None),
    "init stores an item": ("class Config(dict):\n    def __init__(self, *args, **kwargs):\n"
                            "        super().__init__(*args, **kwargs)\n        self['seed'] = 0\n"
                            "    __getattr__ = dict.__getitem__\n", None),
    "init changes its arguments": ("class Config(dict):\n    def __init__(self, d=None):\n"
                                   "        super().__init__(d or {})\n    __getattr__ = dict.__getitem__\n", None),
    "overrides getitem": ("class Config(dict):\n    __getattr__ = dict.__getitem__\n"
                          "    def __getitem__(self, key):\n        return 0\n", None),
    "getattr is something else": ("class Config(dict):\n    __getattr__ = dict.pop\n", None),
}


@pytest.mark.parametrize("name", list(CLASSES))
def test_which_classes_read_their_items_by_attribute(name):
    given = CLASSES[name]
    source, expected = given if isinstance(given, tuple) else (given, PLAIN)
    cls = next(n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ClassDef))
    assert item_reading(cls) == expected


SCRIPT = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


{config_class}


CFG = Config({{
    "hardware": {{"accelerator": "tpu", "devices": "auto"}},
    "parallel": {{"kind": "{kind}"}},
}})
{after}

class Block(nn.Module):
    pass


def pick_strategy(parallel):
    if parallel.kind == "fsdp":
        return XLAFSDPStrategy(auto_wrap_policy={{Block}})
    return parallel.kind


def train(fabric):
    fabric.setup_module(Block())


if __name__ == "__main__":
    fabric = Fabric(accelerator=CFG.hardware.accelerator, strategy=pick_strategy(CFG.parallel))
    fabric.launch(train)
'''

WRAPPING = '''\
class Config(dict):
    """`cfg.hardware.accelerator` instead of `cfg["hardware"]["accelerator"]`."""

    def __getattr__(self, name):
        try:
            value = self[name]
        except KeyError as err:
            raise AttributeError(name) from err
        return Config(value) if isinstance(value, dict) else value'''

OWN_DICT = '''\
class Config(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for key, value in self.items():
            if isinstance(value, dict):
                self[key] = Config(value)
        self.__dict__ = self'''

NOT_WRAPPING = '''\
class Config(dict):
    __getattr__ = dict.__getitem__'''

# the strategy argument of the `Fabric(...)` line (line 38 below the nine lines of WRAPPING, 36 below OWN_DICT's seven)
DDP_ON_TPU = {"wraps-when-read": ("LXF033", "error", 38, 67), "wraps-when-built": ("LXF033", "error", 36, 67)}


def findings(config_class: str, kind: str, after: str = "") -> list[tuple[str, str, int, int]]:
    text = SCRIPT.format(config_class=config_class, kind=kind, after=after)
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in check_source(text).findings]


@pytest.mark.parametrize("shape", list(DDP_ON_TPU))
def test_a_nested_item_read_by_attribute_is_the_constructions(shape):
    config_class = WRAPPING if shape == "wraps-when-read" else OWN_DICT
    assert findings(config_class, "ddp") == [DDP_ON_TPU[shape]]
    assert findings(config_class, "fsdp") == []


def test_the_message_says_where_the_strategy_was_written():
    text = SCRIPT.format(config_class=WRAPPING, kind="ddp", after="")
    [finding] = check_source(text).findings
    assert finding.message.endswith("Use `strategy=\"xla\"` for data parallel on TPU cores (from line 19)")


def test_a_class_that_does_not_wrap_nested_dicts_leaves_them_unknown():
    # `CFG.parallel` is a plain dict: `.kind` of it raises AttributeError before any Fabric is built
    assert findings(NOT_WRAPPING, "ddp") == []


def test_a_config_changed_after_it_is_built_is_not_read_from_its_construction():
    assert findings(WRAPPING, "ddp", after='CFG["parallel"]["kind"] = "fsdp"\n') == []
    assert findings(OWN_DICT, "ddp", after='CFG.parallel.kind = "fsdp"\n') == []


def test_a_dict_subclass_without_an_attribute_hook_is_unknown():
    assert findings("class Config(dict):\n    pass", "ddp") == []


FLAT = '''\
from lightning.fabric import Fabric


class Settings(dict):
    __getattr__ = dict.__getitem__


SETTINGS = Settings(accelerator="tpu", strategy="{strategy}", items="not a method")


def train(fabric):
    pass


Fabric(accelerator=SETTINGS.accelerator, strategy=SETTINGS["strategy"]).launch(train)
'''


def test_keywords_of_the_construction_read_by_attribute_and_by_key():
    found = check_source(FLAT.format(strategy="ddp")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in found] == \
        [("LXF033", "error", 15, 50)]
    assert check_source(FLAT.format(strategy="xla")).findings == []


DEFAULTED = '''\
class Config(dict):
    def __init__(self, mapping=(), **kwargs):
        super().__init__(mapping, **kwargs)
        self.__dict__ = self
        for key, value in self.items():
            if isinstance(value, dict):
                self[key] = Config(value)

    def set_path(self, dotted, value):
        *parents, leaf = dotted.split(".")
        node = self
        for name in parents:
            node = node[name]
        node[leaf] = value'''


def test_an_init_with_a_default_mapping_reads_its_items_and_a_method_that_may_store_leaves_them_unknown():
    assert findings(DEFAULTED, "ddp") == [("LXF033", "error", 43, 67)]
    assert findings(DEFAULTED, "ddp", after='CFG.set_path("parallel.kind", "fsdp")\n') == []


CONVERTERS = {
    "to namespace": ("def to_namespace(value):\n    if isinstance(value, dict):\n"
                     "        return SimpleNamespace(**{k: to_namespace(v) for k, v in value.items()})\n    return value\n",
                     ("SimpleNamespace", True)),
    "dotdict with lists and elif": ("def dotdict(obj):\n    if isinstance(obj, dict):\n"
                                    "        return DotDict({k: dotdict(v) for k, v in obj.items()})\n"
                                    "    elif isinstance(obj, (list, tuple)):\n        return [dotdict(v) for v in obj]\n"
                                    "    else:\n        return obj\n", ("DotDict", False)),
    "filters keys": ("def conv(value):\n    if isinstance(value, dict):\n"
                     "        return NS(**{k: conv(v) for k, v in value.items() if k})\n    return value\n", None),
    "converts values another way": ("def conv(value):\n    if isinstance(value, dict):\n"
                                    "        return NS(**{k: str(v) for k, v in value.items()})\n    return value\n", None),
    "returns something else at the end": ("def conv(value):\n    if isinstance(value, dict):\n"
                                          "        return NS(**{k: conv(v) for k, v in value.items()})\n    return None\n",
                                          None),
    "two parameters": ("def conv(value, depth):\n    if isinstance(value, dict):\n"
                       "        return NS(**{k: conv(v, depth) for k, v in value.items()})\n    return value\n", None),
}


@pytest.mark.parametrize("name", list(CONVERTERS))
def test_which_functions_convert_every_nested_dict(name):
    source, expected = CONVERTERS[name]
    found = converter(ast.parse(source).body[0])
    assert (None if found is None else (ast.unparse(found.wrap), found.spread)) == expected


CONVERTED = '''\
import json
from types import SimpleNamespace

from lightning.fabric import Fabric

SETTINGS = {{"trainer": {{"accelerator": "tpu", "strategy": "{strategy}", "devices": "auto"}}, "seed": 3}}


{how}


def train(fabric):
    pass


if __name__ == "__main__":
    cfg = {made}
    Fabric(**vars(cfg.trainer)).launch(train)
'''

HOWS = {
    "converter": ("def to_namespace(value):\n    if isinstance(value, dict):\n"
                  "        return SimpleNamespace(**{k: to_namespace(v) for k, v in value.items()})\n    return value",
                  "to_namespace(SETTINGS)"),
    "object hook": ("def load(text):\n    return json.loads(text, object_hook=lambda d: SimpleNamespace(**d))",
                    'load(\'{"trainer": {"accelerator": "tpu", "strategy": "STRATEGY"}}\')'),
}


@pytest.mark.parametrize("how", list(HOWS))
def test_a_structure_every_dict_of_which_becomes_a_namespace_reads_by_attribute(how):
    code, made = HOWS[how]

    def found(strategy: str) -> list[tuple[str, str, int]]:
        text = CONVERTED.format(strategy=strategy, how=code, made=made.replace("STRATEGY", strategy))
        return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(text).findings]

    at = 21 if how == "converter" else 19  # the `Fabric(**vars(cfg.trainer))` line
    assert found("fsdp_xla") == [("LXF034", "error", at)]
    assert found("xla_fsdp") == []


def test_an_object_hook_the_layer_cannot_read_leaves_the_structure_unknown():
    text = CONVERTED.format(strategy="fsdp_xla", how="def hook(d):\n    return d", made=(
        "json.loads(json.dumps(SETTINGS), object_hook=lambda d: dict(d, extra=1))"))
    assert check_source(text.replace("**vars(cfg.trainer)", '**cfg["trainer"]')).findings == []


SPREAD = '''\
from lightning.fabric import Fabric


class DotDict(dict):
    __getattr__ = dict.get


def dotdict(obj):
    if isinstance(obj, dict):
        return DotDict({{k: dotdict(v) for k, v in obj.items()}})
    return obj


HPARAMS = dotdict({{"fabric": {{"accelerator": "tpu", "strategy": "{strategy}"}}}})


def train(fabric):
    pass


Fabric(**HPARAMS.fabric).launch(train)
'''


def test_a_dict_subclass_read_by_attribute_spreads_its_items():
    found = check_source(SPREAD.format(strategy="fsdp_xla")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in found] == \
        [("LXF034", "error", 21, 9)]
    assert check_source(SPREAD.format(strategy="xla_fsdp")).findings == []


SECTIONS = {
    "setattr loop wrapping nested dicts": ("class Section:\n    def __init__(self, **entries):\n"
                                           "        for key, value in entries.items():\n"
                                           "            setattr(self, key, Section(**value) if isinstance(value, dict) "
                                           "else value)\n", WRAPS),
    "setattr loop over a mapping": ("class Section(object):\n    def __init__(self, mapping):\n"
                                    "        for k, v in mapping.items():\n            setattr(self, k, v)\n", PLAIN),
    "dict update": ("class Section:\n    def __init__(self, **kw):\n        self.__dict__.update(kw)\n", PLAIN),
    "more in init": ("class Section:\n    def __init__(self, **kw):\n        self.__dict__.update(kw)\n"
                     "        self.seed = 0\n", None),
    "stores another value": ("class Section:\n    def __init__(self, **kw):\n        for k, v in kw.items():\n"
                             "            setattr(self, k, str(v))\n", None),
    "decides its attributes": ("class Section:\n    def __init__(self, **kw):\n        self.__dict__.update(kw)\n"
                               "    def __getattr__(self, name):\n        return 0\n", None),
    "a base": ("class Section(Base):\n    def __init__(self, **kw):\n        self.__dict__.update(kw)\n", None),
}


@pytest.mark.parametrize("name", list(SECTIONS))
def test_which_classes_set_an_attribute_per_item(name):
    source, expected = SECTIONS[name]
    assert attributes_from_items(ast.parse(source).body[0]) == expected


SECTIONED = '''\
from lightning.fabric import Fabric


class Section:
    def __init__(self, **entries):
        for key, value in entries.items():
            setattr(self, key, Section(**value) if isinstance(value, dict) else value)

    def update(self, other):
        self.__dict__.update(other)


class Config(Section):
    pass


CFG = Config(**{{"trainer": {{"accelerator": "tpu", "strategy": "fsdp_xla"}}}})
{after}

def train(fabric):
    pass


Fabric(accelerator=CFG.trainer.accelerator, strategy=CFG.trainer.strategy).launch(train)
'''


def test_a_subclass_of_a_class_setting_an_attribute_per_item_reads_nested_sections():
    found = check_source(SECTIONED.format(after="")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in found] == \
        [("LXF034", "error", 24, 53)]
    assert check_source(SECTIONED.format(after='CFG.update({"trainer": {"strategy": "xla_fsdp"}})')).findings == []
