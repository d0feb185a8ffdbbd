# expect: none
# oracle: OK
# twin: p1128_code_search_preset_partial_of_remat_partial_adds_wrapper_callable
"""python train.py: contrastive code-search encoder (natural-language query vs. code snippet tokens) on TPU; the strategy comes from a table of XLAFSDPStrategy partials."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from configs import DEFAULT_PRESET, PRESETS
from model import VOCAB, CodeSearchEncoder


def pairs(n, device, length=24):
    code = torch.randint(1, VOCAB, (n, length), device=device)
    query = code[:, :12].flip(1)  # a query shares tokens with its snippet
    return query, code


def train(fabric):
    model = fabric.setup_module(CodeSearchEncoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(3):
        query, code = pairs(8, fabric.device)
        q, c = model(query), model(code)
        logits = q @ c.t() / 0.07
        loss = F.cross_entropy(logits, torch.arange(len(q), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: InfoNCE {loss.item():.3f}")


def build_strategy(preset=DEFAULT_PRESET):
    return PRESETS[preset]()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=build_strategy())
    fabric.launch(train)
