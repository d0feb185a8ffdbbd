# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'lit_gpt.model.Block'>]. You can try defining and passing
# flagged-in: xla/finetune/adapter.py
"""Fine-tune a lit-gpt style model on TPU with XLA FSDP (shaped after lit-gpt's xla/finetune/adapter.py)."""
import sys
import time
from pathlib import Path

import lightning as L
import torch
from lightning.fabric.strategies import XLAFSDPStrategy

# support running without installing as a package
wd = Path(__file__).parents[2].resolve()
sys.path.append(str(wd))

from lit_gpt import GPT, Block, Config  # noqa: E402
from xla.utils import rank_print  # noqa: E402

eval_interval = 200
learning_rate = 3e-3
batch_size = 4
micro_batch_size = 2
gradient_accumulation_iters = batch_size // micro_batch_size
max_iters = 2


def setup(precision: str = "bf16-true", devices: int = 8) -> None:
    strategy = XLAFSDPStrategy(
        auto_wrap_policy={Block},
        activation_checkpointing_policy=[Block],
        state_dict_type="sharded",
        sequential_save=True,
    )
    fabric = L.Fabric(devices=devices, strategy=strategy, precision=precision)
    fabric.launch(main)


def main(fabric: L.Fabric) -> None:
    fabric.seed_everything(1337 + fabric.global_rank)
    config = Config.from_name("pythia-14m-ish")
    rank_print(fabric, f"Loading model with {config.__dict__}")
    t0 = time.perf_counter()
    with fabric.init_module(empty_init=False):
        model = GPT(config)
    model = fabric.setup_module(model)
    rank_print(fabric, f"Time to instantiate model: {time.perf_counter() - t0:.02f} seconds.")
    optimizer = torch.optim.SGD(model.parameters(), lr=learning_rate)
    optimizer = fabric.setup_optimizers(optimizer)
    train(fabric, model, optimizer)


def train(fabric, model, optimizer) -> None:
    for iter_num in range(1, max_iters * gradient_accumulation_iters + 1):
        is_accumulating = iter_num % gradient_accumulation_iters != 0
        input_ids = torch.randint(0, 64, (micro_batch_size, 16), device=fabric.device)
        targets = torch.randint(0, 64, (micro_batch_size, 16), device=fabric.device)
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            logits = model(input_ids)
            loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1))
            fabric.backward(loss / gradient_accumulation_iters)
        if not is_accumulating:
            optimizer.step()
            optimizer.zero_grad()
            rank_print(fabric, f"iter {iter_num}: loss {loss.item():.4f}")


if __name__ == "__main__":
    setup()
