"""What real training code gets wrong (small ports of public Fabric/XLA examples): which code, severity,
place and message errata gives each shape, and what its fix does. The scripts of `tests/kb_cases/` named
here are labelled by running lightning 2.6.6 (labels.tsv); positions are 1-based `line:column`."""

from __future__ import annotations

import textwrap
from pathlib import Path

from errata_lsp.analysis import apply_fix, check_source

CASES = Path(__file__).parent / "kb_cases"


def report(source: str, code: str, path: str = "train.py") -> list[tuple[str, str, str]]:
    """(severity, 'line:col-line:col', message) for every finding of `code`, in the order reported."""
    result = check_source(source, path)
    assert not result.failures, result.failures[0].detail
    return [
        (f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}-{f.span.end.line + 1}:{f.span.end.column + 1}",
         f.message)
        for f in result.findings if f.code == code
    ]


def preferred_fix(source: str, code: str) -> str:
    finding = next(f for f in check_source(source, "train.py").findings if f.code == code)
    chosen = next(f for f in finding.fixes if f.preferred)
    return apply_fix(source, chosen.edits)


# --- LXF014: the third positional argument of `clip_gradients` is `clip_val` ------------------------
CLIP_BY_VALUE = "XLA's FSDP strategy does not support to clip gradients by value: "


def test_lxf014_a_positional_threshold_from_an_argparse_default_is_an_error_that_names_clip_val():
    source = (CASES / "bce5ed97ba8ce38f_trigger.py").read_text()  # raised NotImplementedError when run
    assert report(source, "LXF014") == [(
        "error", "35:45-35:59",
        CLIP_BY_VALUE + "the third positional argument of `fabric.clip_gradients` is `clip_val`, so "
        "`args.grad_clip` clips by value and raises NotImplementedError. Name it `max_norm` to clip by norm",
    )]
    fixed = preferred_fix(source, "LXF014")
    assert "    fabric.clip_gradients(model, optimizer, max_norm=args.grad_clip)\n" in fixed
    assert fixed == (CASES / "bce5ed97ba8ce38f_fixed.py").read_text().replace(
        "# role: fixed\n\"\"\"errata's fix of the trigger: the same value named as `max_norm`.\"\"\"",
        "# role: trigger\n\"\"\"A public example's clipping: the threshold is an argparse default, passed third, "
        "which is `clip_val`.\"\"\"")  # the fixed script (it ran) is the trigger with that one edit
    assert report(fixed, "LXF014") == []


def test_lxf014_is_an_error_only_where_the_value_cannot_be_none():
    source = textwrap.dedent("""\
        import argparse
        from lightning.fabric import Fabric
        parser = argparse.ArgumentParser()
        parser.add_argument("--clip", type=float, default=1.0)
        parser.add_argument("--maybe", type=float, default=None)
        parser.add_argument("--optional", type=float, default=1.0, nargs="?")
        args = parser.parse_args()
        def train(fabric, model, optimizer, fine):
            fabric.clip_gradients(model, optimizer, clip_val=args.clip)
            fabric.clip_gradients(model, optimizer, clip_val=args.maybe)
            fabric.clip_gradients(model, optimizer, clip_val=args.optional)
            both = 0.5 if fine else 1.0
            fabric.clip_gradients(model, optimizer, clip_val=both)
            some = 0.5 if fine else None
            fabric.clip_gradients(model, optimizer, clip_val=some)
        Fabric(strategy="xla_fsdp").launch(train)
    """)
    keyword = CLIP_BY_VALUE + "`clip_val` raises NotImplementedError. Clip by norm with `max_norm` instead"
    assert report(source, "LXF014") == [
        ("error", "9:45-9:63", keyword),
        ("warning", "10:45-10:64", keyword + "; here whenever `args.maybe` is not None"),
        # `--optional` given with no value is its `const`, None: the default alone does not decide
        ("warning", "11:45-11:67", keyword + "; here whenever `args.optional` is not None"),
        ("error", "13:45-13:58", keyword),
        ("warning", "15:45-15:58", keyword + "; here whenever `some` is not None"),
    ]


# --- LXF013: the optimizer built from a kept reference to the raw model, after setup ----------------
EMPTY = ("`optimizer` is built from `raw_model` (line 39), the module `fabric.setup_module(raw_model)` set up "
         "(line 38): XLAFSDP moved its parameters into the set-up model's shards, so torch raises ValueError: "
         "optimizer got an empty parameter list. Build it from `model.parameters()`")


def test_lxf013_a_raw_reference_after_setup_is_torchs_empty_parameter_list_without_a_wrap_policy():
    source = (CASES / "95e7a3380b01287c_raw-after-setup.py").read_text()  # raised it when run
    assert report(source, "LXF013") == [("error", "40:41-40:50", EMPTY)]
    fixed = preferred_fix(source, "LXF013")
    assert "    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)\n" in fixed
    assert report(fixed, "LXF013") == []


def test_lxf013_a_raw_reference_after_setup_with_a_wrap_policy_is_a_warning_it_trains_only_part():
    source = (CASES / "95e7a3380b01287c_raw-after-setup-wrapped.py").read_text()  # ran: 2 of 6 tensors untrained
    assert report(source, "LXF013") == [(
        "warning", "34:41-34:50",
        "`optimizer` is built from `raw_model` (line 33), the module `fabric.setup_module(raw_model)` set up "
        "(line 32): with `auto_wrap_policy`, `raw_model` keeps only the wrapped submodules' shards: the run goes on "
        "and the optimizer never updates the root module's own layers. Build it from `model.parameters()`",
    )]


def test_lxf013_a_raw_reference_after_setup_says_both_outcomes_when_the_policy_cannot_be_told():
    source = textwrap.dedent("""\
        import torch
        from lightning.fabric import Fabric
        from lightning.fabric.strategies import XLAFSDPStrategy
        def train(fabric):
            raw = Net()
            model = fabric.setup_module(raw)
            optimizer = fabric.setup_optimizers(torch.optim.SGD(raw.parameters(), lr=0.1))
        Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy=POLICIES.get(NAME))).launch(train)
    """)
    assert report(source, "LXF013") == [(
        "warning", "7:41-7:82",
        "The optimizer is built from `raw`, the module `fabric.setup_module(raw)` set up (line 6): without "
        "`auto_wrap_policy` XLAFSDP moves its parameters into the set-up model's shards, so torch raises ValueError: "
        "optimizer got an empty parameter list; with `auto_wrap_policy`, `raw` keeps only the wrapped submodules' "
        "shards: the run goes on and the optimizer never updates the root module's own layers. "
        "Build it from `model.parameters()`",
    )]


def test_lxf013_an_optimizer_from_the_rebound_name_after_setup_is_fine():
    source = textwrap.dedent("""\
        import torch
        from lightning.fabric import Fabric
        def train(fabric):
            model = Net()
            model = fabric.setup_module(model)
            optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
        Fabric(strategy="xla_fsdp").launch(train)
    """)
    assert report(source, "LXF013") == []


# --- LXF029: a `pathlib` checkpoint path under XLAFSDP (torch >= 2.6) --------------------------------
PATH_MESSAGE = ("Under XLAFSDP, `fabric.{method}` broadcasts the path to every process and reads it back with "
                "`torch.load`, whose `weights_only` default (True from torch 2.6) refuses a `pathlib` path: "
                "_pickle.UnpicklingError: Weights only load failed ... GLOBAL pathlib.PosixPath was not an allowed "
                "global by default. Pass `str({argument})`")


def test_lxf029_a_path_given_to_save_or_load_is_an_error_and_str_is_the_fix():
    save = (CASES / "e87c1f0036c3e87b_before.py").read_text()  # raised the UnpicklingError at the save
    assert report(save, "LXF029") == [
        ("error", "34:17-34:35", PATH_MESSAGE.format(method="save", argument='out_dir / "step-1"'))]
    fixed = preferred_fix(save, "LXF029")
    assert '    fabric.save(str(out_dir / "step-1"), {"model": model})\n' in fixed  # as the `after` case, which ran
    assert report(fixed, "LXF029") == []
    load = (CASES / "e87c1f0036c3e87b_trigger.py").read_text()  # raised it at the load
    assert report(load, "LXF029") == [
        ("error", "34:17-34:43", PATH_MESSAGE.format(method="load", argument='Path("checkpoints/step-1")'))]
    assert report((CASES / "e87c1f0036c3e87b_after.py").read_text(), "LXF029") == []


def test_lxf029_follows_a_path_through_names_parameters_and_path_methods():
    source = textwrap.dedent("""\
        import pathlib
        from pathlib import Path
        from lightning.fabric import Fabric
        def train(fabric, state, out_dir):
            root = Path.cwd() / "runs"
            fabric.save(root.parent, state)
            fabric.save(out_dir / "last", state)
            fabric.save(str(root), state)
            fabric.save(f"{root}/last", state)
        def resume(fabric, state, fresh):
            where = "ckpt" if fresh else pathlib.Path("ckpt")
            fabric.load(where, state)
        Fabric(strategy="xla_fsdp").launch(train, {}, Path("out"))
    """)
    assert [(severity, at) for severity, at, _ in report(source, "LXF029")] == [
        ("error", "6:17-6:28"),  # `root.parent`: a path's parent is a path
        ("error", "7:17-7:33"),  # `out_dir` is the `Path("out")` given to `launch`
        ("warning", "12:17-12:22"),  # a path only when not `fresh`
    ]
    assert report(source, "LXF029")[2][2].endswith("Pass `str(where)`; here when `where` is a `Path`")


def test_lxf029_is_silent_where_the_strategy_is_not_xla_fsdp():
    source = textwrap.dedent("""\
        from pathlib import Path
        from lightning.fabric import Fabric
        def train(fabric, state):
            fabric.save(Path("ckpt"), state)
        Fabric(strategy="ddp").launch(train)
    """)
    assert report(source, "LXF029") == []


# --- LXF010: which error the CPU accelerator gives depends on `devices` -----------------------------
def test_lxf010_with_devices_left_to_auto_names_the_single_device_error_it_really_raises():
    check = check_source((CASES / "c0493f36fd7bbfc4_before.py").read_text(), "train.py")  # raised it when run
    (finding,) = [f for f in check.findings if f.code == "LXF010"]
    assert finding.record_id == "650377c80b5b9c57"  # the single-device record, not "Device should be CPU"
    assert finding.message == (
        "XLAFSDPStrategy runs on the XLA device, not on the CPU: with `devices` left to \"auto\" the CPU accelerator "
        "gives one device, so `fabric.launch` fails with `NotImplementedError: The XLAFSDPStrategy does not support "
        "running on a single device with the PjRT runtime` before your function runs. Use `accelerator=\"tpu\"` (or "
        "\"auto\" on a TPU VM), or a CPU strategy such as \"ddp\" to debug on CPU")
    two = check_source((CASES / "c0493f36fd7bbfc4_two-devices.py").read_text(), "train.py")  # raised ValueError
    (finding,) = [f for f in two.findings if f.code == "LXF010"]
    assert finding.record_id == "c0493f36fd7bbfc4"
    assert "`fabric.launch` fails with `ValueError: Device should be CPU, got xla:0 instead.`" in finding.message


# --- LXF030: weight-decay groups chosen by the number of dimensions after `setup_module` -----------
def test_lxf030_groups_by_dim_on_the_set_up_model_are_a_warning_on_the_empty_group():
    source = (CASES / "94d8d3b798efb40e_before.py").read_text()  # ran: 6 flat tensors, no decay group
    assert report(source, "LXF030") == [(
        "warning", "31:47-31:59",
        "`p.dim() >= 2` tests the parameters of `model`, the module `fabric.setup_module(Net())` set up (line 30): "
        "under XLAFSDP each is a flat 1-D shard, so it holds for none and the group it picks is empty: weight decay "
        "is silently off. Choose the groups by name, with `XLAFSDPStrategy(flatten_parameters=False)` to keep each "
        "parameter apart",
    )]
    assert report((CASES / "94d8d3b798efb40e_after.py").read_text(), "LXF030") == []  # by name: it ran


def test_lxf030_follows_the_set_up_model_into_a_helper_and_reads_every_spelling_of_the_test():
    source = textwrap.dedent("""\
        import torch
        from lightning.fabric import Fabric
        def groups(model):
            a = [p for p in model.parameters() if p.ndim > 1]
            b = [p for _, p in model.named_parameters() if len(p.shape) == 2]
            c = [p for p in model.parameters() if p.ndimension() >= 2]
            d = [p for p in model.parameters() if p.dim() == 1]
            for p in model.parameters():
                if p.dim() >= 2:
                    pass
            return a, b, c, d
        def train(fabric):
            groups(fabric.setup_module(Net()))
            groups(Net())
        Fabric(strategy="xla_fsdp").launch(train)
    """)
    # `p.dim() == 1` holds for every flat shard: that group gets all, the empty ones are flagged;
    # `groups(Net())` also passes a raw module, so the helper's module is not the set-up one on every path
    assert report(source, "LXF030") == []
    assert [at for _, at, _ in report(source.replace("    groups(Net())\n", ""), "LXF030")] == [
        "4:43-4:53", "5:52-5:69", "6:43-6:62", "9:12-9:24"]


# --- LXF006 and LXF023 name the error each labelled shape raised -------------------------------------
def test_lxf006_names_attribute_error_for_a_local_lambda_and_pickling_error_for_a_module_level_one():
    local = report((CASES / "9bd70f1cac665e7b_local-function.py").read_text(), "LXF006")  # AttributeError when run
    assert [(severity, at) for severity, at, _ in local] == [("error", "35:14-35:85")]  # the lambda
    assert "so it fails with AttributeError before your function runs" in local[0][2]
    top = report((CASES / "9bd70f1cac665e7b_before.py").read_text(), "LXF006")  # _pickle.PicklingError when run
    assert "so it fails with PicklingError before your function runs" in top[0][2]


def test_lxf006_a_local_lambda_or_def_is_a_finding_of_the_local_object_records_card():
    check = check_source((CASES / "c2ad4bc301a93cce_before.py").read_text(), "train.py")  # AttributeError when run
    assert [(f.code, f.record_id) for f in check.findings] == [("LXF006", "c2ad4bc301a93cce")]
    assert check_source((CASES / "c2ad4bc301a93cce_after.py").read_text(), "train.py").findings == []  # ran
    top = check_source((CASES / "9bd70f1cac665e7b_before.py").read_text(), "train.py")  # PicklingError when run
    assert [(f.code, f.record_id) for f in top.findings] == [("LXF006", "9bd70f1cac665e7b")]
    nested = textwrap.dedent("""\
        from lightning.fabric import Fabric
        from lightning.fabric.strategies import XLAFSDPStrategy
        def main():
            def wrap(module, *args, **kwargs):
                return module
            Fabric(strategy=XLAFSDPStrategy(auto_wrapper_callable=wrap)).launch(print)
        """)
    (finding,) = check_source(nested, "train.py").findings
    assert finding.record_id == "c2ad4bc301a93cce"
    assert "fails with AttributeError: Can't pickle local object 'main.<locals>.wrap' before" in finding.message


def test_lxf023_a_state_of_state_dicts_is_the_missing_model_value_error():
    found = report((CASES / "32941fe0567df6e9_trigger.py").read_text(), "LXF023")  # raised it when run
    assert found == [(
        "error", "39:25-39:91",
        "Could not find a XLAFSDP model in the provided checkpoint state: the state holds no model, so `fabric.save` "
        "raises ValueError. Make sure you set up the model (and optimizers if any) through the strategy before "
        "saving the checkpoint",
    )]


# --- LXF031: a method of the set-up model other than `forward`, called directly -------------------
def test_lxf031_generate_on_the_set_up_model_is_the_xla_shape_error_and_the_fix_marks_it():
    source = (CASES / "7042549152ce80f9_before.py").read_text()  # raised the XLA shape error when run
    assert report(source, "LXF031") == [(
        "error", "40:5-40:19",
        "`model.generate` runs `Net.generate` on the original module, not through the XLAFSDP wrapper, whose forward "
        "gathers each layer's full weights: its layers hold flat 1-D shards, so XLA fails with a shape RuntimeError "
        "(`Cannot infer shape for dot operation` at a linear layer, `weight->shape()...dimensions_size() == 2` at an "
        "embedding) before Lightning's own 'mark it as a forward method' check, which runs after the method returns. "
        "Call `model.mark_forward_method(\"generate\")` after the set-up",
    )]
    fixed = preferred_fix(source, "LXF031")
    assert fixed.endswith('    model = fabric.setup_module(Net())\n    model.mark_forward_method("generate")\n'
                          '    model.generate(torch.randn(4, 8, device=fabric.device))\n\n\n'
                          'if __name__ == "__main__":\n'
                          '    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())\n    fabric.launch(train)\n')
    assert report(fixed, "LXF031") == []
    assert report((CASES / "7042549152ce80f9_after.py").read_text(), "LXF031") == []  # the fixed shape ran


def test_lxf031_with_an_auto_wrap_policy_is_lightnings_own_check():
    source = (CASES / "58d8204926c058a3_before.py").read_text()  # raised "... from outside the model" when run
    findings = [f for f in check_source(source, "train.py").findings if f.code == "LXF031"]
    assert [(f.severity.value, f.span.start.line + 1, f.record_id) for f in findings] == [("error", 35, "58d8204926c058a3")]
    assert "Lightning's check then raises RuntimeError: You are calling the method " \
        "`Agent.estimate_returns_and_advantages()` from outside the model" in findings[0].message
    assert report((CASES / "58d8204926c058a3_after.py").read_text(), "LXF031") == []  # the marked method ran


def test_lxf031_configure_optimizers_on_the_set_up_model_is_torchs_empty_parameter_list():
    check = check_source((CASES / "95e7a3380b01287c_method-after-setup.py").read_text(), "train.py")  # raised it
    (finding,) = [f for f in check.findings if f.code == "LXF031"]
    assert finding.record_id == "95e7a3380b01287c" and finding.fixes == ()
    assert finding.message.endswith(
        "`self.parameters()` there is the original module's, which XLAFSDP emptied into the set-up model's shards, so "
        "torch raises ValueError: optimizer got an empty parameter list. Build the optimizer from `model.parameters()`")


HEAD_031 = ("`model.configure_optimizers` runs `Net.configure_optimizers` on the original module, not through the "
            "XLAFSDP wrapper, whose forward gathers each layer's full weights: `self.parameters()` there is the "
            "original module's")


def test_lxf031_configure_optimizers_with_a_wrap_policy_is_a_warning_it_trains_only_part():
    source = (CASES / "95e7a3380b01287c_method-after-setup-wrapped.py").read_text()  # ran: 2 of 6 tensors untrained
    check = check_source(source, "train.py")
    (finding,) = [f for f in check.findings if f.code == "LXF031"]
    assert finding.record_id == "95e7a3380b01287c" and finding.fixes == ()
    assert report(source, "LXF031") == [(
        "warning", "36:41-36:69",
        f"{HEAD_031}: with `auto_wrap_policy` it gives only the wrapped submodules' shards: the run goes on and the "
        "optimizer never updates the root module's own layers. Build the optimizer from `model.parameters()`")]
    # the same call without the policy raised torch's empty parameter list: an error
    bare = source.replace("XLAFSDPStrategy(auto_wrap_policy={Block})", "XLAFSDPStrategy()")
    assert [f[0] for f in report(bare, "LXF031")] == ["error"]
    assert [f[0] for f in report(bare.replace("XLAFSDPStrategy()", "XLAFSDPStrategy(auto_wrap_policy=None)"),
                                 "LXF031")] == ["error"]


def test_lxf031_configure_optimizers_says_both_outcomes_when_the_policy_cannot_be_told():
    source = (CASES / "95e7a3380b01287c_method-after-setup-wrapped.py").read_text()
    unknown = source.replace("XLAFSDPStrategy(auto_wrap_policy={Block})", "XLAFSDPStrategy(**settings())")
    unknown = unknown.replace("def train(fabric):", "def settings():\n    return json.load(open('fsdp.json'))\n\n\n"
                              "def train(fabric):").replace("import torch\n", "import json\nimport torch\n", 1)
    assert report(unknown, "LXF031") == [(
        "warning", "41:41-41:69",
        f"{HEAD_031}: without `auto_wrap_policy` XLAFSDP empties it into the set-up model's shards, so torch raises "
        "ValueError: optimizer got an empty parameter list; with `auto_wrap_policy` it gives only the wrapped "
        "submodules' shards: the run goes on and the optimizer never updates the root module's own layers. Build "
        "the optimizer from `model.parameters()`")]


def test_lxf031_follows_the_set_up_model_kept_as_an_attribute_of_self():
    corpus = Path(__file__).parent / "corpus"
    source = (corpus / "r11_runner_samples_with_self_model_generate.py").read_text()  # raised the shape error
    (found,) = report(source, "LXF031")
    assert found[:2] == ("error", "39:16-39:35")
    assert found[2].startswith("`self.model.generate` runs `Net.generate` on the original module")
    assert found[2].endswith("Call `self.model.mark_forward_method(\"generate\")` after the set-up")
    fixed = preferred_fix(source, "LXF031")
    assert ('        self.model = fabric.setup_module(Net())\n'
            '        self.model.mark_forward_method("generate")\n'
            '        self.optimizer = ') in fixed
    assert report(fixed, "LXF031") == []
    code = fixed.split('"""')[2]  # below the header and the docstring: the marked trainer, which ran
    assert code == (corpus / "r12_runner_marks_generate_ok.py").read_text().split('"""')[2]
    check = check_source((corpus / "r13_trainer_configure_optimizers_on_self_model.py").read_text(), "train.py")
    (finding,) = [f for f in check.findings if f.code == "LXF031"]  # torch's empty parameter list when run
    assert finding.record_id == "95e7a3380b01287c" and finding.fixes == ()
    assert finding.message.endswith("Build the optimizer from `self.model.parameters()`")


CORPUS = Path(__file__).parent / "corpus"
HEAD_031_GENERATE = ("`model.generate` runs `Net.generate` on the original module, not through the XLAFSDP wrapper, whose "
                     "forward gathers each layer's full weights: ")
SHAPE_031 = ("XLA fails with a shape RuntimeError (`Cannot infer shape for dot operation` at a linear layer, "
             "`weight->shape()...dimensions_size() == 2` at an embedding)")
OUTSIDE_031 = ("a method that runs only the submodules it wraps (they gather their own weights) returns, and Lightning's "
               "check then raises RuntimeError: You are calling the method `Net.generate()` from outside the model")
MARK_031 = ". Call `model.mark_forward_method(\"generate\")` after the set-up"


def test_lxf031_leaves_the_step_methods_fabric_marks_itself_alone():
    # all four ran: `training_step` goes through the wrapper, with or without a policy, whatever its body runs
    for name in ("m01_training_step_calls_self_with_policy_ok", "m02_training_step_calls_self_without_policy_ok",
                 "m03_training_step_runs_root_layer_with_policy_ok", "m04_training_step_runs_root_layer_without_policy_ok"):
        source = (CORPUS / f"{name}.py").read_text()
        assert report(source, "LXF031") == [], name
        # the same body under a name Fabric does not mark raised (m05-m08)
        assert [f[0] for f in report(source.replace("training_step", "generate"), "LXF031")] == ["error"], name


def test_lxf031_with_a_wrap_policy_names_both_errors_a_method_can_raise():
    for name in ("m05_generate_calls_self_with_policy",  # raised XLA's shape error at the root's `head`
                 "m06_generate_runs_root_layer_with_policy",  # the same
                 "m07_generate_runs_wrapped_blocks_with_policy"):  # raised Lightning's "from outside the model"
        assert report((CORPUS / f"{name}.py").read_text(), "LXF031") == [(
            "error", "41:12-41:26",
            f"{HEAD_031_GENERATE}with `auto_wrap_policy`, a layer it leaves at the root module holds a flat 1-D shard, "
            f"so {SHAPE_031} at the first one the method runs (`self(x)` runs `forward`'s); {OUTSIDE_031}{MARK_031}",
        )], name


def test_lxf031_without_a_wrap_policy_is_the_shape_error_and_an_unknown_policy_says_both():
    source = (CORPUS / "m08_generate_calls_self_without_policy.py").read_text()  # raised the shape error
    assert report(source, "LXF031") == [(
        "error", "41:12-41:26",
        f"{HEAD_031_GENERATE}its layers hold flat 1-D shards, so {SHAPE_031} before Lightning's own 'mark it as a "
        f"forward method' check, which runs after the method returns{MARK_031}",
    )]
    unknown = source.replace("XLAFSDPStrategy()", "XLAFSDPStrategy(**settings())")
    unknown = unknown.replace("def train(fabric):", "def settings():\n    return json.load(open('fsdp.json'))\n\n\n"
                              "def train(fabric):").replace("import torch\n", "import json\nimport torch\n", 1)
    assert report(unknown, "LXF031") == [(  # an error either way: the shape error or Lightning's own
        "error", "46:12-46:26",
        f"{HEAD_031_GENERATE}without `auto_wrap_policy` its layers hold flat 1-D shards, so {SHAPE_031}; with one, "
        f"only at a layer it leaves at the root module: {OUTSIDE_031}{MARK_031}",
    )]


# --- LXF036: the name given to mark_forward_method -------------------------------------------------
def test_lxf036_a_misspelt_method_is_the_attribute_error_and_the_fix_names_the_method():
    source = (CASES / "279be41bbf8b0533_before.py").read_text()  # raised the AttributeError when run
    assert report(source, "LXF036") == [(
        "error", "41:31-41:40",
        "`Net.generat` is no method of the module's class, so `model.mark_forward_method(\"generat\")` raises "
        "AttributeError: You marked 'generat' as a forward method, but `Net.generat` does not exist or is not a method. "
        "Did you mean 'generate'?",
    )]
    fixed = preferred_fix(source, "LXF036")
    after = (CASES / "279be41bbf8b0533_after.py").read_text()  # ran
    assert fixed.split('"""', 2)[2] == after.split('"""', 2)[2]
    assert report(after, "LXF036") == [] and report(after, "LXF031") == []


def test_lxf036_marking_forward_itself_is_the_value_error_under_any_receiver():
    found = report((CASES / "ad4c9f9579943688_before.py").read_text(), "LXF036")  # raised the ValueError when run
    assert found == [(
        "error", "38:31-38:40",
        "`forward` already runs through the strategy's wrapper (`model(x)`), so `model.mark_forward_method(\"forward\")` "
        "raises ValueError: You cannot mark the forward method itself as a forward method. Remove the call, or mark "
        "the other method that runs the layers",
    )]
    check = check_source((Path(__file__).parent / "corpus" / "r22_runner_marks_forward_itself.py").read_text(), "t.py")
    assert [(f.code, f.record_id) for f in check.findings] == [("LXF036", "ad4c9f9579943688")]


def test_lxf036_is_silent_for_inherited_class_and_module_methods_and_names_it_cannot_read():
    source = textwrap.dedent("""\
        import torch
        from lightning.fabric import Fabric
        from mylib import Base
        class Net(Base):
            def forward(self, x):
                return x
        class Small(torch.nn.Module):
            def forward(self, x):
                return x
            @classmethod
            def build(cls):
                return cls()
            @staticmethod
            def helper(x):
                return x
        def train(fabric, name):
            model = fabric.setup_module(Net())
            model.mark_forward_method("anything")
            small = fabric.setup_module(Small())
            small.mark_forward_method("build")
            small.mark_forward_method("train")
            small.mark_forward_method(name)
            small.mark_forward_method("helper")
        Fabric(strategy="xla_fsdp").launch(train)
        """)
    assert [at for _, at, _ in report(source, "LXF036")] == ["23:31-23:39"]  # a static method is no method


# --- LXF037: a wrap policy torch_xla calls by keyword ----------------------------------------------
def test_lxf037_a_cuda_wrap_policy_is_the_unexpected_keyword_error_and_the_fix_renames_its_parameter():
    source = (CASES / "1246a9c484325745_before.py").read_text()  # raised the TypeError when run
    assert report(source, "LXF037") == [(
        "error", "47:82-47:88",
        "torch_xla calls a wrap policy as `policy(module=..., recurse=..., unwrapped_params=...)`, and `policy` takes "
        "no `unwrapped_params`, so `fabric.setup_module` raises TypeError: policy() got an unexpected keyword argument "
        "'unwrapped_params' (`nonwrapped_numel` is what torch's CUDA FSDP passes)",
    )]
    after = (CASES / "1246a9c484325745_after.py").read_text()  # ran
    assert preferred_fix(source, "LXF037").split('"""', 2)[2] == after.split('"""', 2)[2]
    assert report(after, "LXF037") == []


def test_lxf037_follows_a_partial_and_names_the_first_keyword_the_policy_lacks():
    corpus = Path(__file__).parent / "corpus"
    ported = (corpus / "r23_cuda_wrap_policy_ported_to_tpu.py").read_text()  # raised it through the partial
    assert [at for _, at, _ in report(ported, "LXF037")] == ["54:49-54:85"]
    assert report((corpus / "r24_xla_wrap_policy_names_ok.py").read_text(), "LXF037") == []  # ran
    short = ported.replace("def size_policy(module, recurse, nonwrapped_numel, min_params):",
                           "def size_policy(m, recurse, n, min_params, **options):")
    assert report(short, "LXF037") == []  # `**options` takes every keyword
    short = ported.replace("def size_policy(module, recurse, nonwrapped_numel, min_params):",
                           "def size_policy(m, recurse, unwrapped_params, min_params):")
    assert "takes no `module`" in report(short, "LXF037")[0][2]


PROGRAM = Path(__file__).parent / "corpus" / "program" / "scripts"


def library_policy_message(name: str, counterpart: bool = True) -> str:
    """LXF037's message for torch's wrap policy `name`, whose third parameter is `nonwrapped_numel`."""
    return ("torch_xla calls a wrap policy as `policy(module=..., recurse=..., unwrapped_params=...)`, and "
            f"`{name}` of `torch.distributed.fsdp.wrap` takes no `unwrapped_params`, so `fabric.setup_module` raises "
            f"TypeError: {name}() got an unexpected keyword argument 'unwrapped_params' (`nonwrapped_numel` is what "
            "torch's CUDA FSDP passes)"
            + (f"; torch_xla has its own: `from torch_xla.distributed.fsdp.wrap import {name}`" if counterpart else ""))


def test_lxf037_torchs_own_wrap_policies_are_the_unexpected_keyword_error_bare_or_in_a_partial():
    """Each script raised `<policy>() got an unexpected keyword argument 'unwrapped_params'` when run
    (labels.tsv): a partial of torch's transformer policy (s84), its size-based policy bare from a settings
    dict (s120) or in a partial a helper returns (s121), its lambda policy through module aliases (s123), one
    partial shared with a CUDA branch (s127)."""
    expected = {
        "s84_torch_transformer_wrap_policy_partial": ("35:82-35:88", "transformer_auto_wrap_policy"),
        "s120_torch_size_based_wrap_policy_bare_in_settings": ("37:49-37:72", "size_based_auto_wrap_policy"),
        "s121_torch_size_based_wrap_policy_partial_from_helper": ("39:45-39:73", "size_based_auto_wrap_policy"),
        "s123_torch_lambda_wrap_policy_partial_module_alias": ("40:93-40:104", "lambda_auto_wrap_policy"),
        "s127_torch_transformer_wrap_policy_shared_with_cuda_branch": ("37:84-37:90", "transformer_auto_wrap_policy"),
    }
    for name, (at, policy) in expected.items():
        assert report((PROGRAM / f"{name}.py").read_text(), "LXF037") == [
            ("error", at, library_policy_message(policy))], name


def test_lxf037_torch_xlas_wrap_policies_and_a_local_def_named_like_torchs_are_fine():
    for name in ("s85_torch_xla_transformer_wrap_policy_partial_ok",
                 "s122_torch_xla_size_based_wrap_policy_partial_from_helper_ok",
                 "s124_torch_xla_lambda_wrap_policy_partial_module_alias_ok",
                 "s125_torch_xla_size_based_wrap_policy_bare_in_settings_ok",
                 "s126_local_transformer_policy_named_like_torch_ok"):  # each ran
        assert report((PROGRAM / f"{name}.py").read_text(), "LXF037") == [], name


def test_lxf037_the_fix_imports_torchs_policy_from_torch_xla_and_is_unsafe():
    source = (PROGRAM / "s84_torch_transformer_wrap_policy_partial.py").read_text()
    [finding] = [f for f in check_source(source, "train.py").findings if f.code == "LXF037"]
    [fix] = finding.fixes
    assert (fix.title, fix.safety.value, fix.preferred) == (
        "Import `transformer_auto_wrap_policy` from `torch_xla.distributed.fsdp.wrap`", "unsafe", True)
    fixed = apply_fix(source, fix.edits)
    assert fixed == source.replace("from torch.distributed.fsdp.wrap import", "from torch_xla.distributed.fsdp.wrap import")
    # the fixed script is s85's, which ran
    ran = (PROGRAM / "s85_torch_xla_transformer_wrap_policy_partial_ok.py").read_text()
    assert fixed.split('"""', 2)[2] == ran.split('"""', 2)[2]
    assert report(fixed, "LXF037") == []
    # a line that also imports a name torch_xla lacks, and a policy named through its module: no fix
    mixed = source.replace("import transformer_auto_wrap_policy", "import ModuleWrapPolicy, transformer_auto_wrap_policy")
    assert [f.fixes for f in check_source(mixed, "train.py").findings if f.code == "LXF037"] == [()]
    aliased = (PROGRAM / "s123_torch_lambda_wrap_policy_partial_module_alias.py").read_text()
    assert [f.fixes for f in check_source(aliased, "train.py").findings if f.code == "LXF037"] == [()]


def test_lxf037_torchs_or_policy_has_no_torch_xla_counterpart_and_no_fix():
    """`partial(_or_policy, policies=[always_wrap_policy])` raised `_or_policy() got an unexpected keyword
    argument 'unwrapped_params'` when run; torch_xla has no `_or_policy`."""
    source = textwrap.dedent("""\
        from functools import partial
        from lightning.fabric.strategies import XLAFSDPStrategy
        from torch.distributed.fsdp.wrap import _or_policy, always_wrap_policy
        strategy = XLAFSDPStrategy(auto_wrap_policy=partial(_or_policy, policies=[always_wrap_policy]))
        """)
    assert report(source, "LXF037") == [("error", "4:45-4:95", library_policy_message("_or_policy", counterpart=False))]
    assert [f.fixes for f in check_source(source, "train.py").findings if f.code == "LXF037"] == [()]
    # a keyword torch's policy does not take, bound by the partial, is raised first: another TypeError
    other = source.replace("policies=[always_wrap_policy]", "policies=[always_wrap_policy], min_num_params=1")
    assert report(other, "LXF037") == []


# --- LXF032: a sharded load asking for a key the program's save never wrote --------------------------
def test_lxf032_a_key_the_save_never_wrote_is_the_keyerror_and_the_fix_drops_it():
    source = (CASES / "be292b33e48a838f_before.py").read_text()  # raised the KeyError for 'step' when run
    assert report(source, "LXF032") == [(
        "error", "40:66-40:72",
        "`fabric.save(\"ckpt\", ...)` (line 39) writes 'model', 'optimizer', not 'step', so this sharded load raises "
        "KeyError: The requested state contains a key 'step' that does not exist in the loaded checkpoint. Save it "
        "too, or do not ask for it and keep its value from before the load",
    )]
    fixed = preferred_fix(source, "LXF032")
    assert '    fabric.load("ckpt", {"model": model, "optimizer": optimizer})\n' in fixed
    assert report(fixed, "LXF032") == []


def test_lxf032_a_missing_optimizer_is_the_bare_keyerror_even_with_strict_false():
    source = (CASES / "be292b33e48a838f_missing-optimizer.py").read_text()  # KeyError: 'optimizer' when run
    assert report(source, "LXF032") == [(
        "error", "40:42-40:53",
        "`fabric.save(\"ckpt\", ...)` (line 39) writes 'model', not 'optimizer': this sharded load fails with a bare "
        "KeyError: 'optimizer'. Save the optimizer too, or do not ask for it",
    )]
    # `strict=False` lets the missing 'step' pass (the `after` case ran)
    assert report((CASES / "be292b33e48a838f_after.py").read_text(), "LXF032") == []


def test_lxf032_is_silent_where_a_save_to_the_path_cannot_be_read_or_the_load_is_full():
    source = textwrap.dedent("""\
        from lightning.fabric import Fabric
        from lightning.fabric.strategies import XLAFSDPStrategy
        def train(fabric, extra):
            model = fabric.setup_module(Net())
            fabric.save("ckpt", {"model": model})
            fabric.save("ckpt", {"model": model, **extra})
            fabric.load("ckpt", {"model": model, "step": 0})
        Fabric(strategy="xla_fsdp").launch(train)
        def full(fabric):
            model = fabric.setup_module(Net())
            fabric.save("full", {"model": model})
            fabric.load("full", {"model": model, "step": 0})
        Fabric(strategy=XLAFSDPStrategy(state_dict_type="full")).launch(full)
    """)
    assert report(source, "LXF032") == []
