"""The evaluator on neutral code: what a name holds once the callers of its function have decided the
tests on its parameters, through their attributes too; what a method of an instance built here returns."""

from __future__ import annotations

import pytest

from .test_mutants_binder import probe

NAMESPACE = "from types import SimpleNamespace\n"
CLASS = "class Cfg:\n    def __init__(self, fast):\n        self.fast = fast\n"
BUILD = "def build(cfg):\n    policy = {1}\n    if cfg.fast:\n        policy = [1]\n    probe(policy)\n"


@pytest.mark.parametrize(("head", "call", "line"), [
    (NAMESPACE, "build(SimpleNamespace(fast=False))", 3),
    (CLASS, "build(Cfg(False))", 5),
])
def test_a_test_on_a_parameter_s_attribute_is_decided_by_what_every_caller_passes(head, call, line):
    assert probe(head + BUILD + call + "\n") == [("set", line, ())]  # `cfg.fast` is False at the only call


@pytest.mark.parametrize(("source", "expected"), [
    ("class C:\n    def make(self):\n        return [1]\n\n\nc = C()\nprobe(c.make())", [("list", 3, ())]),
    ("from typing import NamedTuple\nclass P(NamedTuple):\n    remat: list\n    def make(self):\n        return {1}\n\n\n"
     "p = P([1])\nprobe(p.make())", [("set", 5, ())]),  # a NamedTuple's own method, not its `_replace`
])
def test_a_method_of_an_instance_built_here_returns_what_the_method_returns(source, expected):
    assert probe(source) == expected


def test_only_replace_makes_a_namedtuple_s_copy_another_tuple_method_does_not():
    head = "from typing import NamedTuple\nclass P(NamedTuple):\n    remat: list\n\n\np = P([1])\n"
    assert probe(head + "probe(p._replace(remat={1}).remat)") == [("set", 7, ())]
    assert probe(head + "probe(p.index([1]))") == [("unknown", 7, ())]  # an int in Python: not a P


def test_a_base_s_parameter_holds_what_a_subclass_passes_to_super_init():
    assert probe("class Base:\n    def __init__(self, layers):\n        probe(layers)\n\n\n"
                 "class Child(Base):\n    def __init__(self):\n        super().__init__([1])\n\n\nc = Child()") == [
        ("list", 8, ())]


@pytest.mark.parametrize(("options", "expected"), [
    ('parser.set_defaults(policy="x")\n', [("str", 3, ())]),
    ('parser.add_argument("--policy", default="a")\nparser.set_defaults(policy="x", other=1)\n',
     [("str", 4, ("by default",))]),  # set_defaults wins over the option's own default
])
def test_set_defaults_gives_the_default_of_its_own_keyword(options, expected):
    head = "import argparse\nparser = argparse.ArgumentParser()\n"
    assert probe(head + options + "args = parser.parse_args()\nprobe(args.policy)") == expected


@pytest.mark.parametrize("source", [
    "import functools\n@functools.lru_cache\ndef build(fast):\n    policy = {1}\n    if fast:\n        policy = [1]\n"
    "    probe(policy)\nbuild(False)",
    "class A:\n    def build(self, fast):\n        policy = {1}\n        if fast:\n            policy = [1]\n"
    "        probe(policy)\nA().build(False)\nhanded = A().build",
])
def test_a_decorated_function_or_a_method_read_otherwise_keeps_both_branches_of_a_test_on_its_parameter(source):
    # a decorator may call it otherwise, a bound method handed on may be called with anything: not decided
    assert [when for _, _, when in probe(source)] == [("fast",), ("not fast",)]


def test_a_method_only_called_on_instances_of_its_class_is_decided_by_what_the_calls_pass():
    source = ("class A:\n    def build(self, fast):\n        policy = {1}\n        if fast:\n            policy = [1]\n"
              "        probe(policy)\nA().build(False)")
    assert [(kind, when) for kind, _, when in probe(source)] == [("set", ())]


def test_a_dict_comprehension_that_drops_every_entry_is_a_complete_empty_dict():
    # `[]` is falsy: `e` is `{}`, and `e.get("a")` is None in Python
    assert probe('d = {"a": []}\ne = {k: v for k, v in d.items() if v}\nprobe(e.get("a"))') == [("none", 3, ())]
