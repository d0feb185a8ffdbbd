"""gpt-small: bf16 weights and activations to fit the batch in HBM."""
OVERRIDES = {
    "precision": "bf16-true",
}
