# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
# flagged-in: strategies/xla.py
"""python train.py: the tiny config, its strategy looked up by name in the registry."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import strategies  # noqa: F401  (registers the builders)
from configs.tiny import CONFIG
from model import Net
from registry import STRATEGIES


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch_size"], 32, device=fabric.device)
        y = torch.randint(0, 4, (cfg["batch_size"],), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    builder = STRATEGIES[CONFIG["strategy"]](CONFIG)
    fabric = Fabric(accelerator="tpu", strategy=builder.build(), precision=CONFIG["precision"])
    fabric.launch(train, CONFIG)
