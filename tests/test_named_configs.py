"""litgpt's `Config.from_name(name)`: a list of dicts in one module (`configs = [dict(name=..., ...), ...]`), a dict
comprehension keyed by each item's `config["name"]`, and a classmethod building `cls(**conf_dict)` from a copy of
the entry. Each link is read: a key that is an entry holding one string, the items of a module-level list its
module never changes (the comprehension incomplete: another module may add to it), and a dataclass built with
`**` of a dict whose entries are read."""

from __future__ import annotations

import ast
from pathlib import Path

from errata_lsp.analysis import check_source

from .test_flow import context, probe
from .test_helpers_elsewhere import tree

CONFIG_LIST = '''\
configs = [
    dict(name="tiny", n_layer=2, precision="bf16-true"),
    dict(name="small", n_layer=4, precision="{precision}"),
]
'''
CONFIG = '''\
from dataclasses import dataclass

from config_list import configs


@dataclass
class Config:
    name: str = ""
    n_layer: int = 2
    precision: str = "32-true"

    @classmethod
    def from_name(cls, name, **kwargs):
        conf_dict = name_to_config[name].copy()
        conf_dict.update(kwargs)
        return cls(**conf_dict)


name_to_config = {config["name"]: config for config in configs}
'''
TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import Config


def train(fabric):
    pass


config = Config.from_name("small")
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=config.precision).launch(train)
'''


def held(path: Path, expr: str) -> list[tuple[str, object]]:
    ctx = context(path.read_text() + f"\nprobe({expr})\n", str(path))
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    return [(v.kind, getattr(v.node, "value", None)) for v in ctx.values(call.args[0])]


def test_the_named_configs_precision_is_read_through_from_name(tmp_path):
    tree(tmp_path, {"config_list.py": CONFIG_LIST.format(precision="16-mixed"), "config.py": CONFIG, "train.py": TRAIN})
    assert held(tmp_path / "config.py", 'name_to_config["small"]["precision"]') == [("str", "16-mixed")]
    assert held(tmp_path / "config.py", 'Config.from_name("tiny").precision') == [("str", "bf16-true")]
    found = [(f.code, f.severity.value, f.span.start.line + 1, f.elsewhere and Path(f.elsewhere.path).name)
             for f in check_source(TRAIN, str(tmp_path / "train.py")).findings]
    assert found == [("LXF007", "error", 12, "config_list.py")]
    tree(tmp_path, {"config_list.py": CONFIG_LIST.format(precision="bf16-true")})
    assert check_source(TRAIN, str(tmp_path / "train.py")).findings == []


def test_a_list_its_module_changes_is_not_read_item_by_item(tmp_path):
    grown = CONFIG_LIST.format(precision="16-mixed") + 'configs.append(dict(name="big", precision="16-true"))\n'
    tree(tmp_path, {"config_list.py": grown, "config.py": CONFIG})
    assert [kind for kind, _ in held(tmp_path / "config.py", 'name_to_config["small"]')] == ["unknown"]


def test_a_dataclass_built_with_a_spread_dict_reads_its_entries():
    text = ("from dataclasses import dataclass\n\n@dataclass\nclass C:\n    a: str = 'default'\n\n"
            "probe(C(**{'a': 'given'}).a)\n")
    assert [k for k, *_ in probe(text)] == ["str"]
    assert probe(text.replace("{'a': 'given'}", "{}"))[0][1] == 5  # the field's default
    assert [k for k, *_ in probe(text.replace("{'a': 'given'}", "dict(open('f'))"))] == ["unknown"]
