# expect: none
# oracle: OK
# twin: s486_callback_factory_appends_clipper_fired_by_hook_constant
"""python train.py: callbacks built from a config by a factory; the loop fires its events through module constants."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CONFIG = {"clip_val": 0.5, "log_every": 1, "steps": 2}

# the loop's events (the clipper kept the hook name of a Lightning Trainer callback)
BEFORE_STEP = "on_before_step"
BATCH_END = "on_train_batch_end"


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.tanh(self.fc(x))


class ValueClipper:
    def __init__(self, clip_val: float):
        self.clip_val = clip_val

    def on_before_optimizer_step(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=self.clip_val)


class LossPrinter:
    def __init__(self, every: int):
        self.every = every

    def on_train_batch_end(self, fabric, loss, step):
        if step % self.every == 0:
            fabric.print(f"step {step}: {loss.item():.4f}")


def build_callbacks(cfg):
    callbacks = [LossPrinter(cfg["log_every"])]
    if cfg.get("clip_val") is not None:
        callbacks.append(ValueClipper(cfg["clip_val"]))
    return callbacks


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05))
    for step in range(cfg["steps"]):
        x = torch.randn(8, 32, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        fabric.call(BEFORE_STEP, fabric=fabric, model=model, optimizer=optimizer)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call(BATCH_END, fabric=fabric, loss=loss, step=step)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
                    callbacks=build_callbacks(CONFIG))
    fabric.launch(train, CONFIG)
