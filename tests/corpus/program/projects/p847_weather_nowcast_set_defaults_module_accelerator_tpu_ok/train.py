# expect: none
# oracle: OK
# twin: p846_weather_nowcast_set_defaults_module_smoke_accelerator_cpu
"""Weather nowcasting on TPU with XLA FSDP; the flags' defaults are installed by `cli_defaults.install(parser)` from a shared module."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import cli_defaults
from nowcast import Nowcaster, StationMixer, synthetic_readings


def build_parser():
    parser = argparse.ArgumentParser(description="train the station nowcaster")
    parser.add_argument("--accelerator")
    parser.add_argument("--devices", type=int)
    parser.add_argument("--precision")
    parser.add_argument("--stations", type=int)
    parser.add_argument("--history", type=int)
    parser.add_argument("--hidden", type=int)
    parser.add_argument("--steps", type=int)
    parser.add_argument("--lr", type=float)
    return cli_defaults.install(parser)


def train(fabric, args):
    model = fabric.setup_module(Nowcaster(args.stations, args.history, args.hidden))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=args.lr))
    for step in range(args.steps):
        past, target = synthetic_readings(8, args.stations, args.history, fabric.device)
        loss = F.mse_loss(model(past), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.3f}")


if __name__ == "__main__":
    args = build_parser().parse_args()
    fabric = Fabric(
        accelerator=args.accelerator,
        devices=args.devices,
        precision=args.precision,
        strategy=XLAFSDPStrategy(auto_wrap_policy={StationMixer}),
    )
    fabric.launch(train, args)
