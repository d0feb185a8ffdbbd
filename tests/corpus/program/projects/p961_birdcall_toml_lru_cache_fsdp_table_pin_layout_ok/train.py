# expect: none
# oracle: OK
# twin: p960_birdcall_toml_lru_cache_fsdp_table_limit_all_gathers
"""python train.py: train the birdcall classifier on synthetic log-mel clips, settings from train.toml."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from config import get_config, run_settings
from model import BirdcallNet, synthetic_clips
from sharding import make_strategy


def train(fabric):
    run = run_settings()
    model = fabric.setup_module(BirdcallNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=run["lr"]))
    for step in range(run["steps"]):
        mels, labels = synthetic_clips(run["batch_size"], seed=step)
        loss = F.cross_entropy(model(mels.to(fabric.device)), labels.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"[{run['name']}] step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(**get_config()["fabric"], strategy=make_strategy())
    fabric.launch(train)
