"""A minimal Fabric trainer: subclasses implement the hooks, `fit` owns the setup and the loop."""
import torch


class Trainer:
    lr = 3e-4
    weight_decay = 0.1

    def __init__(self, max_steps=3):
        self.max_steps = max_steps

    # hooks -------------------------------------------------------------
    def configure_model(self, fabric):
        """Return the model to train. `fit` hands it to `fabric.setup_module`."""
        raise NotImplementedError

    def configure_optimizer(self, model):
        return torch.optim.AdamW(model.parameters(), lr=self.lr, weight_decay=self.weight_decay)

    def training_step(self, model, batch):
        raise NotImplementedError

    def get_batch(self, fabric):
        raise NotImplementedError

    # loop ----------------------------------------------------------------
    def fit(self, fabric):
        model = fabric.setup_module(self.configure_model(fabric))
        optimizer = fabric.setup_optimizers(self.configure_optimizer(model))
        for step in range(self.max_steps):
            loss = self.training_step(model, self.get_batch(fabric))
            fabric.backward(loss)
            fabric.clip_gradients(model, optimizer, max_norm=1.0)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            fabric.print(f"iter {step}: loss {loss.item():.4f}")
