"""A small Trainer: what it is not told about Fabric it fills with the pod's defaults."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric


class Trainer:
    def __init__(self, *, max_steps: int = 2, lr: float = 3e-4, **fabric_kwargs):
        fabric_kwargs.setdefault("accelerator", "tpu")
        fabric_kwargs.setdefault("strategy", "xla_fsdp")
        fabric_kwargs.setdefault("precision", "bf16-true")
        self.fabric = Fabric(**fabric_kwargs)
        self.max_steps = max_steps
        self.lr = lr

    def fit(self, model_fn):
        self.fabric.launch(self._fit, model_fn)

    def _fit(self, fabric, model_fn):
        model = fabric.setup_module(model_fn())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for _ in range(self.max_steps):
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
