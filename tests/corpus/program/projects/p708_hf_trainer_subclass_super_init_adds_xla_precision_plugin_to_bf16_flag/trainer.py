import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from backends import precision_plugins


class EncoderLayer(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.ff = nn.Linear(d, d)

    def forward(self, x):
        return x + self.ff(self.norm(x))


class TinyEncoder(nn.Module):
    def __init__(self, d=32, n=2, num_labels=3):
        super().__init__()
        self.layers = nn.Sequential(*[EncoderLayer(d) for _ in range(n)])
        self.classifier = nn.Linear(d, num_labels)

    def forward(self, x):
        return self.classifier(self.layers(x).mean(1))


LAYER_CLASSES = {"EncoderLayer": EncoderLayer}


class Trainer:
    def __init__(self, args, **fabric_kwargs):
        self.args = args
        wrap = {LAYER_CLASSES[name] for name in args.fsdp_transformer_layer_cls_to_wrap.split(",")}
        self.fabric = Fabric(
            accelerator="tpu",
            strategy=XLAFSDPStrategy(auto_wrap_policy=wrap),
            precision="bf16-true" if args.bf16 else "32-true",
            **fabric_kwargs,
        )

    def train(self):
        self.fabric.launch(self._train_loop)

    def _train_loop(self, fabric):
        args = self.args
        model = fabric.setup_module(TinyEncoder())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.learning_rate))
        for _ in range(args.max_steps):
            x = torch.randn(args.per_device_train_batch_size, 6, 32, device=fabric.device)
            y = torch.randint(0, 3, (args.per_device_train_batch_size,), device=fabric.device)
            loss = torch.nn.functional.cross_entropy(model(x), y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()


class TPUTrainer(Trainer):
    def __init__(self, args, **kwargs):
        super().__init__(args, plugins=precision_plugins(args), **kwargs)
