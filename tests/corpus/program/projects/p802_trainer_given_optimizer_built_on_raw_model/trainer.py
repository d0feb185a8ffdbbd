"""A minimal Fabric trainer: give it a model, and either an optimizer or nothing (it then builds AdamW itself)."""
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer=None, lr=1e-3, max_steps=3, log_every=1):
        self.model = model
        self.optimizer = optimizer
        self.lr = lr
        self.max_steps = max_steps
        self.log_every = log_every

    def _configure(self, fabric):
        model = fabric.setup_module(self.model)
        if self.optimizer is None:
            # built from the sharded parameters, after the module is set up
            optimizer = torch.optim.AdamW(model.parameters(), lr=self.lr)
        else:
            optimizer = self.optimizer
        return model, fabric.setup_optimizers(optimizer)

    def fit(self, fabric, batches):
        model, optimizer = self._configure(fabric)
        model.train()
        for step, (x, y) in enumerate(batches(fabric.device)):
            if step >= self.max_steps:
                break
            loss = F.cross_entropy(model(x), y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            if step % self.log_every == 0:
                fabric.print(f"step {step}: loss {loss.item():.4f}")
