# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
# flagged-in: config.py
"""Masked-token encoder pretraining; the FSDP options are a deep copy of a template, forwarded through two helpers."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import config
from model import Encoder, EncoderLayer, mask_tokens
from utils import make_strategy


def pretrain(fabric):
    model = fabric.setup_module(Encoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), **config.OPTIM))
    for step in range(config.STEPS):
        tokens = torch.randint(1, 512, (config.BATCH_SIZE, config.SEQ_LEN), device=fabric.device)
        inputs, mask = mask_tokens(tokens)
        logits = model(inputs)
        loss = F.cross_entropy(logits[mask], tokens[mask]) if mask.any() else logits.sum() * 0
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.3f}")


def main():
    options = config.fsdp_options(auto_wrap_policy={EncoderLayer}, activation_checkpointing_policy={EncoderLayer})
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(**options))
    fabric.launch(pretrain)


if __name__ == "__main__":
    main()
