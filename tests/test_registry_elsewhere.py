"""A registry filled by a decorator whose applications are written in other modules of the project (timm's
`@register_model(...)` in models/vit.py, the registry in models/_registry.py): each application is read in the
module that writes it, for the key and the entry it stores, with what it passed; bounded, and safe when the
module applying the decorator is the one asking."""

from __future__ import annotations

import ast
from pathlib import Path

from .test_flow import context
from .test_helpers_elsewhere import found, tree

REGISTRY = '''\
_model_entrypoints = {}
_model_fsdp_wrap = {}


def register_model(fsdp_wrap=None):
    def decorate(fn):
        _model_entrypoints[fn.__name__] = fn
        _model_fsdp_wrap[fn.__name__] = fsdp_wrap
        return fn
    return decorate


def get_fsdp_wrap_policy(model_name):
    return _model_fsdp_wrap[model_name]
'''
VIT = '''\
from torch import nn

from models._registry import register_model


class Block(nn.Module):
    pass


def wrap_blocks(module, recurse, unwrapped_params):
    return recurse or isinstance(module, Block)


@register_model(fsdp_wrap={policy})
def vit_tiny(**kwargs):
    return nn.Sequential(Block())


@register_model()
def vit_micro(**kwargs):
    return nn.Sequential(Block())
'''
LAMBDA = "lambda module, recurse, unwrapped_params: recurse or isinstance(module, Block)"
TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from models import get_fsdp_wrap_policy


def train(fabric):
    pass


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=get_fsdp_wrap_policy("{name}"))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
'''
INIT = "from models._registry import get_fsdp_wrap_policy, register_model\nfrom models.vit import *\n"


def project(root: Path, policy: str = LAMBDA, name: str = "vit_tiny") -> Path:
    root.mkdir(parents=True, exist_ok=True)
    return tree(root, {"models/__init__.py": INIT, "models/_registry.py": REGISTRY,
                       "models/vit.py": VIT.replace("{policy}", policy), "train.py": TRAIN.replace("{name}", name)})


def probed(root: Path, source: str, name: str = "probe_here.py") -> list[tuple]:
    """(kind, line, column, conditions) of what the last `probe(...)` of `source`, the module `name` at `root`,
    holds."""
    ctx = context(source, str(root / name))
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    return [(v.kind, v.line, getattr(v.node, "col_offset", None), v.when) for v in ctx.values(call.args[0])]


def test_a_registry_entry_is_what_the_decorator_s_application_in_another_module_passed(tmp_path):
    project(tmp_path)
    read = "from models._registry import _model_fsdp_wrap, get_fsdp_wrap_policy\n"
    assert probed(tmp_path, read + 'probe(_model_fsdp_wrap["vit_tiny"])\n') == [("lambda", 14, 26, ())]
    assert probed(tmp_path, read + 'probe(get_fsdp_wrap_policy("vit_tiny"))\n') == [("lambda", 14, 26, ())]
    assert probed(tmp_path, read + 'probe(_model_fsdp_wrap["vit_micro"])\n') == [("none", 5, 29, ())]  # the default
    # a key no application stores: another module may register it; nothing is made up
    assert probed(tmp_path, read + 'probe(_model_fsdp_wrap["resnet"])\n') == [("unknown", 2, 6, ())]


def test_a_plain_registering_decorator_applied_in_another_module_keys_each_function(tmp_path):
    tree(tmp_path, {
        "steps.py": "STEPS = {}\n\n\ndef step(fn):\n    STEPS[fn.__name__] = fn\n    return fn\n",
        "tasks.py": "from steps import step\n\n\n@step\ndef train():\n    return [1, 2]\n",
    })
    assert probed(tmp_path, 'import tasks\nfrom steps import STEPS\nprobe(STEPS["train"]())\n') == [("list", 6, 11, ())]


def test_the_lambda_a_registered_model_gives_is_flagged_where_it_is_written(tmp_path):
    project(tmp_path)
    [(code, severity, message, line, column)] = found(tmp_path / "train.py")
    assert (code, severity, line, column) == ("LXF006", "error", 12, 48)
    assert message.startswith("`auto_wrap_policy` is a lambda (`get_fsdp_wrap_policy(\"vit_tiny\")`, `vit.py`, line 14), "
                              "which cannot be pickled")


def test_a_module_level_policy_or_a_model_registered_without_one_gives_nothing(tmp_path):
    assert found(project(tmp_path / "function", policy="wrap_blocks") / "train.py") == []
    assert found(project(tmp_path / "other", name="vit_micro") / "train.py") == []  # None: the strategy's default


def test_the_module_applying_the_decorator_reads_its_own_registrations_without_a_cycle(tmp_path):
    project(tmp_path)
    vit = tmp_path / "models" / "vit.py"
    vit.write_text(vit.read_text() + "\n\nfrom models._registry import _model_fsdp_wrap\nprobe(_model_fsdp_wrap['vit_tiny'])\n")
    # vit.py reads _registry.py, whose entries are read from vit.py's applications: each module asked once
    assert probed(tmp_path, vit.read_text(), "models/vit.py") == [("lambda", 14, 26, ())]


def test_past_the_bound_of_applications_an_entry_is_unknown(tmp_path):
    many = "".join(f"\n\n@register_model(fsdp_wrap=lambda m: True)\ndef model_{i}():\n    pass\n" for i in range(17))
    tree(tmp_path, {"models/__init__.py": "", "models/_registry.py": REGISTRY,
                    "models/many.py": "from models._registry import register_model\n" + many})
    read = "from models._registry import _model_fsdp_wrap\n"
    assert probed(tmp_path, read + 'probe(_model_fsdp_wrap["model_3"])\n') == [("unknown", 2, 6, ())]
