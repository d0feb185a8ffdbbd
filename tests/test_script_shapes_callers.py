"""Callers and wrappers of training scripts: a `match` on a value the callers decide picks its case as an `if`
would; a module's methods that return the module (`.to(device)`, `.train()`) keep it a raw module; a list
display no statement changes is iterated as its items; attributes stored on a `SimpleNamespace` after it is
built are entries of `vars()` of it; a wrapper `functools.wraps` names after a function the module rebinds is
not what pickle finds. Each script whose findings are asserted was run against lightning 2.6.6 (the silent ones
run, but where a comment says the layer keeps quiet on what it cannot tell; the others raise where the finding
is); `held` asserts what the value-flow layer says a name holds; positions are 1-based."""

from __future__ import annotations

import ast

from errata_lsp.analysis import check_source
from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.packs import TIPS

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


def held(source: str, name: str) -> list[str]:
    """The kinds of the values the last read of `name` holds."""
    doc = Document(source, None)
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    read = [n for n in ctx.nodes(ast.Name) if n.id == name and isinstance(n.ctx, ast.Load)][-1]
    return [v.kind for v in ctx.values(read)]


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
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.fc(x)


def train(fabric):
    encoder = fabric.setup_module(Net())
    head = nn.Linear(4, 4).to(fabric.device)
    with fabric.no_backward_sync(head):
        pass


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(train)
'''


def test_a_module_moved_to_the_device_is_still_the_raw_module() -> None:
    assert findings(SYNC) == [("LXF004", "error", "19:34")]


def test_each_method_that_returns_the_module_keeps_it() -> None:
    for call in ("train()", "eval()", "float()", "bfloat16()", "requires_grad_(False)", "cpu()"):
        assert findings(SYNC.replace("to(fabric.device)", call)) == [("LXF004", "error", "19:34")], call
    assert findings(SYNC.replace("nn.Linear(4, 4).to(fabric.device)", "Net().to(fabric.device).train()")) == \
        [("LXF004", "error", "19:34")]


def test_a_method_of_another_name_is_not_the_module() -> None:
    assert held(SYNC.replace("to(fabric.device)", "state_dict()"), "head") == ["unknown"]


def test_a_project_class_that_overrides_the_method_gives_what_its_method_returns() -> None:
    source = SYNC.replace("    def forward(self, x):", "    def train(self, mode=True):\n"
                          "        return None\n\n    def forward(self, x):").replace("nn.Linear(4, 4).to(fabric.device)", "Net().train()")
    assert held(source, "head") == ["none"]
    assert held(source.replace("Net().train()", "Net().eval()"), "head") == ["module"]


def test_the_set_up_module_moved_is_not_flagged() -> None:
    assert findings(SYNC.replace("head = nn.Linear(4, 4).to(fabric.device)",
                                 "head = fabric.setup_module(nn.Linear(4, 4)).train()")) == []


NAMESPACE = '''import types

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.fc(x)


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
    for change in ("CALLBACKS.clear()", "CALLBACKS[:] = [log_name]", "CALLBACKS.pop(0)",
                   "alias = CALLBACKS\nalias.remove(log_device)"):
        source = CALLBACKS.replace("fabric = Fabric(", f"{change}\nfabric = Fabric(")
        assert findings(source) == [], change


def test_a_list_a_function_may_change_is_not_known_whole() -> None:
    source = CALLBACKS.replace("def train(fabric, callbacks):\n    pass",
                               "def train(fabric, callbacks):\n    pass\n\n\ndef reset():\n    CALLBACKS.clear()")
    assert findings(source.replace("fabric = Fabric(", "reset()\nfabric = Fabric(")) == []


def test_a_list_changed_after_the_loop_is_iterated_as_its_items() -> None:
    source = CALLBACKS.replace("fabric.launch(train, CALLBACKS)", "CALLBACKS.append(log_name)\nfabric.launch(train, CALLBACKS)")
    assert findings(source) == [("LXF019", "error", "6:11")]


def test_a_list_changed_in_a_loop_that_repeats_the_read_is_not_known_whole() -> None:
    source = CALLBACKS.replace("for cb in CALLBACKS:\n    cb(fabric, None)\n",
                               "for _ in range(2):\n    for cb in CALLBACKS:\n        cb(fabric, None)\n"
                               "    CALLBACKS.append(print)\n")
    assert findings(source) == []  # (the run raises on the first turn: the layer keeps quiet on what it cannot tell)
    assert findings(source.replace("    CALLBACKS.append(print)\n", "")) == [("LXF019", "error", "6:11")]


def test_a_raw_part_synced_on_its_turn_of_a_loop_over_every_part_is_an_error() -> None:
    source = SYNC.replace("    with fabric.no_backward_sync(head):\n        pass\n",
                          "    for part in [encoder, head]:\n        with fabric.no_backward_sync(part):\n            pass\n")
    assert findings(source) == [("LXF004", "error", "20:38")]
    parts = source.replace("    for part in [encoder, head]:", "    parts = [encoder, head]\n    for part in parts:")
    assert findings(parts) == [("LXF004", "error", "21:38")]
    message = check_source(parts, None).findings[0].message
    assert message.endswith("; when part is head, a turn every run of the loop reaches"), message


def test_a_raw_part_synced_on_a_turn_a_test_may_skip_stays_a_warning() -> None:
    source = SYNC.replace("    with fabric.no_backward_sync(head):\n        pass\n",
                          "    for part in [encoder, head]:\n        if input():\n            continue\n"
                          "        with fabric.no_backward_sync(part):\n            pass\n")
    assert [(c, s) for c, s, _ in findings(source)] == [("LXF004", "warning")]


STACKED = '''import functools

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


def entry(fn):
    @functools.wraps(fn)
    def launcher():
        return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(fn)

    return launcher


@entry
@timed
def main(fabric):
    pass


if __name__ == "__main__":
    main()
'''


def test_a_wrapper_named_after_a_function_the_module_rebinds_is_not_the_same_object() -> None:
    result = check_source(STACKED, None)
    assert [(f.code, f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}")
            for f in result.findings] == [("LXF006", "error", "18:77")]
    message = result.findings[0].message
    assert "`wrapper`, a function defined inside `timed` that `functools.wraps` names `main`" in message
    assert "PicklingError: Can't pickle <function main>: it's not the same object as __main__.main" in message


def test_a_decorator_that_returns_the_function_keeps_the_wrapper_found_by_name() -> None:
    source = STACKED.replace('''    @functools.wraps(fn)
    def launcher():
        return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(fn)

    return launcher''', '''    fn.launch = lambda: Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(fn)
    return fn''').replace("    main()", "    main.launch()")
    assert findings(source) == []
