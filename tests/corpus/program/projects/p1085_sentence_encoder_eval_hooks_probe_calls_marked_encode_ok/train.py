# expect: none
# oracle: OK
# twin: p1084_sentence_encoder_eval_hooks_probe_calls_encode_on_set_up_model
"""python train.py: contrastive training of the sentence encoder on a TPU host, then the registered evaluation probes."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import metrics.probes  # noqa: F401  (registers the probes)
from metrics.hooks import EVAL_HOOKS
from textenc.data import paraphrase_pairs
from textenc.model import SentenceEncoder


def train(fabric, steps=3):
    model = fabric.setup_module(SentenceEncoder())
    model.mark_forward_method("encode")  # the probes call it
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        loss = model(*paraphrase_pairs(device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: contrastive loss {loss.item():.4f}")
    held_out = paraphrase_pairs(device=fabric.device)
    for hook in EVAL_HOOKS:
        hook(fabric, model, held_out)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
