"""Layer names of config.py turned into what XLAFSDPStrategy takes."""
import model


def layer_classes(names):
    return [getattr(model, name) for name in names]


def policy(names):
    """The classes, each once: the config lists a class per stage."""
    return set(layer_classes(names))
