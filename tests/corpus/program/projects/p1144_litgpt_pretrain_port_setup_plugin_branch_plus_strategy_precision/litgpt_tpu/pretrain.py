"""setup() / main() / fit(), shaped like litgpt/pretrain.py."""
import inspect
import sys
from typing import Optional

import lightning as L
import torch
from lightning.fabric.plugins import XLAPrecision

from litgpt_tpu.args import EvalArgs, TrainArgs
from litgpt_tpu.model import GPT, Config
from litgpt_tpu.utils import chunked_cross_entropy, get_lr, num_parameters, xla_fsdp_strategy


def setup(
    model_name: str = "pythia-14m-tiny",
    precision: Optional[str] = None,
    devices: int | str = "auto",
    train: TrainArgs = TrainArgs(),
    eval: EvalArgs = EvalArgs(),
    learning_rate: float = 4e-4,
    seed: int = 42,
) -> None:
    precision = precision or "bf16-true"
    plugins = None
    if precision.endswith("-true"):
        # litgpt swaps in a precision plugin here for `--quantize bnb.*`; on TPU the plugin is XLAPrecision
        plugins = XLAPrecision(precision)
        precision = None
    strategy = xla_fsdp_strategy(plugins.precision if plugins is not None else precision)
    fabric = L.Fabric(accelerator="tpu", devices=devices, strategy=strategy, precision=precision, plugins=plugins)
    fabric.launch(main, Config.from_name(model_name), seed, train, eval, learning_rate)


def main(fabric, config: Config, seed: int, train: TrainArgs, eval: EvalArgs, learning_rate: float) -> None:
    fabric.seed_everything(seed)
    model = fabric.setup_module(GPT(config))
    fabric.print(f"Number of trainable parameters: {num_parameters(model):,}")
    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate, weight_decay=0.1, betas=(0.9, 0.95))
    optimizer = fabric.setup_optimizers(optimizer)
    state = {"model": model, "optimizer": optimizer, "iter_num": 0, "step_count": 0}
    fit(fabric, state, config, train, eval, learning_rate)


def synthetic_batch(config: Config, train: TrainArgs, step: int):
    gen = torch.Generator().manual_seed(step)
    tokens = torch.randint(0, config.vocab_size, (train.micro_batch_size, train.max_seq_length + 1), generator=gen)
    return tokens[:, :-1], tokens[:, 1:]


def fit(fabric, state, config: Config, train: TrainArgs, eval: EvalArgs, learning_rate: float) -> None:
    model, optimizer = state["model"], state["optimizer"]
    accum = train.gradient_accumulation_iters(fabric.world_size)
    while state["step_count"] < train.max_steps:
        state["iter_num"] += 1
        lr = get_lr(learning_rate, state["iter_num"], train.lr_warmup_steps, train.max_steps * accum, train.min_lr)
        for param_group in optimizer.param_groups:
            param_group["lr"] = lr
        input_ids, targets = fabric.to_device(synthetic_batch(config, train, state["iter_num"]))
        is_accumulating = state["iter_num"] % accum != 0
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            loss = chunked_cross_entropy(model(input_ids), targets)
            fabric.backward(loss / accum)
        if not is_accumulating:
            fabric.clip_gradients(model, optimizer, max_norm=train.max_norm)
            optimizer.step()
            optimizer.zero_grad()
            state["step_count"] += 1
            if state["step_count"] % train.log_interval == 0:
                fabric.print(f"iter {state['iter_num']} step {state['step_count']}: loss {loss.item():.4f}, lr {lr:.2e}")


def CLI(fn):
    """A stand-in for jsonargparse's CLI: `--name=value` for the scalar parameters of `fn`."""
    params = inspect.signature(fn).parameters
    kwargs = {}
    for arg in sys.argv[1:]:
        key, _, value = arg.lstrip("-").partition("=")
        if key in params:
            kwargs[key] = type(params[key].default)(value) if params[key].default is not None else value
    return fn(**kwargs)
