"""Records whose error the matched method call raises itself (`"raised_by": "call"`), one script a kind, each
run against lightning 2.6.6 (CPU oracle, one worker) as written here: the call inside a `try` whose handler
catches the record's class runs fine, the handler printing "handled" (in the launched worker for the calls a
worker makes; `fabric.launch(train)` in the parent for a worker's raise, which comes back to the launching
process as the same class). With the handler catching KeyError instead, each raises the record's error, which
errata reports where it did before. Positions are 1-based `line:column`."""

from __future__ import annotations

import re

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.rules import RULES

HEAD = '''import torch
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy, XLAStrategy
'''

# name -> (the script after HEAD, the findings with the handler catching KeyError)
SCRIPTS: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "lxf014_worker": ('''def train(fabric):
    model = fabric.setup_module(nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(model(torch.randn(2, 4, device=fabric.device)).sum())
    try:
        fabric.clip_gradients(model, optimizer, clip_val=0.5)
    except NotImplementedError:
        print("handled")
    optimizer.step()
Fabric(accelerator="tpu", strategy="xla_fsdp").launch(train)
''', [('LXF014', 'error', '10:49-10:61')]),
    "lxf015_worker": ('''def train(fabric):
    model = fabric.setup_module(nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(model(torch.randn(2, 4, device=fabric.device)).sum())
    try:
        fabric.clip_gradients(model, optimizer, clip_val=0.5, max_norm=1.0)
    except ValueError:
        print("handled")
    try:
        fabric.clip_gradients(model, optimizer)
    except ValueError:
        print("handled")
    optimizer.step()
Fabric(accelerator="tpu", strategy="xla_fsdp").launch(train)
''', [('LXF015', 'error', '10:9-10:30'), ('LXF015', 'error', '14:9-14:30')]),
    "lxf016_launch": ('''fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
try:
    fabric.launch()
except TypeError:
    print("handled")
''', [('LXF016', 'error', '7:5-7:20')]),
    "lxf022_load": ('''def train(fabric):
    model = fabric.setup_module(nn.Linear(4, 4))
    fabric.save("ckpt", {"model": model})
    try:
        fabric.load("ckpt", model)
    except NotImplementedError:
        print("handled")
Fabric(accelerator="tpu", strategy="xla_fsdp").launch(train)
''', [('LXF022', 'error', '9:29-9:34')]),
    "lxf022_load_raw": ('''def train(fabric):
    torch.save(nn.Linear(4, 4).state_dict(), "pretrained.pt")
    model = fabric.setup_module(nn.Linear(4, 4))
    try:
        fabric.load_raw("pretrained.pt", model)
    except NotImplementedError:
        print("handled")
Fabric(accelerator="tpu", strategy="xla_fsdp").launch(train)
''', [('LXF022', 'error', '9:9-9:24')]),
    "lxf027_worker": ('''def train(fabric):
    x = torch.tensor(3.0, device=fabric.device)
    try:
        fabric.all_reduce(x, reduce_op="max")
    except ValueError:
        print("handled")
Fabric(accelerator="tpu", strategy="xla_fsdp").launch(train)
''', [('LXF027', 'error', '8:40-8:45')]),
    "lxf027_parent": ('''def train(fabric):
    x = torch.tensor(3.0, device=fabric.device)
    fabric.all_reduce(x, reduce_op="max")
fabric = Fabric(accelerator="tpu", strategy="xla_fsdp")
try:
    fabric.launch(train)
except ValueError:
    print("handled")
''', [('LXF027', 'error', '7:36-7:41')]),
    "lxf029_save": ('''from pathlib import Path
def train(fabric):
    model = fabric.setup_module(nn.Linear(4, 4))
    try:
        fabric.save(Path("out") / "step-1", {"model": model})
    except Exception as e:
        print("handled", type(e))
Fabric(accelerator="tpu", strategy="xla_fsdp").launch(train)
''', [('LXF029', 'error', '9:21-9:43')]),
    "lxf029_load": ('''from pathlib import Path
def train(fabric):
    model = fabric.setup_module(nn.Linear(4, 4))
    fabric.save("ckpt", {"model": model})
    try:
        fabric.load(path=Path("ckpt").resolve(), state={"model": model})
    except Exception as e:
        print("handled", type(e))
Fabric(accelerator="tpu", strategy="xla_fsdp").launch(train)
''', [('LXF029', 'error', '10:26-10:48')]),
    "lxf029_broadcast": ('''import pickle
from pathlib import Path
def train(fabric):
    try:
        shared = Path(fabric.broadcast(Path("tmp")))
    except pickle.UnpicklingError as e:
        print("handled", type(e))
Fabric(accelerator="tpu", strategy="xla_fsdp").launch(train)
''', [('LXF029', 'error', '9:40-9:51')]),
    "xla002_worker": ('''def train(fabric):
    try:
        fabric.all_reduce(torch.tensor(3.0), reduce_op="max")
    except ValueError:
        print("handled")
Fabric(accelerator="tpu", strategy="xla").launch(train)
''', [('XLA002', 'error', '7:56-7:61')]),
    "xla003_worker": ('''def train(fabric):
    model = fabric.setup_module(nn.Linear(4, 1))
    try:
        optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    except RuntimeError:
        print("handled")
Fabric(accelerator="tpu", strategy="xla").launch(train)
''', [('XLA003', 'error', '8:21-8:44')]),
}

HANDLERS = re.compile(r"except (NotImplementedError|ValueError|TypeError|RuntimeError|Exception|pickle\.UnpicklingError)")


def findings(source: str, tmp_path) -> list[tuple[str, str, str]]:
    result = check_source(source, str(tmp_path / "train.py"))  # a folder of its own: no module reads `train`
    assert not result.failures, result.failures[0].detail
    return [(f.code, f.severity.value,
             f"{f.span.start.line + 1}:{f.span.start.column + 1}-{f.span.end.line + 1}:{f.span.end.column + 1}")
            for f in result.findings]


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_the_call_raises_where_the_handler_catches_it(name: str, tmp_path) -> None:
    body, unhandled = SCRIPTS[name]
    assert findings(HEAD + body, tmp_path) == []
    assert findings(HANDLERS.sub("except KeyError", HEAD + body), tmp_path) == unhandled


def test_every_kind_marked_has_a_script() -> None:
    """Each record marked whose call is a method's has its script (FSDP010/FSDP011 are not marked: the oracle
    cannot build an FSDP Fabric on CPU, so nothing proves where they raise)."""
    marked = {rule.code for rule in RULES if getattr(rule, "raised_by_call", None)}
    methods = {rule.code for rule in RULES if "method" in getattr(rule, "spec", {}).get("call", {})
               or any("method" in part.spec.get("call", {}) for part in getattr(rule, "parts", ()))}
    assert marked & methods == {code for _, unhandled in SCRIPTS.values() for code, _, _ in unhandled}
