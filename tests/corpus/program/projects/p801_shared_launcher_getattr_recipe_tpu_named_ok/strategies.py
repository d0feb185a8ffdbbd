"""Builds the sharding strategy from a named recipe in `recipes`."""
from lightning.fabric.strategies import XLAFSDPStrategy

import recipes


def fsdp_keywords(recipe="gpu", **overrides):
    make = getattr(recipes, recipe.replace("-", "_"), None)
    if make is None:
        raise KeyError(f"no FSDP recipe called {recipe!r}")
    keywords = make()
    keywords.update(overrides)
    return keywords


def sharded_strategy(layer_cls, recipe="gpu", state_dict_type="sharded"):
    keywords = fsdp_keywords(recipe)
    return XLAFSDPStrategy(auto_wrap_policy={layer_cls}, state_dict_type=state_dict_type, **keywords)


def describe(recipe="gpu"):
    """One line for the run log: which recipe, and the keywords it sets."""
    keywords = fsdp_keywords(recipe)
    settings = ", ".join(f"{key}={value}" for key, value in sorted(keywords.items()))
    return f"recipe {recipe}: {settings or 'torch_xla defaults'}"


def available():
    return recipes.names()
