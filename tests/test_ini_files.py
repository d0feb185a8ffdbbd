"""INI files a program reads with `configparser` (`parser.read(P)` then `parser.get(section, option,
fallback=...)`): read as data, never run, so an option holds the file's constant where the program reads it, the
fallback when the file lacks it, and anything the layer cannot tell is unknown (silence)."""

from __future__ import annotations

import ast
from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.packs import TIPS
from errata_lsp.analysis.project import WORKSPACE

SETTINGS = '''\
import configparser
from pathlib import Path

_ini = configparser.{parser}
_ini.read({path})

ACCELERATOR = _ini.get("fabric", "accelerator", fallback="tpu")
STEPS = _ini.getint("train", "steps", fallback=10)
SAVE = _ini.getboolean("train", "save", fallback=False)
'''

TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import settings


def train(fabric):
    pass


fabric = Fabric(accelerator=settings.ACCELERATOR, strategy=XLAFSDPStrategy())
fabric.launch(train)
'''

INI = """\
; the run's settings
[fabric]
accelerator = {accelerator}

[train]
steps = 2
save = yes
"""


def project(tmp_path: Path, accelerator: str | None = "cpu", parser: str = "ConfigParser()",
            path: str = 'Path(__file__).with_name("train.ini")') -> Path:
    files = {"pyproject.toml": "[project]\nname = 'demo'\n", "train.py": TRAIN,
             "settings.py": SETTINGS.format(parser=parser, path=path)}
    if accelerator is not None:
        files["train.ini"] = INI.format(accelerator=accelerator)
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return tmp_path / "train.py"


def held(train: Path, expr: str) -> list[tuple[str, object, str | None]]:
    """(kind, constant, where it was read from) of each value `expr` holds at the end of train.py."""
    text = train.read_text() + f"\nprobe({expr})\n"
    doc = Document(text, str(train))
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    ctx.project = WORKSPACE.project_for(str(train), TIPS)
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    return [(v.kind, getattr(v.node, "value", None), getattr(v.node, "read_from", None)) for v in ctx.values(call.args[0])]


def findings(train: Path) -> list[tuple[str, str, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(train.read_text(), str(train)).findings]


def test_an_option_holds_the_file_s_value_read_with_its_getter(tmp_path):
    train = project(tmp_path)
    assert held(train, "settings.ACCELERATOR") == [("str", "cpu", "`train.ini`, key `fabric.accelerator`")]
    assert held(train, "settings.STEPS") == [("number", 2, "`train.ini`, key `train.steps`")]
    assert held(train, "settings.SAVE") == [("bool", True, "`train.ini`, key `train.save`")]


def test_the_file_s_cpu_accelerator_is_flagged_where_fabric_takes_it(tmp_path):
    assert findings(project(tmp_path)) == [("LXF010", "error", 11)]


def test_the_file_s_tpu_accelerator_is_silent(tmp_path):
    assert findings(project(tmp_path, accelerator="tpu")) == []


def test_a_file_that_is_not_there_gives_the_fallback(tmp_path):
    train = project(tmp_path, accelerator=None)  # configparser skips a missing file: every option falls back
    assert [x[:2] for x in held(train, "settings.ACCELERATOR")] == [("str", "tpu")]
    assert findings(train) == []


def test_a_raw_parser_reads_the_same_values(tmp_path):
    train = project(tmp_path, parser="RawConfigParser()")
    assert [x[:2] for x in held(train, "settings.ACCELERATOR")] == [("str", "cpu")]


def test_a_parser_with_settings_of_its_own_or_a_file_the_layer_cannot_tell_is_unknown(tmp_path):
    train = project(tmp_path, parser='ConfigParser(delimiters=(":",))')
    assert [x[0] for x in held(train, "settings.ACCELERATOR")] == ["unknown"]
    assert findings(train) == []
    other = tmp_path / "other"
    other.mkdir()
    train = project(other, path="__import__('os').environ['INI']")
    assert [x[0] for x in held(train, "settings.ACCELERATOR")] == ["unknown"]
