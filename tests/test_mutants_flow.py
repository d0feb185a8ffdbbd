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
