from experiment.callbacks import PeriodicCheckpoint
from experiment.hparams import Hparams
from experiment.trainer import BaseTrainer, TPUTrainer

__all__ = ["BaseTrainer", "Hparams", "PeriodicCheckpoint", "TPUTrainer"]
