# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.Block'>]. You can try defining and passing `auto_w
# flagged-in: utils/normalize.py
"""python train.py: fit the residual MLP on random data, sharded over the TPU cores."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import TrainConfig
from model import Net
from utils.normalize import normalize


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(cfg.batch_size, 32, device=fabric.device)
        y = torch.randint(0, 4, (cfg.batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    cfg = TrainConfig()
    sharding = normalize(cfg.sharding)
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=sharding.auto_wrap_policy,
        activation_checkpointing_policy=sharding.activation_checkpointing_policy,
        state_dict_type=sharding.state_dict_type,
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main()
