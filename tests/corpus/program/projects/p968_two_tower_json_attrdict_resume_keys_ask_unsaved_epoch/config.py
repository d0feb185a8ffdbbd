"""Hyperparameters of the two-tower recommender, from hparams.json next to this file."""
import json
from pathlib import Path

from utils.attrdict import AttrDict

HPARAMS_FILE = Path(__file__).parent / "hparams.json"


def load_hparams(path=HPARAMS_FILE) -> AttrDict:
    with open(path) as f:
        return AttrDict(json.load(f))


HPARAMS = load_hparams()
