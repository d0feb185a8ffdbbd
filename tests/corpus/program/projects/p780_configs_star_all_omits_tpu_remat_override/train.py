# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'models.decoder.DecoderBlock'>]. You can try defining and
# flagged-in: configs/tpu_v4.py
"""Decoder language model on a TPU v4 host; hyper-parameters come from the configs package's merged star exports."""
import time

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import configs as C
from models import TinyDecoder


def synthetic_batches(fabric, steps):
    g = torch.Generator().manual_seed(fabric.global_rank)
    for _ in range(steps):
        tokens = torch.randint(0, C.VOCAB_SIZE, (C.BATCH_SIZE, C.SEQ_LEN + 1), generator=g)
        tokens = fabric.to_device(tokens)
        yield tokens[:, :-1], tokens[:, 1:]


def train(fabric):
    with fabric.init_module():
        model = TinyDecoder(C.VOCAB_SIZE, C.MODEL_DIM, C.DEPTH, C.HEADS, C.SEQ_LEN)
    model = fabric.setup_module(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=C.LEARNING_RATE, weight_decay=0.1)
    optimizer = fabric.setup_optimizers(optimizer)

    start = time.perf_counter()
    for step, (inputs, targets) in enumerate(synthetic_batches(fabric, C.MAX_STEPS)):
        logits = model(inputs)
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        fabric.print(f"step {step} loss {loss.item():.3f} ({time.perf_counter() - start:.1f}s)")


def build_fabric():
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=C.WRAP_LAYERS,
        activation_checkpointing_policy=C.CHECKPOINT_LAYERS,
        state_dict_type=C.STATE_DICT_TYPE,
    )
    return Fabric(accelerator=C.ACCELERATOR, precision=C.PRECISION, strategy=strategy)


if __name__ == "__main__":
    build_fabric().launch(train)
