"""This machine: a v4-8, trained in bfloat16 to halve the activations."""
FABRIC = {"precision": "bf16-true"}
