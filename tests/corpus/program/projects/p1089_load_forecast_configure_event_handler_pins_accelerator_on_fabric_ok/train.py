# expect: none
# oracle: OK
# twin: p1088_load_forecast_configure_event_handler_pins_accelerator_on_strategy
"""python train.py: fit the day-ahead load forecaster on a TPU host; runtime handlers fill in the Fabric and strategy arguments."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import runtime.tpu  # noqa: F401  (registers the TPU handlers)
from forecast.model import LoadForecaster, load_curves
from runtime.events import fire


def train(fabric, steps=3):
    model = fabric.setup_module(LoadForecaster())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        history, target = load_curves(device=fabric.device)
        loss = F.smooth_l1_loss(model(history), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: huber {loss.item():.4f}")


def main():
    fabric_kw = {"accelerator": "tpu", "devices": "auto", "precision": "32-true"}
    strategy_kw = {"state_dict_type": "sharded"}
    fire("configure", fabric_kw, strategy_kw)
    fabric = Fabric(**fabric_kw, strategy=XLAFSDPStrategy(**strategy_kw))
    fabric.launch(train)


if __name__ == "__main__":
    main()
