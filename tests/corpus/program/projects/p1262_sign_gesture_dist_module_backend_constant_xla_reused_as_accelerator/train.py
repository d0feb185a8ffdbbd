# expect: LXF035
# oracle: RAISED ValueError: You selected an invalid accelerator name: `accelerator='xla'`. Available names are: auto, tpu, cpu, cuda, mps.
# flagged-in: utils/dist.py
"""python train.py: train the sign-gesture classifier on the TPU host's cores."""
import torch
import torch.nn.functional as F

from gestures.data import clips
from gestures.model import SignClassifier, TemporalBlock
from utils.dist import build_fabric, is_main


def train(fabric, steps=3, batch_size=24):
    model = fabric.setup_module(SignClassifier())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        x, y = clips(batch_size, seed=step)
        logits = model(x.to(fabric.device))
        loss = F.cross_entropy(logits, y.to(fabric.device), label_smoothing=0.1)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if is_main(fabric):
            print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    fabric = build_fabric([TemporalBlock])
    fabric.launch(train)
