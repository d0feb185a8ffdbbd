"""A parsed command line patched after parsing: `args.precision = "bf16-true"` on the name the read uses, or a
helper given the namespace that stores into its parameter (`adapt(args)` with `args.precision = ...`). A store
that runs before the read holds (no error for the option's default); one after it changes nothing (the default's
error stays); one the file cannot order may have run (a warning)."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
import argparse

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--precision", default="bf16-mixed")
    return parser.parse_args()


def adapt(args):
    if args.precision.endswith("-mixed"):
        args.precision = args.precision.replace("-mixed", "-true")
    return args


def build_fabric(args):
    return Fabric(accelerator="tpu", precision=args.precision, strategy=XLAFSDPStrategy())


def train(fabric):
    pass


if __name__ == "__main__":
{main}
    fabric.launch(train)
'''


def found(tmp_path: Path, main: str) -> list[tuple[str, str]]:
    path = tmp_path / "train.py"
    path.write_text(SCRIPT.format(main=main))
    return [(f.code, f.severity.value) for f in check_source(path.read_text(), str(path)).findings]


@pytest.mark.parametrize("main", [
    "    args = parse_args()\n    fabric = build_fabric(args)",
    "    args = parse_args()\n    fabric = build_fabric(args)\n    args.precision = 'bf16-true'",  # after the read
    "    args = parse_args()\n    fabric = build_fabric(args)\n    adapt(args)",  # after the read
])
def test_the_option_s_default_reaches_the_fabric(tmp_path, main):
    assert found(tmp_path, main) == [("LXF007", "error")]


@pytest.mark.parametrize("main", [
    "    args = parse_args()\n    args.precision = 'bf16-true'\n    fabric = build_fabric(args)",
    "    args = adapt(parse_args())\n    fabric = build_fabric(args)",
    "    args = parse_args()\n    adapt(args)\n    fabric = build_fabric(args)",
])
def test_a_store_before_the_read_holds(tmp_path, main):
    assert found(tmp_path, main) == []


def test_a_store_the_file_cannot_order_may_have_run(tmp_path):
    main = "    args = parse_args()\n    if args.precision:\n        adapt(args)\n    fabric = build_fabric(args)"
    assert found(tmp_path, main) == [("LXF007", "warning")]


HELPER = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def clip(fabric, model, optimizer, mode):
    kind = mode.lower()
    if kind.startswith("val"):
        return fabric.clip_gradients(model, optimizer, clip_val=1.0)
    return fabric.clip_gradients(model, optimizer, max_norm=1.0)


def train(fabric, mode):
    clip(fabric, model, optimizer, mode)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train, "{mode}")
'''


@pytest.mark.parametrize("bound", ["kind = mode.lower()", "kind = mode = mode.strip().lower()"])
def test_a_string_method_of_a_parameter_bound_to_a_name_is_decided_by_the_callers(tmp_path, bound):
    path = tmp_path / "clip.py"
    for mode, expected in (("Norm", []), ("VALUE", [("LXF014", "error")])):
        path.write_text(HELPER.format(mode=mode).replace("kind = mode.lower()", bound))
        assert [(f.code, f.severity.value) for f in check_source(path.read_text(), str(path)).findings] == expected, mode


def test_the_parameter_bound_again_to_its_own_string_method(tmp_path):
    path = tmp_path / "clip.py"
    for mode, expected in (("Norm", []), ("VALUE", [("LXF014", "error")])):
        text = HELPER.format(mode=mode).replace("    kind = mode.lower()\n    if kind.", "    mode = mode.lower()\n    if mode.")
        path.write_text(text)
        assert [(f.code, f.severity.value) for f in check_source(text, str(path)).findings] == expected, mode
