"""Data files a program loads at run time (`json.load`, `yaml.safe_load`, `tomllib.load`): read as data, never
run, so a key of the file holds its constant where the program reads it; any file the layer cannot read is
unknown (silence), never a crash and never a finding of its own."""

from __future__ import annotations

import ast
import json
import os
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source, datafiles
from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.packs import TIPS
from errata_lsp.analysis.project import WORKSPACE

yaml = pytest.importorskip("yaml")

FABRIC = '''
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def train(fabric):
    pass


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision={precision})
fabric.launch(train)
'''


def project(tmp_path: Path, files: dict[str, str]) -> Path:
    """A project folder (a pyproject.toml marks it) with these files; the path of `train.py`."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path / "train.py"


def held(train: Path, expr: str) -> list[tuple[str, object, str | None]]:
    """(kind, constant, where it was read from) of each value `expr` holds at the end of train.py."""
    text = train.read_text() + f"\nprobe({expr})\n"
    doc = Document(text, str(train))
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    ctx.project = WORKSPACE.project_for(str(train), TIPS)
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    return [(v.kind, getattr(v.node, "value", None), getattr(v.node, "read_from", None)) for v in ctx.values(call.args[0])]


def findings(train: Path) -> list[tuple[str, str, int, str]]:
    report = check_source(train.read_text(), str(train))
    return [(f.code, f.severity.value, f.span.start.line, f.message) for f in report.findings]


# --- each loader form ---------------------------------------------------------------------------
@pytest.mark.parametrize("load", [
    'json.load(open(Path(__file__).parent / "run.json"))',
    'json.loads((Path(__file__).resolve().parent / "run.json").read_text())',
    'json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "run.json")))',
    'json.load(open("run.json"))',  # relative: a run from the project's folder
    'json.load(Path(__file__).with_name("run.json").open())',
    'json.load(open(f"{HERE}/run.json"))',
    'json.load(open(HERE.joinpath("run.json"), encoding="utf-8"))',
])
def test_a_json_file_named_by_a_path_the_module_spells(tmp_path, load):
    train = project(tmp_path, {"run.json": '{"fabric": {"precision": "16-mixed"}, "steps": 3}',
                               "train.py": f"import json, os\nfrom pathlib import Path\nHERE = Path(__file__).parent\n"
                                           f"CFG = {load}\n"})
    assert held(train, 'CFG["fabric"]["precision"]') == [("str", "16-mixed", "`run.json`, key `fabric.precision`")]
    assert held(train, 'CFG["steps"]') == [("number", 3, "`run.json`, key `steps`")]


def test_a_file_object_of_a_with_statement_and_its_read(tmp_path):
    train = project(tmp_path, {"configs/tpu.json": '{"precision": "bf16-mixed"}', "train.py": '''
import json
from pathlib import Path

def load():
    with (Path(__file__).parent / "configs" / "tpu.json").open() as f:
        return json.loads(f.read())

CFG = load()
'''})
    assert held(train, 'CFG["precision"]') == [("str", "bf16-mixed", "`configs/tpu.json`, key `precision`")]


def test_yaml_by_an_argparse_default(tmp_path):
    train = project(tmp_path, {"configs/tpu.yaml": "fabric:\n  precision: 16-mixed\n  devices: [0, 1]\n",
                               "train.py": '''
import argparse
import yaml
from pathlib import Path

parser = argparse.ArgumentParser()
parser.add_argument("--config", default=Path(__file__).parent / "configs" / "tpu.yaml")
args = parser.parse_args()
with open(args.config) as f:
    cfg = yaml.safe_load(f)
'''})
    # the option's default is the plain run's: marked as such, as the option itself is
    assert held(train, 'cfg["fabric"]["precision"]') == [("str", "16-mixed", "`configs/tpu.yaml`, key `fabric.precision`")]
    assert [k for k, *_ in held(train, 'cfg["fabric"]["devices"]')] == ["list"]


def test_yaml_named_by_an_environment_default_updates_known_defaults(tmp_path):
    train = project(tmp_path, {"configs/tpu.yaml": "precision: bf16-true\n", "train.py": '''
import os
import yaml
from pathlib import Path

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

HERE = Path(__file__).resolve().parent
settings = {"accelerator": "tpu", "precision": "bf16-mixed"}
with open(HERE / os.environ.get("RUN_CONFIG", "configs/tpu.yaml")) as f:
    settings.update(yaml.safe_load(f))


def train(fabric):
    pass


Fabric(strategy=XLAFSDPStrategy(), **settings).launch(train)
'''})
    # the plain run's file (the variable's default) is read; the path another run sets is that run's
    assert held(train, 'settings["precision"]') == [("str", "bf16-true", "`configs/tpu.yaml`, key `precision`")]
    assert findings(train) == []
    (tmp_path / "configs" / "tpu.yaml").write_text("devices: auto\n")
    assert [(code, severity, line) for code, severity, line, _ in findings(train)] == [("LXF007", "error", 9)]


def test_toml_by_tomllib_and_a_name_from_a_parameter_default(tmp_path):
    train = project(tmp_path, {"conf/pod.toml": '[fabric]\naccelerator = "cpu"\n', "conf/__init__.py": "",
                               "settings.py": '''
import tomllib
from pathlib import Path

def settings(name="pod"):
    with open(Path(__file__).parent / "conf" / f"{name}.toml", "rb") as fh:
        return tomllib.load(fh)
''', "train.py": "from settings import settings\nS = settings()\nT = settings('other')\n"})
    assert held(train, 'S["fabric"]["accelerator"]') == [("str", "cpu", "`conf/pod.toml`, key `fabric.accelerator`")]
    assert [k for k, *_ in held(train, 'T["fabric"]')] == ["unknown"]  # conf/other.toml does not exist


def test_defaults_merged_with_the_file_and_a_dataclass_built_from_it(tmp_path):
    train = project(tmp_path, {"run.json": '{"strategy": "ddp"}', "train.py": '''
import json
from dataclasses import dataclass
from pathlib import Path

DEFAULTS = {"strategy": "xla_fsdp", "precision": "bf16-true"}

@dataclass
class RunConfig:
    strategy: str = "auto"
    precision: str = "32-true"

with open(Path(__file__).parent / "run.json") as f:
    merged = {**DEFAULTS, **json.load(f)}
cfg = RunConfig(**merged)
'''})
    assert held(train, 'cfg.strategy') == [("str", "ddp", "`run.json`, key `strategy`")]
    assert held(train, 'cfg.precision') == [("str", "bf16-true", None)]


# --- what is not read: unknown, no crash ----------------------------------------------------------
LOADS = 'import json\nfrom pathlib import Path\nCFG = json.load(open(Path(__file__).parent / "{name}"))\n'


@pytest.mark.parametrize("name, text", [
    ("missing.json", None),
    ("broken.json", '{"precision": "16-mixed",'),  # malformed
    ("big.json", json.dumps({"precision": "16-mixed", "pad": "x" * (datafiles.MAX_BYTES + 10)})),  # oversized
    ("folder.json", "dir"),  # not a file
    ("binary.json", "\udcff"),  # not UTF-8
])
def test_a_file_that_cannot_be_read_is_unknown(tmp_path, name, text):
    files = {"train.py": LOADS.format(name=name)}
    if text is not None and text != "dir" and text != "\udcff":
        files[name] = text
    train = project(tmp_path, files)
    if text == "dir":
        (tmp_path / name).mkdir()
    if text == "\udcff":
        (tmp_path / name).write_bytes(b'{"precision": "\xff\xfe"}')
    assert [k for k, *_ in held(train, 'CFG["precision"]')] == ["unknown"]


def test_a_file_outside_the_project_is_not_read(tmp_path):
    (tmp_path / "secret.json").write_text('{"precision": "16-mixed"}')
    inner = tmp_path / "proj"
    inner.mkdir()
    train = project(inner, {"train.py": 'import json\nCFG = json.load(open("../secret.json"))\n'
                                        'OTHER = json.load(open("/etc/hostname"))\n'})
    assert [k for k, *_ in held(train, 'CFG["precision"]')] == ["unknown"]
    assert [k for k, *_ in held(train, 'OTHER')] == ["unknown"]


def test_yaml_that_only_an_unsafe_loader_builds_is_unknown_and_never_run(tmp_path):
    marker = tmp_path / "RAN"
    train = project(tmp_path, {"c.yaml": f"precision: !!python/object/apply:os.mkdir [{str(marker)!r}]\n",
                               "train.py": 'import yaml\nCFG = yaml.load(open("c.yaml"), Loader=yaml.UnsafeLoader)\n'})
    assert [k for k, *_ in held(train, 'CFG["precision"]')] == ["unknown"]
    assert not marker.exists()


@pytest.mark.parametrize("load", ['json.loads(open("run.json"))', 'json.load(Path("run.json").read_text())'])
def test_an_argument_of_the_other_sort_is_unknown(tmp_path, load):
    train = project(tmp_path, {"run.json": '{"a": 1}', "train.py": f"import json\nfrom pathlib import Path\nCFG = {load}\n"})
    assert [k for k, *_ in held(train, 'CFG["a"]')] == ["unknown"]  # the run fails at the load: nothing is read


def test_a_path_the_layer_cannot_tell_is_unknown(tmp_path):
    train = project(tmp_path, {"run.json": '{"a": 1}', "train.py": '''
import json, sys
CFG = json.load(open(sys.argv[1]))
'''})
    assert [k for k, *_ in held(train, 'CFG["a"]')] == ["unknown"]


def test_a_date_in_yaml_is_unknown_and_the_rest_is_read(tmp_path):
    train = project(tmp_path, {"c.yaml": "when: 2024-01-01\nprecision: 16-mixed\n",
                               "train.py": 'import yaml\nCFG = yaml.safe_load(open("c.yaml"))\n'})
    assert [k for k, *_ in held(train, 'CFG["when"]')] == ["unknown"]
    assert held(train, 'CFG["precision"]') == [("str", "16-mixed", "`c.yaml`, key `precision`")]


# --- findings: on the Python line, naming the file and key; no fix edits the load ------------------
def test_the_finding_stays_on_the_python_line_and_names_the_file_and_key(tmp_path):
    train = project(tmp_path, {"configs/tpu.yaml": "fabric:\n  precision: 16-mixed\n",
                               "train.py": "import yaml\nCFG = yaml.safe_load(open('configs/tpu.yaml'))\n"
                                           + FABRIC.format(precision='CFG["fabric"]["precision"]')})
    found = findings(train)
    assert [(c, s) for c, s, _, _ in found] == [("LXF007", "error")]
    assert train.read_text().splitlines()[found[0][2]].startswith("fabric = Fabric(")  # where the value is used
    assert found[0][3].endswith("(from `CFG['fabric']['precision']`, `configs/tpu.yaml`, key `fabric.precision`)")
    report = check_source(train.read_text(), str(train))
    assert not report.findings[0].fixes  # the file is what to change: no edit of the Python load
    assert str(tmp_path / "configs" / "tpu.yaml") in report.modules  # its change checks train.py again


def test_the_same_program_with_a_fine_file_is_silent(tmp_path):
    train = project(tmp_path, {"configs/tpu.yaml": "fabric:\n  precision: bf16-true\n",
                               "train.py": "import yaml\nCFG = yaml.safe_load(open('configs/tpu.yaml'))\n"
                                           + FABRIC.format(precision='CFG["fabric"]["precision"]')})
    assert findings(train) == []


def test_a_state_dict_type_read_from_a_file_gets_no_fix_at_the_load(tmp_path):
    train = project(tmp_path, {"config.json": '{"state_dict_type": "consolidated"}', "train.py": '''
import json
from pathlib import Path
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

def load():
    with (Path(__file__).parent / "config.json").open() as f:
        return {"state_dict_type": "sharded", **json.load(f)}

def train(fabric):
    fabric.load("ckpt", {"model": fabric.setup_module(None)})

cfg = load()
fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type=cfg["state_dict_type"]))
fabric.launch(train)
'''})
    report = check_source(train.read_text(), str(train))
    assert [(f.code, f.fixes) for f in report.findings] == [("LXF020", ())]
    # a message that quotes no origin of its value says which file and key it was read from
    assert report.findings[0].message.endswith("(read from `config.json`, key `state_dict_type`)")


def test_a_changed_file_is_read_again(tmp_path):
    train = project(tmp_path, {"c.json": '{"precision": "16-mixed"}',
                               "train.py": "import json\nCFG = json.load(open('c.json'))\n"
                                           + FABRIC.format(precision='CFG["precision"]')})
    assert [c for c, *_ in findings(train)] == ["LXF007"]
    (tmp_path / "c.json").write_text('{"precision": "bf16-true", "more": 1}')  # another size: another stamp
    os.utime(tmp_path / "c.json", ns=(1, 1))
    assert findings(train) == []


def test_the_value_reads_as_python_where_a_message_quotes_it(tmp_path):
    train = project(tmp_path, {"c.json": '{"remat": ["Block"]}', "train.py": "import json\nCFG = json.load(open('c.json'))\n"})
    text = train.read_text() + "\nprobe(CFG['remat'])\n"
    doc = Document(text, str(train))
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    ctx.project = WORKSPACE.project_for(str(train), TIPS)
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    (value,) = ctx.values(call.args[0])
    assert doc.source(value.node) == "['Block']"


def test_only_a_data_file_a_check_read_is_told_on(monkeypatch, tmp_path):
    """The server hears of every JSON, YAML or TOML file changed in the workspace (a run's logs among them): only
    one a check loaded drops what read it and checks its readers again."""
    from types import SimpleNamespace

    from errata_lsp.lsp import dependents, workspace_diagnostics

    read, unread = str(tmp_path / "configs" / "tpu.yaml"), str(tmp_path / "logs" / "metrics.json")
    report = SimpleNamespace(modules=(str(tmp_path / "config.py"), read))
    state = SimpleNamespace(checked=SimpleNamespace(report=report), analysis=object(), task=None)
    scheduled: list[str] = []
    ls = SimpleNamespace(session=SimpleNamespace(states={"file:///train.py": state}),
                         workspace_files=SimpleNamespace(reports={}), pulls=False, schedule=scheduled.append)
    told: list[str] = []
    monkeypatch.setattr(WORKSPACE, "changed", told.append)
    monkeypatch.setattr(workspace_diagnostics, "refresh", lambda *args, **kw: None)
    dependents.files_changed(ls, [(unread, 2), (unread, 1)])  # type: ignore[arg-type]
    assert (told, scheduled) == ([], [])
    dependents.files_changed(ls, [(read, 2)])  # type: ignore[arg-type]
    assert (told, scheduled) == ([read], ["file:///train.py"])


# --- known defaults under a file the layer cannot read ------------------------------------------------------------
UNREAD = '''import json
import os
import sys

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

DEFAULTS = {{"accelerator": "tpu", "precision": "bf16-mixed"}}


def train(fabric):
    pass


with open(sys.argv[1]) as f:
    {merged}
Fabric(strategy=XLAFSDPStrategy(), **cfg).launch(train)
'''


def merged(text: str) -> list[tuple[str, str, int, str]]:
    report = check_source(UNREAD.format(merged=text), "train.py")
    return [(f.code, f.severity.value, f.span.start.line + 1, f.message.rsplit("; ", 1)[-1]) for f in report.findings]


def test_a_key_a_file_the_layer_cannot_read_may_set_after_it_stands_only_when_the_file_does_not():
    # the user may fix the value in the file the run reads: a warning that says so, whatever the merge's spelling
    for text in ("cfg = {**DEFAULTS, **json.load(f)}", "cfg = dict(DEFAULTS, **json.load(f))",
                 "cfg = dict(DEFAULTS)\n    cfg.update(json.load(f))"):
        assert merged(text) == [("LXF007", "warning", 8, "when json.load(f) does not set 'precision'")], text
    # a key stored after the update, or the file merged under the defaults, is not the file's to set
    assert [s for _, s, *_ in merged("cfg = dict(DEFAULTS)\n    cfg.update(json.load(f))\n    cfg[\"precision\"] = \"16-mixed\"")] \
        == ["error"]
    assert [s for _, s, *_ in merged("cfg = {**json.load(f), **DEFAULTS}")] == ["error"]


def test_a_text_the_plain_run_parses_sets_only_the_keys_it_has():
    load = 'json.loads(os.environ.get("OVERRIDES", {text!r}))'
    assert [s for _, s, *_ in merged("cfg = {**DEFAULTS, **" + load.format(text="{}") + "}")] == ["error"]
    assert [s for _, s, *_ in merged("cfg = {**DEFAULTS, **" + load.format(text='{"devices": 4}') + "}")] == ["error"]
    assert [s for _, s, *_ in merged("cfg = {**DEFAULTS, **" + load.format(text='{"precision": "bf16-true"}') + "}")] \
        == ["warning"]


WRITTEN = '''import json
import yaml
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

CONFIG = """
fabric:
  accelerator: tpu
  precision: {precision}
"""

cfg = {load}
Fabric(strategy=XLAFSDPStrategy(), **cfg["fabric"])
'''


def written(precision: str, load: str = "yaml.safe_load(CONFIG)") -> list[tuple[str, str, str, int, int]]:
    report = check_source(WRITTEN.format(precision=precision, load=load), "train.py")
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column) for f in report.findings]


def test_a_text_the_file_writes_is_read_as_the_data_it_holds():
    assert written("bf16-mixed") == [(
        "LXF007", "error",
        "`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
        "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` "
        "(from `CONFIG`, key `fabric.precision`)", 13, 37)]
    assert written("bf16-true") == []
    assert [f[:2] for f in written("16-mixed", 'json.loads(\'{"fabric": {"precision": "16-mixed"}}\')')] == [
        ("LXF007", "error")]


def test_a_written_text_that_does_not_parse_or_may_be_another_is_unknown():
    assert written("[bf16-mixed") == []  # not YAML: the run fails at the load
    assert written("bf16-mixed", "yaml.safe_load(CONFIG + __import__('sys').argv[1])") == []
