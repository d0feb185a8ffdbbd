"""`section.key=value` overrides on nested frozen dataclasses, by `dataclasses.replace` all the way down."""
import ast
import dataclasses


def _parse(raw):
    try:
        return ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        return raw


def override(cfg, assignment):
    dotted, _, raw = assignment.partition("=")
    head, _, rest = dotted.partition(".")
    if not rest:
        return dataclasses.replace(cfg, **{head: _parse(raw)})
    return dataclasses.replace(cfg, **{head: override(getattr(cfg, head), f"{rest}={raw}")})


def apply_overrides(cfg, assignments):
    for assignment in assignments:
        cfg = override(cfg, assignment)
    return cfg
