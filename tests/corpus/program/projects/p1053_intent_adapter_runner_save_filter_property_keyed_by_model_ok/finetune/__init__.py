from finetune.adapters import AdapterRunner
from finetune.base import FinetuneRunner

__all__ = ["AdapterRunner", "FinetuneRunner"]
