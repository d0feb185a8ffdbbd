"""`dict(pair.split("=", 1) for pair in pairs)` of `key=value` words the file knows whole (a list, an option's
default list: the plain run's) holds each word's key with its value, a string placed at the word: spread over
known defaults, it overrides them as a dict display would."""

from __future__ import annotations

from errata_lsp.analysis import check_source

SCRIPT = '''import argparse

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

DEFAULTS = {{"accelerator": "tpu", "precision": "bf16-mixed"}}


def train(fabric):
    pass


parser = argparse.ArgumentParser()
parser.add_argument("--set", nargs="*", default={default})
args = parser.parse_args()
fabric = Fabric(strategy=XLAFSDPStrategy(), **dict(DEFAULTS, **dict({pairs})))
fabric.launch(train)
'''


def found(default: str, pairs: str = 'p.split("=", 1) for p in args.set') -> list[tuple[str, str, int, int]]:
    text = SCRIPT.format(default=default, pairs=pairs)
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


def test_an_option_s_default_words_override_the_defaults_they_name():
    assert found('["precision=bf16-true"]') == []
    assert found('["devices=auto"]') == [("LXF007", "error", 6, 47)]  # the defaults' own precision
    assert found('["precision=16-mixed"]') == [("LXF007", "error", 16, 46)]  # the word's, at the spread
    assert found('["precision=bf16-true"]', 'p.split("=") for p in ["precision=bf16-true"]') == []


def test_words_the_file_cannot_read_or_cut_in_two_leave_the_dict_unknown():
    # a word without "=" raises in the run; a separator by a variable is not read: the spread is unknown
    assert found('["precision"]') == [("LXF007", "error", 6, 47)]
    assert found('["precision=bf16-true"]', 'p.split(SEP) for p in args.set') == [("LXF007", "error", 6, 47)]
