"""Clippers register themselves under a name with `@register("name")`; a run picks one by that name."""

CLIPPERS = {}


def register(name):
    def add(cls):
        CLIPPERS[name] = cls
        return cls

    return add


class Clipper:
    """Bound the gradients before each step; a subclass says how by its class attributes."""

    clip_val = None
    max_norm = None

    def apply(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=self.clip_val, max_norm=self.max_norm)
