"""Adapter runner: checkpoints keep the adapter weights only, so a checkpoint per task stays tiny."""
from finetune.base import FinetuneRunner


def keep_adapter_weights(name, value):
    return "adapter" in name


class AdapterRunner(FinetuneRunner):
    lr = 1e-3

    @property
    def save_filter(self):
        return keep_adapter_weights
