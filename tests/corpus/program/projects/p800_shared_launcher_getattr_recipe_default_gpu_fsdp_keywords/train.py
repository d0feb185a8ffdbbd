# expect: LXF038
# oracle: RAISED TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'sync_module_states'
# flagged-in: train.py
"""Masked-token pretraining launched through the team's shared strategy helper, which picks FSDP keywords by recipe name (default: the GPU one)."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import Layer, MaskedEncoder, mask_tokens
from strategies import sharded_strategy

SEQ_LEN = 32
BATCH = 8
STEPS = 2


def pretrain(fabric):
    model = fabric.setup_module(MaskedEncoder(max_len=SEQ_LEN))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=5e-4, weight_decay=0.01))
    for step in range(STEPS):
        tokens = torch.randint(1, 512, (BATCH, SEQ_LEN), device=fabric.device)
        inputs, mask = mask_tokens(tokens)
        logits = model(inputs)
        loss = F.cross_entropy(logits[mask], tokens[mask])
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mlm loss {loss.item():.3f}")


def main():
    strategy = sharded_strategy(Layer)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(pretrain)


if __name__ == "__main__":
    main()
