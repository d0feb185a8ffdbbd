# expect: LXF028
# oracle: RAISED TypeError: 'list' object is not callable
# flagged-in: sharding.py
"""python train.py: a toy copy task for the seq2seq model on a pod, sharded with XLA FSDP."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from models import Seq2Seq
from sharding import make_strategy


def train(fabric, steps=2):
    model = fabric.setup_module(Seq2Seq())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        src = torch.randint(0, 64, (4, 16), device=fabric.device)
        logits = model(src, src)
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), src.reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=make_strategy())
    fabric.launch(train)
