# expect: LXF041
# oracle: RAISED NotImplementedError: The XLAFSDPStrategy does not support running on a single device with the PjRT runtime. Try using all devices or the `Sin
# flagged-in: utils.py
"""litgpt-style pretrain: setup() -> fabric.launch(main, ...) -> fit()."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import Config, TrainArgs
from model import Block, GPT
from utils import num_parameters, parse_devices


def setup(model_name="pythia-14m-tiny", devices="auto", precision="bf16-true", train=TrainArgs()):
    devices = parse_devices(devices)
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", devices=devices, strategy=strategy, precision=precision)
    fabric.launch(main, devices, Config.from_name(model_name), train)


def main(fabric, devices, config, train):
    with fabric.init_module(empty_init=False):
        model = GPT(config)
    fabric.print(f"Number of trainable parameters: {num_parameters(model, requires_grad=True):,}")
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=train.learning_rate))
    fit(fabric, devices, model, optimizer, config, train)


def fit(fabric, devices, model, optimizer, config, train):
    for _ in range(train.max_steps):
        idx = torch.randint(0, config.vocab_size, (train.micro_batch_size, 9), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    setup()
