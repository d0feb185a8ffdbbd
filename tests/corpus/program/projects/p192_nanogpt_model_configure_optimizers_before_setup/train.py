# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
# flagged-in: train.py
"""python train.py: nanoGPT's loop on a TPU pod, with XLA FSDP wrapping each block."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config as C
from model import GPT, Block


def main(fabric):
    model = GPT(vocab_size=C.vocab_size)
    optimizer = model.configure_optimizers(C.weight_decay, C.learning_rate, (C.beta1, C.beta2))
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(optimizer)
    for _ in range(C.max_iters):
        idx = torch.randint(0, C.vocab_size, (C.batch_size, C.block_size), device=fabric.device)
        loss = model(idx[:, :-1], idx[:, 1:])
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
