# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
# flagged-in: train.py
"""python train.py [--remat policy|wrapper]: train the nowcaster; `--remat wrapper` swaps Lightning's checkpointing policy for the hand-written wrapper in nowcast/remat.py."""
import argparse

import torch
import torch.nn.functional as F

import settings
from nowcast.fabric_setup import make_fabric
from nowcast.model import Nowcaster, radar_batch
from nowcast.remat import checkpointed_wrapper


def train(fabric):
    model = fabric.setup_module(Nowcaster())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=settings.LR))
    for step in range(settings.STEPS):
        frame, target = radar_batch(settings.BATCH, device=fabric.device)
        loss = F.l1_loss(model(frame), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: l1 {loss.item():.4f}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", choices=["policy", "wrapper"], default="wrapper")
    args = parser.parse_args()
    if args.remat == "wrapper":
        settings.STRATEGY_KW.update(auto_wrapper_callable=checkpointed_wrapper)
    make_fabric().launch(train)


if __name__ == "__main__":
    main()
