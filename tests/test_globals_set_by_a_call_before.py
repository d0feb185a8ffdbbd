"""A module's run settings rebound by a function with `global` (`configure(args.profile)` setting `PLUGINS`), called
by the reader's own body before the statement that reads them: the reader sees what that call leaves, decided as
the function's walk decides its tests (here by the option's default), not the module's first value beside it."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

SCRIPT = '''\
import argparse

from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy

PRECISION = "bf16-true"
PLUGINS: list = []


def configure(profile: str) -> None:
    global PLUGINS
    if profile == "pod":
        PLUGINS = [XLAPrecision(PRECISION)]


def train(fabric):
    pass


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--profile", default=DEFAULT)
    args = parser.parse_args(argv)
    BEFORE
    fabric = Fabric(accelerator="tpu", precision=PRECISION, plugins=PLUGINS, strategy=XLAFSDPStrategy())
    AFTER
    fabric.launch(train)


if __name__ == "__main__":
    main()
'''


def found(tmp_path, default: str = '"pod"', before: str = "configure(args.profile)", after: str = "pass"):
    text = SCRIPT.replace("DEFAULT", default).replace("BEFORE", before).replace("AFTER", after)
    path = tree(tmp_path, {"train.py": text}) / "train.py"
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message)
            for f in check_source(path.read_text(), str(path)).findings]


def test_a_global_the_call_before_the_read_sets_on_its_path_is_what_the_reader_sees(tmp_path):
    assert found(tmp_path) == [(
        "LXF042", "error", 26, 39,
        'Received both `precision="bf16-true"` (from `PRECISION`, line 7) and a precision plugin in `plugins=`, '
        "`XLAPrecision(PRECISION)`: `Fabric(...)` raises ValueError (choose one). Keep one: the plugin, or the flag "
        "alone")]


@pytest.mark.parametrize("edit", [
    {"default": '"local"'},  # the call takes the other branch: the module's empty list stays
    {"before": "pass", "after": "configure(args.profile)"},  # called after the read
    {"before": "configure(input())"},  # a test the call leaves open: either may hold
    {"before": "if args.profile: configure(args.profile)"},  # a call the reader may not make
])
def test_no_error_unless_the_call_before_the_read_sets_it(tmp_path, edit):
    assert found(tmp_path, **edit) == []
