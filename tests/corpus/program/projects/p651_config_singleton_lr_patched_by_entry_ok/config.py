"""The run's settings: one object the modules share."""


class Config:
    precision = "bf16-true"
    lr = 3e-4
    steps = 2
    batch_size = 8


CFG = Config()
