"""`Fabric(**self.fabric_kwargs)` where each factory of the class builds the instance with its own dict: a key of a
dict that holds no strategy (a CPU smoke-test factory's `"devices": 1`, `"accelerator": "cpu"`) never runs with
another factory's XLAFSDPStrategy (LXF041, LXF010 used to warn on the fine code); a key of the strategy's own dict
is judged as before."""

from __future__ import annotations

from errata_lsp.analysis import check_source

ENGINE = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Engine:
    def __init__(self, fabric_kwargs):
        self.fabric_kwargs = fabric_kwargs

    @classmethod
    def for_tpu(cls, cores=None):
        return cls({{"accelerator": "tpu", "devices": {devices}, "strategy": XLAFSDPStrategy()}})

    @classmethod
    def for_cpu(cls):
        return cls({{"accelerator": "cpu", "devices": 1}})

    def run(self):
        Fabric(**self.fabric_kwargs).launch(self.train)

    def train(self, fabric):
        pass


if __name__ == "__main__":
    Engine.for_tpu().run()
    Engine.for_cpu().run()
"""

SINGLE = ("The XLAFSDPStrategy does not support running on a single device with the PjRT runtime: `devices=1` (from "
          "line 11) is one device, so `fabric.launch` raises NotImplementedError before your function runs. Use every "
          "device of the TPU (`devices=\"auto\"`, the default), or `SingleDeviceXLAStrategy` to run on one")


def found(text: str) -> list[tuple[str, str, str, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1)
            for f in check_source(text, "train.py").findings]


def test_the_cpu_factory_s_keys_never_meet_the_tpu_factory_s_strategy():
    assert found(ENGINE.format(devices='cores or "auto"')) == []


def test_a_key_of_the_strategy_s_own_dict_is_still_an_error():
    # `cores or 1` with `for_tpu()` called without cores: one device on every run with the XLAFSDP strategy (the
    # CPU factory's run has none)
    assert found(ENGINE.format(devices="cores or 1")) == [("LXF041", "error", SINGLE, 18)]


def test_one_dict_holding_every_key_is_judged_whole():
    text = ENGINE.format(devices="1").replace('        return cls({"accelerator": "cpu", "devices": 1})\n',
                                              '        return cls({"accelerator": "tpu", "devices": 1, '
                                              '"strategy": XLAFSDPStrategy()})\n')
    assert [f[:2] for f in found(text)] == [("LXF041", "error")]
