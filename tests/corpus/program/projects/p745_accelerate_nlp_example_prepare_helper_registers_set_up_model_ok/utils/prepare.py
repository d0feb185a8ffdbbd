"""accelerate's `Accelerator.prepare` + `accumulate`, rebuilt on Fabric for the TPU port."""
from lightning.fabric import Fabric


class GradientAccumulator:
    """Counts micro-batches and skips the gradient reduction on all but the last one of each group."""

    def __init__(self, fabric: Fabric, steps: int):
        self.fabric = fabric
        self.steps = steps
        self.model = None
        self.step = 0

    def register(self, model):
        self.model = model

    @property
    def sync_gradients(self) -> bool:
        return (self.step + 1) % self.steps == 0

    def accumulate(self):
        return self.fabric.no_backward_sync(self.model, enabled=not self.sync_gradients)

    def advance(self):
        self.step += 1


def prepare(fabric: Fabric, model, optimizer_cls, dataloaders, gradient_accumulation_steps=1, **optimizer_kwargs):
    """Set up model, optimizer and loaders in the order XLA FSDP needs; returns them with the accumulator."""
    accumulator = GradientAccumulator(fabric, gradient_accumulation_steps)
    model = fabric.setup_module(model)
    accumulator.register(model)
    optimizer = fabric.setup_optimizers(optimizer_cls(model.parameters(), **optimizer_kwargs))
    dataloaders = fabric.setup_dataloaders(*dataloaders)
    return model, optimizer, dataloaders, accumulator
