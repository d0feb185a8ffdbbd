# expect: none
# oracle: OK
# twin: p214_lit_llama_utils_kwargs_pass_wrapper_none_with_remat
"""python finetune_full.py: lit-llama's full finetuning, two steps, on a TPU pod with XLA FSDP and activation checkpointing."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from lit_llama import LLaMA, LLaMAConfig
from lit_llama.model import Block
from lit_llama.utils import lm_loss, xla_fsdp_kwargs

learning_rate = 3e-5
max_iters = 2
micro_batch_size = 4


def main(fabric, model_name="tiny"):
    config = LLaMAConfig.from_name(model_name)
    model = fabric.setup_module(LLaMA(config))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=learning_rate))
    for _ in range(max_iters):
        idx = torch.randint(0, config.vocab_size, (micro_batch_size, config.block_size + 1), device=fabric.device)
        loss = lm_loss(model(idx[:, :-1]), idx[:, 1:])
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(**xla_fsdp_kwargs(Block, activation_checkpointing=True))
    fabric = Fabric(accelerator="tpu", strategy=strategy, precision="bf16-true")
    fabric.launch(main)
