"""`sub.add_parser("finetune").set_defaults(accelerator="xla")`: a sub-command's default holds when that command is
the one given. A literal command line (`parse_args(["finetune"])`) picks it for every run: the finding is an error
(LXF035 for an accelerator name Lightning does not know); the run's own command line leaves it to the command, a
warning that names it. The value is the sub-parser's default, not an option's."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
import argparse

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def build_parser():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="mode", required=True)
    pre = sub.add_parser("pretrain")
    pre.set_defaults(accelerator="tpu")
    ft = sub.add_parser("finetune")
    ft.set_defaults(accelerator="xla")
    return parser


def train(fabric):
    pass


args = build_parser().parse_args({argv})
Fabric(accelerator=args.accelerator, strategy=XLAFSDPStrategy()).launch(train)
'''
HEAD = ("Lightning has no accelerator named 'xla', so `Fabric(...)` raises ValueError: You selected an invalid accelerator "
        "name (from `accelerator`, line 13). The names are auto, gpu, cpu, cuda, mps and tpu (on a TPU VM: \"tpu\")")


def found(argv: str) -> list[tuple[str, str, int, str]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.message)
            for f in check_source(SCRIPT.format(argv=argv), "train.py").findings]


@pytest.mark.parametrize("argv", ['["finetune"]', '("finetune", "--lr", "1e-4")', '["--verbose", "finetune"]'])
def test_the_command_line_written_in_the_file_picks_the_sub_command(argv):
    assert found(argv) == [("LXF035", "error", 22, HEAD)]


def test_the_run_s_command_line_leaves_it_to_the_command():
    assert found("") == [("LXF035", "warning", 22, HEAD + "; when with the 'finetune' command")]


def test_the_other_sub_command_is_fine():
    assert found('["pretrain"]') == []
