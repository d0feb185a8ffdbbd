"""An argument written as an attribute of a record instance (`reduce_op=C.reduce`): the field the instance
holds, read in one file whatever the length of the instance's name, and through another module's copy of
a NamedTuple (`DEFAULTS._replace(reduce="min")`)."""

from __future__ import annotations

from errata_lsp.analysis import check_source

from .test_foreign_placement import placed
from .test_helpers_elsewhere import tree

ONE_FILE = '''\
from dataclasses import dataclass

from lightning.fabric import Fabric


@dataclass
class Cfg:
    lr: float = 3e-4
    reduce: str = "mean"


C = Cfg(reduce={reduce!r})


def train(fabric, x):
    fabric.all_reduce(x, reduce_op=C.reduce)


Fabric(strategy="xla_fsdp").launch(train)
'''


def _found(text: str) -> list[tuple[str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(text).findings]


def test_a_one_letter_instance_s_field_as_the_argument_is_read_in_one_file():
    assert _found(ONE_FILE.format(reduce="prod")) == [("LXF027", "error", 16, 35, 43)]


def test_a_one_letter_instance_s_accepted_field_stays_silent():
    assert _found(ONE_FILE.format(reduce="sum")) == []


HPARAMS = '''\
from typing import NamedTuple


class Settings(NamedTuple):
    steps: int = 2
    reduce: str = "mean"


BASE = Settings()
'''

TRAIN = '''\
from lightning.fabric import Fabric

from presets import PICKED as S


def run(fabric):
    fabric.all_reduce(1.0, reduce_op=S.reduce)


Fabric(strategy="xla_fsdp").launch(run)
'''


def _project(tmp_path, changes: str):
    presets = f"from settings import BASE\n\nPICKED = BASE._replace({changes})\n"
    return tree(tmp_path, {"settings.py": HPARAMS, "presets.py": presets, "train.py": TRAIN})


def test_an_imported_namedtuple_s_replaced_field_is_read_and_placed_where_it_is_written(tmp_path):
    root = _project(tmp_path, 'steps=4, reduce="min"')
    assert placed(root / "train.py") == [("LXF027", "error", 7, 37, ("presets.py", 3, 39, '"min"'))]


def test_an_imported_namedtuple_replaced_with_an_accepted_field_stays_silent(tmp_path):
    root = _project(tmp_path, 'steps=4, reduce="avg"')
    assert placed(root / "train.py") == []


def test_an_imported_namedtuple_replaced_in_other_fields_keeps_its_default(tmp_path):
    root = _project(tmp_path, "steps=4")
    assert placed(root / "train.py") == []
