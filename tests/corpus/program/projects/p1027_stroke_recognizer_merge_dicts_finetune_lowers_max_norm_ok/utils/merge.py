"""Merge override dicts over a base, one level deep (the sections), without touching the inputs."""


def merge_dicts(base, *overrides):
    result = {key: dict(value) if isinstance(value, dict) else value for key, value in base.items()}
    for override in overrides:
        for key, value in override.items():
            if isinstance(value, dict):
                result[key] = {**result.get(key, {}), **value}
            else:
                result[key] = value
    return result
