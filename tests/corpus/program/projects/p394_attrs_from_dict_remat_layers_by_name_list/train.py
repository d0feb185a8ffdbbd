# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'models.FeedForward'>]. You can try defining and passing
# flagged-in: config.py
"""Trains the Transformer with XLA FSDP from the TPU v4 config."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import TPU_V4, TrainConfig
from models import Transformer


def train(fabric: Fabric, cfg: TrainConfig) -> None:
    model = fabric.setup_module(Transformer())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        idx = torch.randint(0, 64, (4, 16), device=fabric.device)
        logits = model(idx)
        fabric.backward(F.cross_entropy(logits[:, :-1].flatten(0, 1), idx[:, 1:].flatten()))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = TrainConfig.from_dict(TPU_V4)
    strategy = XLAFSDPStrategy(**cfg.fsdp.strategy_kwargs())
    fabric = Fabric(accelerator="tpu", strategy=strategy, precision=cfg.precision)
    fabric.launch(train, cfg)
