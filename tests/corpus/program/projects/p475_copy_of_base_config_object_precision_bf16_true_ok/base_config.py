"""The settings every run starts from."""


class TrainConfig:
    def __init__(self):
        self.accelerator = "auto"
        self.devices = "auto"
        self.precision = "32-true"
        self.lr = 3e-4


BASE = TrainConfig()
