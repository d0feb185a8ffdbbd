"""How the model is sharded and checkpointed; an experiment derives its own with `dataclasses.replace`."""
from dataclasses import dataclass

from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


@dataclass(frozen=True)
class ShardingConfig:
    state_dict_type: str = "sharded"
    sequential_save: bool = False

    def strategy(self):
        return XLAFSDPStrategy(
            auto_wrap_policy={Block},
            state_dict_type=self.state_dict_type,
            sequential_save=self.sequential_save,
        )


BASE = ShardingConfig()
