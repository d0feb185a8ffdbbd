"""A method name read from the environment with a default (`env.get("DECODE_METHOD", "generate")` in a settings
classmethod given `os.environ`, or `os.environ.get` bound to a module constant): the plain run marks the default,
so a default that is no method of the module is LXF036's error, as a name written at the call is. The findings
are exact."""

from __future__ import annotations

from errata_lsp.analysis import check_source

SCRIPT = """\
import os
from dataclasses import dataclass

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


@dataclass
class Settings:
    decode_method: str

    @classmethod
    def from_env(cls, env=os.environ):
        return cls(decode_method=env.get("DECODE_METHOD", "{default}"))


class Net(torch.nn.Module):
    def sample(self, x):
        return x


def train(fabric, settings):
    model = fabric.setup_module(Net())
    model.mark_forward_method(settings.decode_method)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train, Settings.from_env())
"""


def shown(default: str) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(SCRIPT.replace("{default}", default)).findings]


def test_a_default_no_method_has_is_the_plain_run_s_error():
    [finding] = check_source(SCRIPT.replace("{default}", "generate")).findings
    assert (finding.code, finding.severity.value, finding.span.start.line + 1, finding.span.start.column) == (
        "LXF036", "error", 25, 30)
    assert finding.message.startswith("`Net.generate` is no method of the module's class, so "
                                      "`model.mark_forward_method(settings.decode_method)` raises AttributeError")


def test_a_default_that_is_a_method_is_fine():
    assert shown("sample") == []


def test_a_module_constant_read_from_the_environment():
    text = SCRIPT.replace("{default}", "sample").replace(
        "model.mark_forward_method(settings.decode_method)", "model.mark_forward_method(METHOD)")
    text += 'METHOD = os.environ.get("METHOD", "generate")\n'
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(text).findings] == [
        ("LXF036", "error", 25)]
