"""`Trainer`: owns the Fabric and the loop; a task subclass supplies the model, the loss and what to checkpoint."""
import os
import tempfile

import torch


class Trainer:
    max_steps = 2
    lr = 3e-4
    save_every = 2

    def __init__(self, fabric):
        self.fabric = fabric
        self.network = self.configure_model()
        self.model = None
        self.optimizer = None
        self.step = 0
        self.out_dir = tempfile.mkdtemp()

    # hooks -----------------------------------------------------------------------------------------------
    def configure_model(self):
        raise NotImplementedError

    def training_step(self, batch):
        raise NotImplementedError

    def make_batch(self):
        raise NotImplementedError

    def checkpoint_state(self):
        return {"model": self.model, "optimizer": self.optimizer, "step": self.step}

    # the loop --------------------------------------------------------------------------------------------
    def fit(self):
        self.model = self.fabric.setup_module(self.network)
        self.optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=self.lr))
        while self.step < self.max_steps:
            loss = self.training_step(self.make_batch())
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.step += 1
            if self.step % self.save_every == 0:
                self.fabric.save(os.path.join(self.out_dir, f"step-{self.step}"), self.checkpoint_state())
