"""Values made by unpacking, formatting and merging: a display of `*` parts, a `*name` target, `str.format`, a
dict's `|=`, an int Enum member as an index, a `defaultdict`'s factory, a NamedTuple built from a row
(`Preset._make(row)`, `Preset(*row)`). The findings are exact, on code that must trigger and code that must
not."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = """\
import collections
import enum
from typing import NamedTuple

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


"""
NOT_XLA = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
           "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)`")


def shown(text: str) -> list[tuple[str, str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(HEAD + text).findings]


# --- a display of `*` parts -------------------------------------------------------------------------------
def test_a_list_display_with_a_non_empty_star_part_is_a_non_empty_list_policy():
    assert shown("""BACKBONE = (Block,)


def make(extra=()):
    remat = [*BACKBONE, *extra]
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat)


Fabric(accelerator="tpu", strategy=make())
""") == [("LXF001", "error", "`activation_checkpointing_policy` must be a set, found [*BACKBONE, *extra] (from "
          "`remat`, line 19)", 20, 85, 90)]


def test_a_list_display_of_empty_star_parts_is_empty_and_ignored_by_lightning():
    assert shown("""def make(extra=()):
    remat = [*(), *extra]
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat)


Fabric(accelerator="tpu", strategy=make())
""") == []


# --- a union or a concatenation of containers ----------------------------------------------------------------
def test_a_frozenset_joined_with_a_set_display_is_a_non_empty_frozenset_policy():
    assert shown("""BASE_REMAT = frozenset({Block})
REMAT = BASE_REMAT | {nn.Linear}


def make(remat=REMAT):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat)


Fabric(accelerator="tpu", strategy=make())
""") == [("LXF001", "error", "`activation_checkpointing_policy` must be a set, found BASE_REMAT | {nn.Linear} "
          "(from `REMAT`, line 16)", 20, 85, 90)]


def test_a_tuple_concatenation_of_a_non_empty_part_is_a_non_empty_tuple_policy():
    assert shown("""def make(extra=()):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=extra + (Block,))


Fabric(accelerator="tpu", strategy=make())
""") == [("LXF001", "error", "`activation_checkpointing_policy` must be a set, found extra + (Block,)", 16, 85,
          101)]


def test_a_concatenation_of_empty_parts_is_empty_and_ignored_by_lightning():
    assert shown("""def make(extra=()):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=extra + [])


Fabric(accelerator="tpu", strategy=make())
""") == []


def test_a_union_of_parts_whose_emptiness_is_unknown_is_a_warning():
    assert shown("""import sys


def make(extra):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=frozenset(extra) | set())


Fabric(accelerator="tpu", strategy=make(sys.argv[1:]))
""") == [("LXF001", "warning", "`activation_checkpointing_policy` must be a set, found frozenset(extra) | set(); "
          "when it is not empty", 19, 85, 109)]


# --- a `*name` target ---------------------------------------------------------------------------------------
def test_a_starred_target_is_a_list_of_the_items_the_other_names_leave():
    assert shown("""def describe():
    return "gpt", Block


arch, *layers = describe()
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=layers))
""") == [("LXF001", "error", "`activation_checkpointing_policy` must be a set, found *layers (from `layers`, "
          "line 19)", 20, 109, 115)]


def test_a_starred_target_left_no_item_is_an_empty_list():
    assert shown("""def describe():
    return ("gpt",)


arch, *layers = describe()
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=layers))
""") == []


def test_a_name_after_the_star_counts_from_the_end():
    assert shown("""*names, precision = ("tpu", "v4", "bf16-mixed")
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=precision)
""") == [("LXF007", "error", NOT_XLA + " (from `precision`, line 15)", 16, 64, 73)]


# --- str.format ---------------------------------------------------------------------------------------------
def test_str_format_of_known_arguments_is_the_text_it_makes():
    assert shown("""precision = "{}-{}".format("bf16", "mixed")
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=precision)
""") == [("LXF007", "error", NOT_XLA + " (from `precision`, line 15)", 16, 64, 73)]
    assert shown("""DTYPE = "bf16"
precision = "{dtype}-{1}".format("true", "mixed", dtype=DTYPE)
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=precision)
""") == [("LXF007", "error", NOT_XLA + " (from `precision`, line 16)", 17, 64, 73)]


def test_str_format_of_an_xla_precision_or_with_a_format_spec_says_nothing():
    assert shown("""precision = "{}-{}".format("bf16", "true")
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=precision)
""") == []
    assert shown("""precision = "{:>4}-mixed".format("bf16")
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=precision)
""") == []


# --- str.join ---------------------------------------------------------------------------------------------
def test_str_join_of_a_display_or_a_tuple_is_the_text_it_makes():
    assert shown("""precision = "-".join(("bf16", "mixed"))
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=precision)
""") == [("LXF007", "error", NOT_XLA + " (from `precision`, line 15)", 16, 64, 73)]
    assert shown("""PARTS = ("bf16", "mixed")


def flag():
    return "-".join(PARTS)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=flag())
""") == [("LXF007", "error", NOT_XLA + " (from line 19)", 22, 64, 70)]


def test_str_join_of_an_xla_precision_or_of_a_list_a_name_holds_says_nothing():
    assert shown("""precision = "-".join(["bf16", "true"])
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=precision)
""") == []
    # a list a name holds may be appended to before the join: its display alone is not the text
    assert shown("""def flag():
    parts = ["bf16"]
    parts.append("true")
    return "-".join(parts)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=flag())
""") == []


# --- a dict's `|=` ------------------------------------------------------------------------------------------
def test_an_in_place_union_keeps_the_keys_the_other_dict_does_not_override():
    assert shown("""settings = {"accelerator": "tpu", "precision": "bf16-mixed"}
settings |= {"devices": 8}
Fabric(strategy=XLAFSDPStrategy(), **settings)
""") == [("LXF007", "error", NOT_XLA, 15, 47, 59)]


def test_an_in_place_union_overrides_the_key():
    assert shown("""settings = {"accelerator": "tpu", "precision": "bf16-mixed"}
settings |= {"precision": "bf16-true"}
Fabric(strategy=XLAFSDPStrategy(), **settings)
""") == []


# --- an int Enum member as an index -------------------------------------------------------------------------
INDEXED = """class Speed({bases}):
    SAFE = 0
    FAST = 1


PRECISIONS = ("bf16-true", "bf16-mixed")
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=PRECISIONS[Speed.{member}])
"""


def test_an_int_enum_member_indexes_a_tuple_by_its_value():
    for bases in ("enum.IntEnum", "int, enum.Enum"):
        assert shown(INDEXED.format(bases=bases, member="FAST")) == [
            ("LXF007", "error", NOT_XLA + " (from line 20)", 21, 64, 86)], bases
        assert shown(INDEXED.format(bases=bases, member="SAFE")) == [], bases


# --- a defaultdict's factory --------------------------------------------------------------------------------
REDUCED = """OPS = collections.defaultdict(lambda: "max", loss="mean")


def train(fabric):
    fabric.all_reduce(torch.ones(1), reduce_op=OPS[{key!r}])


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""


def test_a_key_a_defaultdict_does_not_hold_reads_its_factory():
    assert shown(REDUCED.format(key="grad_norm")) == [(
        "LXF027", "error", "Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce "
        "operation, got: max; `all_reduce` raises ValueError. For a max, gather and reduce: "
        "`fabric.all_gather(x).max()`", 19, 47, 63)]


def test_a_key_a_defaultdict_holds_reads_its_entry():
    assert shown(REDUCED.format(key="loss")) == []


# --- a NamedTuple of a row ----------------------------------------------------------------------------------
ROW = """class Preset(NamedTuple):
    precision: str
    batch_size: int


ROWS = {{"v4": ("bf16-mixed", 8), "v5e": ("bf16-true", 4)}}
preset = {built}
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=preset.precision)
"""


def test_a_namedtuple_made_from_a_row_has_the_rows_items_as_fields():
    for built in ('Preset._make(ROWS["v4"])', 'Preset(*ROWS["v4"])'):
        assert shown(ROW.format(built=built)) == [
            ("LXF007", "error", NOT_XLA + " (from `Preset.precision`, line 20)", 22, 64, 80)], built
    assert shown(ROW.format(built='Preset._make(ROWS["v5e"])')) == []


def test_str_format_mixing_automatic_and_manual_numbering_says_nothing():
    assert shown("""precision = "{}-{1}".format("bf16", "mixed")
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=precision)
""") == []


def test_the_starred_target_of_a_setup_tuple_counts_its_objects():
    import ast
    import textwrap

    from errata_lsp.analysis.context import Context
    from errata_lsp.analysis.document import Document
    from errata_lsp.analysis.packs import TIPS

    source = textwrap.dedent("""\
        import torch
        from lightning.fabric import Fabric

        fabric = Fabric(accelerator="cpu")
        model = torch.nn.Linear(2, 2)
        model, *optimizers = fabric.setup(model, torch.optim.SGD(model.parameters()), torch.optim.SGD(model.parameters()))
        model, first, *none = fabric.setup(model, torch.optim.SGD(model.parameters()))
        probe(optimizers)
        probe(none)
        """)
    doc = Document(source, None)
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    probes = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"]
    assert [[(v.kind, v.truthy) for v in ctx.values(c.args[0])] for c in probes] == [[("list", True)], [("list", False)]]


# --- a preset picked by its rank ----------------------------------------------------------------------------
PICKED = """PRESETS = [
    {{"name": "full", "precision": "32-true", "hbm_gb": 32}},
    {{"name": "lean", "precision": "bf16-mixed", "hbm_gb": {lean}}},
    {{"name": "half", "precision": "bf16-true", "hbm_gb": 16}},
]
preset = {picked}
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=preset["precision"])
"""
PICKED_ERROR = [("LXF007", "error", NOT_XLA + " (from `preset['precision']`, line 17)", 21, 64, 83)]


def test_the_first_of_dicts_sorted_by_an_entry_is_the_smallest():
    assert shown(PICKED.format(lean=12, picked='sorted(PRESETS, key=lambda p: p["hbm_gb"])[0]')) == PICKED_ERROR
    assert shown(PICKED.format(lean=12, picked='min(PRESETS, key=lambda p: p["hbm_gb"])')) == PICKED_ERROR
    assert shown(PICKED.format(lean=16, picked='sorted(PRESETS, key=lambda p: p["hbm_gb"])[0]')) == PICKED_ERROR
    assert shown(PICKED.format(lean=20, picked='sorted(PRESETS, key=lambda p: p["hbm_gb"])[0]')) == []


def test_reverse_sorted_first_and_max_pick_the_largest():
    assert shown(PICKED.format(lean=64, picked='sorted(PRESETS, key=lambda p: p["hbm_gb"], reverse=True)[0]')) \
        == PICKED_ERROR
    assert shown(PICKED.format(lean=64, picked='max(PRESETS, key=lambda p: p["hbm_gb"])')) == PICKED_ERROR
    assert shown(PICKED.format(lean=12, picked='max(PRESETS, key=lambda p: p["hbm_gb"])')) == []


def test_a_rank_the_file_cannot_read_picks_nothing():
    assert shown(PICKED.format(lean="int(LEAN)", picked='sorted(PRESETS, key=lambda p: p["hbm_gb"])[0]')) == []


# --- a key picked by a conditional expression ---------------------------------------------------------------
PICKED_KEY = """def train(fabric, clip_by={default}):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))
    fabric.clip_gradients(model, optimizer, **{{"clip_val" if clip_by == "value" else "max_norm": 1.0}})


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""


def test_a_key_a_decided_conditional_expression_picks_is_the_dict_s():
    assert [f[:2] + f[3:4] for f in shown(PICKED_KEY.format(default='"value"'))] == [("LXF014", "error", 18)]
    assert shown(PICKED_KEY.format(default='"norm"')) == []


def test_a_key_an_undecided_conditional_expression_picks_is_not_both_keys():
    # `clip_by` a run may set to either: one of the two keys, never both (no LXF015 "only one of")
    assert shown(PICKED_KEY.format(default='__import__("os").environ["CLIP_BY"]')) == []
