"""A script that puts a folder on `sys.path` from its own location (litgpt's `sys.path.append(str(wd))` with
`wd = Path(__file__).parent.parent.resolve()`, `sys.path.insert(0, str(Path(__file__).resolve().parents[1] /
"src"))`) imports the project's modules from there: the finder reads those folders from the text, never by
running it, and the readers of a `src/` package include the scripts beside it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.syspath import folders_added


@pytest.mark.parametrize(("line", "expected"), [
    ("sys.path.append(str(Path(__file__).parent.parent.resolve()))", "project"),
    ("sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'src'))", "project/src"),
    ("sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src'))", "project/src"),
    ("sys.path.append(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))", "project"),
    ("wd = Path(__file__).parent.parent\nsys.path.append(str(wd))", "project"),
    ("if True:\n    sys.path.append(str(Path(__file__).parents[1]))", "project"),
])
def test_each_spelling_of_the_script_s_location(tmp_path, line, expected):
    (tmp_path / "project" / "src").mkdir(parents=True)
    (tmp_path / "project" / "scripts").mkdir()
    script = tmp_path / "project" / "scripts" / "train.py"
    assert folders_added(f"import os\nimport sys\nfrom pathlib import Path\n{line}\n", str(script)) == (
        str(tmp_path / expected),)


@pytest.mark.parametrize("line", [
    "sys.path.append(os.environ['ROOT'])",  # how the script is run decides it
    "sys.path.append('src')",  # relative to the working directory
    "sys.path.append(str(Path(__file__).parent / 'missing'))",  # no such folder
    "def add():\n    sys.path.append(str(Path(__file__).parent.parent))",  # only if the function runs
    "paths = [str(Path(__file__).parent.parent)]",  # not `sys.path`
])
def test_what_the_file_s_location_does_not_decide_is_left_out(tmp_path, line):
    (tmp_path / "project" / "scripts").mkdir(parents=True)
    script = tmp_path / "project" / "scripts" / "train.py"
    assert folders_added(f"import os\nimport sys\nfrom pathlib import Path\n{line}\n", str(script)) == ()


def test_a_broken_file_adds_nothing(tmp_path):
    assert folders_added("import sys\nsys.path.append(str(Path(__file__).parent)\n", str(tmp_path / "t.py")) == ()


ENGINE = '''\
class Engine:
    def __init__(self, fabric, model):
        self.fabric, self.model = fabric, model

    def sync_off(self):
        return self.fabric.strategy._backward_sync_control.no_backward_sync({passed}, True)
'''
TRAIN = '''\
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from lightning.fabric import Fabric  # noqa: E402
from lightning.fabric.strategies import XLAFSDPStrategy  # noqa: E402
from shardkit.engine import Engine  # noqa: E402


def run(fabric):
    model = fabric.setup_module(make_model())
    Engine(fabric, model).sync_off()


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
'''


def codes(path: Path) -> list[tuple[str, str, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(path.read_text(), str(path)).findings]


def test_a_src_package_a_script_adds_is_read_with_its_callers(tmp_path):
    # below a folder with a pyproject.toml of its own (a monorepo): neither `src/` nor the project folder is a root
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'mono'\n")
    project = tmp_path / "projects" / "shard"
    (project / "src" / "shardkit").mkdir(parents=True)
    (project / "scripts").mkdir()
    (project / "src" / "shardkit" / "__init__.py").write_text("")
    (project / "src" / "shardkit" / "engine.py").write_text(ENGINE.format(passed="self.model"))
    (project / "scripts" / "train.py").write_text(TRAIN)
    assert codes(project / "src" / "shardkit" / "engine.py") == [("LXF003", "error", 6)]
    (project / "src" / "shardkit" / "engine.py").write_text(ENGINE.format(passed="self.model._forward_module"))
    assert [c for c in codes(project / "src" / "shardkit" / "engine.py") if c[1] == "error"] == []
    os.remove(project / "scripts" / "train.py")  # no script: no caller, nothing known of `model`
    (project / "src" / "shardkit" / "engine.py").write_text(ENGINE.format(passed="self.model"))
    assert codes(project / "src" / "shardkit" / "engine.py") == []
