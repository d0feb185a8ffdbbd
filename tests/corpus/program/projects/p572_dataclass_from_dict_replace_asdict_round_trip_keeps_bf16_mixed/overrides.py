"""Command-line style overrides: `fabric.devices=4` edits the nested config without mutating it."""
import dataclasses


def with_fabric(cfg, **changes):
    return dataclasses.replace(cfg, fabric=dataclasses.replace(cfg.fabric, **changes))


def with_train(cfg, **changes):
    return dataclasses.replace(cfg, **changes)
