"""BaseTrainer owns the loop; subclasses and mixins fill in the hooks."""
import torch
import torch.nn.functional as F

from .mixins import CheckpointMixin, LoggingMixin
from .model import YieldRegressor


class BaseTrainer:
    def __init__(self, fabric, hparams, out_dir):
        self.fabric = fabric
        self.hparams = hparams
        self.out_dir = out_dir
        self.global_step = 0
        self.net = self.build_model()
        self.model = self.setup_model(self.net)
        self.optimizer = self.setup_optimizer(self.model)
        self.rng = torch.Generator().manual_seed(3)

    def build_model(self):
        hp = self.hparams
        return YieldRegressor(hp.n_weather, hp.n_soil, hp.width, hp.depth)

    def setup_model(self, net):
        return self.fabric.setup(net)

    def setup_optimizer(self, model):
        return self.fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=self.hparams.lr))

    def on_step_end(self, loss):
        pass

    def sample(self):
        hp = self.hparams
        weather = torch.randn(hp.batch_size, hp.n_weather, generator=self.rng)
        soil = torch.rand(hp.batch_size, hp.n_soil, generator=self.rng)
        target = weather[:, :3].sum(-1) + soil[:, 0]
        return self.fabric.to_device((weather, soil, target))

    def fit(self):
        for _ in range(self.hparams.steps):
            weather, soil, target = self.sample()
            loss = F.mse_loss(self.model(weather, soil), target)
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.global_step += 1
            self.on_step_end(loss)


class TPUTrainer(CheckpointMixin, LoggingMixin, BaseTrainer):
    def setup_model(self, net):
        return self.fabric.setup_module(net)
