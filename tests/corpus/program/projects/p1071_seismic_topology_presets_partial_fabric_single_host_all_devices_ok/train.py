# expect: none
# oracle: OK
# twin: p1070_seismic_topology_presets_partial_fabric_single_host_devices_one
"""python train.py [--topology pod_slice|single_host]: train the seismic picker under XLA FSDP."""
import argparse
import sys
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric.strategies import XLAFSDPStrategy

sys.path.insert(0, str(Path(__file__).resolve().parent / "src"))

from launch.topologies import TOPOLOGIES, fabric_for  # noqa: E402
from seismic.net import Picker, TraceBlock, synthetic_traces  # noqa: E402


def train(fabric, steps=3):
    model = fabric.setup_module(Picker())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        traces, labels = synthetic_traces(16)
        traces, labels = fabric.to_device((traces, labels))
        loss = F.binary_cross_entropy_with_logits(model(traces), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: bce {loss.item():.4f}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--topology", default="single_host", choices=sorted(TOPOLOGIES))
    args = parser.parse_args()
    fabric = fabric_for(args.topology, strategy=XLAFSDPStrategy(auto_wrap_policy={TraceBlock}))
    fabric.launch(train)


if __name__ == "__main__":
    main()
