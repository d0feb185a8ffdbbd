# expect: LXF038
# oracle: RAISED TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'sharding_strategy'
"""A DeepSpeed recipe moved to a TPU pod: the ZeRO config dict is translated into XLAFSDPStrategy keyword arguments."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

DS_CONFIG = {
    "train_micro_batch_size_per_gpu": 8,
    "gradient_accumulation_steps": 2,
    "gradient_clipping": 1.0,
    "steps_per_print": 1,
    "bf16": {"enabled": False},
    "optimizer": {"type": "AdamW", "params": {"lr": 3e-4, "betas": [0.9, 0.95], "weight_decay": 0.1}},
    "zero_optimization": {
        "stage": 2,
        "overlap_comm": True,
        "contiguous_gradients": True,
        "reduce_bucket_size": 50_000_000,
    },
}


class ResidualBlock(nn.Module):
    def __init__(self, dim=64):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


def zero_to_fsdp_kwargs(ds_config):
    """Map the ZeRO section onto XLA FSDP: stage 3 shards everything, stage 2 keeps parameters gathered after forward."""
    zero = ds_config.get("zero_optimization", {})
    kwargs = {"auto_wrap_policy": {ResidualBlock}}
    if zero.get("stage", 3) == 2:
        kwargs["sharding_strategy"] = "SHARD_GRAD_OP"
    # overlap_comm / contiguous_gradients / bucket sizes: XLA schedules the collectives itself
    return kwargs


def build_optimizer(params, ds_config):
    spec = ds_config["optimizer"]
    return getattr(torch.optim, spec["type"])(params, **{**spec["params"], "betas": tuple(spec["params"]["betas"])})


def train(fabric, ds_config):
    model = fabric.setup_module(nn.Sequential(*[ResidualBlock() for _ in range(2)], nn.Linear(64, 10)))
    optimizer = fabric.setup_optimizers(build_optimizer(model.parameters(), ds_config))
    accumulate = ds_config["gradient_accumulation_steps"]
    for step in range(2 * accumulate):
        x = torch.randn(ds_config["train_micro_batch_size_per_gpu"], 64, device=fabric.device)
        y = torch.randint(0, 10, (x.size(0),), device=fabric.device)
        is_accumulating = (step + 1) % accumulate != 0
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            loss = F.cross_entropy(model(x), y)
            fabric.backward(loss / accumulate)
        if not is_accumulating:
            fabric.clip_gradients(model, optimizer, max_norm=ds_config["gradient_clipping"])
            optimizer.step()
            optimizer.zero_grad()
        if step % ds_config["steps_per_print"] == 0:
            fabric.print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    precision = "bf16-true" if DS_CONFIG["bf16"]["enabled"] else "32-true"
    strategy = XLAFSDPStrategy(**zero_to_fsdp_kwargs(DS_CONFIG))
    fabric = Fabric(accelerator="tpu", precision=precision, strategy=strategy)
    fabric.launch(train, DS_CONFIG)
