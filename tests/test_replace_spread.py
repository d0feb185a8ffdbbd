"""`dataclasses.replace(cfg, **changes)` and a NamedTuple's `cfg._replace(**changes)`: a `**` of a dict the layer
reads whole changes the fields it names (a profile's `devices=1`: LXF041); one whose keys the file cannot list
may change any field, which is then unknown (no finding from the original's value)."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
import dataclasses
import os
from typing import NamedTuple

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

PROFILES = {{"smoke": {{"devices": 1}}, "full": {{"devices": 8}}}}


@dataclasses.dataclass
class RunConfig:
    devices: int = 8


class TupleConfig(NamedTuple):
    devices: int = 8


cfg = {made}
Fabric(accelerator="tpu", devices=cfg.devices, strategy=XLAFSDPStrategy())
'''


def found(tmp_path: Path, made: str) -> list[tuple[str, str, int]]:
    path = tmp_path / "train.py"
    path.write_text(SCRIPT.format(made=made))
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(path.read_text(), str(path)).findings]


@pytest.mark.parametrize("made", [
    'dataclasses.replace(RunConfig(), **PROFILES["smoke"])',
    'dataclasses.replace(RunConfig(), **{"devices": 1})',
    'TupleConfig()._replace(**PROFILES["smoke"])',
])
def test_a_spread_the_file_reads_changes_the_fields_it_names(tmp_path, made):
    assert found(tmp_path, made) == [("LXF041", "error", 21)]


@pytest.mark.parametrize("made", [
    'dataclasses.replace(RunConfig(devices=1), **PROFILES["full"])',  # the profile sets it back
    'dataclasses.replace(RunConfig(devices=1), **dict(os.environ))',  # keys the file cannot list: any field
])
def test_a_spread_that_changes_the_field_back_or_may_is_silent(tmp_path, made):
    assert found(tmp_path, made) == []
