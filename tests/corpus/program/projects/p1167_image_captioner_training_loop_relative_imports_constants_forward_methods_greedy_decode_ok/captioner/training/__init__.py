"""Training entry points: `from captioner.training.loop import run`."""
