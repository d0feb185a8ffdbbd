# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'config.Block'>]. You can try defining and passing `auto_
# findings: LXF001 error config.py:20
# Labelled by running this module with config.py next to it, and its single-file concatenation (same outcome).
"""GPT pretraining entry point; every setting comes from config.py."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import Block, TrainConfig


class GPT(nn.Module):
    def __init__(self, cfg: TrainConfig):
        super().__init__()
        self.wte = nn.Embedding(cfg.vocab_size, cfg.dim)
        self.blocks = nn.Sequential(*[Block(cfg.dim) for _ in range(cfg.depth)])
        self.lm_head = nn.Linear(cfg.dim, cfg.vocab_size, bias=False)

    def forward(self, idx):
        return self.lm_head(self.blocks(self.wte(idx)))


def build_strategy(cfg: TrainConfig) -> XLAFSDPStrategy:
    return XLAFSDPStrategy(
        auto_wrap_policy=cfg.sharding.wrap_layers,
        activation_checkpointing_policy=cfg.sharding.remat_layers,
        state_dict_type=cfg.sharding.state_dict_type,
    )


def train(fabric: Fabric, cfg: TrainConfig) -> None:
    model = fabric.setup_module(GPT(cfg))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.max_steps):
        tokens = torch.randint(0, cfg.vocab_size, (cfg.batch_size, cfg.seq_len + 1), device=fabric.device)
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, cfg.vocab_size), tokens[:, 1:].reshape(-1))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step} loss {loss.item():.3f}")


def main() -> None:
    cfg = TrainConfig()
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=build_strategy(cfg), precision=cfg.precision)
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main()
