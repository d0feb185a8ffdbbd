"""The training loop every backend shares; subclasses set the Fabric knobs as class attributes."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

ENGINES: dict = {}


class Engine:
    accelerator = "auto"
    precision = "32-true"
    lr = 3e-3

    def __init_subclass__(cls, name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if name is not None:
            ENGINES[name] = cls
            cls.name = name

    def __init__(self, model_fn, steps=3, batch_size=16):
        self.model_fn = model_fn
        self.steps = steps
        self.batch_size = batch_size

    def make_strategy(self):
        return "auto"

    def fit(self):
        fabric = Fabric(accelerator=self.accelerator, precision=self.precision, strategy=self.make_strategy())
        fabric.launch(self.loop)

    def loop(self, fabric):
        model = fabric.setup_module(self.model_fn())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for step in range(self.steps):
            mfcc = torch.randn(self.batch_size, 32, 40, device=fabric.device)
            labels = torch.randint(0, 12, (self.batch_size,), device=fabric.device)
            loss = F.cross_entropy(model(mfcc), labels)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"[{self.name}] step {step} loss {loss.item():.3f}")
