"""Items of a list the set-up rules follow (LXF013): one a comprehension over a list of models fills, or an
`append` in a `for` over them, read as `optimizers[i]` after the models are set up item by item
(Lightning's K-fold example). Unknown, and silent, where another statement changes the list."""

from __future__ import annotations

import textwrap

from errata_lsp.analysis import check_source

HEAD = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def run(fabric, folds):
"""
TAIL = """
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(run, 2)
"""


def found(body: str) -> list[tuple[str, str, int, int]]:
    source = HEAD + textwrap.indent(textwrap.dedent(body), "    ") + TAIL
    result = check_source(source, "train.py")
    assert not result.failures, result.failures[0].detail
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column + 1)
            for f in result.findings if f.code == "LXF013"]


RAISED = "ValueError: The optimizer does not seem to reference any XLAFSDP parameters"


def test_optimizers_a_comprehension_builds_from_the_raw_models_set_up_item_by_item():
    source = HEAD + textwrap.indent(textwrap.dedent("""\
        models = [torch.nn.Linear(2, 2) for _ in range(folds)]
        optimizers = [torch.optim.SGD(model.parameters(), lr=0.1) for model in models]
        for i in range(folds):
            models[i] = fabric.setup_module(models[i])
            optimizers[i] = fabric.setup_optimizers(optimizers[i])
        """), "    ") + TAIL
    (finding,) = [f for f in check_source(source, "train.py").findings if f.code == "LXF013"]
    assert (finding.severity.value, finding.span.start.line + 1, finding.span.start.column + 1) == ("error", 11, 49)
    assert finding.message.startswith(
        "`optimizers[i]` is built from `model`'s parameters for each `model` of `models` (line 8) before "
        "`fabric.setup_module(models[i])` (line 10); XLAFSDP replaces them with sharded ones, so "
        "`setup_optimizers` raises " + RAISED)


def test_optimizers_appended_in_a_loop_then_the_models_set_up_in_a_loop_over_them():
    assert found("""\
        models = [torch.nn.Linear(2, 2) for _ in range(folds)]
        optimizers = []
        for model in models:
            optimizers.append(torch.optim.Adam(model.parameters()))
        for model in models:
            fabric.setup_module(model)
        opt = fabric.setup_optimizers(optimizers[0])
        """) == [("LXF013", "error", 13, 35)]


def test_optimizers_built_from_the_set_up_models_are_fine():
    assert found("""\
        models = [fabric.setup_module(torch.nn.Linear(2, 2)) for _ in range(folds)]
        optimizers = [torch.optim.SGD(model.parameters(), lr=0.1) for model in models]
        for i in range(folds):
            optimizers[i] = fabric.setup_optimizers(optimizers[i])
        """) == []
    assert found("""\
        models = [torch.nn.Linear(2, 2) for _ in range(folds)]
        for i in range(folds):
            models[i] = fabric.setup_module(models[i])
        optimizers = [torch.optim.SGD(model.parameters(), lr=0.1) for model in models]
        for i in range(folds):
            optimizers[i] = fabric.setup_optimizers(optimizers[i])
        """) == []


def test_a_list_another_statement_changes_is_not_told():
    assert found("""\
        models = [torch.nn.Linear(2, 2) for _ in range(folds)]
        optimizers = [torch.optim.SGD(model.parameters(), lr=0.1) for model in models]
        for i in range(folds):
            models[i] = fabric.setup_module(models[i])
            optimizers[i] = torch.optim.SGD(models[i].parameters(), lr=0.1)
        opt = fabric.setup_optimizers(optimizers[0])
        """) == []
    assert found("""\
        models = [torch.nn.Linear(2, 2) for _ in range(folds)]
        optimizers = [torch.optim.SGD(model.parameters(), lr=0.1) for model in models]
        optimizers += [torch.optim.SGD(fabric.setup_module(torch.nn.Linear(2, 2)).parameters())]
        models[0] = fabric.setup_module(models[0])
        opt = fabric.setup_optimizers(optimizers[-1])
        """) == []


def codes(body: str) -> list[tuple[str, str, int, int]]:
    source = HEAD + textwrap.indent(textwrap.dedent(body), "    ") + TAIL
    result = check_source(source, "train.py")
    assert not result.failures, result.failures[0].detail
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column + 1) for f in result.findings]


def test_an_item_of_a_list_of_raw_models_is_raw_for_the_rules_on_set_up_modules():
    source = HEAD + textwrap.indent(textwrap.dedent("""\
        models = [torch.nn.Linear(2, 2) for _ in range(folds)]
        with fabric.no_backward_sync(models[0]):
            pass
        fabric.save("ck", {"model": models[-1]})
        """), "    ") + TAIL
    findings = check_source(source, "train.py").findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column + 1) for f in findings] == [
        ("LXF004", "error", 8, 34), ("LXF023", "error", 10, 33)]
    assert findings[0].message.startswith("`models[0]` is not set up: it holds the raw module `torch.nn.Linear(2, 2)` (line 7)")


def test_an_item_an_append_loop_gives_the_set_up_module_is_set_up():
    assert codes("""\
        wrapped = []
        for _ in range(folds):
            wrapped.append(fabric.setup_module(torch.nn.Linear(2, 2)))
        with fabric.no_backward_sync(wrapped[1]):
            pass
        fabric.save("ck", {"model": wrapped[1]})
        """) == []
    assert codes("""\
        raw = []
        for _ in range(folds):
            raw.append(torch.nn.Linear(2, 2))
        with fabric.no_backward_sync(raw[1]):
            pass
        """) == [("LXF004", "error", 10, 34)]


def test_items_set_up_in_place_are_not_told_and_stay_silent():
    assert codes("""\
        models = [torch.nn.Linear(2, 2) for _ in range(folds)]
        for i in range(folds):
            models[i] = fabric.setup_module(models[i])
        with fabric.no_backward_sync(models[0]):
            pass
        fabric.save("ck", {"model": models[0]})
        """) == []
    assert codes("""\
        models = [torch.nn.Linear(2, 2) for _ in range(folds)]
        models.insert(0, fabric.setup_module(torch.nn.Linear(2, 2)))
        with fabric.no_backward_sync(models[0]):
            pass
        """) == []


def test_optimizers_read_by_a_loop_over_their_list_after_the_models_are_set_up():
    # both raise ValueError under lightning 2.6.6 (the oracle); the third runs
    assert found("""\
        models = [torch.nn.Linear(2, 2) for _ in range(folds)]
        optimizers = [torch.optim.SGD(m.parameters(), lr=0.1) for m in models]
        models = [fabric.setup_module(m) for m in models]
        optimizers = [fabric.setup_optimizers(o) for o in optimizers]
        """) == [("LXF013", "error", 10, 43)]
    assert found("""\
        models = [torch.nn.Linear(2, 2) for _ in range(folds)]
        optimizers = [torch.optim.SGD(m.parameters(), lr=0.1) for m in models]
        for model, optimizer in zip(models, optimizers):
            fabric.setup_module(model)
            fabric.setup_optimizers(optimizer)
        """) == [("LXF013", "error", 11, 33)]
    assert found("""\
        models = [fabric.setup_module(torch.nn.Linear(2, 2)) for _ in range(folds)]
        optimizers = [torch.optim.SGD(m.parameters(), lr=0.1) for m in models]
        optimizers = [fabric.setup_optimizers(o) for o in optimizers]
        for i, optimizer in enumerate(optimizers):
            fabric.setup_optimizers(optimizer)
        """) == []
