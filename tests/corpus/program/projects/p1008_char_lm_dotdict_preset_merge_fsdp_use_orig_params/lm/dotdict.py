"""Dicts read by attribute; `merge` layers presets on top of each other."""


class DotDict(dict):
    """`d.a.b` for `d["a"]["b"]`; nested plain dicts are wrapped when read."""

    def __getattr__(self, key):
        try:
            value = self[key]
        except KeyError as err:
            raise AttributeError(key) from err
        if type(value) is dict:
            value = self[key] = DotDict(value)
        return value

    def __setattr__(self, key, value):
        self[key] = value

    def merge(self, *others):
        out = DotDict(self)
        for other in others:
            for key, value in other.items():
                if isinstance(value, dict) and isinstance(out.get(key), dict):
                    out[key] = DotDict(out[key]).merge(value)
                else:
                    out[key] = value
        return out
