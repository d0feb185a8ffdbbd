"""The evaluator on neutral code: what a name holds once the callers of its function have decided the
tests on its parameters, through their attributes too."""

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
