"""What every Lightning pack shares: how the evaluator reads the Fabric, its strategies, set-up
modules and optimizers, and torch's modules and optimizers (`values.py`). No records and no rules of
its own; the XLA and CUDA packs build on it."""

# Its place among the packs (packs/__init__.py): the shared Lightning knowledge comes first: the other packs build on it.
ORDER = 0
# Its tips answer only for code the other packs' words already pick: it adds no word of its own.
WORDS: tuple[str, ...] = ()
CONTEXT_WORDS: tuple[str, ...] = ()
