"""Qualified names however a file spells them: imports with and without aliases, the `lightning_fabric`
package, star imports, classes and functions the file defines itself; and the word under a cursor."""

from __future__ import annotations

import ast

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.names import ImportMap
from errata_lsp.analysis.packs import TIPS
from errata_lsp.analysis.packs.lightning.names import FABRIC, FSDP_STRATEGY, XLAFSDP_STRATEGY, canonical
from errata_lsp.analysis.symbols import word_at


def resolve(source: str, expression: str) -> str | None:
    """What `expression` stands for after the statements of `source`, added in the order written."""
    imports = ImportMap(TIPS)
    for node in ast.parse(source).body:
        imports.add(node)
    return imports.resolve(ast.parse(expression, mode="eval").body)


@pytest.mark.parametrize(("name", "expected"), [
    ("lightning_fabric", "lightning.fabric"),
    ("lightning_fabric.strategies.XLAFSDPStrategy", XLAFSDP_STRATEGY),
    ("lightning.fabric.strategies.xla_fsdp.XLAFSDPStrategy", XLAFSDP_STRATEGY),
    ("lightning_fabric.strategies.fsdp.FSDPStrategy", FSDP_STRATEGY),
    ("lightning.Fabric", FABRIC),
    ("lightning_fabric.fabric.Fabric", FABRIC),
    ("lightning_fabricate.Fabric", "lightning_fabricate.Fabric"),  # another package, not a prefix match
    ("torch.nn.Module", "torch.nn.Module"),
])
def test_every_public_spelling_of_a_class_has_one_name(name, expected):
    assert canonical(name) == expected


@pytest.mark.parametrize(("source", "expression", "expected"), [
    ("from lightning.fabric.strategies import XLAFSDPStrategy", "XLAFSDPStrategy", XLAFSDP_STRATEGY),
    ("from lightning.fabric.strategies import XLAFSDPStrategy as S", "S", XLAFSDP_STRATEGY),
    ("from lightning.fabric.strategies import XLAFSDPStrategy as S", "XLAFSDPStrategy", None),
    ("import lightning as L", "L.fabric.strategies.XLAFSDPStrategy", XLAFSDP_STRATEGY),
    ("import lightning as L", "L.Fabric", FABRIC),
    ("import lightning.fabric", "lightning.fabric.Fabric", FABRIC),  # binds `lightning`
    ("import lightning.fabric", "fabric.Fabric", None),
    ("import lightning_fabric as lf", "lf.strategies.xla_fsdp.XLAFSDPStrategy", XLAFSDP_STRATEGY),
    ("from lightning_fabric import Fabric", "Fabric", FABRIC),
    ("from lightning.fabric import strategies", "strategies.FSDPStrategy", FSDP_STRATEGY),
    ("from .strategies import XLAFSDPStrategy", "XLAFSDPStrategy", None),  # relative: the project's own
    ("", "XLAFSDPStrategy", None),  # never imported
])
def test_an_expression_resolves_through_the_imports(source, expression, expected):
    assert resolve(source, expression) == expected


def test_a_later_import_of_the_same_name_wins():
    source = "from lightning.fabric import Fabric\nfrom my_project import Fabric\n"
    assert resolve(source, "Fabric") == "my_project.Fabric"


def test_a_star_import_brings_only_what_the_module_exports():
    source = "from lightning.fabric.strategies import *\nfrom lightning import *\n"
    assert resolve(source, "XLAFSDPStrategy") == XLAFSDP_STRATEGY
    assert resolve(source, "FSDPStrategy") == FSDP_STRATEGY
    assert resolve(source, "Fabric") == FABRIC
    assert resolve(source, "DDPStrategy") is None  # not a name the star exports are known to hold
    assert resolve("from lightning_fabric.strategies.xla_fsdp import *", "XLAFSDPStrategy") == XLAFSDP_STRATEGY


def test_a_class_the_file_defines_hides_a_star_import_but_not_an_explicit_one():
    starred = "from lightning.fabric import *\nclass Fabric:\n    pass\n"
    assert resolve(starred, "Fabric") is None
    explicit = "from lightning.fabric import Fabric\nclass Fabric(Fabric):\n    pass\n"
    assert resolve(explicit, "Fabric") == FABRIC


def test_only_names_and_attribute_chains_resolve():
    source = "import lightning as L"
    assert resolve(source, "L.Fabric()") is None  # a call is a value, not a name
    assert resolve(source, "L.fabric['x'].Fabric") is None
    assert resolve(source, "get().Fabric") is None
    assert resolve(source, "L") == "lightning"


@pytest.mark.parametrize(("line", "column", "expected"), [
    ("fabric.setup(model)", 0, (0, 6)),
    ("fabric.setup(model)", 6, (0, 6)),    # just after a word: the word the cursor ends
    ("fabric.setup(model)", 7, (7, 12)),
    ("fabric.setup(model)", 13, (13, 18)),
    ("x = (1, 2)", 4, None),                # between punctuation
    ("self._forward_module", 10, (5, 20)),  # underscores are part of the word
    ("pré = 1", 1, (0, 3)),                 # letters beyond ASCII too
    ("short", 40, (0, 5)),                  # a column past the end is the line's end
    ("", 0, None),
])
def test_the_word_under_the_cursor(line, column, expected):
    assert word_at(line, column) == expected


FALLBACK = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

try:
    {first}
except {caught}:
    {second}

fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(precision=Precision("bf16-true")))
"""


@pytest.mark.parametrize(("first", "second", "caught", "expected"), [
    # the run imports XLAPrecision (labelled: OK); the fallback is another lightning's plugin
    ("from lightning.fabric.plugins import XLAPrecision as Precision",
     "from lightning.fabric.plugins import HalfPrecision as Precision", "ImportError", []),
    ("from lightning_fabric.plugins import XLAPrecision as Precision",
     "from lightning.fabric.plugins import HalfPrecision as Precision", "(ImportError, AttributeError)", []),
    ("from lightning.fabric.plugins import HalfPrecision as Precision",
     "from lightning.fabric.plugins import XLAPrecision as Precision", "ModuleNotFoundError", [("LXF008", "error", 9, 70)]),
    # a module no pack knows may be missing: the fallback is what runs when it is
    ("from cluster_plugins import Precision",
     "from lightning.fabric.plugins import HalfPrecision as Precision", "ImportError", [("LXF008", "error", 9, 70)]),
    ("from lightning.fabric.plugins import XLAPrecision as Precision",
     "from lightning.fabric.plugins import HalfPrecision as Precision", "Exception", []),
])
def test_an_import_in_an_import_error_handler_is_the_fallback(first, second, caught, expected):
    source = FALLBACK.format(first=first, second=second, caught=caught)
    found = [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
             for f in check_source(source, "train.py").findings]
    assert found == expected
