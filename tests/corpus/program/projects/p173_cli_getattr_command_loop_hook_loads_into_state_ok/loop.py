"""A small training loop with hooks; tasks subclass it and override what they need."""
import torch
import torch.nn.functional as F


class Loop:
    def __init__(self, fabric, model, optimizer, steps=2, batch_size=8):
        self.fabric = fabric
        self.model = model
        self.optimizer = optimizer
        self.steps = steps
        self.batch_size = batch_size
        self.step = 0

    def on_start(self):
        pass

    def on_step_end(self, loss):
        pass

    def on_end(self):
        pass

    def training_step(self):
        x = torch.randn(self.batch_size, 32, device=self.fabric.device)
        y = torch.randint(0, 4, (self.batch_size,), device=self.fabric.device)
        return F.cross_entropy(self.model(x), y)

    def run(self):
        self.on_start()
        for self.step in range(self.steps):
            loss = self.training_step()
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.on_step_end(loss)
        self.on_end()
