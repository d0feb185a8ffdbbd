# expect: none
# oracle: OK
# twin: p284_init_subclass_metric_class_keyword_reduce_max
"""python train.py [--metric NAME]: train the block net on a pod, then report a registered validation metric."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from metrics import METRICS
from model import Block, Net


def train(fabric, metric_name):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()

    metric = METRICS[metric_name]()
    model.eval()
    with torch.no_grad():
        for _ in range(2):
            x = torch.randn(8, 32, device=fabric.device)
            metric.update(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    fabric.print(metric_name, metric.compute(fabric).item())


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--metric", default="peak_loss", choices=sorted(METRICS))
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision="bf16-true")
    fabric.launch(train, args.metric)
