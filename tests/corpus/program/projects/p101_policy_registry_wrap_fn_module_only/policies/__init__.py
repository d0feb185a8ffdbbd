"""Wrap policies by name, so a run picks one with a string."""
from .wrap import wrap_blocks, wrap_large

WRAP_POLICIES = {
    "blocks": wrap_blocks,
    "large": wrap_large,
}
