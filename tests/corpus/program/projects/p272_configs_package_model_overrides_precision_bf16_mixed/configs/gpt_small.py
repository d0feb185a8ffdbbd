"""gpt-small: bf16 activations to fit the batch in HBM."""
OVERRIDES = {
    "precision": "bf16-mixed",
}
