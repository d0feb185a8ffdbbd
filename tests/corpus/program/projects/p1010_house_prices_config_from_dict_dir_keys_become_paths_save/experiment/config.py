"""Config objects built from plain dicts: sections by attribute, `*_dir` entries as paths."""
import tempfile
from pathlib import Path


class Config:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    @classmethod
    def from_dict(cls, data):
        fields = {}
        for key, value in data.items():
            if isinstance(value, dict):
                value = cls.from_dict(value)
            elif key.endswith("_dir") and value is not None:
                value = Path(value).expanduser()
            fields[key] = value
        return cls(**fields)

    def merge(self, other: dict):
        merged = {k: v for k, v in vars(self).items()}
        merged.update(other)
        return Config.from_dict({k: vars(v) if isinstance(v, Config) else v for k, v in merged.items()})


def default_config():
    return Config.from_dict({
        "data": {"n_features": 12, "batch": 32, "steps": 4},
        "model": {"hidden": 64, "depth": 3},
        "optim": {"lr": 1e-3},
        "io": {"output_dir": tempfile.mkdtemp(prefix="house-prices-"), "keep_last": 1},
    })
