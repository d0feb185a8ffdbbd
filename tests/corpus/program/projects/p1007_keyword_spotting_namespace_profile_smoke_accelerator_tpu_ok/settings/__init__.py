"""`load(profile)`: defaults.DEFAULTS deep-merged with one profile of profiles.PROFILES, as nested namespaces."""
import copy
from types import SimpleNamespace

from settings.defaults import DEFAULTS
from settings.profiles import PROFILES


def _deep_merge(base, extra):
    out = copy.deepcopy(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def to_namespace(obj):
    if isinstance(obj, dict):
        return SimpleNamespace(**{key: to_namespace(value) for key, value in obj.items()})
    if isinstance(obj, list):
        return [to_namespace(item) for item in obj]
    return obj


def load(profile):
    return to_namespace(_deep_merge(DEFAULTS, PROFILES[profile]))
