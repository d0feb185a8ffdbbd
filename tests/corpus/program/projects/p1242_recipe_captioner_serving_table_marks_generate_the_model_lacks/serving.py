"""What the exported captioner exposes besides `forward` (kept in sync with the web demo)."""

# methods that run through the sharded forward so their weights are gathered
EXPORTED_METHODS = ("generate",)
MAX_TITLE_LEN = 8
