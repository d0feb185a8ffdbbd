from . import xla  # noqa: F401  (fills registry.STRATEGIES)
