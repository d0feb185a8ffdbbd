"""A small trainer: it owns the Fabric and the loop; callers give the strategy and the precision."""
import lightning as L
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, strategy="auto", precision="32-true", accelerator="tpu", max_steps=2, callbacks=None):
        self.strategy = strategy
        self.precision = precision
        self.accelerator = accelerator
        self.max_steps = max_steps
        self.callbacks = list(callbacks or [])

    def _build_fabric(self):
        return L.Fabric(
            accelerator=self.accelerator,
            strategy=self.strategy,
            precision=self.precision,
            callbacks=self.callbacks,
        )

    def fit(self, model_fn, lr=1e-3):
        fabric = self._build_fabric()
        fabric.launch(self._fit, model_fn, lr)

    def _fit(self, fabric, model_fn, lr):
        model = fabric.setup_module(model_fn())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
        for step in range(self.max_steps):
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.call("on_train_batch_end", step=step, loss=loss.item())
