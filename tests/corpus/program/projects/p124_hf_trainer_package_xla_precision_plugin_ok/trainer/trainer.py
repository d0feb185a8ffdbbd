"""A Trainer in the style of transformers.Trainer, running on Lightning Fabric."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from .strategy import build_strategy


class FabricTrainer:
    def __init__(self, model_init, args):
        self.model_init = model_init
        self.args = args

    def create_optimizer(self, model):
        return torch.optim.AdamW(model.parameters(), lr=self.args.learning_rate)

    def train(self):
        fabric = Fabric(accelerator="tpu", strategy=build_strategy(self.args, self.model_init()))
        fabric.launch(self._inner_training_loop)

    def _inner_training_loop(self, fabric):
        model = fabric.setup_module(self.model_init())
        optimizer = fabric.setup_optimizers(self.create_optimizer(model))
        for _ in range(self.args.max_steps):
            x = torch.randn(self.args.train_batch_size, 32, device=fabric.device)
            y = torch.randint(0, 4, (self.args.train_batch_size,), device=fabric.device)
            fabric.backward(F.cross_entropy(model(x), y))
            optimizer.step()
            optimizer.zero_grad()
