# expect: none
# oracle: OK
# twin: p616_sharding_mixin_reads_subclass_remat_layers_list
"""python train.py: the block net, sharded and recomputed block by block on the TPU."""
from model import Block, Net
from trainer import BaseTrainer, XLAShardingMixin


class NetTrainer(XLAShardingMixin, BaseTrainer):
    model_cls = Net
    precision = "bf16-true"
    wrap_layers = [Block]
    remat_layers = {Block}


if __name__ == "__main__":
    NetTrainer(max_steps=2).fit()
