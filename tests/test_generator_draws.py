"""Generators and conditional values, on scripts labelled by the real library (each file's `# oracle:` line).

LXF019: calling a generator function runs nothing; its body runs where the generator is drawn (`next(g)`, a
`for` over it, `list(islice(g, 2))`). A generator made before `fabric.launch` and drawn there raises in the
parent; one made there on the parent's Fabric and drawn in the launched function raises in the worker (the
worker's copy of the parent's Fabric never gets the XLA device); one never drawn runs fine.

LXF037: a wrap policy of torch on each branch raises on every path: one error naming both, not two warnings.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_fix

DATA = Path(__file__).parent / "data"
DEVICE = "Accessing the XLA device before processes have spawned is not allowed: `fabric.device` runs in `synthetic_batches`, "


def findings(name: str) -> list[tuple[str, str, int, int, str]]:
    text = next(DATA.glob(f"*/{name}.py")).read_text()
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message)
            for f in check_source(text).findings]


@pytest.mark.parametrize(("name", "line", "where"), [
    ("a1_drawn_by_for_before_launch", 21,
     "drawn at line 39 before `fabric.launch(train)` (line 42), in the parent process"),
    ("a2_drawn_by_islice_list_before_launch", 22,
     "drawn at line 39 before `fabric.launch(train)` (line 41), in the parent process"),
    ("d1_helper_peeks_generator_before_launch", 21,
     "drawn at line 31 in `peek`, reached from `peek(fabric)` (line 43) before `fabric.launch(train)` (line 44), "
     "in the parent process"),
])
def test_generator_drawn_before_the_launch(name, line, where):
    message = DEVICE + where + ", so XLAFSDPStrategy raises RuntimeError. Move it into the launched function"
    assert findings(name) == [("LXF019", "error", line, 48, message), ("LXF019", "error", line + 1, 59, message)]


def test_generator_of_the_parents_fabric_drawn_in_the_worker():
    message = (DEVICE + "drawn at line 32 in the launched `train`, but on the parent's Fabric, given at line 38 before "
               "`fabric.launch(train)` (line 39): the worker's copy of it never gets an XLA device, so XLAFSDPStrategy "
               "raises RuntimeError. Make the generator inside the launched function, from the Fabric it receives")
    assert findings("b1_parent_generator_zipped_in_worker") == [
        ("LXF019", "error", 21, 48, message), ("LXF019", "error", 22, 59, message)]


@pytest.mark.parametrize("name", [
    "b2_cpu_generator_moved_by_worker_fabric_ok",  # made before the launch, no Fabric in it
    "c1_made_never_drawn_ok",  # made on the parent's Fabric, never drawn
    "d2_helper_makes_generator_not_drawn_ok",  # a helper makes one and reads its name only
])
def test_generator_that_runs_fine(name):
    assert findings(name) == []


def test_generator_drawn_after_the_launch_has_returned():
    text = next(DATA.glob("*/c1_made_never_drawn_ok.py")).read_text() + "    print(next(preview)[0].shape)\n"
    message = (DEVICE + "drawn at line 43 after `fabric.launch(train)` has returned, in the parent process, which "
               "never gets an XLA device, so XLAFSDPStrategy raises RuntimeError. Move it into the launched function")
    assert [(f.code, f.span.start.line + 1, f.message) for f in check_source(text).findings] == [
        ("LXF019", 21, message), ("LXF019", 22, message)]


def test_torch_policy_on_every_branch_is_one_error():
    [(code, severity, line, column, message)] = findings("e1_torch_policies_on_both_branches")
    assert (code, severity, line, column) == ("LXF037", "error", 38, 81)
    assert "raises TypeError on every path. When by_size: size_based_auto_wrap_policy() got an unexpected keyword " \
           "argument 'unwrapped_params', since `size_based_auto_wrap_policy` of `torch.distributed.fsdp.wrap` " in message
    assert ". When not by_size: lambda_auto_wrap_policy() got an unexpected keyword argument 'unwrapped_params'" in message
    text = next(DATA.glob("*/e1_torch_policies_on_both_branches.py")).read_text()
    [finding] = check_source(text).findings
    assert [f.title for f in finding.fixes] == [
        "Import `lambda_auto_wrap_policy`, `size_based_auto_wrap_policy` from `torch_xla.distributed.fsdp.wrap`"]
    assert check_source(apply_fix(text, finding.fixes[0].edits)).findings == []


def test_torch_policy_on_one_branch_is_a_warning_naming_it():
    [(code, severity, line, column, message)] = findings("e2_xla_lambda_policy_on_default_branch")
    assert (code, severity, line, column) == ("LXF037", "warning", 38, 81)
    assert message.startswith("torch_xla calls a wrap policy as `policy(module=..., recurse=..., unwrapped_params=...)`, "
                              "and `size_based_auto_wrap_policy` of `torch.distributed.fsdp.wrap` takes no `unwrapped_params`")
    assert message.endswith("; when by_size")
