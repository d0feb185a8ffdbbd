# expect: none
# oracle: OK
# twin: p109_nanogpt_port_saves_raw_model_through_partial
"""nanoGPT's train.py on Fabric and XLA FSDP: `python train.py`."""
import tempfile

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import GPT, Block, GPTConfig
from utils.checkpoint import checkpoint_saver

out_dir = tempfile.mkdtemp(prefix="nanogpt-")
max_iters = 2
eval_interval = 2
learning_rate = 6e-4
batch_size = 2


def get_batch(fabric, config):
    data = torch.randint(0, config.vocab_size, (batch_size, config.block_size + 1), device=fabric.device)
    return data[:, :-1], data[:, 1:]


def main(fabric):
    config = GPTConfig()
    model = fabric.setup_module(GPT(config))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=learning_rate))
    raw_model = model.module  # unwrap the Fabric wrapper, as nanoGPT unwraps DDP
    save = checkpoint_saver(fabric, out_dir)
    for iter_num in range(1, max_iters + 1):
        X, Y = get_batch(fabric, config)
        _, loss = model(X, Y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if iter_num % eval_interval == 0:
            fabric.print(f"step {iter_num}: train loss {loss.item():.4f}, saving checkpoint to {out_dir}")
            save({"model": model, "optimizer": optimizer, "iter_num": iter_num, "config": vars(config)})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
