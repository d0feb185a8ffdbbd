# expect: none
# oracle: OK
# twin: p808_accumulator_context_falls_back_to_raw_module
"""Character LM with gradient accumulation; the accumulator still holds the pre-set-up model, but every context call passes the set-up one."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from accumulate import GradientAccumulator
from model import CausalConv, CharModel, char_batch

MICRO_STEPS = 4


def train(fabric):
    net = CharModel()
    accumulator = GradientAccumulator(fabric, net, every=2)
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for micro_step in range(MICRO_STEPS):
        inputs, targets = char_batch(4, 24, fabric.device)
        with accumulator.context(micro_step, module=model):
            logits = model(inputs)
            loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1))
            fabric.backward(accumulator.scale(loss))
        if accumulator.is_boundary(micro_step):
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"micro-step {micro_step}: {loss.item():.3f}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={CausalConv})
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
