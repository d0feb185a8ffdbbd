# expect: LXF032
# oracle: RAISED KeyError: "The requested state contains a key 'epoch' that does not exist in the loaded checkpoint. To disable strict loading, set
"""Hand-gesture classifier over 21 hand keypoints per frame, trained on TPU; `save` and `resume` of its checkpointer are partialmethods of one `_transfer`."""
import functools
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

KEYPOINTS = 21
FRAMES = 8
GESTURES = 5  # fist, palm, point, pinch, thumbs-up


class GestureNet(nn.Module):
    def __init__(self, hidden=96):
        super().__init__()
        self.frame = nn.Sequential(nn.Linear(KEYPOINTS * 2, hidden), nn.GELU())
        self.clip = nn.Sequential(nn.Linear(FRAMES * hidden, hidden), nn.GELU(), nn.Linear(hidden, GESTURES))

    def forward(self, keypoints):
        return self.clip(self.frame(keypoints.flatten(2)).flatten(1))


class Checkpointer:
    def __init__(self, fabric, root):
        self.fabric = fabric
        self.root = root

    def _transfer(self, direction, keys, tag, state):
        path = os.path.join(self.root, tag)
        subset = {key: state[key] for key in keys}
        if direction == "out":
            self.fabric.save(path, subset)
        else:
            self.fabric.load(path, subset)
            state.update(subset)

    save = functools.partialmethod(_transfer, "out", ("model", "optimizer", "best_acc"))
    resume = functools.partialmethod(_transfer, "in", ("model", "optimizer", "best_acc", "epoch"))


def clips(n, device):
    labels = torch.randint(0, GESTURES, (n,), device=device)
    base = torch.rand(GESTURES, KEYPOINTS, 2, device=device)
    keypoints = base[labels].unsqueeze(1) + 0.05 * torch.randn(n, FRAMES, KEYPOINTS, 2, device=device)
    return keypoints, labels


def run_epoch(fabric, model, optimizer, steps=2):
    correct = 0
    for _ in range(steps):
        keypoints, labels = clips(16, fabric.device)
        logits = model(keypoints)
        loss = F.cross_entropy(logits, labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        correct += (logits.argmax(-1) == labels).sum().item()
    return correct / (16 * steps)


def main(fabric):
    model = fabric.setup_module(GestureNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    root = fabric.broadcast(tempfile.mkdtemp(prefix="gestures-") if fabric.global_rank == 0 else None)
    ckpt = Checkpointer(fabric, root)
    state = {"model": model, "optimizer": optimizer, "best_acc": 0.0, "epoch": 0}

    state["best_acc"] = max(state["best_acc"], run_epoch(fabric, model, optimizer))
    state["epoch"] = 1
    ckpt.save("last", state)

    ckpt.resume("last", state)
    fabric.print(f"resumed at epoch {state['epoch']} (best acc {state['best_acc']:.2f})")
    run_epoch(fabric, model, optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(main)
