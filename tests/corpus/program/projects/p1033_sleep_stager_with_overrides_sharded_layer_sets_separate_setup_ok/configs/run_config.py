"""A flat run configuration; `with_overrides` returns a new object and leaves this one alone."""


class RunConfig:
    FIELDS = ("accelerator", "strategy", "setup", "channels", "epoch_len", "lr", "steps", "batch")

    def __init__(self, **values):
        missing = [name for name in self.FIELDS if name not in values]
        if missing:
            raise TypeError(f"missing config fields: {missing}")
        self._values = {name: values[name] for name in self.FIELDS}

    @classmethod
    def from_dict(cls, values):
        return cls(**values)

    def with_overrides(self, overrides):
        return type(self)(**{**self._values, **overrides})

    def __getattr__(self, name):
        try:
            return self.__dict__["_values"][name]
        except KeyError:
            raise AttributeError(name) from None

    def __repr__(self):
        return f"RunConfig({self._values})"
