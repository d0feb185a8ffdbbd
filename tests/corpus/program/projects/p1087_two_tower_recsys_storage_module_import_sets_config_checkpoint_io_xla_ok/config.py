"""Run configuration; other modules fill in the parts that depend on where the run stores its files."""
USER_FEATURES, ITEM_FEATURES = 12, 20
EMBED_DIM = 16
STEPS = 3

CHECKPOINT_IO = None  # set by the storage backend module the entry point imports
CHECKPOINT_ROOT = None
