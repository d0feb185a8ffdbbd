# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class 'lit_gpt.adapter.Block'>,). You can try defining and pass
# flagged-in: xla/utils.py
"""lit-gpt's xla/finetune/adapter.py: LLaMA-Adapter finetuning on a TPU VM with the shared XLA FSDP helper."""
import sys
import time
from pathlib import Path

import lightning as L
import torch

# support running without installing as a package
wd = Path(__file__).parent.parent.parent.resolve()
sys.path.append(str(wd))

from lit_gpt import GPT, Block, Config, mark_only_adapter_as_trainable  # noqa: E402
from xla.utils import num_parameters, rank_print, xla_fsdp_strategy  # noqa: E402

eval_interval = 2
log_interval = 1
devices = 8
learning_rate = 3e-3
micro_batch_size = 4
max_iters = 2
weight_decay = 0.02


def setup(*, out_dir: Path = Path("out/adapter/alpaca"), precision: str = "32-true") -> None:
    if devices > 1:
        fabric_devices = "auto"
        strategy = xla_fsdp_strategy(Block, state_dict_type="sharded")
    else:
        fabric_devices = 1
        strategy = "auto"
    fabric = L.Fabric(accelerator="tpu", devices=fabric_devices, strategy=strategy, precision=precision)
    rank_print(fabric, dict(learning_rate=learning_rate, micro_batch_size=micro_batch_size, max_iters=max_iters))
    fabric.launch(main, out_dir)


def main(fabric: L.Fabric, out_dir: Path) -> None:
    fabric.seed_everything(1337)
    config = Config.from_name("pythia-14m")
    model = GPT(config)
    mark_only_adapter_as_trainable(model)
    rank_print(fabric, f"Number of trainable parameters: {num_parameters(model, requires_grad=True):,}")

    model = fabric.setup_module(model)
    trainable_params = [p for p in model.parameters() if p.requires_grad]
    optimizer = fabric.setup_optimizers(torch.optim.SGD(trainable_params, lr=learning_rate, weight_decay=weight_decay))
    train(fabric, model, optimizer, config)


def train(fabric, model, optimizer, config) -> None:
    for iter_num in range(1, max_iters + 1):
        t0 = time.perf_counter()
        idx = torch.randint(0, config.vocab_size, (micro_batch_size, config.block_size + 1), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if iter_num % log_interval == 0:
            rank_print(fabric, f"iter {iter_num}: loss {loss.item():.4f}, iter time: {(time.perf_counter() - t0) * 1000:.2f}ms")


if __name__ == "__main__":
    setup()
