# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: config/train_tpu.py
"""python train.py [config/override_file.py] [--key=value]: nanoGPT's training script on a TPU pod with XLA FSDP."""
import os

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import GPT, Block, GPTConfig

# default config values, overridden by configurator.py
batch_size = 12
block_size = 64
max_iters = 5
learning_rate = 6e-4
precision = "bf16-true"
config_keys = [k for k, v in globals().items() if not k.startswith("_") and isinstance(v, (int, float, bool, str))]
HERE = os.path.dirname(os.path.abspath(__file__))
exec(open(os.path.join(HERE, "configurator.py")).read())  # overrides from the command line or a config file
config = {k: globals()[k] for k in config_keys}


def train(fabric, config):
    model = fabric.setup_module(GPT(GPTConfig(block_size=config["block_size"])))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=config["learning_rate"]))
    for _ in range(config["max_iters"]):
        idx = torch.randint(0, 64, (config["batch_size"], config["block_size"] + 1), device=fabric.device)
        loss = model(idx[:, :-1], idx[:, 1:])
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision=precision)
    fabric.launch(train, config)
