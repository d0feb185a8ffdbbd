"""A plugin built by calling a class the code holds in a value, not one its call names: a class looked up in a
module-level dict of classes (`CHECKPOINT_IO[cfg.checkpoint_io]()`), or bound to a variable first
(`io_cls = TorchCheckpointIO; io_cls()`). The value flow says which class each path calls: an error when every
path builds a non-XLA plugin, a warning naming the condition when some do, nothing when none does or the key
is unknown; no fix renames the callee (it is not the class's name)."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = (
    "import sys\n"
    "from lightning.fabric import Fabric\n"
    "from lightning.fabric.plugins import TorchCheckpointIO, XLACheckpointIO\n"
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
)
IO = 'CHECKPOINT_IO = {"torch": TorchCheckpointIO, "xla": XLACheckpointIO}\n'
FABRIC = 'fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), plugins=[{plugin}])\n'
RAISES = ("The XLA strategy can only work with the `XLACheckpointIO` plugin, found `{found}`: `Fabric(...)` raises "
          "TypeError when it hands the plugin to the strategy. XLAFSDPStrategy uses `XLACheckpointIO` when given none")


def found(text: str) -> list[tuple]:
    """(code, severity, message, line, column, fix titles) of each finding."""
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column,
             [fix.title for fix in f.fixes]) for f in check_source(text, "train.py").findings]


def test_a_class_looked_up_in_a_dict_of_classes_by_a_config_default_is_that_class():
    text = HEAD + IO + (
        "class RunConfig:\n"
        '    checkpoint_io = "torch"\n'
        "def build_plugins(cfg):\n"
        "    return [CHECKPOINT_IO[cfg.checkpoint_io]()]\n"
        'fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), plugins=build_plugins(RunConfig()))\n'
    )
    assert found(text) == [("LXF009", "error", RAISES.format(found="CHECKPOINT_IO[cfg.checkpoint_io]()"), 9, 12, [])]


def test_a_class_bound_to_a_variable_is_that_class_on_every_path():
    text = HEAD + "io_cls = TorchCheckpointIO\n" + FABRIC.format(plugin="io_cls()")
    assert found(text) == [("LXF009", "error", RAISES.format(found="io_cls()"), 6, 72, [])]


def test_a_class_picked_on_some_paths_only_is_a_warning_naming_the_condition():
    text = HEAD + 'io_cls = TorchCheckpointIO if sys.argv[1] == "torch" else XLACheckpointIO\n' \
        + FABRIC.format(plugin="io_cls()")
    message = RAISES.format(found="io_cls()") + '; when sys.argv[1] == "torch"'
    assert found(text) == [("LXF009", "warning", message, 6, 72, [])]


def test_a_project_subclass_held_in_a_variable_is_named_with_its_base_and_condition():
    text = HEAD + "class CloudIO(TorchCheckpointIO):\n    pass\n" \
        + 'io_cls = CloudIO if sys.argv[1] == "cloud" else XLACheckpointIO\n' + FABRIC.format(plugin="io_cls()")
    message = ("The XLA strategy can only work with the `XLACheckpointIO` plugin, found `CloudIO`, a "
               "`TorchCheckpointIO` subclass: `Fabric(...)` raises TypeError when it hands the plugin to the strategy. "
               "XLAFSDPStrategy uses `XLACheckpointIO` when given none; derive `CloudIO` from `XLACheckpointIO`; "
               'when sys.argv[1] == "cloud"')
    assert found(text) == [("LXF009", "warning", message, 8, 72, [])]


def test_the_strategy_s_own_checkpoint_io_from_a_dict_of_classes():
    text = HEAD + IO + 'strategy = XLAFSDPStrategy(checkpoint_io=CHECKPOINT_IO["torch"]())\n'
    message = ("The XLA strategy can only work with the `XLACheckpointIO` plugin, found `CHECKPOINT_IO[\"torch\"]()`: "
               "`Fabric(...)` raises TypeError when it is given this strategy. XLAFSDPStrategy uses `XLACheckpointIO` "
               "when given none")
    assert found(text) == [("LXF009", "error", message, 6, 41, [])]


def test_the_xla_class_an_unknown_key_or_a_class_that_is_no_plugin_gives_nothing():
    assert found(HEAD + IO + FABRIC.format(plugin='CHECKPOINT_IO["xla"]()')) == []
    assert found(HEAD + IO + FABRIC.format(plugin="CHECKPOINT_IO[sys.argv[1]]()")) == []  # another run's pick
    assert found(HEAD + 'io_cls = XLACheckpointIO if sys.argv[1] else XLACheckpointIO\n'
                 + FABRIC.format(plugin="io_cls()")) == []
    assert found(HEAD + "import torch\nio_cls = torch.nn.Linear\n" + FABRIC.format(plugin="io_cls()")) == []
    # without the XLA strategy, a Torch plugin is fine
    assert found(HEAD + IO + 'fabric = Fabric(strategy="ddp", plugins=[CHECKPOINT_IO["torch"]()])\n') == []


def test_a_precision_plugin_from_a_dict_of_classes():
    text = (
        "from lightning.fabric import Fabric\n"
        "from lightning.fabric.plugins import HalfPrecision, XLAPrecision\n"
        "from lightning.fabric.strategies import XLAFSDPStrategy\n"
        'PRECISION = {"half": HalfPrecision, "xla": XLAPrecision}\n'
        'fabric = Fabric(strategy=XLAFSDPStrategy(), plugins=[PRECISION["half"]("bf16-true")])\n'
        'other = Fabric(strategy=XLAFSDPStrategy(), plugins=[PRECISION["xla"]("bf16-true")])\n'
    )
    [(code, severity, message, line, column, fixes)] = found(text)
    assert (code, severity, line, column, fixes) == ("LXF008", "error", 5, 53, [])
    assert message.startswith("The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found "
                              '`PRECISION["half"]("bf16-true")`')
