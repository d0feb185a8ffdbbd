# expect: none
# oracle: OK
# twin: p1110_protein_tagger_load_helper_default_asks_best_acc_the_save_never_got
"""python train.py: train the secondary-structure tagger for a few epochs, checkpoint, and resume from the checkpoint."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import AMINO_ACIDS, STATES, ResidueBlock, SSTagger
from utils.checkpoint import load_state, save_state

EPOCHS = 2
LENGTH = 48


def proteins(batch: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    residues = torch.randint(0, AMINO_ACIDS, (batch, LENGTH), generator=gen)
    states = (residues % STATES)  # toy rule: the residue's class decides its state
    return F.one_hot(residues, AMINO_ACIDS).float().transpose(1, 2), states


def run_epoch(fabric, model, optimizer, epoch):
    onehot, states = proteins(16, epoch)
    logits = model(onehot.to(fabric.device))
    loss = F.cross_entropy(logits, states.to(fabric.device))
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return (logits.argmax(1) == states.to(fabric.device)).float().mean().item()


def main(fabric, run_dir):
    model = fabric.setup_module(SSTagger())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=3e-3))
    best = 0.0
    for epoch in range(EPOCHS):
        best = max(best, run_epoch(fabric, model, optimizer, epoch))
    path = os.path.join(run_dir, "last")
    save_state(fabric, path, model, optimizer, epoch=EPOCHS, best_acc=best)

    state = load_state(fabric, path, model, optimizer)
    fabric.print(f"resumed at epoch {state['epoch']}, best accuracy {state['best_acc']:.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ResidueBlock}))
    fabric.launch(main, tempfile.mkdtemp(prefix="sstagger-"))
