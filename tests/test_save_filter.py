"""LXF044: `fabric.save(..., filter=...)` checks its filter before writing. Labels: the real library (lightning
2.6.6 + torch_xla) raises `TypeError: Filter should be a dictionary, given <function ...>` for a bare function,
`ValueError: The filter keys {'state_dict'} are not present in the state keys {...}.` for a key of no state entry
and `TypeError: Expected `fabric.save(filter=...)` for key 'model' to be a callable, given 'head.'` for a string;
a dict from a state key to a function or a partial runs (corpus s706-s711)."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

HEAD = """\
import functools
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def keep(name, value):
    return "lora_" in name


"""
TAIL = "\n\nFabric(accelerator='tpu', strategy=XLAFSDPStrategy()).launch(train)\n"


def shown(body: str) -> list[tuple[str, str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(HEAD + body + TAIL).findings]


def test_a_filter_that_is_no_dict_is_reported_before_its_keys():
    body = ("def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    fabric.save('out', {'model': model, 'step': 0}, filter=[keep])\n")
    assert shown(body) == [("LXF044", "error", "Filter should be a dictionary, given `[keep]`: `fabric.save` raises "
                            "TypeError. Map each state key to a function `(name, value) -> bool`: "
                            "`filter={'model': keep}`", 12, 59, 65)]


def test_the_keys_are_read_only_when_the_file_shows_every_key_of_the_state():
    hidden = ("def train(fabric, extra):\n"
              "    model = fabric.setup_module(Net())\n"
              "    fabric.save('out', {'model': model, **extra}, filter={'ema': keep})\n")
    computed = ("def train(fabric, name):\n"
                "    model = fabric.setup_module(Net())\n"
                "    fabric.save('out', {name: model}, filter={'model': keep})\n")
    assert shown(hidden) == []
    assert shown(computed) == []


def test_a_filter_value_of_a_partial_or_a_lambda_is_callable_and_none_is_not():
    fine = ("def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    fabric.save('a', {'model': model}, filter={'model': functools.partial(keep)})\n"
            "    fabric.save('b', {'model': model}, filter={'model': lambda k, v: True})\n")
    assert shown(fine) == []
    none = ("def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    fabric.save('a', {'model': model}, filter={'model': None})\n")
    assert [f[:2] for f in shown(none)] == [("LXF044", "error")]
    assert shown(none)[0][2].startswith("Expected `fabric.save(filter=...)` for key 'model' to be a callable, given `None`")


def test_a_filter_a_star_may_shift_is_left_alone_and_one_beside_double_star_is_read():
    shifted = ("def train(fabric, parts):\n"
               "    model = fabric.setup_module(Net())\n"
               "    fabric.save('out', *parts, keep)\n")
    assert shown(shifted) == []
    beside = ("def train(fabric, options):\n"
              "    model = fabric.setup_module(Net())\n"
              "    fabric.save('out', {'model': model}, filter=keep, **options)\n")
    assert [f[:2] + f[3:] for f in shown(beside)] == [("LXF044", "error", 12, 48, 52)]


def test_a_filter_table_of_another_module_is_read_there(tmp_path: Path):
    (tmp_path / "filters.py").write_text("def adapter(name, value):\n    return True\n\n"
                                         "CHECKPOINT_FILTER = {'state_dict': adapter}\n")
    train = tmp_path / "train.py"
    train.write_text(HEAD.replace("import functools\n", "import functools\nfrom filters import CHECKPOINT_FILTER\n")
                     + "def train(fabric):\n"
                     "    model = fabric.setup_module(Net())\n"
                     "    fabric.save('out', {'model': model}, filter=CHECKPOINT_FILTER)\n" + TAIL)
    findings = check_source(train.read_text(), str(train)).findings
    assert [(f.code, f.severity.value) for f in findings] == [("LXF044", "error")]
    assert findings[0].message.startswith("The filter keys {'state_dict'} are not present in the state keys {'model'}")
