# expect: none
# oracle: OK
# twin: s1250_gesture_keypoints_batch_helper_falls_back_to_fabric_device_before_launch
"""Sign-language gesture classifier over 21 hand keypoints x 16 frames; prints a shape check before training."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

KEYPOINTS = 21
FRAMES = 16
GESTURES = 10


class GestureGRU(nn.Module):
    def __init__(self, hidden: int = 48):
        super().__init__()
        self.proj = nn.Linear(KEYPOINTS * 3, hidden)
        self.gru = nn.GRU(hidden, hidden, batch_first=True)
        self.head = nn.Linear(hidden, GESTURES)

    def forward(self, seq):
        out, _ = self.gru(torch.relu(self.proj(seq.flatten(2))))
        return self.head(out[:, -1])


def synthetic_batch(n: int, *, device=None, fabric=None):
    """Random hand trajectories whose drift direction encodes the gesture; lands on ``device`` or Fabric's device."""
    device = device if device is not None else fabric.device
    gesture = torch.randint(0, GESTURES, (n,))
    drift = torch.stack([torch.cos(gesture * 0.6), torch.sin(gesture * 0.6), torch.zeros(n)], dim=1)
    t = torch.linspace(0, 1, FRAMES).view(1, FRAMES, 1, 1)
    seq = drift.view(n, 1, 1, 3) * t + 0.05 * torch.randn(n, FRAMES, KEYPOINTS, 3)
    return seq.to(device), gesture.to(device)


def train(fabric, steps):
    model = fabric.setup_module(GestureGRU())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=2e-3))
    for step in range(steps):
        seq, gesture = synthetic_batch(32, fabric=fabric)
        loss = F.cross_entropy(model(seq), gesture)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear, nn.GRU}))
    probe, _ = synthetic_batch(2, device="cpu")
    print("input batch:", tuple(probe.shape))
    fabric.launch(train, 3)
