"""A dict that is also its own attribute namespace (`cfg.fsdp.remat`), nested dicts converted on the way in."""
import copy


class AttrDict(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for key, value in self.items():
            if isinstance(value, dict) and not isinstance(value, AttrDict):
                self[key] = AttrDict(value)
        self.__dict__ = self

    def merged(self, overrides):
        """A copy of self with `overrides` applied key by key, recursing into sections."""
        out = AttrDict(copy.deepcopy(dict(self)))
        for key, value in overrides.items():
            if isinstance(value, dict) and isinstance(out.get(key), dict):
                out[key] = AttrDict(out[key]).merged(value)
            else:
                out[key] = value
        return out
