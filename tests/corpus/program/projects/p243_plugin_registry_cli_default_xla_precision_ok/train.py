# expect: none
# oracle: OK
# twin: p242_plugin_registry_cli_default_half_precision
"""python train.py [--precision-plugin NAME]: train the encoder on a pod with the chosen precision plugin."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import plugins
from cli import parse_args
from model import Block, Encoder


def train(fabric, args):
    model = fabric.setup_module(Encoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        tokens = torch.randint(0, 64, (4, 17), device=fabric.device)
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tokens[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    args = parse_args()
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        plugins=[plugins.load(args.precision_plugin)],
    )
    fabric.launch(train, args)
