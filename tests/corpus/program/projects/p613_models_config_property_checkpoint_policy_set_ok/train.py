# expect: none
# oracle: OK
# twin: p612_models_config_property_checkpoint_policy_tuple
"""python train.py: a GPT on a TPU pod, with activation checkpointing to fit a longer context."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from models.gpt import GPT, GPTConfig
from sharding import fsdp_strategy

config = GPTConfig(n_layer=2, gradient_checkpointing=True)


def train(fabric, config, max_iters=2):
    model = fabric.setup_module(GPT(config))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=6e-4, betas=(0.9, 0.95)))
    for _ in range(max_iters):
        idx = torch.randint(0, config.vocab_size, (4, config.block_size + 1), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=fsdp_strategy(config), precision="bf16-true")
    fabric.launch(train, config)
