"""The base Trainer: sets up the model once; subclasses add what they train with."""


class BaseTrainer:
    def __init__(self, model, lr: float = 3e-4):
        self.model = model
        self.lr = lr

    def setup(self, fabric):
        self.model = fabric.setup_module(self.model)

    def training_step(self, fabric, step):
        raise NotImplementedError

    def fit(self, fabric, steps: int = 2):
        self.setup(fabric)
        for step in range(steps):
            self.training_step(fabric, step)
