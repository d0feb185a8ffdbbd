from trainers.base import TRAINERS, BaseTrainer, make_trainer, register

__all__ = ["BaseTrainer", "make_trainer", "register", "TRAINERS"]
