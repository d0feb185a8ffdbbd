"""Fine-tuning a small text encoder for sentiment classification."""
