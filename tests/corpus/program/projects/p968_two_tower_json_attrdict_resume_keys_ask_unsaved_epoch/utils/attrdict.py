"""A dict whose keys read as attributes, nested dicts included: `cfg.optim.lr`."""


class AttrDict(dict):
    def __getattr__(self, name):
        try:
            value = self[name]
        except KeyError:
            raise AttributeError(name) from None
        return AttrDict(value) if isinstance(value, dict) else value

    def __setattr__(self, name, value):
        self[name] = value
