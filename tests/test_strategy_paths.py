"""A Fabric whose strategy is XLAFSDPStrategy on some paths only (`XLAFSDPStrategy(...) if devices > 1 else
"auto"`, or an `if` that picks it): when the test is decided (a constant the caller passes, an option's
default the plain run takes) the Fabric runs that path's strategy; when it is not, what XLAFSDP would raise
is a warning that names the condition, never an error, and a strategy of another kind on every path, or one
the file cannot tell, says nothing."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

HEAD = "import torch\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n\n"

XLA = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
       "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)`")
REDUCE = ("Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max; "
          "`all_reduce` raises ValueError. For a max, gather and reduce: `fabric.all_gather(x).max()`")

EXPRESSION = ("def setup(devices, precision='bf16-mixed'):\n"
              "    strategy = XLAFSDPStrategy() if devices > 1 else 'auto'\n"
              "    Fabric(accelerator='tpu', devices=devices, strategy=strategy, precision=precision)\n\n\n")
STATEMENT = ("def setup(devices, precision='bf16-mixed'):\n"
             "    if devices > 1:\n        strategy = XLAFSDPStrategy()\n    else:\n        strategy = 'auto'\n"
             "    Fabric(accelerator='tpu', devices=devices, strategy=strategy, precision=precision)\n\n\n")


def found(text: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


@pytest.mark.parametrize("helper", [EXPRESSION, STATEMENT])
def test_an_undecided_test_makes_the_xla_path_s_finding_a_warning_that_names_it(helper):
    text = HEAD + helper + "setup(torch.cuda.device_count())\n"
    line = text.count("\n") - 3
    assert found(text) == [("LXF007", "warning", XLA + " (from `precision`, line 6); when devices > 1", line, 76)]
    assert found(text.replace("precision='bf16-mixed'", "precision='bf16-true'")) == []


@pytest.mark.parametrize("helper", [EXPRESSION, STATEMENT])
def test_a_test_the_call_decides_takes_its_path(helper):
    text = HEAD + helper + "setup(8)\n"
    assert [f[:2] for f in found(text)] == [("LXF007", "error")]
    assert found(HEAD + helper + "setup(1)\n") == []


def test_an_option_s_default_decides_as_the_plain_run_takes_it():
    main = ("if __name__ == '__main__':\n    import argparse\n    parser = argparse.ArgumentParser()\n"
            "    parser.add_argument('--devices', type=int, default={})\n    setup(**vars(parser.parse_args()))\n")
    assert [f[:2] for f in found(HEAD + STATEMENT + main.format(8))] == [("LXF007", "error")]
    assert found(HEAD + STATEMENT + main.format(1)) == []


MODULE = HEAD + ("if torch.cuda.device_count() > 1:\n    strategy = XLAFSDPStrategy()\nelse:\n    strategy = {other!r}\n"
                 "fabric = Fabric(accelerator='tpu', strategy=strategy, precision='bf16-mixed')\n\n\n"
                 "def train(fabric):\n    fabric.all_reduce(torch.ones(1), reduce_op='max')\n\n\n"
                 "fabric.launch(train)\n")


def test_the_fabric_s_methods_too_are_warnings_on_the_xla_path():
    assert [f for f in found(MODULE.format(other="xla")) if f[0] != "LXF033"] == [
        ("LXF007", "warning", XLA + "; when torch.cuda.device_count() > 1", 10, 64),
        ("LXF027", "warning", REDUCE + "; when torch.cuda.device_count() > 1", 14, 47)]


def test_a_path_the_file_cannot_tell_says_nothing():
    text = MODULE.format(other="xla").replace("strategy = 'xla'", "strategy = make_strategy()")
    assert [f for f in found(text) if f[0] in ("LXF007", "LXF027")] == []


CORRELATED = [
    ("def setup(devices):\n    strategy = XLAFSDPStrategy() if devices > 1 else 'auto'\n"
     "    precision = {xla!r} if devices > 1 else {other!r}\n"
     "    Fabric(accelerator='tpu', devices=devices, strategy=strategy, precision=precision)\n\n\n"),
    ("def setup(devices):\n    if devices > 1:\n        strategy = XLAFSDPStrategy()\n        precision = {xla!r}\n"
     "    else:\n        strategy = 'auto'\n        precision = {other!r}\n"
     "    Fabric(accelerator='tpu', devices=devices, strategy=strategy, precision=precision)\n\n\n"),
]


@pytest.mark.parametrize("helper", CORRELATED)
def test_a_value_only_the_other_strategy_s_path_holds_says_nothing(helper):
    call = "setup(torch.cuda.device_count())\n"
    assert found(HEAD + helper.format(xla="bf16-true", other="bf16-mixed") + call) == []
    [(code, severity, message, _, _)] = found(HEAD + helper.format(xla="bf16-mixed", other="bf16-true") + call)
    assert (code, severity) == ("LXF007", "warning") and message.endswith("; when devices > 1")


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("devices > 1", "devices <= 1", True), ("training", "not training", True), ("not (a and b)", "a and b", True),
    ("mode == 'train'", 'mode != "train"', True), ("devices > 1", "devices > 2", False),
    ("by default", "devices > 1", False), ("when called at line 8 of `train.py`", "x", False),
])
def test_conditions_that_contradict(a, b, expected):
    from errata_lsp.analysis.binder import contradicts

    assert contradicts(a, b) is expected and contradicts(b, a) is expected


# litgpt's `load_checkpoint`: `fabric.load_raw` only when `isinstance(fabric.strategy, FSDPStrategy)`, a test
# that XLAFSDPStrategy (a ParallelStrategy, not an FSDPStrategy) fails
GUARDED = ("from lightning.fabric import Fabric\n"
           "from lightning.fabric.strategies import FSDPStrategy, ParallelStrategy, XLAFSDPStrategy\n\n\n"
           "def load_checkpoint(fabric, model, checkpoint_path):\n"
           "    if isinstance(fabric.strategy, {classes}):\n"
           "        fabric.load_raw(checkpoint_path, model)\n"
           "    else:\n"
           "        fabric.load_raw(checkpoint_path, model, strict=False)\n\n\n"
           "def main(fabric):\n"
           "    model = fabric.setup_module(Net())\n"
           "    load_checkpoint(fabric, model, 'lit_model.pth')\n\n\n"
           "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(main)\n")


@pytest.mark.parametrize(("classes", "lines"), [
    ("FSDPStrategy", [9]),  # the body never runs under XLAFSDP: only the `else`'s load_raw raises
    ("(FSDPStrategy, XLAFSDPStrategy)", [7]),  # the body runs, the `else` does not
    ("XLAFSDPStrategy", [7]),
    ("ParallelStrategy", [7]),  # a base of XLAFSDPStrategy: the test holds
])
def test_an_isinstance_test_of_the_fabric_s_strategy_rules_the_xla_path_in_or_out(classes, lines):
    text = GUARDED.format(classes=classes)
    assert sorted({line for code, _, _, line, _ in found(text) if code == "LXF022"} - {14}) == lines


@pytest.mark.parametrize(("kinds", "lines"), [
    ("(FSDPStrategy,)", [10]),  # a module's tuple of classes, as if written in the test
    ("(FSDPStrategy, XLAFSDPStrategy)", [8]),
])
def test_an_isinstance_test_of_a_module_s_tuple_of_classes_reads_the_tuple(kinds, lines):
    text = GUARDED.format(classes="SHARDED").replace("\n\n\ndef load_checkpoint", f"\nSHARDED = {kinds}\n\n\ndef load_checkpoint")
    assert sorted({line for code, _, _, line, _ in found(text) if code == "LXF022"} - {15}) == lines
    # bound again (or under a test) it is not one tuple: nothing is ruled out
    again = text.replace(f"SHARDED = {kinds}\n", f"SHARDED = {kinds}\nSHARDED = pick()\n")
    assert sorted({line for code, _, _, line, _ in found(again) if code == "LXF022"} - {16}) == [9, 11]


def test_an_isinstance_test_of_another_name_s_strategy_rules_nothing_out():
    text = GUARDED.format(classes="FSDPStrategy").replace("isinstance(fabric.strategy", "isinstance(other.strategy")
    assert sorted({line for code, _, _, line, _ in found(text) if code == "LXF022"} - {14}) == [7, 9]


# an `if` whose body leaves the function: what follows is the test's `else`
EARLY = ("from lightning.fabric import Fabric\n"
         "from lightning.fabric.accelerators import Accelerator, CUDAAccelerator\n"
         "from lightning.fabric.accelerators.xla import XLAAccelerator\n"
         "from lightning.fabric.strategies import XLAFSDPStrategy, XLAStrategy\n\n\n"
         "def worst_loss(fabric, loss):\n"
         "    if {test}:\n"
         "        {leave}\n"
         "    return fabric.all_reduce(loss, reduce_op='max')\n\n\n"
         "def train(fabric):\n"
         "    for _ in range(2):\n"
         "        worst_loss(fabric, 1.0)\n\n\n"
         "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n")


@pytest.mark.parametrize(("test", "leave", "flagged"), [
    ("isinstance(fabric.strategy, (XLAStrategy, XLAFSDPStrategy))", "return fabric.all_gather(loss).max()", False),
    ("isinstance(fabric.strategy, XLAFSDPStrategy)", "raise NotImplementedError", False),
    ("isinstance(fabric.strategy, XLAStrategy)", "return fabric.all_gather(loss).max()", True),  # not its base
    ("isinstance(fabric.strategy, XLAFSDPStrategy)", "loss = fabric.all_gather(loss)", True),  # falls through
    ("not isinstance(fabric.strategy, XLAFSDPStrategy)", "return fabric.all_gather(loss).max()", True),
    ("isinstance(other.strategy, XLAFSDPStrategy)", "return fabric.all_gather(loss).max()", True),
    # the class by its name or exactly, as scripts that print the strategy test it
    ('type(fabric.strategy).__name__ == "XLAFSDPStrategy"', "return fabric.all_gather(loss).max()", False),
    ('fabric.strategy.__class__.__name__ in ("XLAStrategy", "XLAFSDPStrategy")', "return fabric.all_gather(loss).max()", False),
    ('type(fabric.strategy).__name__ != "XLAFSDPStrategy"', "return fabric.all_gather(loss).max()", True),
    ('type(fabric.strategy).__name__ == "XLAStrategy"', "return fabric.all_gather(loss).max()", True),
    ("type(fabric.strategy) is XLAFSDPStrategy", "return fabric.all_gather(loss).max()", False),
    ("type(fabric.strategy) is not XLAFSDPStrategy", "raise NotImplementedError", True),
    ("type(fabric.strategy) == XLAStrategy", "return fabric.all_gather(loss).max()", True),
    ("type(other.strategy) is XLAFSDPStrategy", "return fabric.all_gather(loss).max()", True),
    # the device XLAFSDPStrategy runs on: `xla:<n>`, whose type is "xla" (a TPU's too: never "tpu")
    ('fabric.device.type == "xla"', "return fabric.all_gather(loss).max()", False),
    ('fabric.device.type in ("xla", "cuda")', "return fabric.all_gather(loss).max()", False),
    ('fabric.device.type != "xla"', "raise NotImplementedError", True),
    ('fabric.device.type == "tpu"', "return fabric.all_gather(loss).max()", True),
    ('fabric.device.type not in ("cuda", "cpu")', "return fabric.all_gather(loss).max()", False),
    ('other.device.type == "xla"', "return fabric.all_gather(loss).max()", True),
    ('fabric.device.index == "xla"', "return fabric.all_gather(loss).max()", True),
    ('str(fabric.device).startswith("xla")', "return fabric.all_gather(loss).max()", False),
    ('str(fabric.device).startswith(("cuda", "xla:"))', "return fabric.all_gather(loss).max()", False),
    ('str(fabric.device).startswith("cuda")', "return fabric.all_gather(loss).max()", True),
    ('str(fabric.device).startswith("xla:1")', "return fabric.all_gather(loss).max()", True),  # by the ordinal
    ('"xla" in str(fabric.device)', "return fabric.all_gather(loss).max()", False),
    ('"cuda" not in str(fabric.device)', "return fabric.all_gather(loss).max()", False),
    ('"cuda" in str(fabric.device)', "return fabric.all_gather(loss).max()", True),
    ('":0" in str(fabric.device)', "return fabric.all_gather(loss).max()", True),  # by the ordinal
    ('fabric.strategy.root_device.type == "xla"', "return fabric.all_gather(loss).max()", False),
    ('str(other.device).startswith("xla")', "return fabric.all_gather(loss).max()", True),
    # its accelerator: an XLAAccelerator (an Accelerator), never CUDA's
    ("isinstance(fabric.accelerator, XLAAccelerator)", "return fabric.all_gather(loss).max()", False),
    ("isinstance(fabric.accelerator, (CUDAAccelerator, XLAAccelerator))", "return fabric.all_gather(loss).max()", False),
    ("isinstance(fabric.accelerator, Accelerator)", "return fabric.all_gather(loss).max()", False),
    ("isinstance(fabric.accelerator, CUDAAccelerator)", "return fabric.all_gather(loss).max()", True),
    ("not isinstance(fabric.accelerator, CUDAAccelerator)", "return fabric.all_gather(loss).max()", False),
    ("isinstance(fabric.accelerator, XLAFSDPStrategy)", "return fabric.all_gather(loss).max()", True),
    ("isinstance(other.accelerator, XLAAccelerator)", "return fabric.all_gather(loss).max()", True),
    ('type(fabric.accelerator).__name__ == "XLAAccelerator"', "return fabric.all_gather(loss).max()", False),
    ('fabric.accelerator.__class__.__name__ != "CUDAAccelerator"', "return fabric.all_gather(loss).max()", False),
    ('type(fabric.accelerator).__name__ == "CUDAAccelerator"', "return fabric.all_gather(loss).max()", True),
])
def test_statements_after_an_isinstance_test_whose_body_leaves_are_its_else(test, leave, flagged):
    text = EARLY.format(test=test, leave=leave)
    assert found(text) == ([("LXF027", "error", REDUCE, 10, 45)] if flagged else [])


def test_a_negated_isinstance_test_swaps_body_and_else():
    text = EARLY.replace("    return fabric.all_reduce(loss, reduce_op='max')\n", "    return fabric.all_gather(loss).max()\n")
    text = text.format(test="not isinstance(fabric.strategy, XLAFSDPStrategy)",
                       leave="return fabric.all_reduce(loss, reduce_op='max')")
    assert found(text) == []
    assert [f[3] for f in found(text.replace("not isinstance", "isinstance"))] == [9]


PROBED = HEAD + ("if {test}:\n    strategy = 'ddp'\nelse:\n    strategy = XLAFSDPStrategy()\n"
                 "precision = {ddp!r} if {test} else {xla!r}\n"
                 "Fabric(accelerator='tpu', strategy=strategy, precision=precision)\n")


def precision_found(text: str) -> list[tuple[str, str, str, int, int]]:
    return [f for f in found(text) if f[0] == "LXF007"]


def test_two_tests_on_one_pure_library_call_are_one_condition():
    # `torch.cuda.is_available()` answers the same each time (the packs list it, `Tips.pure`): the XLAFSDP path
    # is its False one on both tests, which is every run on a TPU machine (test_machine_paths.py): an error
    test = "torch.cuda.is_available()"
    assert precision_found(PROBED.format(test=test, ddp="bf16-mixed", xla="bf16-true")) == []
    [(_, severity, message, _, _)] = precision_found(PROBED.format(test=test, ddp="bf16-true", xla="bf16-mixed"))
    assert severity == "error" and message.endswith(
        "; `not torch.cuda.is_available()` on every run with it: XLAFSDPStrategy runs on TPU machines, which have "
        "XLA devices and no CUDA device")


def test_two_draws_of_a_library_call_not_known_pure_are_two_conditions():
    # (before: tied by their text, the mixed value was read as only the other strategy's: nothing was said)
    test = "torch.rand(()) < 0.5"
    [(_, severity, message, _, _)] = precision_found(PROBED.format(test=test, ddp="bf16-mixed", xla="bf16-true"))
    assert severity == "warning" and message.endswith("; when torch.rand(()) >= 0.5 and torch.rand(()) < 0.5")
    # a name bound once to the draw holds one answer: its two tests agree
    named = PROBED.format(test="FLIP", ddp="bf16-mixed", xla="bf16-true").replace("if FLIP:", "FLIP = torch.rand(()) < 0.5\nif FLIP:")
    assert precision_found(named) == []


def test_a_device_type_test_rules_the_other_branch_s_clip_by_value_out():
    text = ("import torch\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n\n"
            "def clip(fabric, model, optimizer):\n"
            "    if fabric.device.type == {kind!r}:\n"
            "        fabric.clip_gradients(model, optimizer, max_norm=1.0)\n"
            "    else:\n"
            "        fabric.clip_gradients(model, optimizer, clip_val=0.5)\n\n\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(torch.nn.Linear(2, 2))\n"
            "    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))\n"
            "    clip(fabric, model, optimizer)\n\n\n"
            "Fabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n")
    assert found(text.format(kind="xla")) == []
    assert [(code, severity, line) for code, severity, _, line, _ in found(text.format(kind="tpu"))] == [
        ("LXF014", "error", 10)]
