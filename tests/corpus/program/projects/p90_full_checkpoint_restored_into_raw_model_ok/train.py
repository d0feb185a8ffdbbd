# expect: none
# oracle: OK
# twin: p89_full_checkpoint_restored_into_set_up_model
"""python train.py: fine-tunes from the pretrained full checkpoint in configs/checkpointing.py."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from ckpt import convert, restore
from configs import PRETRAINED, STATE_DICT_TYPE
from model import Block, Net


def main(fabric):
    if fabric.global_rank == 0:
        convert(PRETRAINED)
    fabric.barrier()
    model = Net()
    step = restore(fabric, PRETRAINED, model)
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()
    fabric.print(f"resumed at step {step}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=STATE_DICT_TYPE)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(main)
