# expect: none
# real: needs CUDA GPUs, not run; every constructor before `Fabric` runs on CPU without error; the rest is read from the source
# findings: none
"""Correct CUDA FSDP: hybrid sharding named in lower case (FSDPStrategy upper-cases it) with a wrap
policy, full checkpoints saved with a filter, a bare module given to `fabric.load_raw`, clipping by
value and a max all-reduce: all fine under FSDPStrategy, though XLAFSDPStrategy refuses some."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=1024):
        super().__init__()
        self.ln = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.ln(x))


def no_bias(name, value):
    return not name.endswith("bias")


def train(fabric: Fabric) -> None:
    model = fabric.setup_module(nn.Sequential(*[Block() for _ in range(16)]))
    fabric.load_raw("pretrained/blocks.pt", model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-4))
    for step in range(1, 501):
        loss = model(torch.randn(8, 64, 1024, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, clip_val=0.5)
        optimizer.step()
        optimizer.zero_grad()
        worst = fabric.all_reduce(loss.detach(), reduce_op="max")
        if step % 100 == 0:
            fabric.print(f"step {step}: worst loss {worst.item():.4f}")
            state = {"model": model, "optimizer": optimizer, "step": step}
            fabric.save(f"out/step-{step}.ckpt", state, filter={"model": no_bias})
    fabric.load("out/step-500.ckpt", {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    strategy = FSDPStrategy(
        sharding_strategy="hybrid_shard",
        auto_wrap_policy={Block},
        state_dict_type="full",
        cpu_offload=False,
    )
    fabric = Fabric(accelerator="gpu", devices=8, num_nodes=2, strategy=strategy, precision="bf16-mixed")
    fabric.launch(train)
