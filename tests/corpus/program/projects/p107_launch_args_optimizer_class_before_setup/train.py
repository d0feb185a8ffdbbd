# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
# flagged-in: train.py
"""python train.py [model_name]: the model comes from the config table, the optimizer class from the caller."""
import sys

import lightning as L
import torch
from lightning.fabric.strategies import XLAFSDPStrategy

from model import GPT, Block, Config


def main(fabric: L.Fabric, config: Config, optimizer_cls: type[torch.optim.Optimizer], max_iters: int = 2) -> None:
    fabric.seed_everything(42)
    with fabric.init_module():
        model = GPT(config)
    optimizer = optimizer_cls(model.parameters(), lr=3e-4, weight_decay=0.1)
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(optimizer)
    for _ in range(max_iters):
        input_ids = torch.randint(0, config.vocab_size, (2, config.block_size), device=fabric.device)
        logits = model(input_ids[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), input_ids[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    config = Config.from_name(sys.argv[1] if len(sys.argv) > 1 else "tiny-2l")
    fabric = L.Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision="bf16-true")
    fabric.launch(main, config, torch.optim.AdamW)
