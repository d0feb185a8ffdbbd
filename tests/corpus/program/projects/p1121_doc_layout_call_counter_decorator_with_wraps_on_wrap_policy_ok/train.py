# expect: none
# oracle: OK
# twin: p1120_doc_layout_call_counter_decorator_without_wraps_on_wrap_policy
"""python train.py: document-layout classifier (text / table / figure / header regions) on TPU with XLAFSDP wrapping each patch block."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import REGION_TYPES, LayoutNet
from sharding import layout_block_policy
from utils.debug import CALLS


def page_crops(n, device):
    labels = torch.randint(0, len(REGION_TYPES), (n,), device=device)
    crops = torch.rand(n, 1, 32, 32, device=device)
    crops[labels == 1, :, ::4, :] = 0.0  # tables: ruled lines
    crops[labels == 3, :, 8:, :] *= 0.1  # headers: ink only at the top
    return crops, labels


def train(fabric):
    model = fabric.setup_module(LayoutNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=5e-4))
    fabric.print(f"wrap policy consulted {CALLS['layout_block_policy']} times")
    for step in range(3):
        crops, labels = page_crops(16, fabric.device)
        loss = F.cross_entropy(model(crops), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=layout_block_policy, state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=strategy)
    fabric.launch(train)
