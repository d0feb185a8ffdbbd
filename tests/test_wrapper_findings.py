"""Findings through wrappers, as `check_source` gives them (exact code, severity, place, message): a
`functools.partial` of a strategy class made in another module keeps its keywords where it is called, and
what `fabric.launch` is given must take the Fabric first, also when it is a function of another module."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.findings import Place, Position, Span

DIST = """\
from functools import partial

from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


make_strategy = partial(XLAFSDPStrategy, auto_wrap_policy={Block}, activation_checkpointing_policy=POLICY)
"""

TRAIN = """\
from lightning.fabric import Fabric

from dist import make_strategy


def train(fabric):
    pass


fabric = Fabric(accelerator="tpu", strategy=make_strategy(state_dict_type="sharded"))
fabric.launch(train)
"""


def tree(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def findings(path: Path) -> list[tuple[str, str, Span, str, Place | None]]:
    return [(f.code, f.severity.value, f.span, f.message, f.elsewhere)
            for f in check_source(path.read_text(), str(path)).findings]


def at(line: int, start: int, end: int) -> Span:
    return Span(Position(line, start), Position(line, end))


def test_a_partial_of_a_strategy_made_in_another_module_keeps_its_keywords(tmp_path):
    root = tree(tmp_path, {"dist.py": DIST.replace("POLICY", "[Block]"), "train.py": TRAIN})
    assert findings(root / "train.py") == [(
        "LXF001", "error", at(9, 44, 57),
        "`activation_checkpointing_policy` must be a set, found [Block] (from `dist.py`, line 11)",
        Place(str(root / "dist.py"), at(10, 99, 106)))]
    (root / "dist.py").write_text(DIST.replace("POLICY", "{Block}"))
    assert findings(root / "train.py") == []


def test_the_call_gives_a_keyword_again_over_the_partials(tmp_path):
    root = tree(tmp_path, {"dist.py": DIST.replace("POLICY", "[Block]"),
                           "train.py": TRAIN.replace('state_dict_type="sharded"', "activation_checkpointing_policy={Block}")})
    assert findings(root / "train.py") == []


LOOP = """\
def train_loop(cfg, fabric=None):
    pass
"""

LAUNCH = """\
from functools import partial

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from loop import train_loop

fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(partial(train_loop, cfg={"lr": 0.1}))
"""


def test_a_partial_of_a_function_of_another_module_is_reported_at_its_def(tmp_path):
    root = tree(tmp_path, {"loop.py": LOOP, "train.py": LAUNCH})
    assert findings(root / "train.py") == [(
        "LXF018", "error", at(8, 14, 50),
        "`Fabric.launch(function=partial(train_loop, cfg={\"lr\": 0.1}))` calls it with the Fabric as its first "
        "argument, which goes to its parameter `cfg`: Python raises TypeError \"train_loop() got multiple values for "
        "argument 'cfg'\" in every process. Make the Fabric the first parameter of `train_loop` (`loop.py`, line 1), "
        "as `def train_loop(fabric, ...)`",
        Place(str(root / "loop.py"), at(0, 15, 18)))]
    (root / "loop.py").write_text(LOOP.replace("cfg, fabric=None", "fabric, cfg"))
    assert findings(root / "train.py") == []


TIMED_PREPARE = """\
import functools

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


@timed
def prepare(fabric, *objects):
    return fabric.setup(*objects)


def run(fabric):
    model = nn.Linear(4, 4)
    {line}


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
"""


def test_a_helper_a_forwarding_decorator_of_the_file_wraps_is_called_with_the_call_s_objects():
    text = TIMED_PREPARE.replace("{line}", "model, optimizer = prepare(fabric, model, torch.optim.SGD(model.parameters()))")
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message)
            for f in check_source(text, "train.py").findings] == [(
                "LXF012", "error", 23, 23,
                "The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s): `prepare` passes "
                "the 2 objects given here to `fabric.setup(*objects)` (line 18), which raises NotImplementedError with "
                "the XLAFSDP Fabric `fabric` is given. Pass the model alone, create the optimizer from the set-up "
                "model's parameters, then call `setup_optimizers`")]
    assert check_source(TIMED_PREPARE.replace("{line}", "model = prepare(fabric, model)"), "train.py").findings == []
