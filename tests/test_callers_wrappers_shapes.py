"""Callers and wrappers that decide a value: a method only a `getattr` by an f-string could pick, picked by other
known names, never runs (its findings are not reported); a `functools.partial` read out of a table, or wrapping
another partial, builds what the library callable builds; a lambda kept in a variable (or returned by a factory)
is given its `**extra` by each call of that variable. Each script was run against lightning 2.6.6 (the silent
ones run; the others raise where the finding is); positions are 1-based."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = '''from functools import partial

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block()))
    optimizer = fabric.setup_optimizers(__import__("torch").optim.SGD(model.parameters(), lr=0.1))
    fabric.clip_gradients(model, optimizer, max_norm=1.0)
'''

PICKED_BY_NAME = HEAD + '''

class Trainer:
    def __init__(self, fabric, clip="norm"):
        self.fabric = fabric
        self.clip = getattr(self, f"_clip_by_{clip}")

    def _clip_by_norm(self, model, optimizer):
        self.fabric.clip_gradients(model, optimizer, max_norm=1.0)

    def _clip_by_value(self, model, optimizer):
        self.fabric.clip_gradients(model, optimizer, clip_val=1.0)


def run(fabric):
    Trainer(fabric).clip(None, None)


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
fabric.launch(run)
'''

TABLE_OF_PARTIALS = HEAD + '''

base = partial(XLAFSDPStrategy, auto_wrap_policy={Block})
remat = partial(base, activation_checkpointing_policy=[Block])
STRATEGIES = {"base": base, "remat": remat}
fabric = Fabric(accelerator="tpu", strategy=STRATEGIES["remat"]())
fabric.launch(train)
'''

FACTORY_LAMBDA = HEAD + '''

def strategy_factory(wrap_policy):
    return lambda **extra: XLAFSDPStrategy(auto_wrap_policy=wrap_policy, **extra)


make_strategy = strategy_factory({Block})
fabric = Fabric(accelerator="tpu", strategy=make_strategy(activation_checkpointing_policy=[Block]))
fabric.launch(train)
'''


def findings(source: str) -> list[tuple[str, str, str]]:
    result = check_source(source, None)
    assert not result.failures, result.failures[0].detail
    return [(f.code, f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}") for f in result.findings]


def test_a_method_getattr_picks_by_other_known_names_is_not_reported() -> None:
    assert findings(PICKED_BY_NAME) == []


def test_a_method_getattr_picks_by_its_own_name_is_reported() -> None:
    assert findings(PICKED_BY_NAME.replace('clip="norm"', 'clip="value"')) == [("LXF014", "error", "27:54")]


def test_a_name_the_file_cannot_tell_keeps_the_finding() -> None:
    source = PICKED_BY_NAME.replace("Trainer(fabric).clip", "Trainer(fabric, clip=input()).clip")
    assert findings(source) == [("LXF014", "error", "27:54")]


def test_a_method_no_reflection_could_pick_keeps_its_finding() -> None:
    source = PICKED_BY_NAME.replace('f"_clip_by_{clip}"', 'f"_step_{clip}"').replace("_clip_by_norm", "_step_norm")
    assert findings(source) == [("LXF014", "error", "27:54")]


def test_a_partial_of_a_partial_read_out_of_a_table_builds_the_strategy() -> None:
    assert findings(TABLE_OF_PARTIALS) == [("LXF001", "error", "19:55")]
    assert findings(TABLE_OF_PARTIALS.replace("policy=[Block]", "policy={Block}")) == []


def test_a_partial_read_out_of_a_table_builds_the_strategy() -> None:
    source = TABLE_OF_PARTIALS.replace("partial(base, ", "partial(XLAFSDPStrategy, auto_wrap_policy={Block}, ")
    assert findings(source) == [("LXF001", "error", "19:92")]


def test_a_factory_lambda_is_given_its_extra_keywords_by_each_call() -> None:
    assert findings(FACTORY_LAMBDA) == [("LXF001", "error", "23:91")]
    assert findings(FACTORY_LAMBDA.replace("policy=[Block]", "policy={Block}")) == []


def test_a_lambda_kept_in_a_variable_is_given_its_extra_keywords() -> None:
    source = FACTORY_LAMBDA.replace("make_strategy = strategy_factory({Block})",
                                    "make_strategy = lambda **extra: XLAFSDPStrategy(auto_wrap_policy={Block}, **extra)")
    assert findings(source) == [("LXF001", "error", "23:91")]


PROBE = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

try:
    import torch_xla.core.xla_model as xm  # noqa: F401

    PRECISION = "bf16-mixed"
except ImportError:
    PRECISION = "32-true"


def train(fabric):
    pass


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=PRECISION)
fabric.launch(train)
'''


def test_a_name_bound_in_a_block_of_the_top_level_is_read() -> None:
    """`PRECISION` bound in a module-level `try` (or `if`) is followed when the check picks the code to read."""
    source = PROBE.replace("except ImportError:\n    PRECISION = \"32-true\"", "finally:\n    pass")
    assert findings(source) == [("LXF007", "error", "16:74")]
    source = PROBE.replace("    import torch_xla.core.xla_model as xm  # noqa: F401\n\n", "")
    assert findings(source) == [("LXF007", "warning", "14:74")]  # no import: the handler may run anywhere


def test_the_fallback_of_an_import_probe_of_torch_xla_never_reaches_xlafsdp() -> None:
    """XLAFSDPStrategy runs where torch_xla imports: the `except ImportError` branch is another machine's."""
    assert findings(PROBE) == [("LXF007", "error", "16:74")]
    swapped = PROBE.replace('"bf16-mixed"', '"X"').replace('"32-true"', '"bf16-mixed"').replace('"X"', '"bf16-true"')
    assert findings(swapped) == []


def test_the_fallback_of_a_probe_of_another_package_may_run() -> None:
    source = PROBE.replace("import torch_xla.core.xla_model as xm", "import apex")
    assert findings(source) == [("LXF007", "warning", "16:74")]


DECORATED = '''import functools

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def with_defaults(**defaults):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for key, value in defaults.items():
                kwargs.setdefault(key, value)
            return fn(*args, **kwargs)

        return wrapper

    return decorate


@with_defaults(accelerator="tpu", precision="bf16-mixed")
def build_fabric(**kwargs):
    return Fabric(strategy=XLAFSDPStrategy(), **kwargs)


def train(fabric):
    pass


fabric = build_fabric(devices=8)
fabric.launch(train)
'''


def test_a_loop_of_setdefault_over_a_known_dict_fills_what_the_caller_left_out() -> None:
    assert findings(DECORATED) == [("LXF007", "error", "22:49")]
    assert findings(DECORATED.replace("build_fabric(devices=8)", 'build_fabric(devices=8, precision="bf16-true")')) == []


def test_a_loop_of_setdefault_over_an_unknown_dict_keeps_the_keywords_unknown() -> None:
    source = DECORATED.replace("for key, value in defaults.items():", "for key, value in dict(input()).items():")
    assert findings(source) == []


ACCUMULATING = '''import contextlib

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@contextlib.contextmanager
def accumulating(fabric, skip, **sync_kwargs):
    with fabric.no_backward_sync(enabled=skip, **sync_kwargs):
        yield skip


def train(fabric):
    net = nn.Linear(2, 2)
    model = fabric.setup_module(net)
    with accumulating(fabric, True, module=net):
        pass


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(train)
'''
RAW = ("LXF004", "error", "17:44")


def test_the_module_given_through_a_callers_double_star_is_followed() -> None:
    assert findings(ACCUMULATING) == [RAW]
    assert findings(ACCUMULATING.replace("module=net)", "module=model)")) == []


def test_the_module_given_by_keyword_is_followed() -> None:
    source = ACCUMULATING.replace("    with accumulating(fabric, True, module=net):",
                                  "    with fabric.no_backward_sync(module=net, enabled=True):")
    assert findings(source) == [("LXF004", "error", "17:41")]


MISSING = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

DEFAULTS = {"accelerator": "tpu", "precision": "bf16-mixed"}


class Settings(dict):
    def __missing__(self, key):
        return DEFAULTS[key]


def train(fabric):
    pass


settings = Settings(steps=3)
fabric = Fabric(accelerator=settings["accelerator"], precision=settings["precision"], strategy=XLAFSDPStrategy())
fabric.launch(train)
'''


def test_a_key_the_construction_leaves_out_is_answered_by_missing() -> None:
    assert findings(MISSING) == [("LXF007", "error", "17:64")]
    assert findings(MISSING.replace("Settings(steps=3)", 'Settings(steps=3, precision="bf16-true")')) == []


def test_a_dict_subclass_changed_after_construction_is_not_read() -> None:
    source = MISSING.replace("settings = Settings(steps=3)\n", 'settings = Settings(steps=3)\nsettings.update(precision="bf16-true")\n')
    assert findings(source) == []


ATTRS = '''import attrs
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


@attrs.define
class Sharding:
    remat: set = attrs.field(factory=lambda: [Block], converter=set)


def train(fabric):
    fabric.setup_module(nn.Sequential(Block()))


strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=Sharding().remat)
fabric = Fabric(accelerator="tpu", strategy=strategy)
fabric.launch(train)
'''


def test_an_attrs_converter_makes_the_container_it_names() -> None:
    assert findings(ATTRS) == []
    assert findings(ATTRS.replace("converter=set", "converter=list")) == [("LXF001", "error", "20:86")]
    assert findings(ATTRS.replace("converter=set", "converter=tuple")) == [("LXF001", "error", "20:86")]
    assert findings(ATTRS.replace("Sharding()", "Sharding(remat=[Block])")) == []


def test_another_converter_leaves_the_field_unknown() -> None:
    source = ATTRS.replace("converter=set", "converter=sorted_layers").replace(
        "@attrs.define", "def sorted_layers(x):\n    return x\n\n\n@attrs.define")
    assert findings(source) == []


TABLE_BY_MAP = '''from lightning.fabric.strategies import XLAFSDPStrategy

PRESETS = {"small": dict(state_dict_type="full"), "large": dict(state_dict_type="sharded")}
STRATEGIES = dict(zip(PRESETS, map(lambda kwargs: XLAFSDPStrategy(**kwargs), PRESETS.values())))
picked = STRATEGIES["large"]
TYPES = dict(zip(PRESETS, map(lambda kwargs: kwargs["state_dict_type"], PRESETS.values())))
kind = TYPES["large"]
'''


def test_a_table_zipped_from_a_dicts_keys_and_a_map_over_its_values_is_read_by_key() -> None:
    import ast

    from errata_lsp.analysis.context import Context
    from errata_lsp.analysis.document import Document
    from errata_lsp.analysis.packs import TIPS

    doc = Document(TABLE_BY_MAP, None)
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    picked = next(n for n in ast.walk(ctx.module) if isinstance(n, ast.Name) and n.id == "picked")
    assign = ctx.parents[picked]
    assert isinstance(assign, ast.Assign)
    assert [(v.kind, v.line) for v in ctx.values(assign.value)] == [("strategy", 4)]
    assert [(v.kind, v.line) for v in ctx.values(assign.value.value)] == [("dict", 4)]  # type: ignore[attr-defined]
    kind = next(n for n in ast.walk(ctx.module) if isinstance(n, ast.Name) and n.id == "kind")
    assign = ctx.parents[kind]
    assert isinstance(assign, ast.Assign)
    assert [getattr(v.node, "value", None) for v in ctx.values(assign.value)] == ["sharded"]


def test_a_lambda_call_the_run_never_makes_passes_nothing() -> None:
    """`make(...) if args.remat else make()` with `--no-remat` a `store_false`: the plain run makes the first."""
    source = FACTORY_LAMBDA.replace(
        "fabric = Fabric(accelerator=\"tpu\", strategy=make_strategy(activation_checkpointing_policy=[Block]))",
        "import argparse\n\nparser = argparse.ArgumentParser()\n"
        "parser.add_argument(\"--no-remat\", dest=\"remat\", action=\"store_false\")\nargs = parser.parse_args()\n"
        "strategy = make_strategy(activation_checkpointing_policy=[Block]) if args.remat else make_strategy()\n"
        "fabric = Fabric(accelerator=\"tpu\", strategy=strategy)")
    assert findings(source) == [("LXF001", "error", "28:58")]
