"""A helper's name bound to a test of an environment read (`as_str = os.environ.get("RUN_PATH_TYPE", "path") ==
"str"`, when the caller leaves `as_str` at None) and tested later (`str(path) if as_str else path`): decided by the
read's default, as the same test written in place is. The findings are exact."""

from __future__ import annotations

from errata_lsp.analysis import check_source

SCRIPT = """\
import os
from pathlib import Path

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def run_path(root, *parts, as_str=None):
    if as_str is None:
        as_str = os.environ.get("RUN_PATH_TYPE", "{default}") == "str"
    path = Path(root).joinpath(*parts)
    return str(path) if as_str else path


def train(fabric, out_root):
    checkpoint = run_path(out_root, "checkpoints"{given})
    fabric.save(checkpoint, {"model": fabric.setup_module(None)})


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train, "/tmp/run")
"""


def shown(default: str, given: str = "") -> list[tuple[str, str, int, int]]:
    text = SCRIPT.replace("{default}", default).replace("{given}", given)
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in check_source(text).findings]


def test_the_environment_default_picks_the_pathlib_path():
    assert shown("path") == [("LXF029", "error", 17, 16)]


def test_the_environment_default_picks_the_string():
    assert shown("str") == []


def test_a_caller_asking_for_a_string_is_fine_whatever_the_environment_default():
    assert shown("path", given=", as_str=True") == []
