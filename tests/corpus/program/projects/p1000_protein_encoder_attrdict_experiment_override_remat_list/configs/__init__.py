"""`get_config(name)`: the defaults merged with one experiment's overrides, read by attribute."""
from configs.base import DEFAULTS
from configs.experiments import EXPERIMENTS
from utils.attrdict import AttrDict


def get_config(name):
    return AttrDict(DEFAULTS).merged(EXPERIMENTS[name])
