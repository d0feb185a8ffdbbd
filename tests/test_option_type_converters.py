"""`add_argument("--remat", type=layer_classes, default="Linear")`: argparse calls the `type=` converter with the string
default in the plain run, so the option holds what the converter makes of it, here a list of layer classes; the
converter's body is read with its parameter holding that default (beside what another run's command line gives), in
the module that defines it or in another."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

CONVERTER = '''\
import torch

LAYERS = {"Linear": torch.nn.Linear, "LayerNorm": torch.nn.LayerNorm}


def layer_classes(spec):
    names = [name.strip() for name in spec.split(",") if name.strip()]
    return OPENLAYERS[n] for n in namesCLOSE
'''

PARSER = '''\
import argparse

import torch
from lightning.fabric.strategies import XLAFSDPStrategy

p = argparse.ArgumentParser()
p.add_argument("--remat", type=layer_classes, DEFAULT)
args = p.parse_args()
strategy = XLAFSDPStrategy(auto_wrap_policy={torch.nn.Linear}, activation_checkpointing_policy=args.remat)
'''

LIST = ("LXF001", "error", "`activation_checkpointing_policy` must be a set, found [LAYERS[n] for n in names] "
        "(from `--remat`, line 8)")


def one_module(tmp_path: Path, made: str = "[]", default: str = 'default="Linear"') -> list[tuple[str, str, str]]:
    text = CONVERTER.replace("OPEN", made[0]).replace("CLOSE", made[1]) + "\n\n" + PARSER.replace("DEFAULT", default)
    path = tree(tmp_path, {"train.py": text}) / "train.py"
    return [(f.code, f.severity.value, f.message) for f in check_source(path.read_text(), str(path)).findings]


def test_the_converter_of_a_string_default_makes_the_option_a_list(tmp_path):
    assert one_module(tmp_path) == [LIST]


@pytest.mark.parametrize(("made", "default"), [
    ("{}", 'default="Linear"'),  # the converter makes a set
    ("[]", 'default=""'),  # no name: an empty list, which Lightning ignores
    ("[]", "default=None"),  # not a string: argparse keeps the default as it is, None
])
def test_a_set_an_empty_list_or_an_unconverted_default_has_no_finding(tmp_path, made, default):
    assert one_module(tmp_path, made, default) == []


def test_the_converter_of_another_module_reads_the_default_of_the_option_there(tmp_path):
    root = tree(tmp_path, {
        "layers.py": CONVERTER.replace("OPEN", "[").replace("CLOSE", "]"),
        "options.py": "import argparse\n\nfrom layers import layer_classes\n\n\ndef parse():\n"
                      "    p = argparse.ArgumentParser()\n"
                      '    p.add_argument("--shard", type=layer_classes, default="Linear")\n'
                      '    p.add_argument("--remat", type=layer_classes, default="Linear,LayerNorm")\n'
                      "    return p.parse_args()\n",
        "train.py": "import torch\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\nfrom options import parse\n\n"
                    "args = parse()\nstrategy = XLAFSDPStrategy(auto_wrap_policy=set(args.shard), "
                    "activation_checkpointing_policy=args.remat)\n",
    })
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "--format", "json", str(root)],
                          capture_output=True, text=True, timeout=120)
    assert [(f["code"], f["severity"], Path(f["path"]).name, f["line"], f["column"])
            for f in json.loads(done.stdout)] == [("LXF001", "error", "layers.py", 8, 12)]
