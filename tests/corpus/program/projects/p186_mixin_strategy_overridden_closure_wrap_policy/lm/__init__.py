"""lm: the block language model and its trainers."""
