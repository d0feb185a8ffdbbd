"""A strategy whose misuse raises only when the program uses it (records marked `"raised_by": "use"`: a list
policy fails at `setup_module`, an unknown `state_dict_type` at `fabric.load`) and that the program never uses:
the entry of a top-level table of presets that every read picks by other keys says nothing (nothing runs what
raises); a function's local that no read reaches is a warning (the editor's user may be about to hand it on).
A top-level name, a table read by a key errata cannot name, and a table whose reads may pick the entry keep
the error."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_helpers_elsewhere import found, tree

HEAD = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
        "from model import Block\n\n")
PRESETS = HEAD + ('SHARDING = {\n    "legacy": XLAFSDPStrategy(auto_wrap_policy=[Block]),\n'
                  '    "blocks": XLAFSDPStrategy(auto_wrap_policy={Block}),\n}\n')
LIST_POLICY = ("`auto_wrap_policy` must be a set of module classes or a callable, found [Block]: torch_xla calls it "
               "at `setup_module` ('list' object is not callable)")
AT_LEGACY = ("LXF028", "error", LIST_POLICY, 6, 47)


def preset_pick(tmp_path: Path, pick: str) -> list[tuple[str, str, str, int, int]]:
    tree(tmp_path, {"model.py": "class Block:\n    pass\n", "train.py": PRESETS + pick})
    return found(tmp_path / "train.py")


@pytest.mark.parametrize("pick", [
    'fabric = Fabric(accelerator="tpu", strategy=SHARDING["blocks"])\n',
    'PRESET = "blocks"\nfabric = Fabric(accelerator="tpu", strategy=SHARDING[PRESET])\n',
    'def main(name="blocks"):\n    return Fabric(accelerator="tpu", strategy=SHARDING[name])\n\n\nmain()\n',
])
def test_a_preset_every_read_of_its_table_passes_over_says_nothing(tmp_path: Path, pick: str) -> None:
    assert preset_pick(tmp_path, pick) == []


@pytest.mark.parametrize("pick", [
    'fabric = Fabric(accelerator="tpu", strategy=SHARDING["legacy"])\n',
    'fabric = Fabric(accelerator="tpu", strategy=SHARDING[input()])\n',  # a key errata cannot name
    'fabric = Fabric(accelerator="tpu", strategy=SHARDING.get("blocks"))\n',  # read otherwise than by `[key]`
    'for name, strategy in SHARDING.items():\n    print(name, strategy)\n',
])
def test_a_preset_a_read_may_pick_keeps_its_error(tmp_path: Path, pick: str) -> None:
    assert preset_pick(tmp_path, pick) == [AT_LEGACY]


def test_a_table_nothing_reads_is_the_module_s_to_give(tmp_path: Path) -> None:
    assert preset_pick(tmp_path, "") == [AT_LEGACY]


def test_a_preset_picked_in_another_module_by_other_keys_says_nothing(tmp_path: Path) -> None:
    run = 'import sharding\nfrom lightning.fabric import Fabric\n\nfabric = Fabric(accelerator="tpu", strategy=sharding.SHARDING[{}])\n'
    tree(tmp_path, {"model.py": "class Block:\n    pass\n", "sharding.py": PRESETS, "train.py": run.format('"blocks"')})
    assert found(tmp_path / "sharding.py") == []
    (tmp_path / "train.py").write_text(run.format('"legacy"'))
    assert found(tmp_path / "sharding.py") == [AT_LEGACY]
    # a read through an object errata cannot name may be this table
    (tmp_path / "train.py").write_text(run.format('"blocks"') + "from plugins import loaded\nloaded().SHARDING['legacy']\n")
    assert found(tmp_path / "sharding.py") == [AT_LEGACY]


LOCAL = HEAD + ("def main():\n    old = XLAFSDPStrategy(auto_wrap_policy=[Block])\n"
                "    new = XLAFSDPStrategy(auto_wrap_policy={Block})\n    %s\n\n\nmain()\n")


def test_a_local_no_read_reaches_is_a_warning_until_it_is_handed_on(tmp_path: Path) -> None:
    tree(tmp_path, {"model.py": "class Block:\n    pass\n", "train.py": LOCAL % 'Fabric(accelerator="tpu", strategy=new)'})
    assert found(tmp_path / "train.py") == [
        ("LXF028", "warning", LIST_POLICY + "; once `old` is used (nothing reads it yet)", 6, 43)]
    for use in ('Fabric(accelerator="tpu", strategy=old)', "return old", "strategies = [old, new]",
                'print(locals()["old"])'):
        (tmp_path / "train.py").write_text(LOCAL % use)
        assert found(tmp_path / "train.py") == [("LXF028", "error", LIST_POLICY, 6, 43)], use


def test_a_local_bound_again_before_any_read_is_never_used(tmp_path: Path) -> None:
    text = LOCAL.replace("    new = XLAFSDPStrategy", "    old = XLAFSDPStrategy") % 'Fabric(accelerator="tpu", strategy=old)'
    tree(tmp_path, {"model.py": "class Block:\n    pass\n", "train.py": text})
    assert found(tmp_path / "train.py") == [
        ("LXF028", "warning", LIST_POLICY + "; once `old` is used (nothing reads it yet)", 6, 43)]


def test_a_top_level_name_and_a_subclass_s_super_call_keep_the_error(tmp_path: Path) -> None:
    top = HEAD + "old = XLAFSDPStrategy(auto_wrap_policy=[Block])\n"
    tree(tmp_path, {"model.py": "class Block:\n    pass\n", "train.py": top})
    assert found(tmp_path / "train.py") == [("LXF028", "error", LIST_POLICY, 5, 39)]
    subclass = HEAD + ("class Sharded(XLAFSDPStrategy):\n    def __init__(self):\n"
                       "        super().__init__(auto_wrap_policy=[Block])\n\n\n"
                       'fabric = Fabric(accelerator="tpu", strategy=Sharded())\n')
    (tmp_path / "train.py").write_text(subclass)
    assert [f[:2] for f in found(tmp_path / "train.py")] == [("LXF028", "error")]


def test_a_misuse_raised_at_construction_is_no_use_record() -> None:
    # LXF007 (Fabric's precision) raises when Fabric is built: a Fabric never used raises all the same
    from errata_lsp.analysis import check_source
    text = HEAD + 'def main():\n    unused = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision="16-mixed")\n'
    assert [(f.code, f.severity.value) for f in check_source(text, "train.py").findings] == [("LXF007", "error")]


def test_a_keyword_torch_xla_rejects_on_a_strategy_never_used_follows_the_same_rule(tmp_path: Path) -> None:
    # LXF038 raises at `setup_module` too: a preset no run picks says nothing, a local nothing reads is a warning
    presets = PRESETS.replace('XLAFSDPStrategy(auto_wrap_policy=[Block])', 'XLAFSDPStrategy(sync_module_states=True)')
    tree(tmp_path, {"model.py": "class Block:\n    pass\n",
                    "train.py": presets + 'fabric = Fabric(accelerator="tpu", strategy=SHARDING["blocks"])\n'})
    assert found(tmp_path / "train.py") == []
    (tmp_path / "train.py").write_text(presets + 'fabric = Fabric(accelerator="tpu", strategy=SHARDING["legacy"])\n')
    assert [f[:2] for f in found(tmp_path / "train.py")] == [("LXF038", "error")]
    local = LOCAL.replace("XLAFSDPStrategy(auto_wrap_policy=[Block])", "XLAFSDPStrategy(sync_module_states=True)")
    (tmp_path / "train.py").write_text(local % 'Fabric(accelerator="tpu", strategy=new)')
    [(code, severity, message, _, _)] = found(tmp_path / "train.py")
    assert (code, severity) == ("LXF038", "warning") and message.endswith("; once `old` is used (nothing reads it yet)")


def test_a_lambda_in_a_strategy_never_used_is_never_pickled(tmp_path: Path) -> None:
    # LXF006: `fabric.launch` pickles the strategy it is given; a preset no run picks is never pickled
    presets = PRESETS.replace("XLAFSDPStrategy(auto_wrap_policy=[Block])",
                              "XLAFSDPStrategy(auto_wrap_policy=lambda m, r, n: n > 10)")
    tree(tmp_path, {"model.py": "class Block:\n    pass\n",
                    "train.py": presets + 'fabric = Fabric(accelerator="tpu", strategy=SHARDING["blocks"])\n'})
    assert found(tmp_path / "train.py") == []
    (tmp_path / "train.py").write_text(presets + 'fabric = Fabric(accelerator="tpu", strategy=SHARDING["legacy"])\n')
    assert [f[:2] for f in found(tmp_path / "train.py")] == [("LXF006", "error")]
    local = LOCAL.replace("XLAFSDPStrategy(auto_wrap_policy=[Block])", "XLAFSDPStrategy(auto_wrap_policy=lambda m, r, n: n > 10)")
    (tmp_path / "train.py").write_text(local % 'Fabric(accelerator="tpu", strategy=new)')
    [(code, severity, message, _, _)] = found(tmp_path / "train.py")
    assert (code, severity) == ("LXF006", "warning") and message.endswith("; once `old` is used (nothing reads it yet)")
