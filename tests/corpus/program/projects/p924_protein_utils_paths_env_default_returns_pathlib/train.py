# expect: LXF029
# oracle: RAISED _pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two options, [1mdo those steps only if you t
# flagged-in: utils/paths.py
"""Train the protein localisation classifier, checkpoint it, and resume from the checkpoint to check it restores."""
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from protein.data import sequences
from protein.model import MixerBlock, ProteinNet
from utils.paths import run_path


def train(fabric, out_root):
    model = fabric.setup_module(ProteinNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    for _ in range(2):
        residues, labels = sequences(16, 40, fabric.device)
        loss = F.cross_entropy(model(residues), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        state["step"] += 1
        fabric.print(f"step {state['step']}: loss {loss.item():.4f}")
    checkpoint = run_path(out_root, "checkpoints", f"step-{state['step']:04d}")
    fabric.save(checkpoint, state)
    fabric.barrier()
    restored = {"model": model, "optimizer": optimizer, "step": 0}
    fabric.load(checkpoint, restored)
    fabric.print(f"restored step {restored['step']} from {checkpoint}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={MixerBlock}))
    fabric.launch(train, tempfile.mkdtemp(prefix="protein_"))
