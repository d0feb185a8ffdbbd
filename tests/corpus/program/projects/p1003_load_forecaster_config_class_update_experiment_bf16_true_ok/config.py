"""Experiment configuration: nested sections read by attribute, built from plain dicts."""


class Section:
    """One level of the configuration; nested dicts become nested sections."""

    def __init__(self, **entries):
        for key, value in entries.items():
            setattr(self, key, Section(**value) if isinstance(value, dict) else value)

    def update(self, other: dict):
        for key, value in other.items():
            current = getattr(self, key, None)
            if isinstance(value, dict) and isinstance(current, Section):
                current.update(value)
            else:
                setattr(self, key, Section(**value) if isinstance(value, dict) else value)
        return self

    def to_dict(self):
        return {k: v.to_dict() if isinstance(v, Section) else v for k, v in vars(self).items()}


class Config(Section):
    @classmethod
    def from_dict(cls, data: dict, *overrides: dict) -> "Config":
        cfg = cls(**data)
        for extra in overrides:
            cfg.update(extra)
        return cfg


DEFAULTS = {
    "trainer": {"accelerator": "tpu", "precision": "32-true"},
    "model": {"window": 48, "horizon": 12, "hidden": 128, "blocks": 3},
    "optim": {"lr": 1e-3, "steps": 4, "batch": 16},
}
