# expect: none
# oracle: OK
# twin: p894_recsys_trial_output_dataclass_subclass_checkpoint_path_returns_pathlib
"""One trial of the learning-rate sweep for a click-through recommender on TPU; checkpoints go under the trial's folder."""
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from experiments.sweep import TrialOutput
from recommender import MLPTower, NeuralCF


def synthetic_clicks(batch, device):
    users = torch.randint(0, 200, (batch, 1), device=device)
    items = torch.randint(0, 300, (batch, 1), device=device)
    clicked = ((users + items) % 3 == 0).float().flatten()
    return users, items, clicked


def train(fabric, out, lr):
    model = fabric.setup_module(NeuralCF())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=lr))
    for step in range(1, 5):
        users, items, clicked = synthetic_clicks(64, fabric.device)
        loss = F.binary_cross_entropy_with_logits(model(users, items), clicked)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: bce {loss.item():.4f}")
        if step % out.keep_every == 0:
            fabric.save(out.checkpoint_path(step), {"model": model, "optimizer": optimizer, "step": step})


if __name__ == "__main__":
    out = TrialOutput(root=tempfile.mkdtemp(prefix="ncf-sweep-"), run_name="lr-sweep", trial=3)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={MLPTower}))
    fabric.launch(train, out, 3e-3)
