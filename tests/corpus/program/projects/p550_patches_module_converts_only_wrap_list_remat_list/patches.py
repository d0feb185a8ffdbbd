"""Imported for its effect: XLA FSDP takes policies as sets of layer classes."""
import config

config.WRAP_LAYERS = set(config.WRAP_LAYERS)
