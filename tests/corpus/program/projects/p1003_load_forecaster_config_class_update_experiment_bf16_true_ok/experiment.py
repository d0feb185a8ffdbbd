"""The experiment this run trains: what differs from config.DEFAULTS."""

NAME = "hourly-load-bf16"

OVERRIDES = {
    "trainer": {"precision": "bf16-true"},  # halve activation memory on the TPU
    "model": {"hidden": 192},
}
