"""Callers and wrappers of training scripts: a `match` on a value the callers decide picks its case as an `if`
would; a module's methods that return the module (`.to(device)`, `.train()`) keep it a raw module; a list
display no statement changes is iterated as its items; attributes stored on a `SimpleNamespace` after it is
built are entries of `vars()` of it. Each script was run against lightning 2.6.6 (the silent ones run; the others
raise where the finding is); positions are 1-based."""

from __future__ import annotations

from errata_lsp.analysis import check_source

MATCH = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def precision_for(dtype):
    match dtype:
        case "fp32":
            return "32-true"
        case "bf16":
            return "bf16-mixed"
        case _:
            raise ValueError(dtype)


def train(fabric):
    pass


fabric = Fabric(accelerator="tpu", precision=precision_for("bf16"), strategy=XLAFSDPStrategy())
fabric.launch(train)
'''


def findings(source: str) -> list[tuple[str, str, str]]:
    result = check_source(source, None)
    assert not result.failures, result.failures[0].detail
    return [(f.code, f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}") for f in result.findings]


def test_a_value_case_the_callers_pick_is_the_one_that_runs() -> None:
    assert findings(MATCH) == [("LXF007", "error", "19:46")]


def test_a_value_case_the_callers_never_pick_never_runs() -> None:
    assert findings(MATCH.replace('precision_for("bf16")', 'precision_for("fp32")')) == []


def test_an_or_pattern_of_values_is_decided_by_each_alternative() -> None:
    source = MATCH.replace('case "bf16":', 'case "bf16" | "bfloat16":')
    assert findings(source) == [("LXF007", "error", "19:46")]
    assert findings(source.replace('precision_for("bf16")', 'precision_for("bfloat16")')) == [("LXF007", "error", "19:46")]
    assert findings(source.replace('precision_for("bf16")', 'precision_for("fp32")')) == []


def test_a_subject_the_callers_do_not_decide_keeps_the_case_a_condition() -> None:
    source = MATCH.replace('precision_for("bf16")', "precision_for(input())")
    assert [(c, s) for c, s, _ in findings(source)] == [("LXF007", "warning")]


def test_a_guarded_value_case_stays_a_condition() -> None:
    source = MATCH.replace('case "bf16":', 'case "bf16" if input():').replace("raise ValueError(dtype)", 'return "32-true"')
    assert [(c, s) for c, s, _ in findings(source)] == [("LXF007", "warning")]


SYNC = '''import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Net(nn.Module):
    pass


def train(fabric):
    encoder = fabric.setup_module(Net())
    head = nn.Linear(4, 4).to(fabric.device)
    with fabric.no_backward_sync(head):
        pass


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(train)
'''


def test_a_module_moved_to_the_device_is_still_the_raw_module() -> None:
    assert findings(SYNC) == [("LXF004", "error", "14:34")]


def test_each_method_that_returns_the_module_keeps_it() -> None:
    for call in ("train()", "eval()", "float()", "bfloat16()", "requires_grad_(False)", "cpu()"):
        assert findings(SYNC.replace("to(fabric.device)", call)) == [("LXF004", "error", "14:34")], call
    assert findings(SYNC.replace("nn.Linear(4, 4).to(fabric.device)", "Net().to(fabric.device).train()")) == \
        [("LXF004", "error", "14:34")]


def test_a_method_of_another_name_is_not_the_module() -> None:
    assert findings(SYNC.replace("to(fabric.device)", "state_dict()")) == []


def test_a_project_class_that_overrides_the_method_gives_what_its_method_returns() -> None:
    source = SYNC.replace("class Net(nn.Module):\n    pass", "class Net(nn.Module):\n    def train(self, mode=True):\n"
                          "        return None").replace("nn.Linear(4, 4).to(fabric.device)", "Net().train()")
    assert findings(source) == []


def test_the_set_up_module_moved_is_not_flagged() -> None:
    assert findings(SYNC.replace("head = nn.Linear(4, 4).to(fabric.device)",
                                 "head = fabric.setup_module(nn.Linear(4, 4)).train()")) == []


NAMESPACE = '''import types

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


def train(fabric):
    fabric.setup_module(nn.Sequential(Block()))


fsdp = types.SimpleNamespace(auto_wrap_policy={Block})
fsdp.flatten_parameter = True
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**vars(fsdp)))
fabric.launch(train)
'''


def test_an_attribute_stored_on_a_namespace_before_vars_is_an_entry() -> None:
    assert [(c, s) for c, s, _ in findings(NAMESPACE)] == [("LXF038", "error")]
    assert findings(NAMESPACE.replace("flatten_parameter", "flatten_parameters")) == []


def test_an_attribute_stored_after_vars_is_not_an_entry() -> None:
    source = NAMESPACE.replace("fsdp.flatten_parameter = True\n", "").replace(
        "fabric.launch(train)", "fsdp.flatten_parameter = True\nfabric.launch(train)")
    assert findings(source) == []


def test_an_attribute_stored_under_a_condition_is_not_an_entry() -> None:
    source = NAMESPACE.replace("fsdp.flatten_parameter = True", "if input():\n    fsdp.flatten_parameter = True")
    assert findings(source) == []


def test_an_attribute_stored_in_a_function_before_the_spread_there_is_an_entry() -> None:
    source = NAMESPACE.replace('''fsdp = types.SimpleNamespace(auto_wrap_policy={Block})
fsdp.flatten_parameter = True
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**vars(fsdp)))''', '''def build():
    fsdp = types.SimpleNamespace(auto_wrap_policy={Block})
    fsdp.flatten_parameter = True
    return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**vars(fsdp)))


fabric = build()''')
    assert [(c, s) for c, s, _ in findings(source)] == [("LXF038", "error")]


CALLBACKS = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def log_device(fabric, model):
    print(fabric.device)


def log_name(fabric, model):
    print(type(model).__name__)


CALLBACKS = [log_device, log_name]


def train(fabric, callbacks):
    pass


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
for cb in CALLBACKS:
    cb(fabric, None)
fabric.launch(train, CALLBACKS)
'''


def test_a_list_nothing_changes_before_the_loop_is_iterated_as_its_items() -> None:
    assert findings(CALLBACKS) == [("LXF019", "error", "6:11")]


def test_a_list_read_only_elsewhere_is_iterated_as_its_items() -> None:
    source = CALLBACKS.replace("fabric.launch(train, CALLBACKS)", "print(len(CALLBACKS), CALLBACKS[0], *CALLBACKS)\n"
                               "fabric.launch(train, CALLBACKS)")
    assert findings(source) == [("LXF019", "error", "6:11")]


def test_a_list_changed_before_the_loop_is_not_known_whole() -> None:
    for change in ("CALLBACKS.clear()", "CALLBACKS[1:] = []", "CALLBACKS.pop(0)", "alias = CALLBACKS"):
        source = CALLBACKS.replace("fabric = Fabric(", f"{change}\nfabric = Fabric(")
        assert findings(source) == [], change


def test_a_list_a_function_may_change_is_not_known_whole() -> None:
    source = CALLBACKS.replace("def train(fabric, callbacks):\n    pass",
                               "def train(fabric, callbacks):\n    pass\n\n\ndef reset():\n    CALLBACKS.clear()")
    assert findings(source) == []


def test_a_list_changed_after_the_loop_is_iterated_as_its_items() -> None:
    source = CALLBACKS.replace("fabric.launch(train, CALLBACKS)", "CALLBACKS.append(log_name)\nfabric.launch(train, CALLBACKS)")
    assert findings(source) == [("LXF019", "error", "6:11")]


def test_a_list_changed_in_a_loop_that_repeats_the_read_is_not_known_whole() -> None:
    source = CALLBACKS.replace("for cb in CALLBACKS:\n    cb(fabric, None)\n",
                               "for _ in range(2):\n    for cb in CALLBACKS:\n        cb(fabric, None)\n"
                               "    CALLBACKS.append(print)\n")
    assert findings(source) == []
    assert findings(source.replace("    CALLBACKS.append(print)\n", "")) == [("LXF019", "error", "6:11")]


def test_a_raw_part_synced_on_its_turn_of_a_loop_over_every_part_is_an_error() -> None:
    source = SYNC.replace("    with fabric.no_backward_sync(head):\n        pass\n",
                          "    for part in [encoder, head]:\n        with fabric.no_backward_sync(part):\n            pass\n")
    assert findings(source) == [("LXF004", "error", "15:38")]
    parts = source.replace("    for part in [encoder, head]:", "    parts = [encoder, head]\n    for part in parts:")
    assert findings(parts) == [("LXF004", "error", "16:38")]
    message = check_source(parts, None).findings[0].message
    assert message.endswith("; when part is head, a turn every run of the loop reaches"), message


def test_a_raw_part_synced_on_a_turn_a_test_may_skip_stays_a_warning() -> None:
    source = SYNC.replace("    with fabric.no_backward_sync(head):\n        pass\n",
                          "    for part in [encoder, head]:\n        if input():\n            continue\n"
                          "        with fabric.no_backward_sync(part):\n            pass\n")
    assert [(c, s) for c, s, _ in findings(source)] == [("LXF004", "warning")]
