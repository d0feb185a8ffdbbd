# expect: LXF033
# oracle: RAISED ValueError: The `XLAAccelerator` can only be used with a `SingleDeviceXLAStrategy`, `XLAStrategy`, or `XLAFSDPStrategy`. Found DDPSt
"""Next-token language model (port of Lightning Fabric's language_model example, a small Transformer on synthetic token streams) moved from a GPU node to a TPU VM; the strategy is picked from the config's distributed backend."""
import math
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from torch import nn


@dataclass
class TrainConfig:
    vocab_size: int = 64
    block_size: int = 16
    n_embd: int = 32
    n_head: int = 4
    n_layer: int = 2
    batch_size: int = 8
    lr: float = 3e-4
    max_steps: int = 3
    dist_backend: str = "nccl"  # "nccl" on the GPU cluster, "xla" on TPU
    precision: str = "bf16-true"


STRATEGY_FOR_BACKEND = {"nccl": "ddp", "gloo": "ddp", "xla": "xla_fsdp"}


class PositionalEncoding(nn.Module):
    def __init__(self, dim, max_len=64):
        super().__init__()
        pos = torch.arange(max_len).unsqueeze(1)
        div = torch.exp(torch.arange(0, dim, 2) * (-math.log(10000.0) / dim))
        pe = torch.zeros(max_len, dim)
        pe[:, 0::2] = torch.sin(pos * div)
        pe[:, 1::2] = torch.cos(pos * div)
        self.register_buffer("pe", pe)

    def forward(self, x):
        return x + self.pe[: x.size(1)]


class TransformerLM(nn.Module):
    def __init__(self, cfg: TrainConfig):
        super().__init__()
        self.embedding = nn.Embedding(cfg.vocab_size, cfg.n_embd)
        self.pos = PositionalEncoding(cfg.n_embd)
        layer = nn.TransformerEncoderLayer(cfg.n_embd, cfg.n_head, 4 * cfg.n_embd, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, cfg.n_layer)
        self.decoder = nn.Linear(cfg.n_embd, cfg.vocab_size)

    def forward(self, tokens):
        mask = nn.Transformer.generate_square_subsequent_mask(tokens.size(1), device=tokens.device)
        return self.decoder(self.encoder(self.pos(self.embedding(tokens)), mask=mask, is_causal=True))


def token_batches(cfg: TrainConfig, steps, seed=0):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(steps):
        start = torch.randint(0, cfg.vocab_size, (cfg.batch_size, 1), generator=gen)
        seq = (start + torch.arange(cfg.block_size + 1)) % cfg.vocab_size
        yield seq[:, :-1], seq[:, 1:]


def configure_fabric(cfg: TrainConfig) -> Fabric:
    return Fabric(accelerator="tpu", strategy=STRATEGY_FOR_BACKEND[cfg.dist_backend], precision=cfg.precision)


def train(fabric, cfg: TrainConfig):
    fabric.seed_everything(42)
    model = fabric.setup_module(TransformerLM(cfg))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step, (x, y) in enumerate(token_batches(cfg, cfg.max_steps)):
        x, y = fabric.to_device((x, y))
        logits = model(x)
        loss = F.cross_entropy(logits.reshape(-1, cfg.vocab_size).float(), y.reshape(-1))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    cfg = TrainConfig()
    fabric = configure_fabric(cfg)
    fabric.launch(train, cfg)
