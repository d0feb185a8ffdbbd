"""Tests on a key of a nested config dict, decided by what the dict holds: a local bound to `cfg.get("zero",
{})` in a helper, the chained `cfg.get("zero", {}).get("stage", 3)`, and a module dict's `CFG["zero"]["stage"]`
read in a function (unless the file changes that dict in place: then when the function runs decides it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
from lightning.fabric.strategies import XLAFSDPStrategy

CFG = {{"zero": {{"stage": {stage}}}}}


def fsdp_kwargs(cfg):
    out = {{}}
{body}
        out["sharding_strategy"] = "SHARD_GRAD_OP"
    return out

{more}
strategy = XLAFSDPStrategy(**fsdp_kwargs(CFG))
'''
BODIES = {
    "local": '    zero = cfg.get("zero", {})\n    if zero.get("stage", 3) == 2:',
    "chained": '    if cfg.get("zero", {}).get("stage", 3) == 2:',
    "module": '    if CFG["zero"]["stage"] == 2:',
}
MESSAGE = ("`sharding_strategy` is a parameter neither of XLAFSDPStrategy nor of torch_xla's XlaFullyShardedDataParallel: "
           "the strategy keeps it and passes it to `XlaFullyShardedDataParallel(module, ...)` when the model is set up "
           "(`fabric.setup`, in the launched function), which raises `TypeError: XlaFullyShardedDataParallel.__init__() "
           "got an unexpected keyword argument 'sharding_strategy'`;")


def found(tmp_path: Path, body: str, stage: int, more: str = "") -> list[tuple[str, str, str]]:
    path = tmp_path / "train.py"
    path.write_text(SCRIPT.format(stage=stage, body=BODIES[body], more=more))
    findings = check_source(path.read_text(), str(path)).findings
    assert all(f.message.startswith(MESSAGE) for f in findings)
    lines = path.read_text().splitlines()
    return [(f.code, f.severity.value, lines[f.span.start.line].strip()) for f in findings]


@pytest.mark.parametrize("body", BODIES)
def test_the_stage_the_config_holds_decides_the_branch(tmp_path, body):
    assert found(tmp_path, body, 2) == [("LXF038", "error", 'out["sharding_strategy"] = "SHARD_GRAD_OP"')]
    assert found(tmp_path, body, 3) == []


def test_a_missing_section_takes_the_get_s_default(tmp_path):
    path = tmp_path / "train.py"
    path.write_text(SCRIPT.format(stage=2, body=BODIES["chained"], more="").replace('{"zero": {"stage": 2}}', "{}"))
    assert check_source(path.read_text(), str(path)).findings == []


def test_a_module_dict_changed_in_place_is_left_to_the_run(tmp_path):
    changed = 'CFG["zero"]["stage"] = 3\n'
    assert found(tmp_path, "module", 2, more=changed) == [
        ("LXF038", "warning", "strategy = XLAFSDPStrategy(**fsdp_kwargs(CFG))")]


CONFIG = '''\
def strategy_options(cfg):
    ckpt = cfg.get("checkpoint", {{}})
    return {{"state_dict_type": ckpt.get("format", "consolidated")}}
'''
TRAIN = '''\
from lightning.fabric.strategies import XLAFSDPStrategy

import config

CFG = {{"checkpoint": {{{entry}}}}}
strategy = XLAFSDPStrategy(**config.strategy_options(CFG))
'''


def test_a_helper_of_another_module_reads_the_section_this_file_passes(tmp_path):
    from .test_helpers_elsewhere import tree

    def placed(entry: str) -> list[tuple]:
        tree(tmp_path, {"config.py": CONFIG.format(), "train.py": TRAIN.format(entry=entry)})
        path = tmp_path / "train.py"
        return [(f.code, f.severity.value, f.elsewhere and (Path(f.elsewhere.path).name, f.elsewhere.span.start.line + 1))
                for f in check_source(path.read_text(), str(path)).findings]

    assert placed('"dir": "ckpt"') == [("LXF020", "error", ("config.py", 3))]  # the `.get`'s default
    assert placed('"format": "sharded"') == []
