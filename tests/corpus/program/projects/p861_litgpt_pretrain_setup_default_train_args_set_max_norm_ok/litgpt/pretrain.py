"""litgpt/pretrain.py on TPU: setup() builds Fabric with XLA FSDP and launches main(), fit() runs the loop."""
import time
from pathlib import Path
from typing import Optional, Union

import lightning as L
import torch
from lightning.fabric.strategies import XLAFSDPStrategy

from litgpt.args import EvalArgs, TrainArgs
from litgpt.config import Config
from litgpt.data import TinyStories
from litgpt.model import GPT, Block
from litgpt.utils import CycleIterator, chunked_cross_entropy, get_lr, init_out_dir, num_parameters


def setup(
    model_name: str = "pythia-14m-tiny",
    model_config: Optional[Config] = None,
    out_dir: Path = Path("out/pretrain"),
    precision: str = "bf16-true",
    data: Optional[TinyStories] = None,
    train: TrainArgs = TrainArgs(
        save_interval=1000,
        log_interval=1,
        global_batch_size=512,
        micro_batch_size=4,
        max_tokens=int(3e12),  # 3 trillion
        lr_warmup_steps=2000,
        tie_embeddings=False,
        max_norm=1.0,
    ),
    eval: EvalArgs = EvalArgs(interval=1000, max_iters=100),
    devices: Union[int, str] = "auto",
    seed: int = 42,
) -> None:
    """Pretrain a model.

    Arguments:
        model_name: The name of the model to pretrain. Choose from names in ``litgpt.config``.
        model_config: A ``litgpt.Config`` object to define the model architecture. Mutually exclusive with
            ``model_config``.
        out_dir: Directory in which to save checkpoints and logs.
        precision: The precision to use for finetuning. XLA takes 32-true, 16-true or bf16-true.
        data: Data-related arguments. If not provided, the default is ``litgpt.data.TinyStories``.
        train: Training-related arguments. See ``litgpt.args.TrainArgs`` for details.
        eval: Evaluation-related arguments. See ``litgpt.args.EvalArgs`` for details.
        devices: How many devices/TPU cores to use.
        seed: The random seed to use for reproducibility.
    """
    config = Config.from_name(model_name) if model_config is None else model_config
    data = TinyStories() if data is None else data
    out_dir = init_out_dir(Path(out_dir))

    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    fabric = L.Fabric(accelerator="tpu", devices=devices, strategy=strategy, precision=precision)
    fabric.launch(main, seed, config, data, out_dir, train, eval)


def main(fabric: L.Fabric, seed: int, config: Config, data: TinyStories, out_dir: Path, train: TrainArgs, eval: EvalArgs) -> None:
    fabric.seed_everything(seed)  # same seed for every process to init model (FSDP)

    t0 = time.perf_counter()
    model = fabric.setup_module(GPT(config))
    fabric.print(f"Time to instantiate model: {time.perf_counter() - t0:.02f} seconds.")
    fabric.print(f"Total parameters: {num_parameters(model):,}")

    optimizer = torch.optim.AdamW(model.parameters(), lr=4e-4, weight_decay=0.1, betas=(0.9, 0.95), fused=False)
    optimizer = fabric.setup_optimizers(optimizer)

    data.connect(vocab_size=config.padded_vocab_size, batch_size=train.micro_batch_size, max_seq_length=model.max_seq_length)
    train_dataloader, val_dataloader = fabric.setup_dataloaders(data.train_dataloader(), data.val_dataloader())

    state = {"model": model, "optimizer": optimizer, "iter_num": 0, "step_count": 0}
    train_time = time.perf_counter()
    fit(fabric, fabric.world_size, state, train_dataloader, val_dataloader, out_dir, train, eval)
    fabric.print(f"Training time: {(time.perf_counter() - train_time):.2f}s")


def fit(fabric, devices, state, train_dataloader, val_dataloader, out_dir, train: TrainArgs, eval: EvalArgs) -> None:
    model = state["model"]
    optimizer = state["optimizer"]

    fabric.print("Verifying settings ...")
    validate(fabric, model, val_dataloader, max_iters=2)  # sanity check

    max_tokens_per_device = train.max_tokens // fabric.world_size
    tokens_per_iter = train.micro_batch_size * model.max_seq_length
    max_iters = max_tokens_per_device // tokens_per_iter
    log_iter_interval = train.log_interval * train.gradient_accumulation_iters(devices)
    train_iterator = CycleIterator(train_dataloader)
    warmup_iters = train.warmup_iters(devices, max_iters)

    total_t0 = time.perf_counter()
    for (train_data,) in train_iterator:
        if state["iter_num"] >= max_iters:
            break

        # determine and set the learning rate for this iteration
        lr = get_lr(optimizer.defaults["lr"], state["iter_num"], warmup_iters, max_iters, train.min_lr)
        for param_group in optimizer.param_groups:
            param_group["lr"] = lr

        state["iter_num"] += 1
        input_ids = train_data[:, 0 : model.max_seq_length].contiguous().long()
        targets = train_data[:, 1 : (model.max_seq_length + 1)].contiguous().long()

        is_accumulating = state["iter_num"] % train.gradient_accumulation_iters(devices) != 0
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            logits = model(input_ids)
            loss = chunked_cross_entropy(logits, targets)
            fabric.backward(loss / train.gradient_accumulation_iters(devices))

        if not is_accumulating:
            fabric.clip_gradients(model, optimizer, max_norm=train.max_norm)
            optimizer.step()
            optimizer.zero_grad()
            state["step_count"] += 1

        if state["iter_num"] % log_iter_interval == 0:
            fabric.print(
                f"Epoch {train_iterator.epoch + 1} | iter {state['iter_num']} step {state['step_count']} |"
                f" loss train: {loss.item():.3f}, lr: {lr:.2e}, elapsed: {time.perf_counter() - total_t0:.1f}s"
            )

        if not is_accumulating and state["step_count"] % eval.interval == 0:
            val_loss = validate(fabric, model, val_dataloader, max_iters=eval.max_iters)
            fabric.print(f"iter {state['iter_num']}: val loss {val_loss:.4f}")


@torch.no_grad()
def validate(fabric: L.Fabric, model, val_dataloader, max_iters: int) -> torch.Tensor:
    model.eval()
    losses = []
    for k, (batch,) in enumerate(val_dataloader):
        if k >= max_iters:
            break
        input_ids = batch[:, 0 : model.max_seq_length].contiguous().long()
        targets = batch[:, 1 : (model.max_seq_length + 1)].contiguous().long()
        logits = model(input_ids)
        losses.append(chunked_cross_entropy(logits, targets))
    val_loss = torch.stack(losses).mean()
    model.train()
    return val_loss
