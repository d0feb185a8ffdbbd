"""A comprehension that filters a state by a set its object built from a constructor's argument (`self.skip =
set(skip)`, `skip=()`; `frozenset(...)`, `tuple(...)`): the set's elements are the tuple's, so `k not in
self.skip` is decided for each key (nothing dropped from an empty one: two set-up modules saved together,
LXF024). A set is never equal to a tuple, as in Python."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

SCRIPT = '''\
import os

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Saver:
    def __init__(self, out_dir="ckpt", skip={skip}):
        self.out_dir = out_dir
        self.skip = {convert}(skip)

    def on_train_end(self, fabric, state):
        kept = {{k: v for k, v in state.items() if k not in self.skip}}
        fabric.save(os.path.join(self.out_dir, "last"), kept)


def train(fabric):
    teacher = fabric.setup_module(make_model())
    student = fabric.setup_module(make_model())
    state = {{"student": student, "teacher": teacher}}
    fabric.call("on_train_end", fabric, state)


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), callbacks=[Saver()])
fabric.launch(train)
'''


def found(text: str, tmp_path: Path) -> list[tuple[str, str, int]]:
    path = tmp_path / "distill.py"
    path.write_text(text)
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(text, str(path)).findings]


def test_a_filter_on_a_set_built_from_an_empty_tuple_keeps_every_key(tmp_path):
    for convert in ("set", "frozenset", "tuple"):
        assert found(SCRIPT.format(skip="()", convert=convert), tmp_path) == [("LXF024", "error", 20)], convert


def test_a_filter_on_a_set_of_the_second_model_s_key_keeps_one_model(tmp_path):
    for convert in ("set", "frozenset", "tuple"):
        assert found(SCRIPT.format(skip='("teacher",)', convert=convert), tmp_path) == [], convert


def test_a_set_compared_with_a_tuple_is_not_equal(tmp_path):
    # `tuple(skip) == ()` holds, `set(skip) == ()` does not (a set never equals a tuple, as in Python)
    for convert, expected in (("tuple", [("LXF024", "error", 20)]), ("set", [])):
        text = SCRIPT.format(skip="()", convert=convert).replace("if k not in self.skip}",
                                                                 'if k != "teacher" or self.skip == ()}')
        assert found(text, tmp_path) == expected, convert
