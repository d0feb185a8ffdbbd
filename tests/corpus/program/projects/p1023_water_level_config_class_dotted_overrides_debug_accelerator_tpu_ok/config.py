"""Run configuration of the water-level regressor: nested sections, built from dicts, overridden by `a.b=value` strings."""
import copy
import json


def _coerce(text):
    try:
        return json.loads(text)
    except ValueError:
        return text  # bare words stay strings: accelerator=tpu


class Config:
    DEFAULTS = {
        "trainer": {"accelerator": "tpu", "devices": 8, "precision": "32-true"},  # a v3-8 host
        "model": {"stations": 9, "hidden": 64, "horizon": 6},
        "optim": {"lr": 1e-3, "steps": 4, "batch": 24},
    }

    def __init__(self, tree):
        self._tree = tree

    @classmethod
    def from_dict(cls, values=None):
        tree = copy.deepcopy(cls.DEFAULTS)
        for section, entries in (values or {}).items():
            tree.setdefault(section, {}).update(entries)
        return cls(tree)

    def override(self, assignments):
        """A new Config with each `section.key=value` assignment applied in order."""
        tree = copy.deepcopy(self._tree)
        for assignment in assignments:
            path, _, raw = assignment.partition("=")
            section, key = path.strip().split(".")
            tree[section][key] = _coerce(raw.strip())
        return Config(tree)

    def section(self, name):
        return dict(self._tree[name])
