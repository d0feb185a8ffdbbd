"""`functools.reduce(operator.or_, dicts[, initial])` merges the dicts as `{**initial, **d1, **d2, ...}`: the keys
each gives reach the call the merge is spread into, a later key winning. The dicts may be a display, a
comprehension or generator picking a table's entries by the names a list holds (`PRESETS[name] for name in
names`), and the names an option's default list (`nargs="+", default=[...]`); anything else is unknown."""

from __future__ import annotations

from errata_lsp.analysis import check_source

SOURCE = '''\
import argparse
import functools
import operator

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

BASE = {{"state_dict_type": "sharded"}}
BLOCKS = {{"auto_wrap_policy": {policy}}}
PRESETS = {{"base": BASE, "blocks": BLOCKS}}
NAMES = ["base", "blocks"]


def train(fabric):
    fabric.setup_module(nn.Linear(2, 2))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--preset", nargs="+", default=["base", "blocks"])
    args = parser.parse_args()
    kwargs = functools.reduce(operator.or_, {dicts})
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**kwargs))
    fabric.launch(train)


main()
'''


def found(tmp_path, dicts: str, policy: str = "[nn.Linear]") -> list[tuple[str, str, int]]:
    path = tmp_path / "train.py"
    source = SOURCE.format(dicts=dicts, policy=policy)
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(source, str(path)).findings]


def test_a_display_of_dicts_is_merged(tmp_path):
    assert found(tmp_path, "[BASE, BLOCKS]") == [("LXF028", "error", 10)]


def test_an_initial_dict_is_merged_first(tmp_path):
    assert found(tmp_path, "(BASE, BLOCKS), {}") == [("LXF028", "error", 10)]


def test_a_later_dict_wins(tmp_path):
    assert found(tmp_path, '[BLOCKS, {"auto_wrap_policy": {nn.Linear}}]') == []


def test_a_comprehension_picking_table_entries_by_a_list_of_names_is_merged(tmp_path):
    assert found(tmp_path, "[PRESETS[name] for name in NAMES]") == [("LXF028", "error", 10)]


def test_a_generator_over_an_option_s_default_list_is_merged(tmp_path):
    assert found(tmp_path, "(PRESETS[name] for name in args.preset), {}") == [("LXF028", "error", 10)]


def test_a_set_policy_merged_the_same_way_is_silent(tmp_path):
    assert found(tmp_path, "(PRESETS[name] for name in args.preset), {}", policy="{nn.Linear}") == []


def test_an_item_not_known_to_be_a_dict_leaves_the_merge_unknown(tmp_path):
    assert found(tmp_path, "[BASE, BLOCKS, args]") == []
