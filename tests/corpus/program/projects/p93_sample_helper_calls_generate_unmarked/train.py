# expect: LXF031
# oracle: RAISED RuntimeError: Check failed: weight->shape().get().dimensions_size() == 2 (1 vs. 2)
# flagged-in: generate.py
"""python train.py: a few steps of next-token prediction, then a sample."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from generate import sample
from model import Block, TinyLM


def main(fabric):
    model = fabric.setup_module(TinyLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    idx = torch.randint(0, 64, (4, 9), device=fabric.device)
    logits = model(idx[:, :-1])
    loss = F.cross_entropy(logits.reshape(-1, 64), idx[:, 1:].reshape(-1))
    fabric.backward(loss)
    optimizer.step()
    sample(fabric, model)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
