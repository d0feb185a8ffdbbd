# expect: LXF011
# oracle: RAISED ValueError: accelerator set through both strategy class and accelerator flag, choose one
# flagged-in: lit_llama/strategies.py
"""lit-llama's pretrain script (`setup()` builds Fabric from flags, then `fabric.launch(main, ...)`) for a tiny LLaMA on
random tokens, on a TPU VM through XLA FSDP."""
import tempfile
from pathlib import Path

import torch
import lightning as L

from lit_llama.model import LLaMA, LLaMAConfig
from lit_llama.strategies import strategy_for

learning_rate = 6e-4
batch_size = 4
max_iters = 3
weight_decay = 1e-1
beta1, beta2 = 0.9, 0.95
grad_clip = 1.0


def setup(devices: int = 8, tpu: bool = True, precision: str = "32-true", out_dir: str = None) -> None:
    out_dir = out_dir or tempfile.mkdtemp(prefix="lit-llama-")
    fabric = L.Fabric(
        accelerator="tpu" if tpu else "cuda",
        devices=devices,
        strategy=strategy_for(devices, tpu),
        precision=precision,
    )
    fabric.launch(main, out_dir)


def main(fabric: L.Fabric, out_dir: str) -> None:
    fabric.seed_everything(1337 + fabric.global_rank)
    config = LLaMAConfig.from_name("tiny")
    with fabric.init_module(empty_init=False):
        model = LLaMA(config)
    model = fabric.setup_module(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate, weight_decay=weight_decay, betas=(beta1, beta2))
    optimizer = fabric.setup_optimizers(optimizer)
    train(fabric, model, optimizer, config)
    fabric.save(str(Path(out_dir) / "iter-final"), {"model": model, "optimizer": optimizer, "iter": max_iters})


def train(fabric, model, optimizer, config):
    for iter_num in range(max_iters):
        tokens = torch.randint(0, config.vocab_size, (batch_size, config.block_size + 1), device=fabric.device)
        input_ids, targets = tokens[:, :-1], tokens[:, 1:]
        logits = model(input_ids)
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=grad_clip)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"iter {iter_num}: loss {loss.item():.4f}")


if __name__ == "__main__":
    torch.set_float32_matmul_precision("high")
    setup()
