# expect: LXF012
# oracle: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
# flagged-in: train.py
"""
Instruction-tuning with LLaMA-Adapter on the Alpaca dataset following the paper

LLaMA-Adapter: Efficient Fine-tuning of Language Models with Zero-init Attention
https://arxiv.org/abs/2303.16199

lit-llama's finetune/adapter.py moved from DeepSpeed on GPUs to XLA FSDP on a TPU VM: the module-level
hyperparameters, `main` / `train` / `validate` / `get_batch` / `loss_fn` and the warm-up keep the original's
shape; the Fabric gets `accelerator="tpu"` and `XLAFSDPStrategy`, and `main` runs under `fabric.launch`. The
Alpaca data and the 7B checkpoint are replaced by random instruction/response pairs and a tiny LLaMA.
"""
import os
import tempfile
import time

import lightning as L
import numpy as np
import torch
from lightning.fabric.strategies import XLAFSDPStrategy

from lit_llama.adapter import LLaMA, LLaMAConfig, Block, mark_only_adapter_as_trainable, adapter_state_from_state_dict
from lit_llama.tokenizer import Tokenizer

instruction_tuning = True
eval_interval = 2
save_interval = 4
eval_iters = 2
log_interval = 1
devices = 8

# Hyperparameters
learning_rate = 9e-3
batch_size = 16 / devices
micro_batch_size = 1
gradient_accumulation_iters = int(batch_size // micro_batch_size)
assert gradient_accumulation_iters > 0
max_iters = 4
weight_decay = 0.02
max_seq_length = 32  # see scripts/prepare_alpaca.py
warmup_iters = 2


def main(
    fabric: L.Fabric,
    data_dir: str = "data/alpaca",
    pretrained_path: str = None,
    out_dir: str = "out/adapter/alpaca",
):
    fabric.seed_everything(1337 + fabric.global_rank)

    if fabric.global_rank == 0:
        os.makedirs(out_dir, exist_ok=True)

    train_data, val_data = load_datasets(data_dir=data_dir)

    config = LLaMAConfig.from_name("tiny")
    config.block_size = max_seq_length
    config.adapter_start_layer = 1

    model = LLaMA(config)
    if pretrained_path is not None:
        checkpoint = torch.load(pretrained_path)
        # strict=False because missing keys due to adapter weights not containted in state dict
        model.load_state_dict(checkpoint, strict=False)

    mark_only_adapter_as_trainable(model)

    num_params = sum([p.numel() for p in model.parameters() if p.requires_grad])
    fabric.print(f"Number of trainable parameters: {num_params}")

    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate, weight_decay=weight_decay)
    model, optimizer = fabric.setup(model, optimizer)
    train(fabric, model, optimizer, train_data, val_data, out_dir)

    # Save the final checkpoint at the end of training
    save_model_checkpoint(fabric, model, os.path.join(out_dir, "lit-llama-adapter-finetuned"))


def train(
    fabric: L.Fabric,
    model: torch.nn.Module,
    optimizer: torch.optim.Optimizer,
    train_data: np.ndarray,
    val_data: np.ndarray,
    out_dir: str,
) -> None:
    """The training loop.

    Loosely based on the nanoGPT implementation: https://github.com/karpathy/nanoGPT.
    """
    step_count = 0

    for iter_num in range(max_iters):

        if step_count <= warmup_iters:
            # linear warmup
            lr = learning_rate * step_count / warmup_iters
            for param_group in optimizer.param_groups:
                param_group["lr"] = lr

        t0 = time.time()

        input_ids, targets = get_batch(fabric, train_data)
        with fabric.no_backward_sync(model, enabled=((iter_num + 1) % gradient_accumulation_iters != 0)):
            logits = model(input_ids)
            loss = loss_fn(logits, targets)
            fabric.backward(loss / gradient_accumulation_iters)

        if (iter_num + 1) % gradient_accumulation_iters == 0:
            optimizer.step()
            optimizer.zero_grad()
            step_count += 1

            if step_count % eval_interval == 0:
                val_loss = validate(fabric, model, val_data)
                fabric.print(f"step {iter_num}: val loss {val_loss:.4f}")
                fabric.barrier()

        dt = time.time() - t0
        if iter_num % log_interval == 0:
            fabric.print(f"iter {iter_num}: loss {loss.item():.4f}, time: {dt*1000:.2f}ms")


@torch.no_grad()
def validate(fabric: L.Fabric, model: torch.nn.Module, val_data: np.ndarray) -> torch.Tensor:
    fabric.print("Validating ...")
    model.eval()
    losses = torch.zeros(eval_iters)
    for k in range(eval_iters):
        input_ids, targets = get_batch(fabric, val_data)
        logits = model(input_ids)
        loss = loss_fn(logits, targets)
        losses[k] = loss.item()
    val_loss = losses.mean()

    model.train()
    return val_loss.item()


def loss_fn(logits, targets):
    # shift the targets such that output n predicts token n+1
    logits = logits[..., :-1, :].contiguous()
    targets = targets[..., 1:].contiguous()
    loss = torch.nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)
    return loss


def get_batch(fabric: L.Fabric, data: list):
    ix = torch.randint(len(data), (micro_batch_size,))

    input_ids = [data[i]["input_ids"].type(torch.int64) for i in ix]
    labels = [data[i]["labels"].type(torch.int64) for i in ix]

    # every sample is padded to max_seq_length: XLA compiles one graph per shape
    def pad_right(x, pad_id):
        n = max_seq_length - len(x)
        return torch.cat((x, torch.full((n,), pad_id, dtype=x.dtype)))

    x = torch.stack([pad_right(x, pad_id=0) for x in input_ids])
    y = torch.stack([pad_right(x, pad_id=-1) for x in labels])
    x, y = fabric.to_device((x, y))
    return x, y


def load_datasets(data_dir):
    """Stands in for the torch.load of data/alpaca/{train,test}.pt written by scripts/prepare_alpaca.py."""
    tokenizer = Tokenizer()
    generator = torch.Generator().manual_seed(0)

    def sample(n):
        data = []
        for _ in range(n):
            prompt_len = int(torch.randint(4, 12, (1,), generator=generator))
            response_len = int(torch.randint(4, 12, (1,), generator=generator))
            prompt = torch.randint(3, tokenizer.vocab_size, (prompt_len,), generator=generator)
            response = torch.randint(3, tokenizer.vocab_size, (response_len,), generator=generator)
            input_ids = torch.cat([torch.tensor([tokenizer.bos_id]), prompt, response, torch.tensor([tokenizer.eos_id])])
            labels = input_ids.clone()
            labels[: prompt_len + 1] = -1  # mask the prompt
            data.append({"input_ids": input_ids, "labels": labels})
        return data

    return sample(16), sample(4)


def save_model_checkpoint(fabric, model, file_path):
    # XLA FSDP: a sharded checkpoint of the whole model; `adapter_state_from_state_dict` picks the adapter weights
    # out of it once the shards are consolidated
    fabric.save(file_path, {"model": model})


if __name__ == "__main__":
    # Uncomment this line if you see an error: "Expected is_sm80 to be true, but got false"
    # torch.backends.cuda.enable_flash_sdp(False)
    torch.set_float32_matmul_precision("high")

    fabric = L.Fabric(
        accelerator="tpu",
        devices=devices,
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"),
        precision="32-true",
    )
    fabric.launch(main, out_dir=tempfile.mkdtemp(prefix="adapter_"))
