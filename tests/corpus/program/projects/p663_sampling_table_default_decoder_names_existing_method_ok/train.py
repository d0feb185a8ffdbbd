# expect: none
# oracle: OK
# twin: p662_sampling_table_names_decode_method_model_lacks_marked_forward
"""python train.py: train the tiny LM for a few steps, then print a sample decoded in the worker."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import DecoderLayer, TinyLM
from sampling import SampleConfig, sample


def main(fabric, sample_cfg):
    model = fabric.setup_module(TinyLM())
    model.mark_forward_method(sample_cfg.method_name)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        idx = torch.randint(0, 64, (4, 8), device=fabric.device)
        loss = F.cross_entropy(model(idx[:, :-1]).reshape(-1, 64), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    out = sample(model, sample_cfg, torch.zeros(1, 1, dtype=torch.long, device=fabric.device))
    fabric.print(out.shape)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={DecoderLayer}))
    fabric.launch(main, SampleConfig())
