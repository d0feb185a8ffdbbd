"""TPU host: XLA FSDP, full bf16 weights."""

CONFIG = {
    "trainer": {"kind": "tpu"},
    "hardware": {"accelerator": "tpu", "devices": "auto", "precision": "bf16-true"},
    "fsdp": {"reshard_after_forward": True},
}
