"""`main(**vars(parse()))`: a parsed command line spread into a function's named parameters, parsed by a function of
another module with the parser a third builds (a parent parser of a fourth, and `set_defaults`): each parameter holds what `args.<name>` holds,
so the option's default the plain run takes reaches the Fabric the function builds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .test_helpers_elsewhere import tree

COMMON = '''\
import argparse


def common_parser():
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--precision", default="32-true")
    return parser
'''

PARSERS = '''\
import argparse

from common import common_parser


def tpu_parser():
    parser = argparse.ArgumentParser(parents=[common_parser()])
    parser.set_defaults(precision=PRECISION)
    return parser
'''

CLI = '''\
from parsers import tpu_parser


def parse(argv=None):
    return tpu_parser().parse_args(argv)
'''

TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from cli import parse


def fit(fabric, steps):
    pass


def main(steps, precision):
    fabric = Fabric(accelerator="tpu", precision=precision, strategy=XLAFSDPStrategy())
    fabric.launch(fit, steps)


if __name__ == "__main__":
    CALL
'''


def checked(root: Path) -> list[tuple[str, str, str, int, int]]:
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "--format", "json", str(root)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    return [(f["code"], f["severity"], Path(f["path"]).resolve().relative_to(root.resolve()).as_posix(), f["line"],
             f["column"]) for f in json.loads(done.stdout)]


def spread(tmp_path: Path, precision: str, call: str = "main(**vars(parse()))") -> list[tuple[str, str, str, int, int]]:
    return checked(tree(tmp_path, {"common.py": COMMON, "parsers.py": PARSERS.replace("PRECISION", precision), "cli.py": CLI,
                                   "train.py": TRAIN.replace("CALL", call)}))


@pytest.mark.parametrize("call", ["main(**vars(parse()))", "args = parse()\n    main(**vars(args))"])
def test_the_default_of_another_modules_parser_reaches_the_spread_parameter(tmp_path, call):
    assert spread(tmp_path, '"bf16-mixed"', call) == [("LXF007", "error", "parsers.py", 8, 35)]


def test_a_default_xla_supports_has_no_finding(tmp_path):
    assert spread(tmp_path, '"bf16-true"') == []


def test_a_namespace_changed_before_the_spread_is_not_read_as_parsed(tmp_path):
    # `args.precision` set after parsing: the spread dict is not the parser's defaults any more
    assert spread(tmp_path, '"bf16-mixed"', 'args = parse()\n    args.precision = input()\n    main(**vars(args))') == []


SAME_MODULE = '''\
import argparse

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def fit(fabric, steps):
    pass


def main(steps, precision=PRECISION):
    fabric = Fabric(accelerator="tpu", precision=precision, strategy=XLAFSDPStrategy())
    fabric.launch(fit, steps)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=3)
    main(**vars(parser.parse_args()))
'''


@pytest.mark.parametrize(("precision", "expected"), [('"bf16-mixed"', [("LXF007", "error", "train.py", 12, 50)]),
                                                    ('"bf16-true"', [])])
def test_a_parameter_a_parser_read_whole_has_no_option_for_keeps_its_default(tmp_path, precision, expected):
    # the parser sets `steps` alone: `precision` is the parameter's default, not an option's
    assert checked(tree(tmp_path, {"train.py": SAME_MODULE.replace("PRECISION", precision)})) == expected
