# expect: none
# oracle: OK
# twin: p530_backend_env_flag_lowercased_against_upper_misses_tpu_reduce_max
"""python train.py: train on the TPU pod; backend.py tells the loop which machine it is on (TRAIN_DEVICE=cuda on the GPU cluster)."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from training.metrics import worst_replica_loss


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: worst loss {worst_replica_loss(fabric, loss).item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
