# expect: none
# oracle: OK
# twin: p1062_ocr_precision_factories_dict_get_default_bf16_entry_half_precision
"""python train.py [--experiment NAME]: line OCR on synthetic glyph strips, XLA FSDP over the column mixers."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import EXPERIMENTS, get_experiment
from model import ColumnMixer, LineOCR
from plugins.precision import make_precision


def train(fabric, exp):
    model = fabric.setup_module(LineOCR(exp.height, exp.charset))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=exp.lr))
    for step in range(exp.steps):
        images = torch.rand(exp.batch_size, exp.height, exp.width, device=fabric.device)
        labels = torch.randint(0, exp.charset, (exp.batch_size, exp.width), device=fabric.device)
        logits = model(images)
        loss = F.cross_entropy(logits.reshape(-1, exp.charset).float(), labels.reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"[{exp.name}] step {step}: loss {loss.item():.4f}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--experiment", default="tpu_bf16", choices=sorted(EXPERIMENTS))
    exp = get_experiment(parser.parse_args().experiment)
    strategy = XLAFSDPStrategy(auto_wrap_policy={ColumnMixer}, precision=make_precision(exp.precision))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, exp)


if __name__ == "__main__":
    main()
