"""Strategy builders: a builder keeps the keywords every run of a recipe shares; a call adds or overrides some."""
from lightning.fabric.strategies import XLAFSDPStrategy


def strategy_builder(**shared):
    def build(**overrides):
        return XLAFSDPStrategy(**{**shared, **overrides})

    build.shared = dict(shared)
    return build
