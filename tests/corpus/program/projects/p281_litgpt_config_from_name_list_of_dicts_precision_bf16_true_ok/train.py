# expect: none
# oracle: OK
# twin: p280_litgpt_config_from_name_list_of_dicts_precision_16_mixed
"""python train.py [--model_name NAME]: pretrain a named micro config on a TPU pod (litgpt's pretrain layout)."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import Config
from model import GPT, Block


def main(fabric, config, max_iters):
    model = fabric.setup_module(GPT(config))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=6e-4))
    for _ in range(max_iters):
        idx = torch.randint(0, config.vocab_size, (4, config.block_size + 1), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def setup(model_name: str = "micro-llama-4l", max_iters: int = 2):
    config = Config.from_name(model_name)
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=strategy, precision=config.precision)
    fabric.launch(main, config, max_iters)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--model_name", default="micro-llama-4l")
    parser.add_argument("--max_iters", type=int, default=2)
    setup(**vars(parser.parse_args()))
