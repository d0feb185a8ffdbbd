from .base import BaseTrainer, FSDPMixin
