from dataclasses import dataclass


@dataclass
class Config:
    name: str = "pythia-14m-tiny"
    n_embd: int = 32
    n_layer: int = 2
    vocab_size: int = 128

    @classmethod
    def from_name(cls, name, **overrides):
        return cls(name=name, **overrides)


@dataclass
class TrainArgs:
    global_batch_size: int = 8
    micro_batch_size: int = 4
    max_steps: int = 2
    learning_rate: float = 4e-4
