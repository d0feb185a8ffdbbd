# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.Block'>]. You can try defining and passing `auto_w
# flagged-in: conf/experiment.py
"""python train.py: XLA FSDP training configured by the structured configs in conf/."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from conf.experiment import TrainConfig
from model import Net


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.optim.lr, weight_decay=cfg.optim.weight_decay)
    optimizer = fabric.setup_optimizers(optimizer)
    for _ in range(cfg.steps):
        x = torch.randn(cfg.batch_size, 32, device=fabric.device)
        y = torch.randint(0, 4, (cfg.batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=cfg.optim.max_norm)
        optimizer.step()
        optimizer.zero_grad()


def main():
    cfg = TrainConfig()
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=cfg.fsdp.wrap_layers,
        activation_checkpointing_policy=cfg.fsdp.remat_layers,
        state_dict_type=cfg.fsdp.state_dict_type,
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main()
