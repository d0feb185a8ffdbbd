"""Values the caller's arguments decide, behind the wrappers training scripts put around them: a builtin
conversion of a constant (`int(os.environ.get("TPU_CORES", "1"))` is the 1 the run gets)."""

from __future__ import annotations

import ast

from errata_lsp.analysis import check_source
from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.packs import TIPS

from .test_flow import probe

HEAD = "import os\nfrom lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"


def found(text: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


# --- int(), float(), str(), bool() of a constant ---------------------------------------------------------
def test_a_conversion_of_a_constant_is_the_converted_constant_where_it_was_written():
    ctx_values = probe('import os\nprobe(int(os.environ.get("TPU_CORES", "1")))\n')
    assert ctx_values == [("unknown", 2, 6, ()), ("number", 2, 38, ('"TPU_CORES" is not set in the environment',))]
    assert probe('probe(bool(int("0")))\n') == [("bool", 1, 15, ())]
    assert probe('N = 16\nprobe(str(N))\n') == [("str", 1, 4, ())]
    # not a constant: the conversion's kind, written at the call; a name of the file's own is not the builtin
    assert probe("def f(x):\n    probe(int(x))\n") == [("number", 2, 10, ())]
    assert probe('def int(x):\n    return [x]\nprobe(int("1"))\n') == [("list", 2, 11, ())]


def test_the_converted_value_is_what_the_run_gets():
    doc = Document('import os\nprobe(float(os.environ.get("LR", "3e-4")))\nprobe(int("08"))\nprobe(bool(""))\n')
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    calls = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"]
    held = [[getattr(v.node, "value", None) for v in ctx.values(c.args[0]) if v.kind != "unknown"] for c in calls]
    assert held == [[3e-4], [8], [False]]


def test_a_constant_the_run_cannot_convert_says_nothing_of_the_result():
    assert probe('probe(int("auto"))\n') == [("number", 1, 6, ())]


def test_an_environment_default_of_one_device_through_int_is_an_error():
    text = HEAD + ('def train(fabric):\n    pass\n\n\n'
                   'fabric = Fabric(accelerator="tpu", devices=int(os.environ.get("TPU_CORES", "1")), '
                   'strategy=XLAFSDPStrategy())\nfabric.launch(train)\n')
    assert found(text) == [(
        "LXF041", "error",
        "The XLAFSDPStrategy does not support running on a single device with the PjRT runtime: `devices=\"1\"` "
        "(from line 8) is one device, so `fabric.launch` raises NotImplementedError before your function runs. Use "
        "every device of the TPU (`devices=\"auto\"`, the default), or `SingleDeviceXLAStrategy` to run on one",
        8, 35)]
    assert found(text.replace('"TPU_CORES", "1"', '"TPU_CORES", "8"')) == []
    assert found(text.replace('int(os.environ.get("TPU_CORES", "1"))', 'int("1")')) == found(text)


def test_a_flag_bound_to_a_conversion_of_an_environment_read_is_still_decided_by_its_default():
    # the module's `ON_TPU` holds what the run sets and the converted default; a test on it is the module's test
    # of the environment, decided by the plain run's default
    text = 'import os\nON_TPU = bool(int(os.environ.get("ON_TPU", "{d}")))\ndef f():\n    probe("a" if ON_TPU else "b")\n'
    assert probe(text.format(d="1")) == [("str", 4, 10, ())]
    assert probe(text.format(d="0")) == [("str", 4, 29, ())]


# --- a partial of a partial ------------------------------------------------------------------------------
PARTIALS = HEAD + ("from functools import partial\n\n\ndef train(fabric):\n    pass\n\n\n"
                   "def build_fabric(precision, devices=\"auto\", *, state_dict_type=\"sharded\"):\n"
                   "    strategy = XLAFSDPStrategy(state_dict_type=state_dict_type)\n"
                   "    return Fabric(accelerator=\"tpu\", devices=devices, precision=precision, strategy=strategy)\n\n\n"
                   "tpu_bf16 = partial(build_fabric, {inner})\nv3_8 = partial(tpu_bf16, {outer})\nv3_8().launch(train)\n")


def test_a_partial_of_a_partial_calls_the_function_with_the_inner_arguments_first():
    text = PARTIALS.format(inner='"bf16-mixed"', outer="devices=8")
    assert found(text) == [(
        "LXF007", "error",
        "`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
        "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` "
        "(from `precision`, line 16)", 13, 64)]
    # given by keyword to the inner partial, the same; three partials deep, the same
    assert [f[:2] for f in found(PARTIALS.format(inner='precision="bf16-mixed"', outer="devices=8"))] == [("LXF007", "error")]
    deeper = PARTIALS.format(inner='"bf16-mixed"', outer="devices=8").replace(
        "v3_8().launch(train)", "pod = partial(v3_8, state_dict_type=\"full\")\npod().launch(train)")
    assert [f[:2] for f in found(deeper)] == [("LXF007", "error")]
    assert found(PARTIALS.format(inner='"bf16-true"', outer="devices=8")) == []


def test_a_keyword_of_the_outer_partial_replaces_the_inner_ones():
    assert found(PARTIALS.format(inner='precision="bf16-mixed"', outer='precision="bf16-true"')) == []
    flagged = found(PARTIALS.format(inner='precision="bf16-true"', outer='precision="bf16-mixed"'))
    assert [(code, severity, line) for code, severity, _, line, _ in flagged] == [("LXF007", "error", 13)]


# --- a dict's view ----------------------------------------------------------------------------------------
VIEWS = HEAD + ("from model import Attention, MLP\n\n"
                "CHECKPOINTED = {table}\n"
                "strategy = XLAFSDPStrategy(auto_wrap_policy={{Attention, MLP}}, activation_checkpointing_policy={policy})\n")


def test_a_view_of_a_dict_is_as_empty_as_the_dict():
    assert probe('LAYERS = {"a": 1}\nprobe(LAYERS.keys())\n') == [("view", 2, 6, ())]
    doc = Document('LAYERS = {"a": 1}\nNONE = {}\nprobe(LAYERS.items())\nprobe(NONE.values())\n')
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    calls = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"]
    assert [[v.truthy for v in ctx.values(c.args[0])] for c in calls] == [[True], [False]]


def test_a_view_of_a_dict_as_the_checkpointing_policy_is_not_a_set():
    text = VIEWS.format(table='{Attention: "attn", MLP: "mlp"}', policy="CHECKPOINTED.keys()")
    assert found(text) == [(
        "LXF001", "error",
        "`activation_checkpointing_policy` must be a set, found CHECKPOINTED.keys() (a dict's view is not a set: "
        "`set(...)` of it is)", 7, 94)]
    [finding] = check_source(text, "train.py").findings
    assert [(f.title, [e.new_text for e in f.edits]) for f in finding.fixes] == [
        ("Convert `CHECKPOINTED.keys()` to a set with set()", ["set(CHECKPOINTED.keys())"])]
    assert found(text.replace("CHECKPOINTED.keys())", "set(CHECKPOINTED.keys()))")) == []
    # the values of a table of layer classes, the same; an empty table's view is falsy: Lightning ignores it
    values = VIEWS.format(table='{"attn": Attention, "mlp": MLP}', policy="CHECKPOINTED.values()")
    assert [f[:2] for f in found(values)] == [("LXF001", "error")]
    assert found(VIEWS.format(table="{}", policy="CHECKPOINTED.keys()")) == []


# --- a generator among the strategy's arguments ----------------------------------------------------------
GENERATED = HEAD + ("from model import Block, MLP\n\nLAYERS = {{\"block\": Block, \"mlp\": MLP}}\n\n\n"
                    "def remat_layers(names):\n    return {made}\n\n\n"
                    "def train(fabric):\n    pass\n\n\n"
                    "strategy = XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy={policy})\n"
                    "Fabric(accelerator=\"tpu\", strategy=strategy).launch(train)\n")


def test_a_generator_the_strategy_keeps_cannot_be_pickled_at_launch():
    text = GENERATED.format(made='(LAYERS[n] for n in names.split(","))', policy='remat_layers("block")')
    assert found(text) == [(
        "LXF006", "error",
        "`activation_checkpointing_policy` holds a generator (line 10), which cannot be pickled: `fabric.launch` "
        "pickles the strategy to send it to the spawned processes, so it fails with TypeError: cannot pickle "
        "'generator' object before your function runs. Pass a set of its items (`set(...)` of it): the policy is "
        "checked as a set", 17, 85)]
    # a set of its items is the fix; a generator written at the argument is the same error there
    assert found(text.replace("return (LAYERS", "return set(LAYERS").replace('split(","))', 'split(",")))')) == []
    inline = GENERATED.format(made="None", policy="(LAYERS[n] for n in [\"block\"])")
    assert [f[:2] for f in found(inline)] == [("LXF006", "error")]


def test_a_generator_on_some_paths_is_a_warning_naming_the_path():
    text = GENERATED.format(made='(LAYERS[n] for n in names) if len(names) > 1 else {LAYERS[names[0]]}',
                            policy="remat_layers(os.environ[\"REMAT\"].split(\",\"))")
    [(code, severity, message, _, _)] = found(text)
    assert (code, severity) == ("LXF006", "warning")
    assert message.endswith("; when len(names) > 1")


# --- an environment default passed to a helper, tested there ----------------------------------------------
PLUGINS = HEAD + ("from lightning.fabric.plugins import HalfPrecision, XLAPrecision\n\n\n"
                  "def precision_plugin(mode):\n    if {test}:\n        return XLAPrecision(\"bf16-true\")\n"
                  "    return HalfPrecision(\"bf16-true\")\n\n\n"
                  "plugin = precision_plugin(os.environ.get(\"PRECISION\", \"{default}\"))\n"
                  "Fabric(accelerator=\"tpu\", strategy=XLAFSDPStrategy(), plugins=[plugin])\n")


def test_a_helper_s_test_on_an_environment_default_it_is_given_is_decided_by_the_default():
    text = PLUGINS.format(test='mode.startswith("xla-")', default="bf16")
    assert [(code, severity, line) for code, severity, _, line, _ in found(text)] == [("LXF008", "error", 14)]
    assert found(PLUGINS.format(test='mode.startswith("xla-")', default="xla-bf16")) == []
    assert [f[:2] for f in found(PLUGINS.format(test='mode == "xla"', default="bf16"))] == [("LXF008", "error")]
    assert found(PLUGINS.format(test='mode == "xla"', default="xla")) == []
    # a falsy default stands for a variable a run sets to turn code on: both branches stay, the other one a warning
    assert [f[:2] for f in found(PLUGINS.format(test="mode", default=""))] == [("LXF008", "warning")]


def test_a_view_of_a_dict_as_the_wrap_policy_is_called_as_a_list():
    # the launch hands the strategy's arguments over as the run showed: the view arrives as a list, which torch_xla
    # calls (TypeError: 'list' object is not callable)
    text = VIEWS.format(table='{Attention: "attn", MLP: "mlp"}', policy="None").replace(
        "auto_wrap_policy={Attention, MLP}", "auto_wrap_policy=CHECKPOINTED.keys()")
    assert found(text) == [(
        "LXF028", "error",
        "`auto_wrap_policy` must be a set of module classes or a callable, found CHECKPOINTED.keys(): torch_xla calls "
        "it at `setup_module` ('list' object is not callable)", 7, 44)]
