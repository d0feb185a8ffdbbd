"""EasyDict-style config: items and attributes are the same thing, at every level."""


class EDict(dict):
    def __init__(self, data=None, **kwargs):
        super().__init__()
        for key, value in {**(data or {}), **kwargs}.items():
            setattr(self, key, value)

    def __setattr__(self, name, value):
        if isinstance(value, dict) and not isinstance(value, EDict):
            value = EDict(value)
        super().__setattr__(name, value)
        super().__setitem__(name, value)

    __setitem__ = __setattr__

    def update(self, other=None, **kwargs):
        for key, value in {**(other or {}), **kwargs}.items():
            setattr(self, key, value)
