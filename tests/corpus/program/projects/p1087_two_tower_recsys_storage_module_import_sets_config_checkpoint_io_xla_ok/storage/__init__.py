"""Storage backends; importing one of them configures where and how checkpoints are written."""
