"""Poor man's configurator without exec: --key=value overrides applied to a config dict."""
import ast


def _coerce(value, default):
    try:
        parsed = ast.literal_eval(value)
    except (SyntaxError, ValueError):
        parsed = value
    if default is not None and not isinstance(parsed, type(default)):
        raise TypeError(f"override {value!r} does not match {type(default).__name__}")
    return parsed


def apply(config, argv):
    for arg in argv:
        if not arg.startswith("--"):
            continue
        key, _, value = arg[2:].partition("=")
        if key not in config:
            raise ValueError(f"Unknown config key: {key}")
        config[key] = _coerce(value, config[key])
    return config
