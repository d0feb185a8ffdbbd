# expect: LXF040
# oracle: RAISED TypeError: Only PyTorch DataLoader are currently supported in `setup_dataloaders`.
# flagged-in: data/batching.py
"""python train.py: one short epoch of the SMS spam filter on a TPU host."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from data import SmsDataset, make_train_loader
from spam.model import GatedConv, SpamFilter


def train(fabric, batch_size=32, max_steps=4):
    loader = fabric.setup_dataloaders(make_train_loader(SmsDataset(), batch_size))
    model = fabric.setup_module(SpamFilter())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=2e-3))
    for step, (ids, labels) in enumerate(loader):
        loss = F.binary_cross_entropy_with_logits(model(ids), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: bce {loss.item():.4f} (batch {tuple(ids.shape)})")
        if step + 1 == max_steps:
            break


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={GatedConv}))
    fabric.launch(train)
