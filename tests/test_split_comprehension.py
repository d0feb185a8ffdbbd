"""A list built by a comprehension over the parts of a known string (`[LAYERS[n.strip()] for n in
"Block".split(",")]`) is as empty as those parts: one part, a list of one class, so a list policy is an error
on every path, not a warning "when it is not empty"."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

SCRIPT = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Linear):
    pass


LAYERS = {{"Block": Block}}
policy = {built}
strategy = XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy=policy)
'''


def found(tmp_path: Path, built: str) -> list[tuple[str, str, int]]:
    path = tmp_path / "train.py"
    path.write_text(SCRIPT.format(built=built))
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(path.read_text(), str(path)).findings]


def test_the_parts_of_a_known_string_make_the_list_non_empty(tmp_path):
    assert found(tmp_path, '[LAYERS[n.strip()] for n in "Block".split(",")]') == [("LXF001", "error", 12)]


def test_a_set_of_the_same_parts_is_silent(tmp_path):
    assert found(tmp_path, '{LAYERS[n.strip()] for n in "Block".split(",")}') == []
