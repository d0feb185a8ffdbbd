"""A bound method called through another name: `save = functools.partial(fabric.save, path)` (here or
returned by a helper of another module), `save = fabric.save`, a parameter given `fabric.save`; each
call of such a name is the call of the method it makes (`Context.method_calls`), with the partial's
arguments first. And what the checkpoint rules read of a state around it: the set-up module's
`.module` is the module it was given, an entry the value-flow layer shows is a dict is no module."""

from __future__ import annotations

from errata_lsp.analysis import check_source

from .test_flow import probe

HEAD = "from functools import partial\nfrom lightning.fabric import Fabric\nfrom torch import nn\n"
LAUNCH = "Fabric(strategy='xla_fsdp').launch(train)\n"


def findings(source: str, path: str | None = None) -> list[tuple[str, str, tuple[int, int, int, int], str]]:
    """(code, severity, (line, column, end line, end column), message) of each finding (lines from 0)."""
    out = []
    for f in check_source(source, path).findings:
        span = f.span
        out.append((f.code, f.severity.value, (span.start.line, span.start.column, span.end.line, span.end.column),
                    f.message))
    return out


def codes(source: str, path: str | None = None) -> list[tuple[str, str, int, int]]:
    return [(code, severity, at[0], at[1]) for code, severity, at, _ in findings(source, path)]


RAW_STATE_MESSAGE = (
    "Could not find a XLAFSDP model in the provided checkpoint state: `net` is the raw module, not the one "
    "`setup_module` returned, so `fabric.save` raises ValueError. Make sure you set up the model (and optimizers "
    "if any) through the strategy before saving the checkpoint")


# --- what the state holds -------------------------------------------------------------------------------
def test_the_set_up_modules_module_is_the_module_it_was_given():
    assert probe("""
        from lightning.fabric import Fabric
        from torch import nn
        def train(fabric):
            model = fabric.setup_module(nn.Linear(2, 2))
            probe(model.module)
        Fabric().launch(train)
    """) == [("module", 5, 32, ())]
    assert [k for k, *_ in probe("""
        from lightning.fabric import Fabric
        from torch import nn
        def train(fabric):
            model, opt = fabric.setup(nn.Linear(2, 2), OPT)
            probe(model._original_module)
        Fabric().launch(train)
    """)] == ["module"]
    assert [k for k, *_ in probe("""
        from lightning.fabric import Fabric
        from torch import nn
        def train(fabric):
            model = fabric.setup_module(nn.Linear(2, 2))
            probe(model._forward_module)
        Fabric().launch(train)
    """)] == ["unknown"]  # the strategy's wrapper: not told


def test_a_state_with_the_unwrapped_module_is_flagged_and_the_set_up_one_is_not():
    src = HEAD + (
        "def train(fabric):\n"
        "    model = fabric.setup_module(nn.Linear(2, 2))\n"
        "    raw = model.module\n"
        "    fabric.save('ckpt/', {'model': raw})\n") + LAUNCH
    assert codes(src) == [("LXF023", "error", 6, 35)]
    assert codes(src.replace("{'model': raw}", "{'model': model}")) == []
    assert codes(src.replace("raw = model.module", "raw = model._forward_module")) == []  # what save looks for


def test_an_entry_the_flow_shows_is_a_dict_does_not_hide_the_raw_module():
    src = HEAD + (
        "from dataclasses import dataclass\n"
        "@dataclass\n"
        "class Config:\n"
        "    lr: float = 0.1\n"
        "def train(fabric):\n"
        "    config = Config()\n"
        "    net = nn.Linear(2, 2)\n"
        "    model = fabric.setup_module(net)\n"
        "    fabric.save('ckpt/', {'model': net, 'config': vars(config)})\n") + LAUNCH
    assert codes(src) == [("LXF023", "error", 11, 35)]
    assert codes(src.replace("{'model': net", "{'model': model")) == []
    # an entry the file cannot tell may be the set-up module: nothing said
    assert codes(src.replace("vars(config)", "mystery(config)")) == []
