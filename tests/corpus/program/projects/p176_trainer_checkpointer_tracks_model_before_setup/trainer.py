"""The trainer: it owns the Fabric, launches itself on every TPU core and runs the loop there."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from utils.ckpt import Checkpointer


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))

    def fit(self):
        self.fabric.launch(self._worker)

    def _worker(self, fabric):
        model = Net(depth=self.cfg.depth)
        checkpointer = Checkpointer(fabric, self.cfg.out_dir, every=self.cfg.save_every)
        checkpointer.track(model=model)
        model = fabric.setup_module(model)
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.cfg.lr))
        checkpointer.track(optimizer=optimizer)
        for step in range(self.cfg.max_steps):
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            checkpointer.maybe_save(step)
