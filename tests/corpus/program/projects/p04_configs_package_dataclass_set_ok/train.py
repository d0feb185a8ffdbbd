# expect: none
# oracle: OK
# twin: p03_configs_package_dataclass_list
"""Fine-tune the block net on a TPU pod slice with XLA FSDP."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import OptimConfig, ShardingConfig
from model import Net


def train(fabric, optim_cfg):
    model = fabric.setup_module(Net())
    optimizer = torch.optim.AdamW(model.parameters(), lr=optim_cfg.lr, weight_decay=optim_cfg.weight_decay)
    optimizer = fabric.setup_optimizers(optimizer)
    for _ in range(optim_cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=optim_cfg.max_norm)
        optimizer.step()
        optimizer.zero_grad()


def main():
    shard = ShardingConfig()
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=shard.wrap,
        activation_checkpointing_policy=shard.remat,
        state_dict_type=shard.state_dict_type,
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, OptimConfig())


if __name__ == "__main__":
    main()
