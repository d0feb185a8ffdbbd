"""Config helpers: a dict whose keys read as attributes."""
import os

import yaml


class AttrDict:
    def __init__(self, data):
        self._data = data

    def __getattr__(self, name):
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(name) from None


def load_hparams(path=os.path.join(os.path.dirname(__file__), "hparams.yml")):
    with open(path, encoding="utf-8") as stream:
        return AttrDict(yaml.safe_load(stream))
