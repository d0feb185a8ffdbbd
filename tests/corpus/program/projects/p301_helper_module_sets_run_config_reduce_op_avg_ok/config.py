"""The run's settings: one object, filled with defaults here and adjusted by the helpers in overrides.py."""


class RunConfig:
    def __init__(self):
        self.lr = 1e-3
        self.steps = 2
        self.loss_reduce = "mean"
        self.log_every = 1
