"""Gradient clipping settings by name, as the CLI spells them."""


def clip_kwargs(kind: str, threshold: float = 1.0) -> dict:
    if kind == "norm":
        return {"max_norm": threshold}
    if kind == "value":
        return {"clip_val": threshold}
    raise ValueError(f"unknown clipping {kind!r}")
