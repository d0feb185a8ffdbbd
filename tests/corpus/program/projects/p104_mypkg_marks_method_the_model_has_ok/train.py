# expect: none
# oracle: OK
# twin: p103_mypkg_marks_method_the_model_lacks
"""python train.py: one step of next-token prediction, then a short decode."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import mypkg


def main(fabric):
    model = fabric.setup_module(mypkg.TinyLM())
    model.mark_forward_method(mypkg.DECODE_METHOD)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    idx = torch.randint(0, mypkg.VOCAB, (4, 9), device=fabric.device)
    loss = F.cross_entropy(model(idx[:, :-1]).reshape(-1, mypkg.VOCAB), idx[:, 1:].reshape(-1))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main)
