import math

import torch
import torch.nn.functional as F
from lightning.fabric.strategies import XLAFSDPStrategy

from experiment.model import ForecastBlock, WindForecaster


class BaseTrainer:
    def __init__(self, fabric, hp, callbacks=()):
        self.fabric, self.hp, self.callbacks = fabric, hp, list(callbacks)
        self.step = 0
        self.model = self.configure_model()
        self.optimizer, self.scheduler = self.configure_optimizers()

    @staticmethod
    def configure_strategy(hp):
        return "auto"

    def configure_model(self):
        hp = self.hp
        return self.fabric.setup(WindForecaster(hp.lags, hp.n_turbines, hp.hidden, hp.depth))

    def configure_optimizers(self):
        hp = self.hp
        optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=hp.lr))

        def warmup_cosine(step):
            if step < hp.warmup:
                return (step + 1) / hp.warmup
            return 0.5 * (1 + math.cos(math.pi * (step - hp.warmup) / max(1, hp.steps - hp.warmup)))

        return optimizer, torch.optim.lr_scheduler.LambdaLR(optimizer, warmup_cosine)

    def emit(self, hook, **kwargs):
        for callback in self.callbacks:
            getattr(callback, hook, lambda *a, **k: None)(self, **kwargs)

    def fit(self):
        g = torch.Generator().manual_seed(21)
        hp = self.hp
        for _ in range(hp.steps):
            x = torch.rand(hp.batch_size, hp.n_turbines, hp.lags, generator=g)
            y = x[:, :, -1] ** 3
            x, y = self.fabric.to_device((x, y))
            loss = F.mse_loss(self.model(x), y)
            self.fabric.backward(loss)
            self.optimizer.step()
            self.scheduler.step()
            self.optimizer.zero_grad()
            self.step += 1
            self.emit("on_train_batch_end", loss=loss.item())


class TPUTrainer(BaseTrainer):
    @staticmethod
    def configure_strategy(hp):
        return XLAFSDPStrategy(auto_wrap_policy={ForecastBlock})

    def configure_model(self):
        hp = self.hp
        return self.fabric.setup_module(WindForecaster(hp.lags, hp.n_turbines, hp.hidden, hp.depth))
