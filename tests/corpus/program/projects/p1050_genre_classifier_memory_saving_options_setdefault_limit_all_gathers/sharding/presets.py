from sharding.options import StrategyOptions


class MemorySavingOptions(StrategyOptions):
    """For the big spectrogram batches: keep as few gathered weights alive at once as possible."""

    def __init__(self, **kwargs):
        kwargs.setdefault("reshard_after_forward", True)
        kwargs.setdefault("limit_all_gathers", True)
        super().__init__(**kwargs)
