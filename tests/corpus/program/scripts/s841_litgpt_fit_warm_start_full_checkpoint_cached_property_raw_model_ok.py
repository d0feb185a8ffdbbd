# expect: none
# oracle: OK
# twin: s840_litgpt_fit_warm_start_full_checkpoint_cached_property_set_up_model
"""litgpt-style finetune: setup() builds Fabric, main() builds the trainer, fit() warm-starts from a full checkpoint."""
import os
from functools import cached_property
from types import SimpleNamespace

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, n_embd):
        super().__init__()
        self.ln = nn.LayerNorm(n_embd)
        self.mlp = nn.Linear(n_embd, n_embd)

    def forward(self, x):
        return x + self.mlp(self.ln(x))


class GPT(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.h = nn.ModuleList(Block(config.n_embd) for _ in range(config.n_layer))
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size)

    def forward(self, x):
        for block in self.h:
            x = block(x)
        return self.lm_head(x)


class Finetuner:
    def __init__(self, fabric, config, train_cfg):
        self.fabric = fabric
        self.config = config
        self.train_cfg = train_cfg
        self.raw_model = GPT(config)

    @cached_property
    def model(self):
        return self.fabric.setup_module(self.raw_model)

    @cached_property
    def optimizer(self):
        return self.fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=self.train_cfg.lr))

    def warm_start(self, checkpoint_path):
        if os.path.isfile(checkpoint_path):
            self.fabric.print(f"Loading pretrained weights from {checkpoint_path}")
            self.fabric.load(checkpoint_path, {"model": self.raw_model})

    def fit(self):
        self.warm_start(self.train_cfg.initial_checkpoint)
        for _ in range(self.train_cfg.max_steps):
            x = torch.randn(4, self.config.n_embd, device=self.fabric.device)
            loss = self.model(x).logsumexp(-1).mean()
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()


def main(fabric, config, train_cfg):
    trainer = Finetuner(fabric, config, train_cfg)
    trainer.fit()


def setup(initial_checkpoint="lit_model.pth", max_steps=2, lr=3e-4):
    config = SimpleNamespace(**{"n_embd": 32, "n_layer": 2, "vocab_size": 64})
    train_cfg = SimpleNamespace(initial_checkpoint=initial_checkpoint, max_steps=max_steps, lr=lr)
    # stands for the converted HF checkpoint: one consolidated state dict
    torch.save({"model": GPT(config).state_dict()}, initial_checkpoint)
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="full")
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(main, config, train_cfg)


if __name__ == "__main__":
    setup()
