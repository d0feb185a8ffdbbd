# expect: LXF038
# oracle: RAISED TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'sharding_strategy'
# flagged-in: configs/fsdp.py
"""python train.py: pretraining a tiny GPT on TPU; the FSDP knobs live in configs/fsdp.py."""
import lightning as L
import torch
from lightning.fabric.strategies import XLAFSDPStrategy

from configs.fsdp import FSDP_KWARGS
from model import GPT, Block


def main(fabric: L.Fabric) -> None:
    fabric.seed_everything(0)
    model = fabric.setup_module(GPT())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print(f"loss {loss.item():.4f}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded", **FSDP_KWARGS)
    fabric = L.Fabric(accelerator="tpu", devices="auto", strategy=strategy)
    fabric.launch(main)
