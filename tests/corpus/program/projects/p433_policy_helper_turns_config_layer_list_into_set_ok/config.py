"""Run settings of the pod recipe."""
WRAP_LAYERS = ["Block"]
REMAT_LAYERS = ["Block", "Block"]  # one entry per stage; stages share the block class
PRECISION = "bf16-true"
