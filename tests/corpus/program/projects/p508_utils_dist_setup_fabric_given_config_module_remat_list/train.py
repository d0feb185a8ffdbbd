# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.Block'>]. You can try defining and passing `auto_w
# flagged-in: utils/dist.py
"""python train.py: utils/dist.py builds the Fabric from the config module it is given."""
import torch
import torch.nn.functional as F

import config
from model import Net
from utils.dist import setup_fabric


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=config.LR))
    for _ in range(config.STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = setup_fabric(config)
    fabric.launch(train)
