"""Structured configs, one module per group (the layout hydra's ConfigStore expects)."""
