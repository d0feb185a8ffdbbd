# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: settings/precision.py
"""python train.py: the encoder on a pod in bfloat16, sharded with XLA FSDP."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Encoder
from settings.run import RunSettings


def train(fabric, settings):
    model = fabric.setup_module(Encoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=settings.lr))
    for _ in range(settings.steps):
        tokens = torch.randint(0, 64, (4, 17), device=fabric.device)
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tokens[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    settings = RunSettings()
    fabric = Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), **settings.fabric_kwargs)
    fabric.launch(train, settings)
