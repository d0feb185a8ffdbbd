"""LXF018 when the launched function binds but takes the Fabric in the wrong parameter (`def main(cfg,
fabric)` launched as `fabric.launch(main, cfg)`): exact findings, the swap fix applied and re-checked,
no fix where another call relies on the order, and a worker of another module reported where its `def` is."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_fix

HEAD = "from lightning.fabric import Fabric\n"
WORKER = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass TrainConfig:\n    lr: float = 1e-3\n\n\n"
    "def main(cfg: TrainConfig, fabric) -> None:\n"
    "    model = fabric.setup_module(Net())\n"
)
LAUNCH = "fabric = Fabric(accelerator='tpu', strategy='xla_fsdp')\nfabric.launch(main, TrainConfig())\n"
MESSAGE = (
    "`Fabric.launch(function=main)` calls it with the Fabric as its first argument, which goes to its parameter "
    "`cfg`, and `fabric` gets the next one, `TrainConfig()`: `fabric.setup_module` ({read}) raises AttributeError "
    "\"'TrainConfig' object has no attribute 'setup_module'\" in every process. Make the Fabric the first parameter "
    "of `main` ({where}), as `def main(fabric, cfg, ...)`"
)


def findings(text: str, path: str = "train.py"):
    return check_source(text, path).findings


def test_the_swap_fix_is_applied_and_the_file_is_then_clean():
    text = HEAD + WORKER + LAUNCH
    [found] = [f for f in findings(text) if f.code == "LXF018"]
    assert (found.severity.value, found.span.start.line, found.span.start.column, found.span.end.column) == \
        ("error", 12, 14, 18)
    assert found.message == MESSAGE.format(read="line 11", where="line 10")
    [fix] = found.fixes
    assert fix.title == "Make `fabric` the first parameter of `main`"
    fixed = apply_fix(text, fix.edits)
    assert "def main(fabric, cfg: TrainConfig) -> None:\n" in fixed
    assert [f.code for f in findings(fixed)] == []


def test_no_fix_when_another_call_passes_the_old_order():
    text = HEAD + WORKER + LAUNCH + "main(TrainConfig(), fabric)\n"
    [found] = [f for f in findings(text) if f.code == "LXF018"]
    assert found.fixes == ()


def test_a_use_under_a_condition_or_a_value_the_file_cannot_tell_is_not_flagged():
    guarded = WORKER.replace("    model = fabric.setup_module(Net())\n",
                             "    if cfg.lr:\n        model = fabric.setup_module(Net())\n")
    assert [f.code for f in findings(HEAD + guarded + LAUNCH)] == []
    unknown = LAUNCH.replace("TrainConfig()", "load_config()")
    assert [f.code for f in findings(HEAD + WORKER + unknown)] == []


def test_a_worker_of_another_module_is_reported_where_its_def_is(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "worker.py").write_text(WORKER)
    train = HEAD + "from worker import TrainConfig, main\n" + LAUNCH
    (tmp_path / "train.py").write_text(train)
    [found] = [f for f in findings(train, str(tmp_path / "train.py")) if f.code == "LXF018"]
    assert found.message == MESSAGE.format(read="`worker.py`, line 10", where="`worker.py`, line 9")
    assert found.fixes == ()
    place = found.elsewhere
    assert place is not None and Path(place.path) == tmp_path / "worker.py"
    assert (place.span.start.line, place.span.start.column, place.span.end.column) == (8, 9, 25)  # `cfg: TrainConfig`
