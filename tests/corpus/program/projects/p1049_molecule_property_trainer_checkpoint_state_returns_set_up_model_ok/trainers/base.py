"""Trainer template: configure_model / configure_optimizers / training_step are the subclass's."""
import abc
import tempfile

from trainers.checkpointing import checkpoint_on_exit


class Trainer(abc.ABC):
    def __init__(self, max_steps=3, ckpt_root=None):
        self.max_steps = max_steps
        self.ckpt_root = ckpt_root or tempfile.mkdtemp(prefix="ckpt-")
        self.global_step = 0
        self.model = None
        self.optimizer = None

    @abc.abstractmethod
    def configure_model(self): ...

    @abc.abstractmethod
    def configure_optimizers(self): ...

    @abc.abstractmethod
    def training_step(self, fabric, batch): ...

    @abc.abstractmethod
    def train_batch(self): ...

    def checkpoint_state(self):
        return {"model": self.model, "optimizer": self.optimizer, "step": self.global_step}

    def fit(self, fabric):
        self.model = fabric.setup_module(self.configure_model())
        self.optimizer = fabric.setup_optimizers(self.configure_optimizers())
        with checkpoint_on_exit(fabric, self, self.ckpt_root):
            while self.global_step < self.max_steps:
                loss = self.training_step(fabric, fabric.to_device(self.train_batch()))
                fabric.backward(loss)
                self.optimizer.step()
                self.optimizer.zero_grad()
                self.global_step += 1
                fabric.print(f"step {self.global_step}: loss {loss.item():.4f}")
