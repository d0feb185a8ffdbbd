# expect: none
# oracle: OK
# twin: s134_litgpt_setup_config_default_optimizer_before_setup_module
"""python finetune.py: litgpt's shape, `setup(cfg: Config = Config())` launches `main`, which names its optimizer."""
from dataclasses import dataclass, field
from typing import Literal

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@dataclass
class TrainArgs:
    epochs: int = 1
    micro_batch_size: int = 4
    max_steps: int = 2
    lr: float = 3e-4
    weight_decay: float = 0.02


@dataclass
class Config:
    n_embd: int = 32
    n_layer: int = 2
    vocab_size: int = 64
    optimizer: Literal["AdamW", "SGD"] = "AdamW"
    train: TrainArgs = field(default_factory=TrainArgs)


class Block(nn.Module):
    def __init__(self, n_embd):
        super().__init__()
        self.norm = nn.LayerNorm(n_embd)
        self.proj = nn.Linear(n_embd, n_embd)

    def forward(self, x):
        return x + self.proj(self.norm(x))


class GPT(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.wte = nn.Embedding(config.vocab_size, config.n_embd)
        self.transformer = nn.Sequential(*[Block(config.n_embd) for _ in range(config.n_layer)])
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size)

    def forward(self, idx):
        return self.lm_head(self.transformer(self.wte(idx)))


def instantiate_torch_optimizer(name, params, **kwargs):
    optimizer_cls = getattr(torch.optim, name)
    return optimizer_cls(params, **kwargs)


def fit(fabric, model, optimizer, cfg):
    for step in range(cfg.train.max_steps):
        idx = torch.randint(0, cfg.vocab_size, (cfg.train.micro_batch_size, 9), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, cfg.vocab_size), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


def main(fabric, cfg):
    fabric.seed_everything(1337)
    model = GPT(cfg)
    fabric.print(f"Number of parameters: {sum(p.numel() for p in model.parameters()):,}")
    model = fabric.setup_module(model)
    trainable = [p for p in model.parameters() if p.requires_grad]
    optimizer = instantiate_torch_optimizer(
        cfg.optimizer, trainable, lr=cfg.train.lr, weight_decay=cfg.train.weight_decay
    )
    optimizer = fabric.setup_optimizers(optimizer)
    fit(fabric, model, optimizer, cfg)


def setup(cfg: Config = Config()) -> None:
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=strategy)
    fabric.launch(main, cfg)


if __name__ == "__main__":
    setup()
