from dataclasses import dataclass, field


@dataclass
class TrainConfig:
    items: int = 1000
    dim: int = 32
    steps: int = 3
    lr: float = 1e-3
    checkpoint_format: str = "sharded"
    resume_check: bool = False
    wrap_layers: tuple = ("SessionEncoder",)
    strategy_kwargs: dict = field(init=False, repr=False)

    def __post_init__(self):
        from recsys import model

        self.strategy_kwargs = {
            "state_dict_type": self.checkpoint_format,
            "auto_wrap_policy": {getattr(model, name) for name in self.wrap_layers},
        }
