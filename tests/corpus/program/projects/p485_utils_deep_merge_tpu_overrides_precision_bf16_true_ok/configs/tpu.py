"""TPU: the chips compute in bfloat16."""

OVERRIDES = {"fabric": {"accelerator": "tpu", "precision": "bf16-true"}}
