from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from trainer import BaseTrainer


class BlockNetTrainer(BaseTrainer):
    def build_model(self):
        return Net(depth=4)

    def configure_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
