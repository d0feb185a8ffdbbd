"""Strategy recipes by name: `@register("name")` on a class adds it; `get(name)` makes one."""
RECIPES = {}


def register(name):
    def add(cls):
        RECIPES[name] = cls
        cls.name = name
        return cls

    return add


def get(name, **kwargs):
    if name not in RECIPES:
        raise KeyError(f"unknown recipe {name!r}, choose from {sorted(RECIPES)}")
    return RECIPES[name](**kwargs)
