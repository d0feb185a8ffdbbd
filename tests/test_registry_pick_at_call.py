"""A registry's entry picked by a key a helper of another module is given, the pick bound to a local first
(`builder = BUILDERS[name]` in a `try`, then `return builder(**kwargs)`): the helper is read for each call, as
`return BUILDERS[name](**kwargs)` is. Where the finding goes: when another entry of the registry is sound (the
"xla_fsdp" builder next to the "ddp" one), the pick is the mistake and the finding stays at the call that picks;
when every entry is wrong, the entry is, and the finding goes where it is written."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

REGISTRY = '''\
BUILDERS = {}


def register(name):
    def add(fn):
        BUILDERS[name] = fn
        return fn

    return add


def make_strategy(name, **kwargs):
    try:
        builder = BUILDERS[name]
    except KeyError:
        raise ValueError(f"no strategy {name!r}") from None
    return builder(**kwargs)
'''
STRATEGIES = '''\
from lightning.fabric.strategies import DDPStrategy, XLAFSDPStrategy

from registry import register


@register("ddp")
def ddp(**kwargs):
    return DDPStrategy()


@register("xla_fsdp")
def xla_fsdp(**kwargs):
    return {xla}
'''
TRAIN = '''\
from lightning.fabric import Fabric

import registry
import strategies  # noqa: F401


def train(fabric):
    pass


def main(name="{name}"):
    fabric = Fabric(accelerator="tpu", strategy=registry.make_strategy(name))
    fabric.launch(train)


main()
'''


def placed(path: Path) -> list[tuple[str, str, int, int, tuple[str, int] | None]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column,
             f.elsewhere and (Path(f.elsewhere.path).name, f.elsewhere.span.start.line + 1))
            for f in check_source(path.read_text(), str(path)).findings]


def test_a_pick_bound_to_a_local_in_another_module_is_read_and_the_wrong_key_is_the_call_s(tmp_path):
    tree(tmp_path, {"registry.py": REGISTRY, "strategies.py": STRATEGIES.format(xla="XLAFSDPStrategy()"),
                    "train.py": TRAIN.format(name="ddp")})
    assert placed(tmp_path / "train.py") == [("LXF033", "error", 12, 48, None)]


def test_the_sound_key_is_silent(tmp_path):
    tree(tmp_path, {"registry.py": REGISTRY, "strategies.py": STRATEGIES.format(xla="XLAFSDPStrategy()"),
                    "train.py": TRAIN.format(name="xla_fsdp")})
    assert placed(tmp_path / "train.py") == []


def test_when_no_entry_is_sound_the_entry_is_where_the_fix_belongs(tmp_path):
    tree(tmp_path, {"registry.py": REGISTRY, "strategies.py": STRATEGIES.format(xla="DDPStrategy()"),
                    "train.py": TRAIN.format(name="ddp")})
    assert placed(tmp_path / "train.py") == [("LXF033", "error", 12, 48, ("strategies.py", 8))]
