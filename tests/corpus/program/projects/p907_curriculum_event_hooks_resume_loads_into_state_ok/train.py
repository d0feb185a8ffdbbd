# expect: none
# oracle: OK
# twin: p906_curriculum_event_hooks_resume_loads_without_state
"""python train.py: a small transformer encoder trained in two curriculum stages (short, then long sequences); checkpointing hangs off stage events registered with a decorator."""
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import checkpointing  # noqa: F401  (registers the stage hooks)
from hooks import fire
from model import EncoderLayer, SequenceClassifier

STAGES = [("short", 16), ("long", 48)]


def run_stage(fabric, state, seq_len, steps=2):
    model, optimizer = state["model"], state["optimizer"]
    for _ in range(steps):
        tokens = torch.randint(0, 256, (8, seq_len), device=fabric.device)
        labels = (tokens[:, 0] > 127).long()
        loss = F.cross_entropy(model(tokens), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return loss


def main(fabric, ckpt_dir):
    model = fabric.setup_module(SequenceClassifier())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=5e-4))
    state = {"model": model, "optimizer": optimizer, "stage": 0}
    for index, (name, seq_len) in enumerate(STAGES):
        fire("stage_start", fabric=fabric, state=state, ckpt_dir=ckpt_dir, stage=index)
        loss = run_stage(fabric, state, seq_len)
        state["stage"] = index + 1
        fabric.print(f"stage {name}: loss {loss.item():.4f}")
        fire("stage_end", fabric=fabric, state=state, ckpt_dir=ckpt_dir, stage=index)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={EncoderLayer}))
    fabric.launch(main, tempfile.mkdtemp(prefix="curriculum-"))
