"""Values hidden by the shape of the code, as `check_source` gives them (exact code, severity, place,
message, fix applied and checked again): a string joined from known constants (an f-string, a `+`)
is that text; a name bound to a `functools.partial` of `Fabric` builds a Fabric with the partial's
arguments, here or in another module; a call of a partial of a function is a call of that function with
the partial's arguments first; a function launched through a decorator of another module runs that
module's wrapper, for the Fabric of the launch and the decorator factory's arguments given here; a
classmethod of another module called on its class takes the call's arguments after `cls`; a dict key
stored under a test the callers' dict decides false is never stored."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import apply_fix, check_source
from errata_lsp.analysis.findings import Place, Position, Span


def findings(text: str, path: str = "train.py") -> list[tuple[str, str, Span, str]]:
    return [(f.code, f.severity.value, f.span, f.message) for f in check_source(text, path).findings]


def at(line: int, start: int, end: int) -> Span:
    return Span(Position(line, start), Position(line, end))


UNREGISTERED = ("Lightning has no strategy named '{name}', so `Fabric(...)` raises ValueError: You selected an"
                " invalid strategy name{where}. On TPUs: \"xla_fsdp\" or \"xla\" (for one core, leave `strategy`"
                " out and pass `devices=1`)")

JOINED = """\
from lightning.fabric import Fabric

BACKEND = "xla"
SHARDING = "PART"


class Settings:
    backend = BACKEND

    @property
    def strategy(self):
        return f"{self.backend}_{SHARDING}"


fabric = Fabric(accelerator="tpu", strategy=STRATEGY)
"""


def test_an_f_string_of_known_constants_is_that_name_and_its_fix_is_checked_again():
    text = JOINED.replace("STRATEGY", 'f"{BACKEND}_{SHARDING}"').replace("PART", "full_shard")
    (finding,) = check_source(text, "train.py").findings
    assert (finding.code, finding.severity.value, finding.span, finding.message) == (
        "LXF034", "error", at(14, 44, 67), UNREGISTERED.format(name="xla_full_shard", where=""))
    fixed = apply_fix(text, finding.preferred_fix.edits)
    assert fixed == text.replace('f"{BACKEND}_{SHARDING}"', '"xla_fsdp"')
    assert findings(fixed) == []


def test_a_property_joining_class_and_module_constants_is_flagged_at_the_call():
    text = JOINED.replace("STRATEGY", "Settings().strategy").replace("PART", "full_shard")
    assert findings(text) == [("LXF034", "error", at(14, 44, 63), UNREGISTERED.format(
        name="xla_full_shard", where=" (from `Settings.strategy`, line 12)"))]
    assert findings(JOINED.replace("STRATEGY", "Settings().strategy").replace("PART", "fsdp")) == []


def test_a_concatenation_of_constants_is_that_name():
    text = JOINED.replace("STRATEGY", 'BACKEND + "_" + SHARDING').replace("PART", "shard")
    (finding,) = check_source(text, "train.py").findings
    assert (finding.code, finding.severity.value, finding.span, finding.message) == (
        "LXF034", "error", at(14, 44, 68), UNREGISTERED.format(name="xla_shard", where=""))
    fixed = apply_fix(text, finding.preferred_fix.edits)
    assert findings(fixed) == []
    assert findings(JOINED.replace("STRATEGY", 'BACKEND + "_" + SHARDING').replace("PART", "fsdp")) == []


KEYED = """\
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


BACKEND = "xla"
POLICIES = {"xla_remat": [Block], "cuda_remat": {Block}}
strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=KEY)
"""


def test_a_key_joined_from_constants_picks_its_entry_and_the_fix_is_checked_again():
    subscript, get = 'POLICIES[f"{BACKEND}_remat"]', 'POLICIES.get(BACKEND + "_remat")'
    for key, end, change in ((subscript, 113, ('"xla_remat": [Block]', '"xla_remat": {Block}')),  # the entry it picks
                             (get, 117, (get, f"set({get})"))):
        text = KEYED.replace("KEY", key)
        (finding,) = check_source(text, "train.py").findings
        assert (finding.code, finding.severity.value, finding.span) == ("LXF001", "error", at(10, 85, end)), key
        assert finding.message.startswith("`activation_checkpointing_policy` must be a set, found [Block] (from "), key
        fixed = apply_fix(text, finding.preferred_fix.edits)
        assert fixed == text.replace(*change)
        assert findings(fixed) == []
        assert findings(text.replace('BACKEND = "xla"', 'BACKEND = "cuda"')) == [], key


def test_a_string_with_an_unknown_part_or_a_conversion_is_not_judged():
    for spelled in ('f"{BACKEND}_{input()}"', 'f"{BACKEND!r}_{SHARDING}"', 'f"{BACKEND:>4}_{SHARDING}"',
                    "BACKEND + input()"):
        assert findings(JOINED.replace("STRATEGY", spelled).replace("PART", "full_shard")) == [], spelled


PRECISION = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true',"
             " 'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)`")

PARTIAL_FABRIC = """\
from functools import partial

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

TPUFabric = partial(Fabric, accelerator="tpu", precision="bf16-mixed")
fabric = TPUFabric(strategy=STRATEGY)
"""


def test_a_partial_of_fabric_builds_a_fabric_with_its_precision_and_its_fix_is_checked_again():
    text = PARTIAL_FABRIC.replace("STRATEGY", "XLAFSDPStrategy()")
    (finding,) = check_source(text, "train.py").findings
    assert (finding.code, finding.severity.value, finding.span, finding.message) == (
        "LXF007", "error", at(5, 57, 69), PRECISION)
    fixed = apply_fix(text, finding.preferred_fix.edits)
    assert fixed == text.replace('"bf16-mixed"', '"bf16-true"')
    assert findings(fixed) == []


def test_a_partial_of_fabric_with_a_precision_xla_takes_is_fine():
    assert findings(PARTIAL_FABRIC.replace("STRATEGY", "XLAFSDPStrategy()").replace("bf16-mixed", "bf16-true")) == []


PARTIAL_OF_PARTIAL = """\
from functools import partial

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

TPUFabric = partial(Fabric, accelerator="tpu", precision="32-true")
LowPrecision = partial(TPUFabric, precision="bf16-mixed")
fabric = LowPrecision(strategy=XLAFSDPStrategy())
"""


def test_a_partial_of_a_partial_of_fabric_builds_a_fabric_with_the_outer_partial_s_precision():
    (finding,) = check_source(PARTIAL_OF_PARTIAL, "train.py").findings
    assert (finding.code, finding.severity.value, finding.span, finding.message) == (
        "LXF007", "error", at(6, 44, 56), PRECISION)
    fixed = apply_fix(PARTIAL_OF_PARTIAL, finding.preferred_fix.edits)
    assert fixed == PARTIAL_OF_PARTIAL.replace('"bf16-mixed"', '"bf16-true"')
    assert findings(fixed) == []


def test_a_partial_of_a_partial_of_fabric_keeps_what_the_inner_one_presets():
    text = (PARTIAL_OF_PARTIAL.replace('precision="32-true"', 'precision="16-mixed"')
            .replace('precision="bf16-mixed"', 'devices=8'))
    assert [(code, severity, span) for code, severity, span, _ in findings(text)] == [
        ("LXF007", "error", at(5, 57, 67))]


def test_a_partial_of_a_partial_that_sets_a_precision_xla_takes_is_fine():
    assert findings(PARTIAL_OF_PARTIAL.replace('precision="32-true"', 'precision="16-mixed"')
                    .replace('"bf16-mixed"', '"bf16-true"')) == []


def test_a_partial_of_a_name_holding_one_of_two_partials_is_no_known_fabric():
    text = PARTIAL_OF_PARTIAL.replace(
        'TPUFabric = partial(Fabric, accelerator="tpu", precision="32-true")\n',
        'import sys\n\nTPUFabric = partial(Fabric, accelerator="tpu") if sys.argv[1:] else partial(print, "dry run")\n')
    assert findings(text) == []


def test_a_partial_of_fabric_made_in_another_module_is_flagged_at_the_call_and_placed_there(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    launcher = PARTIAL_FABRIC.split("fabric = ")[0]
    (tmp_path / "launcher.py").write_text(launcher)
    train = tmp_path / "train.py"
    train.write_text("from lightning.fabric.strategies import XLAFSDPStrategy\n\nfrom launcher import TPUFabric\n\n"
                     "fabric = TPUFabric(strategy=XLAFSDPStrategy())\n")
    assert [(f.code, f.severity.value, f.span, f.message, f.elsewhere)
            for f in check_source(train.read_text(), str(train)).findings] == [(
                "LXF007", "error", at(4, 9, 18), PRECISION + " (from `launcher.py`, line 6)",
                Place(str(tmp_path / "launcher.py"), at(5, 57, 69)))]
    (tmp_path / "launcher.py").write_text(launcher.replace("bf16-mixed", "bf16-true"))
    assert findings(train.read_text(), str(train)) == []


HELPER = """\
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


def make_strategy(remat=None, state_dict_type="sharded"):
    kwargs = {"auto_wrap_policy": {Block}, "state_dict_type": state_dict_type}
    if remat:
        kwargs["activation_checkpointing_policy"] = remat
    return XLAFSDPStrategy(**kwargs)
"""

SPECIALISED = """\

remat_strategy = partial(make_strategy, REMAT)
fabric = Fabric(accelerator="tpu", strategy=remat_strategy(state_dict_type="full"))
"""

NOT_A_SET = "`activation_checkpointing_policy` must be a set, found (Block,) (from `remat`, line {line})"


def test_a_call_of_a_partial_of_a_function_of_this_module_fills_its_parameters_and_the_fix_is_checked_again():
    text = ("from functools import partial\n\nfrom lightning.fabric import Fabric\n" + HELPER + SPECIALISED).replace(
        "REMAT", "remat=(Block,)")
    (finding,) = check_source(text, "train.py").findings
    assert (finding.code, finding.severity.value, finding.span, finding.message) == (
        "LXF001", "error", at(14, 52, 57), NOT_A_SET.format(line=18))
    fixed = apply_fix(text, finding.preferred_fix.edits)
    assert fixed == text.replace('kwargs["activation_checkpointing_policy"] = remat',
                                 'kwargs["activation_checkpointing_policy"] = set(remat)')
    assert findings(fixed) == []
    assert findings(text.replace("remat=(Block,)", "remat={Block}")) == []


def test_a_partial_s_positional_argument_fills_the_first_parameter():
    text = ("from functools import partial\n\nfrom lightning.fabric import Fabric\n" + HELPER + SPECIALISED).replace(
        "REMAT", "(Block,)")
    assert findings(text) == [("LXF001", "error", at(14, 52, 57), NOT_A_SET.format(line=18))]
    assert findings(text.replace("(Block,))", "{Block})")) == []


def test_a_call_of_a_partial_of_a_function_of_another_module_is_judged_for_its_arguments_at_the_call(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "strategy.py").write_text(HELPER)
    train = tmp_path / "train.py"
    text = "from functools import partial\n\nfrom lightning.fabric import Fabric\n\nfrom strategy import Block, " \
           "make_strategy\n" + SPECIALISED
    train.write_text(text.replace("REMAT", "remat=(Block,)"))
    assert findings(train.read_text(), str(train)) == [(
        "LXF001", "error", at(7, 44, 58),
        NOT_A_SET.format(line=7) + " (in `make_strategy`, `strategy.py`, line 12, for this call)")]
    train.write_text(text.replace("REMAT", "remat={Block}"))
    assert findings(train.read_text(), str(train)) == []
    assert findings((tmp_path / "strategy.py").read_text(), str(tmp_path / "strategy.py")) == []


METRICS = """\
import functools


def reduce_metrics(reduce_op="mean"):
    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(fabric, *args, **kwargs):
            metrics = fn(fabric, *args, **kwargs)
            return {k: fabric.all_reduce(v, reduce_op=reduce_op) for k, v in metrics.items()}

        return wrapper

    return decorator


def gathered(fn):
    def wrapper(fabric):
        return fabric.all_reduce(fn(fabric), reduce_op="max")

    return wrapper
"""

LAUNCHED = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from metrics import gathered, reduce_metrics


@DECORATOR
def train(fabric):
    return {"loss": 0.0}


fabric = Fabric(FABRIC)
fabric.launch(train)
"""

REDUCE = ("Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max;"
          " `all_reduce` raises ValueError. For a max, gather and reduce: `fabric.all_gather(x).max()`")


def launched(root: Path, decorator: str, fabric: str = 'accelerator="tpu", strategy=XLAFSDPStrategy()') -> list[tuple[str, str, Span, str]]:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (root / "metrics.py").write_text(METRICS)
    train = root / "train.py"
    train.write_text(LAUNCHED.replace("DECORATOR", decorator).replace("FABRIC", fabric))
    return findings(train.read_text(), str(train))


def test_a_decorator_factory_of_another_module_given_max_here_is_flagged_at_the_launch(tmp_path: Path):
    assert launched(tmp_path, 'reduce_metrics(reduce_op="max")') == [(
        "LXF027", "error", at(12, 0, 13), REDUCE + " (in `wrapper`, `metrics.py`, line 9, for this call)")]
    assert findings(METRICS, str(tmp_path / "metrics.py")) == []


def test_the_same_factory_given_an_operation_xla_has_or_another_strategy_is_fine(tmp_path: Path):
    assert launched(tmp_path, 'reduce_metrics(reduce_op="mean")') == []
    assert launched(tmp_path, "reduce_metrics()") == []
    assert launched(tmp_path, 'reduce_metrics(reduce_op="max")', fabric='accelerator="cpu", strategy="ddp"') == []


def test_a_decorator_of_another_module_whose_wrapper_reduces_by_max_is_flagged_at_the_launch(tmp_path: Path):
    # `gathered`'s wrapper has no `functools.wraps`: the launch fails to pickle it first (the real run raises
    # AttributeError: Can't pickle local object 'gathered.<locals>.wrapper'), then the max would
    assert launched(tmp_path, "gathered") == [
        ("LXF027", "error", at(12, 0, 13), REDUCE + " (in `wrapper`, `metrics.py`, line 18, for this call)"),
        ("LXF006", "error", at(12, 14, 19),
         "`fabric.launch` is given `wrapper`, a function defined inside `gathered` (`metrics.py`, line 17), which "
         "cannot be pickled: under XLAFSDPStrategy the launch sends the function and its arguments to the spawned "
         "processes, so it fails with AttributeError: Can't pickle local object 'gathered.<locals>.wrapper' before "
         "your function runs. Give `wrapper` `@functools.wraps(...)` of the function `gathered` wraps, so pickle "
         "finds it under the name `train` it is bound to, or define it at module level")]
    assert launched(tmp_path, "gathered", fabric='accelerator="cpu", strategy="ddp"') == []


CLASSMETHOD = """\
class Metrics:
    @classmethod
    def reduce(cls, fabric, value, op="sum"):
        return fabric.all_reduce(value, reduce_op=op)
"""


def test_a_classmethod_of_another_module_called_on_its_class_is_judged_for_the_arguments_after_cls(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "metrics.py").write_text(CLASSMETHOD)
    train = tmp_path / "train.py"
    text = LAUNCHED.replace("from metrics import gathered, reduce_metrics", "from metrics import Metrics").replace(
        "@DECORATOR\n", "").replace('return {"loss": 0.0}', "return Metrics.reduce(fabric, 1.0, OP)").replace(
        "FABRIC", 'accelerator="tpu", strategy=XLAFSDPStrategy()')
    train.write_text(text.replace("OP", '"max"'))
    assert findings(train.read_text(), str(train)) == [(
        "LXF027", "error", at(7, 11, 25), REDUCE + " (in `reduce`, `metrics.py`, line 4, for this call)")]
    train.write_text(text.replace("OP", '"mean"'))
    assert findings(train.read_text(), str(train)) == []


OPTIONS = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


def checkpointed(module, *args, **kwargs):
    return module


RUN = {"remat": True, "custom_wrapper": WRAPPER}


def build(cfg):
    kwargs = {"auto_wrap_policy": {Block}}
    if cfg.get("remat"):
        kwargs["activation_checkpointing_policy"] = {Block}
    if TEST:
        kwargs["auto_wrapper_callable"] = checkpointed
    return XLAFSDPStrategy(**kwargs)


fabric = Fabric(accelerator="tpu", strategy=build(RUN))
"""

BOTH = ("`auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be set: Lightning raises "
        "ValueError at setup (the policy is turned into its own auto wrapper)")


def test_a_key_stored_under_a_test_of_the_callers_dict_is_stored_as_that_dict_says():
    for test in ('cfg.get("custom_wrapper")', 'cfg["custom_wrapper"]', 'cfg.get("custom_wrapper", False)'):
        text = OPTIONS.replace("TEST", test)
        assert findings(text.replace("WRAPPER", "True")) == [("LXF002", "error", at(21, 42, 54), BOTH)], test
        assert findings(text.replace("WRAPPER", "False")) == [], test  # the user's fix: the config's own flag


def test_a_key_the_callers_dict_lacks_takes_the_default_and_an_unknown_dict_decides_nothing():
    text = OPTIONS.replace('"custom_wrapper": WRAPPER', '"other": 1')
    assert findings(text.replace("TEST", 'cfg.get("custom_wrapper", False)')) == []
    assert findings(text.replace("TEST", 'cfg.get("custom_wrapper", True)')) == [("LXF002", "error", at(21, 42, 54), BOTH)]
    unknown = OPTIONS.replace("TEST", 'cfg.get("custom_wrapper")').replace("build(RUN)", "build(load())")
    assert findings(unknown.replace("WRAPPER", "False")) == [  # both passed only under tests nothing decides
        ("LXF002", "warning", at(21, 42, 54), BOTH + '; when cfg.get("remat") and cfg.get("custom_wrapper")')]
