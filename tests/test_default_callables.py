"""A parameter whose default is a function of the module, called in the body (`def step(..., clip=clip_by_value)`
then `clip(fabric, model, optimizer)`): a call of `step` that passes no `clip` runs that default, read for the
call with what it is given (the launched function's Fabric), as a call of the function by its name would be.
(Before: the call of the parameter was not followed, so the default's `clip_val` was only a warning for the
calls of `step` together.)"""

from __future__ import annotations

import textwrap

from errata_lsp.analysis import check_source

SOURCE = """\
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy


    def clip_by_norm(fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, max_norm=1.0)


    def clip_by_value(fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=1.0)


    def step(fabric, model, optimizer, clip={default}):
        clip(fabric, model, optimizer)
        optimizer.step()


    def train(fabric, model, optimizer):
        step(fabric, model, optimizer{passed})


    def test_step_on_cpu(model, optimizer):
        step(Fabric(accelerator="cpu", devices=1), model, optimizer{test})


    if __name__ == "__main__":
        fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
        fabric.launch(train, None, None)
"""
VALUE = ("XLA's FSDP strategy does not support to clip gradients by value: `clip_val` raises NotImplementedError. "
         "Clip by norm with `max_norm` instead")


def found(default: str, passed: str = "", test: str = "") -> list[tuple[str, str, str, str]]:
    source = textwrap.dedent(SOURCE.format(default=default, passed=passed, test=test))
    report = check_source(source, "train.py")
    assert not report.failures
    return [(f.code, f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}-"
             f"{f.span.end.line + 1}:{f.span.end.column + 1}", f.message) for f in report.findings]


def test_a_call_that_leaves_a_called_default_runs_it_for_that_call():
    assert found("clip_by_value") == [
        ("LXF014", "warning", "10:45-10:57", f"{VALUE}; when called at line 19"),
        ("LXF014", "error", "19:5-19:9", f"{VALUE} (in `clip_by_value`, line 10, for this call)")]


def test_a_called_default_that_clips_by_norm_is_fine():
    assert found("clip_by_norm") == []


def test_a_call_that_passes_another_function_does_not_run_the_default_for_it():
    # the default is run by the CPU test alone; the warning left is the calls of `step` read together
    assert [f[:2] for f in found("clip_by_value", passed=", clip=clip_by_norm")] == [("LXF014", "warning")]
