"""Keys that come through `**`: a `**kwargs` parameter holds the keys of the dicts its callers spread
(`clip(..., **settings)`), a dict with one value per construction or branch is read under each one's
condition, and a namespace built from a dict (`SimpleNamespace(**d)`) holds its keys as attributes."""

from __future__ import annotations

from errata_lsp.analysis import check_source
from tests.test_flow import probe

HEAD = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
        "from model import Block, Net\n\n\n")
ONE_OF = ("Only one of `clip_val` or `max_norm` can be set as this specifies the underlying clipping algorithm: "
          "Fabric raises ValueError (XLAFSDP clips by norm only: keep `max_norm`)")


def found(text: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


CLIP_HELPER = HEAD + '''NORM = {"max_norm": 1.0}
VALUE = {"clip_val": 0.5}


def clip(fabric, model, optimizer, **how):
    fabric.clip_gradients(model, optimizer, **how)


def train(fabric):
    model, optimizer = fabric.setup_module(Net()), None
    clip(fabric, model, optimizer, **{**NORM, **VALUE})


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
fabric.launch(train)
'''


# --- a `**kwargs` parameter given `**d` ------------------------------------------------------------------
def test_a_double_star_parameter_holds_the_keys_of_a_dict_its_caller_spreads():
    assert probe("""
        def make_strategy(wrap=None, **overrides):
            probe(overrides["remat"])
        make_strategy(wrap={Block}, **{"remat": [Block]})
    """) == [("list", 4, 40, ())]
    assert probe("""
        def make_strategy(**overrides):
            probe(overrides["remat"])
        make_strategy(**dict(remat=[Block]), other=1)
    """) == [("list", 4, 27, ())]


def test_a_key_another_parameter_takes_is_not_in_the_double_star_parameter():
    assert probe("""
        BASE = {"wrap": {Block}, "remat": [Block]}
        def make_strategy(wrap=None, **overrides):
            probe(overrides.get("wrap"))
        make_strategy(**BASE)
    """) == [("none", 4, 10, ())]


def test_a_spread_dict_with_a_value_per_branch_gives_one_dict_per_branch():
    assert probe("""
        A = {"remat": [Block]}
        B = {"remat": {Block}}
        def make_strategy(**overrides):
            probe(overrides["remat"])
        make_strategy(**(A if flag else B))
    """) == [("list", 2, 14, ("flag",)), ("set", 3, 14, ("not flag",))]


def test_a_spread_the_layer_cannot_read_leaves_the_parameter_unknown():
    assert probe("""
        def make_strategy(**overrides):
            probe(overrides["remat"])
        make_strategy(**load_options())
    """)[0][0] == "unknown"


def test_a_helper_given_both_clipping_keys_through_a_spread_merge_is_an_error():
    assert found(CLIP_HELPER) == [("LXF015", "error", ONE_OF, 11, 4)]
    assert found(CLIP_HELPER.replace("**{**NORM, **VALUE}", "**dict(NORM, **VALUE)")) == [
        ("LXF015", "error", ONE_OF, 11, 4)]


def test_a_helper_given_one_clipping_key_through_a_spread_is_fine():
    assert found(CLIP_HELPER.replace("**{**NORM, **VALUE}", "**NORM")) == []
    assert found(CLIP_HELPER.replace("**{**NORM, **VALUE}", "**{**NORM, 'clip_val': None}")) == []
