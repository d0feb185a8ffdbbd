# expect: none
# oracle: OK
# twin: s1348_hf_style_loop_fsdp_config_state_dict_type_lowercased
"""A hand-written Hugging Face `Trainer`-style loop (regression head on synthetic features) on TPU via Fabric + XLA FSDP:
`TrainingArguments`-like dataclass, `save_steps` checkpoints and `load_best_model_at_end`."""
import os
import tempfile
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@dataclass
class TrainingArguments:
    output_dir: str
    learning_rate: float = 5e-4
    max_steps: int = 4
    per_device_train_batch_size: int = 16
    gradient_accumulation_steps: int = 1
    max_grad_norm: float = 1.0
    save_steps: int = 2
    eval_steps: int = 2
    load_best_model_at_end: bool = True
    fsdp: str = "full_shard"
    fsdp_config: dict = field(default_factory=dict)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(x)


class Regressor(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.blocks(x)).squeeze(-1)


def strategy_from_args(args):
    """Translate `fsdp` / `fsdp_config` (the transformers spelling) into an XLAFSDPStrategy."""
    state_dict_type = args.fsdp_config.get("state_dict_type", "SHARDED_STATE_DICT").lower().removesuffix("_state_dict")
    return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=state_dict_type)


def batch(n, generator):
    x = torch.randn(n, 32, generator=generator)
    return x, x[:, :4].sum(dim=1)


def train(fabric, args):
    g = torch.Generator().manual_seed(0)
    eval_x, eval_y = batch(32, g)
    model = fabric.setup_module(Regressor())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.learning_rate))
    best_metric, best_checkpoint = float("inf"), None
    for global_step in range(1, args.max_steps + 1):
        x, y = batch(args.per_device_train_batch_size, g)
        loss = F.mse_loss(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=args.max_grad_norm)
        optimizer.step()
        optimizer.zero_grad()
        if global_step % args.eval_steps == 0:
            with torch.no_grad():
                eval_loss = F.mse_loss(model(eval_x.to(fabric.device)), eval_y.to(fabric.device)).item()
            fabric.print(f"step {global_step}: loss {loss.item():.4f} eval_loss {eval_loss:.4f}")
        if global_step % args.save_steps == 0:
            checkpoint = os.path.join(args.output_dir, f"checkpoint-{global_step}")
            fabric.save(checkpoint, {"model": model, "optimizer": optimizer, "global_step": global_step})
            if eval_loss < best_metric:
                best_metric, best_checkpoint = eval_loss, checkpoint
    if args.load_best_model_at_end and best_checkpoint is not None:
        fabric.print(f"Loading best model from {best_checkpoint} (score: {best_metric:.4f}).")
        fabric.load(best_checkpoint, {"model": model})


if __name__ == "__main__":
    args = TrainingArguments(
        output_dir=tempfile.mkdtemp(prefix="hf-style-"),
        fsdp_config={"xla": True, "state_dict_type": "SHARDED_STATE_DICT"},
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy_from_args(args))
    fabric.launch(train, args)
