"""A trimmed litgpt (pretrain recipe) ported to TPU VMs."""
