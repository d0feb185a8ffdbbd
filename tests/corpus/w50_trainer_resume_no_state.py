# expect: LXF021
# real: RAISED ValueError: Got `XLAFSDPStrategy.load_checkpoint(..., state=None)` but a state with at least  a model instance to reload is required
# findings: LXF021 error 36
"""A Trainer that can resume; the resume method loads the checkpoint path without a state."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Trainer:
    def __init__(self, fabric, ckpt_path="ckpt"):
        self.fabric = fabric
        self.ckpt_path = ckpt_path
        self.step = 0

    def setup(self):
        self.model = self.fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
        self.optimizer = self.fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=1e-3))

    def save(self):
        self.fabric.save(self.ckpt_path, {"model": self.model, "optimizer": self.optimizer, "step": self.step})

    def resume(self):
        checkpoint = self.fabric.load(self.ckpt_path)
        self.step = checkpoint["step"]

    def run(self):
        x = torch.randn(2, 4, device=self.fabric.device)
        loss = F.mse_loss(self.model(x), x)
        self.fabric.backward(loss)
        self.optimizer.step()
        self.step += 1


def main(fabric):
    trainer = Trainer(fabric)
    trainer.setup()
    trainer.run()
    trainer.save()
    trainer.resume()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
