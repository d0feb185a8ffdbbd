"""`Accelerator` keeps accelerate's vocabulary; the work is Fabric's."""
from contextlib import contextmanager


class Accelerator:
    def __init__(self, fabric, gradient_accumulation_steps: int = 1):
        self.fabric = fabric
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self.step = 0
        self.sync_gradients = True

    def prepare_model(self, model):
        return self.fabric.setup_module(model)

    def prepare_optimizer(self, optimizer):
        return self.fabric.setup_optimizers(optimizer)

    def backward(self, loss):
        self.fabric.backward(loss)

    @contextmanager
    def accumulate(self, model):
        """Skip the gradient reduction on every micro-batch but the last of an accumulation window."""
        self.step += 1
        self.sync_gradients = self.step % self.gradient_accumulation_steps == 0
        with self.fabric.no_backward_sync(model, enabled=not self.sync_gradients):
            yield
